/* bench-core.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bench-core"

#include "config.h"

#include "cairn-test-harness.h"

#include <glib/gstdio.h>
#include <sys/resource.h>

#include "protocol/cairn-cli-connection.h"
#include "session/cairn-session-private.h"

/* Core throughput, no UI: the recordings of the real CLI in tests/data
 * (or the files given on the command line), turn after turn, until the
 * stream has at least --lines lines, fed from memory through
 *   parse:      cairn_message_new_from_line() alone, in a plain loop;
 *   connection: the connection, counting its `message` signals;
 *   session:    connection + session + transcript, as the window gets it.
 *   json-glib:  json-glib alone, one parser for all lines: the reference
 *               the bar is set against (it was the ceiling).
 * Each prints one line of figures (README.md "Figures"), and a last line
 * the ratios of one run to the ceiling: compare those, not absolute
 * figures across runs.
 *
 * Where the time went (perf, release build): json-glib building and
 * freeing the trees was ~80% of the session phase, its scanner reading a
 * character at a time through GScanner. Lines are now parsed by
 * cairn-json-parse.c, one pass that also does what a depth pre-scan did
 * (~3%), into the same JsonNode trees: 1.5-1.8x json-glib's lines/s.
 * What is left is mostly json-glib's object model (three string hashes
 * and five allocations a member, and freeing them), then signal emission
 * (~8%), reading lines (GDataInputStream, ~4%) and the session's
 * handling (~6%). A parser per line cost 8% and a copy of each line a
 * little more: lines are taken, not copied. Ending a turn looked at every
 * tool call of the conversation (5% here, growing with its length); it
 * now looks at the unfinished ones. Later (perf, each phase alone with
 * CAIRN_BENCH_ONLY): GDataInputStream's read_line looked for the newline
 * a byte at a time after memchr had found it, ~8% of the connection
 * phase; lines in the read buffer are now cut out where memchr finds
 * their end (connection 1.34 → 1.49× json-glib, session 1.06 → 1.15×). */

typedef struct
{
  gint64 wall_us;
  gint64 cpu_us;
} Clock;

typedef struct
{
  GMainLoop *loop;
  guint      messages;
} Run;


static void
clock_start (Clock *clock)
{
  clock->wall_us = g_get_monotonic_time ();
  clock->cpu_us = cairn_test_cpu_time_us ();
}

static void
clock_stop (Clock *clock)
{
  clock->wall_us = MAX (1, g_get_monotonic_time () - clock->wall_us);
  clock->cpu_us = MAX (1, cairn_test_cpu_time_us () - clock->cpu_us);
}

static void
print_figures (const char   *phase,
               guint         lines,
               GBytes       *stream,
               const Clock  *clock,
               const char   *extra)
{
  double mb = g_bytes_get_size (stream) / 1e6;
  double wall_s = clock->wall_us / 1e6;

  g_print ("bench-core %-10s lines=%u MB=%.2f wall-ms=%.0f cpu-ms=%.0f "
           "lines/s=%.0f MB/s=%.1f lines/cpu-s=%.0f%s peak-rss-kb=%ld\n",
           phase, lines, mb, clock->wall_us / 1e3, clock->cpu_us / 1e3,
           lines / wall_s, mb / wall_s, lines / (clock->cpu_us / 1e6),
           extra, cairn_test_peak_rss_kb ());
}

static double
lines_per_cpu_s (guint        lines,
                 const Clock *clock)
{
  return lines / (clock->cpu_us / 1e6);
}

static char *
data_path (const char *name)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");

  return g_build_filename (srcdir ? srcdir : ".", "data", name, NULL);
}

/* The CLI's side of the recordings in tests/data (not what Cairn wrote to
 * it), except the answer to `initialize`, which comes once per process. */
static GPtrArray *
default_recordings (void)
{
  g_autofree char *data = data_path (NULL);
  g_autoptr(GDir) dir = g_dir_open (data, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".jsonl") && !g_str_has_suffix (name, ".stdin.jsonl") &&
        !g_str_equal (name, "initialize.jsonl"))
      g_ptr_array_add (paths, g_build_filename (data, name, NULL));
  g_ptr_array_sort (paths, (GCompareFunc)g_strcmp0);
  return paths;
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; (p = strchr (p, '\n')); p++)
    n++;
  return n;
}

/* All recordings one after the other, each ending with a newline. */
static char *
load_recordings (GPtrArray  *paths,
                 guint      *n_lines)
{
  GString *all = g_string_new (NULL);

  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (paths->pdata[i], &text, NULL, &error))
        g_error ("%s", error->message);
      g_string_append (all, text);
      if (all->len > 0 && all->str[all->len - 1] != '\n')
        g_string_append_c (all, '\n');
    }
  *n_lines = count_lines (all->str);
  return g_string_free (all, FALSE);
}

/* The recorded answer to `initialize`, made the answer to the session's own
 * request (the connection numbers them "cairn-1", "cairn-2"…). */
static void
append_initialize (GString *stream,
                   guint   *n_lines)
{
  g_autofree char *path = data_path ("initialize.jsonl");
  g_autoptr(GString) line = NULL;
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  line = g_string_new (text);
  g_string_replace (line, "\"request_id\":\"init-1\"", "\"request_id\":\"cairn-1\"", 1);
  g_string_append_len (stream, line->str, line->len);
  *n_lines = count_lines (line->str);
}

/* The recordings repeated until the stream has @min_lines lines. Tool calls
 * are found by id, so each repetition gets its own ids ("toolu_…"). */
static GBytes *
build_stream (GPtrArray *paths,
              gboolean   with_initialize,
              guint      min_lines,
              guint     *n_lines)
{
  guint per_round = 0;
  g_autofree char *round = load_recordings (paths, &per_round);
  GString *stream = g_string_new (NULL);

  if (per_round == 0)
    g_error ("no recorded lines to replay");
  *n_lines = 0;
  if (with_initialize)
    append_initialize (stream, n_lines);
  for (guint r = 0; *n_lines < min_lines; r++)
    {
      g_autoptr(GString) copy = g_string_new (round);
      g_autofree char *id = g_strdup_printf ("\"toolu_b%u_", r);

      g_string_replace (copy, "\"toolu_", id, 0);
      g_string_append_len (stream, copy->str, copy->len);
      *n_lines += per_round;
    }
  return g_string_free_to_bytes (stream);
}

typedef gboolean (*ParseLine) (const char *line,
                               gsize       length,
                               gpointer    data);

/* Times @parse_line over each line of @stream, in a plain loop; each must
 * parse. Returns the lines per CPU second. */
static double
time_each_line (const char *phase,
                GBytes     *stream,
                guint       n_lines,
                ParseLine   parse_line,
                gpointer    data)
{
  gsize size;
  const char *text = g_bytes_get_data (stream, &size);
  const char *end = text + size;
  guint parsed = 0;
  Clock clock;

  clock_start (&clock);
  for (const char *p = text; p < end; )
    {
      const char *nl = memchr (p, '\n', end - p);
      gsize length = (nl ? nl : end) - p;

      parsed += parse_line (p, length, data);
      p += length + 1;
    }
  clock_stop (&clock);
  if (parsed != n_lines)
    g_error ("%u of %u lines parsed", parsed, n_lines);
  print_figures (phase, n_lines, stream, &clock, "");
  return lines_per_cpu_s (n_lines, &clock);
}

static gboolean
json_glib_parse (const char *line,
                 gsize       length,
                 gpointer    parser)
{
  return json_parser_load_from_data (parser, line, length, NULL);
}

/* The ceiling: json-glib alone building the tree of each line, with one
 * parser for all lines (json_parser_load_from_data() starts afresh), as
 * the least a client that parses every line must do. */
static double
bench_json_glib (GBytes *stream,
                 guint   n_lines)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  return time_each_line ("json-glib", stream, n_lines, json_glib_parse, parser);
}

static gboolean
message_parse (const char *line,
               gsize       length,
               gpointer    unused)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, length);

  return cairn_message_get_kind (message) != CAIRN_MESSAGE_INVALID;
}

static double
bench_parse (GBytes *stream,
             guint   n_lines)
{
  return time_each_line ("parse", stream, n_lines, message_parse, NULL);
}

static void
message_cb (CairnCliConnection *connection,
            CairnMessage       *message,
            Run                *run)
{
  run->messages++;
}

static void
exited_cb (CairnCliConnection *connection,
           gboolean            success,
           const char         *description,
           Run                *run)
{
  g_main_loop_quit (run->loop);
}

static CairnCliConnection *
connection_new (GBytes *stream,
                Run    *run)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_bytes (stream);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  CairnCliConnection *connection = cairn_cli_connection_new_for_streams (in, out, NULL);

  g_signal_connect (connection, "message", G_CALLBACK (message_cb), run);
  g_signal_connect (connection, "exited", G_CALLBACK (exited_cb), run);
  return connection;
}

static double
bench_connection (GBytes *stream,
                  guint   n_lines)
{
  Run run = { g_main_loop_new (NULL, FALSE), 0 };
  g_autoptr(CairnCliConnection) connection = connection_new (stream, &run);
  g_autofree char *extra = NULL;
  Clock clock;

  clock_start (&clock);
  cairn_cli_connection_start (connection);
  g_main_loop_run (run.loop);
  clock_stop (&clock);
  g_main_loop_unref (run.loop);

  extra = g_strdup_printf (" messages=%u", run.messages);
  print_figures ("connection", n_lines, stream, &clock, extra);
  return lines_per_cpu_s (n_lines, &clock);
}

/* Items in @model and, for tool calls, in their subagent transcripts. */
static guint
count_items (GListModel *model)
{
  guint n = g_list_model_get_n_items (model);
  guint total = n;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (model, i);
      CairnTranscript *children = CAIRN_IS_TOOL_CALL_ITEM (item)
        ? cairn_tool_call_item_get_children (CAIRN_TOOL_CALL_ITEM (item)) : NULL;

      if (children != NULL)
        total += count_items (G_LIST_MODEL (children));
    }
  return total;
}

static double
bench_session (GBytes *stream,
               guint   n_lines)
{
  Run run = { g_main_loop_new (NULL, FALSE), 0 };
  g_autoptr(CairnSession) session = cairn_session_new (g_get_tmp_dir (), "/bin/false");
  GListModel *transcript = G_LIST_MODEL (cairn_session_get_transcript (session));
  const char * const *commands;
  g_autofree char *extra = NULL;
  Clock clock;

  clock_start (&clock);
  _cairn_session_attach_connection (session, connection_new (stream, &run));
  g_main_loop_run (run.loop);
  clock_stop (&clock);
  g_main_loop_unref (run.loop);

  commands = cairn_session_get_commands (session);
  extra = g_strdup_printf (" items=%u items-all=%u commands=%u",
                           g_list_model_get_n_items (transcript), count_items (transcript),
                           commands ? g_strv_length ((GStrv)commands) : 0);
  print_figures ("session", n_lines, stream, &clock, extra);
  cairn_session_close (session);
  return lines_per_cpu_s (n_lines, &clock);
}

/* The value printed after @key ("key value") in @output, or 0. */
static double
figure_after (const char *output,
              const char *key)
{
  const char *at = strstr (output, key);

  return at ? g_ascii_strtod (at + strlen (key), NULL) : 0;
}

/* The official Agent SDK's query() over the same lines, when tests/.sdk
 * has it (tests/install-sdk.sh): tests/bench-sdk.mjs runs it on a
 * stand-in CLI that prints them, and counts the messages it yields (all
 * but the control responses it keeps to itself). Cairn never uses the
 * SDK; this is the yardstick. Returns its messages per second, or 0. */
static double
bench_sdk (GBytes *stream)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR") ? g_getenv ("G_TEST_SRCDIR") : ".";
  g_autofree char *sdk = g_build_filename (srcdir, ".sdk", "node_modules", "@anthropic-ai",
                                           "claude-agent-sdk", NULL);
  g_autofree char *script = g_build_filename (srcdir, "bench-sdk.mjs", NULL);
  g_autofree char *lines = g_build_filename (g_get_tmp_dir (), "cairn-bench-core.jsonl", NULL);
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "node", script, sdk, "stream", lines, NULL };
  int status = 0;

  if (!g_file_test (sdk, G_FILE_TEST_IS_DIR))
    {
      g_print ("bench-core sdk not-installed (tests/install-sdk.sh)\n");
      return 0;
    }
  if (!g_file_set_contents (lines, g_bytes_get_data (stream, NULL), g_bytes_get_size (stream), &error) ||
      !g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &output, NULL, &status, &error))
    g_error ("%s", error->message);
  g_unlink (lines);
  g_print ("bench-core sdk        messages=%.0f wall-ms=%.0f messages/s=%.0f\n",
           figure_after (output, "stream-messages "), figure_after (output, "stream-s ") * 1e3,
           figure_after (output, "stream-messages-per-s "));
  return figure_after (output, "stream-messages-per-s ");
}

int
main (int   argc,
      char *argv[])
{
  int min_lines = 60000;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "lines", 'n', 0, G_OPTION_ARG_INT, &min_lines, "Replay at least N lines", "N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "[RECORDING.jsonl…]" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) paths = NULL;
  g_autoptr(GBytes) stream = NULL;
  guint n_lines = 0;
  double ceiling, parse, connection, session, sdk;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  paths = default_recordings ();
  if (files != NULL)
    {
      g_ptr_array_set_size (paths, 0);
      for (guint i = 0; files[i] != NULL; i++)
        g_ptr_array_add (paths, g_strdup (files[i]));
    }
  stream = build_stream (paths, files == NULL, MAX (min_lines, 1), &n_lines);
  g_print ("bench-core stream recordings=%u lines=%u MB=%.2f peak-rss-kb=%ld\n",
           paths->len, n_lines, g_bytes_get_size (stream) / 1e6, cairn_test_peak_rss_kb ());

  /* CAIRN_BENCH_ONLY=session or connection: that phase alone, for a
   * profiler */
  if (g_strcmp0 (g_getenv ("CAIRN_BENCH_ONLY"), "session") == 0)
    {
      bench_session (stream, n_lines);
      return 0;
    }
  if (g_strcmp0 (g_getenv ("CAIRN_BENCH_ONLY"), "connection") == 0)
    {
      bench_connection (stream, n_lines);
      return 0;
    }
  ceiling = bench_json_glib (stream, n_lines);
  parse = bench_parse (stream, n_lines);
  connection = bench_connection (stream, n_lines);
  session = bench_session (stream, n_lines);
  sdk = bench_sdk (stream);
  g_print ("bench-core ratios parse/json-glib=%.2f connection/json-glib=%.2f "
           "session/json-glib=%.2f session/sdk=%.2f\n", parse / ceiling, connection / ceiling,
           session / ceiling, sdk > 0 ? session / sdk : 0);
  return 0;
}
