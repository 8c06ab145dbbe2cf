/* test-message.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "protocol/cairn-message.h"
#include <math.h>

#include "protocol/cairn-util.h"
#include "protocol/cairn-json.h"
#include "cairn-test-harness.h"

static const char *recordings[] = {
  "stream-text.jsonl", "stream-two-turns.jsonl", "tool-write.jsonl", "interrupt.jsonl",
  "api-error.jsonl", "cut-stream.jsonl", "initialize.jsonl",
  /* recorded from 2.1.330 on (from FIRST_NEWER) */
  "agent-background.jsonl", "agent-stopped.jsonl", "mcp.jsonl", "queue-and-clear.jsonl",
  "effort.jsonl",
};
#define FIRST_NEWER 7

static GPtrArray *
load_recording (const char *version,
                const char *name)
{
  g_autofree char *path = cairn_test_recording_path (version, name);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *messages = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      g_ptr_array_add (messages, cairn_message_new_from_line (lines[i], strlen (lines[i])));
  return messages;
}

/* Every line the real CLI printed is understood, and kept byte for byte. */
static void
test_recorded_lines_parse (gconstpointer version)
{
  for (guint r = 0; r < G_N_ELEMENTS (recordings); r++)
    {
      g_autofree char *path = cairn_test_recording_path (version, recordings[r]);
      g_autoptr(GPtrArray) messages = NULL;

      if (!g_file_test (path, G_FILE_TEST_EXISTS) && r >= FIRST_NEWER)
        continue;   /* not recorded with this version */
      messages = load_recording (version, recordings[r]);

      g_assert_cmpuint (messages->len, >, 0);
      for (guint i = 0; i < messages->len; i++)
        {
          CairnMessage *message = g_ptr_array_index (messages, i);
          g_assert_cmpint (cairn_message_get_kind (message), !=, CAIRN_MESSAGE_INVALID);
          g_assert_cmpint (cairn_message_get_kind (message), !=, CAIRN_MESSAGE_UNKNOWN);
          g_assert_cmpuint (g_bytes_get_size (cairn_message_get_raw (message)), >, 0);
        }
    }
}

static void
test_kinds_and_subtypes (gconstpointer version)
{
  g_autoptr(GPtrArray) text = load_recording (version, "stream-text.jsonl");
  g_autoptr(GPtrArray) tool = load_recording (version, "tool-write.jsonl");
  CairnMessage *first = g_ptr_array_index (text, 0);
  CairnMessage *last = g_ptr_array_index (text, text->len - 1);
  gboolean saw_can_use_tool = FALSE;

  g_assert_cmpint (cairn_message_get_kind (first), ==, CAIRN_MESSAGE_SYSTEM);
  g_assert_cmpstr (cairn_message_get_subtype (first), ==, "init");
  g_assert_cmpint (cairn_message_get_kind (last), ==, CAIRN_MESSAGE_RESULT);
  g_assert_cmpstr (cairn_message_get_subtype (last), ==, "success");

  for (guint i = 0; i < tool->len; i++)
    {
      CairnMessage *message = g_ptr_array_index (tool, i);
      if (cairn_message_get_kind (message) == CAIRN_MESSAGE_CONTROL_REQUEST)
        saw_can_use_tool |= g_strcmp0 (cairn_message_get_subtype (message), "can_use_tool") == 0;
    }
  g_assert_true (saw_can_use_tool);
}

static void
test_bad_lines (void)
{
  const char bad_utf8[] = "{\"type\":\"user\",\"x\":\"\xff\xfe\"}";
  g_autoptr(CairnMessage) not_json = cairn_message_new_from_line ("this is not json", 16);
  g_autoptr(CairnMessage) array = cairn_message_new_from_line ("[1,2]", 5);
  g_autoptr(CairnMessage) invalid = cairn_message_new_from_line (bad_utf8, sizeof bad_utf8 - 1);
  g_autoptr(CairnMessage) unknown = cairn_message_new_from_line ("{\"type\":\"frobnicate\"}", 21);
  g_autoptr(CairnMessage) untyped = cairn_message_new_from_line ("{\"a\":1}", 7);
  g_autofree char *shown = cairn_message_dup_display_text (invalid, 0);

  g_assert_cmpint (cairn_message_get_kind (not_json), ==, CAIRN_MESSAGE_INVALID);
  g_assert_nonnull (cairn_message_get_parse_error (not_json));
  g_assert_cmpint (cairn_message_get_kind (array), ==, CAIRN_MESSAGE_INVALID);
  g_assert_cmpint (cairn_message_get_kind (invalid), ==, CAIRN_MESSAGE_INVALID);
  g_assert_true (strstr (cairn_message_get_parse_error (invalid), "UTF-8") != NULL);
  /* the raw bytes are kept as they came, the display text is valid */
  g_assert_cmpmem (g_bytes_get_data (cairn_message_get_raw (invalid), NULL),
                   g_bytes_get_size (cairn_message_get_raw (invalid)),
                   bad_utf8, sizeof bad_utf8 - 1);
  g_assert_true (g_utf8_validate (shown, -1, NULL));
  g_assert_cmpint (cairn_message_get_kind (unknown), ==, CAIRN_MESSAGE_UNKNOWN);
  g_assert_cmpstr (cairn_message_get_type_name (unknown), ==, "frobnicate");
  g_assert_cmpint (cairn_message_get_kind (untyped), ==, CAIRN_MESSAGE_UNKNOWN);
}

static void
test_display_text_is_shortened (void)
{
  g_autoptr(GString) line = g_string_new ("{\"type\":\"x\",\"data\":\"");
  g_autoptr(CairnMessage) message = NULL;
  g_autofree char *shown = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append (line, "é");
  g_string_append (line, "\"}");
  message = cairn_message_new_from_line (line->str, line->len);
  shown = cairn_message_dup_display_text (message, 1001);

  g_assert_cmpuint (strlen (shown), <, 1100);
  g_assert_true (g_utf8_validate (shown, -1, NULL));
  g_assert_true (strstr (shown, "more") != NULL);
}

/* Token counts out of range (1e400, INT64_MAX) are held at the ends of
 * gint64 rather than cast or added into undefined behaviour. */
static void
test_huge_numbers (void)
{
  const char *line = "{\"type\":\"result\",\"a\":1e400,\"b\":-1e400,\"c\":9223372036854775807,\"d\":12.9}";
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, strlen (line));
  JsonObject *object = cairn_message_get_object (message);

  g_assert_cmpint (cairn_json_get_int (object, "a", 0), ==, G_MAXINT64);
  g_assert_cmpint (cairn_json_get_int (object, "b", 0), ==, G_MININT64);
  g_assert_cmpint (cairn_json_get_int (object, "c", 0), ==, G_MAXINT64);
  g_assert_cmpint (cairn_json_get_int (object, "d", 0), ==, 12);
  g_assert_cmpint (cairn_saturating_add (G_MAXINT64, G_MAXINT64), ==, G_MAXINT64);
  g_assert_cmpint (cairn_saturating_add (G_MININT64, -5), ==, G_MININT64);
  g_assert_cmpint (cairn_saturating_add (40, 2), ==, 42);
  {
    /* the header's cost: a small one is not "$0.00" */
    g_autofree char *none = cairn_format_cost (0);
    g_autofree char *tiny = cairn_format_cost (0.0006);
    g_autofree char *cents = cairn_format_cost (0.014);
    g_autofree char *nan = cairn_format_cost (NAN);

    g_assert_cmpstr (none, ==, "$0.00");
    g_assert_cmpstr (tiny, ==, "< $0.01");
    g_assert_cmpstr (cents, ==, "$0.01");
    g_assert_cmpstr (nan, ==, "$0.00");
  }
}

/* A reset today shows its time; any other day, even this day a year on,
 * its weekday too. */
static void
test_format_reset_time (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) next_year = g_date_time_add_years (now, 1);
  gint64 today = g_date_time_to_unix (now);
  g_autofree char *at_today = cairn_format_reset_time (today);
  g_autofree char *at_next_year = cairn_format_reset_time (g_date_time_to_unix (next_year));
  g_autofree char *hm = g_date_time_format (now, "%H:%M");
  g_autofree char *day_hm = g_date_time_format (next_year, "%a %H:%M");

  g_assert_cmpstr (at_today, ==, hm);
  g_assert_cmpstr (at_next_year, ==, day_hm);
  g_assert_null (cairn_format_reset_time (0));
  g_assert_null (cairn_format_reset_time (-1));
  g_assert_null (cairn_format_reset_time (G_MAXINT64));
}

/* One duration style for the result row, tool cards and thoughts: a tenth
 * only under ten seconds, whole units from there, no "0 s" tail. */
static void
test_format_duration (void)
{
  static const struct { gint64 ms; const char *text; } cases[] = {
    { -5, "0.0 s" }, { 0, "0.0 s" }, { 950, "1.0 s" }, { 1500, "1.5 s" },
    { 9940, "9.9 s" }, { 9950, "10 s" }, { 12345, "12 s" }, { 59900, "1 min" },
    { 60000, "1 min" }, { 61000, "1 min 1 s" }, { 125000, "2 min 5 s" },
    { 3599000, "59 min 59 s" }, { 3600000, "1 h" }, { 3780000, "1 h 3 min" },
    { 3785000, "1 h 3 min" }, { 90000000, "25 h" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cairn_format_duration (cases[i].ms);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Nesting is refused past CAIRN_MESSAGE_MAX_DEPTH (the parser recurses);
 * brackets inside strings don't count. */
static void
test_nesting_limit (void)
{
  g_autoptr(GString) ok = g_string_new ("{\"type\":\"x\",\"s\":\"[[[[{{{\\\"[[\",\"v\":");
  g_autoptr(GString) deep = NULL;
  g_autoptr(CairnMessage) ok_message = NULL;
  g_autoptr(CairnMessage) deep_message = NULL;

  for (guint i = 1; i < CAIRN_MESSAGE_MAX_DEPTH; i++)
    g_string_append_c (ok, '[');
  deep = g_string_new (ok->str);
  g_string_append_c (deep, '[');
  for (guint i = 1; i < CAIRN_MESSAGE_MAX_DEPTH; i++)
    g_string_append_c (ok, ']');
  g_string_append_c (ok, '}');
  ok_message = cairn_message_new_from_line (ok->str, ok->len);
  deep_message = cairn_message_new_from_line (deep->str, deep->len);

  g_assert_cmpint (cairn_message_get_kind (ok_message), ==, CAIRN_MESSAGE_UNKNOWN);
  g_assert_cmpint (cairn_message_get_kind (deep_message), ==, CAIRN_MESSAGE_INVALID);
  g_assert_nonnull (strstr (cairn_message_get_parse_error (deep_message), "deeper"));
}

/* A line holds one object: json-glib 1.6 leaks the values of a line that
 * holds several (found by fuzz-line, "[][][]": the leak grew without end
 * under a CLI printing such lines; the ASan suite checks for leaks). */
static void
test_one_object_per_line (void)
{
  const char *refused[] = { "[][][]", "{}{}", "{\"type\":\"system\"} {\"type\":\"x\"}", "{} x", "", "  " };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(CairnMessage) message = cairn_message_new_from_line (refused[i], strlen (refused[i]));

      g_assert_cmpint (cairn_message_get_kind (message), ==, CAIRN_MESSAGE_INVALID);
      g_assert_cmpstr (cairn_message_get_parse_error (message), ==, "The line is not a JSON object");
    }
  {
    const char *padded = "  {\"type\":\"system\",\"s\":\"}{\"}  ";
    g_autoptr(CairnMessage) message = cairn_message_new_from_line (padded, strlen (padded));

    g_assert_cmpint (cairn_message_get_kind (message), ==, CAIRN_MESSAGE_SYSTEM);
  }
}

/* Strings are cut between characters: never inside an escape, a UTF-8
 * sequence or a surrogate pair; the line stays JSON. */
static void
test_shorten_strings (void)
{
  static const struct { const char *in; gsize max; const char *out; } cases[] = {
    { "{\"a\":\"abcdef\",\"b\":1}", 3, "{\"a\":\"abc\",\"b\":1}" },
    { "{\"a\":\"ab\\ncd\"}", 3, "{\"a\":\"ab\"}" },
    { "{\"a\":\"ab\\ncd\"}", 4, "{\"a\":\"ab\\n\"}" },
    { "{\"a\":\"a✓b\"}", 2, "{\"a\":\"a\"}" },
    { "{\"a\":\"a\\ud83d\\ude00b\"}", 7, "{\"a\":\"a\\ud83d\\ude00\"}" },
    { "{\"a\":\"a\\ud83d\\ude00b\"}", 3, "{\"a\":\"a\"}" },
    { "{\"a\":\"short\"}", 64, "{\"a\":\"short\"}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *line = g_strdup (cases[i].in);
      gsize length = cairn_json_shorten_strings (line, strlen (line), cases[i].max);
      g_autoptr(JsonNode) node = NULL;

      line[length] = '\0';
      g_assert_cmpstr (line, ==, cases[i].out);
      node = json_from_string (line, NULL);
      g_assert_nonnull (node);
    }
}

/* What fuzz-line found json-glib to take that JSON does not: a cut made
 * by JSON's rules broke each of these lines when json-glib parsed them.
 * The parser now refuses most of them; those it takes still parse after
 * cairn_json_shorten_strings(), cut to a few bytes. */
static void
test_shorten_json_glib_quirks (void)
{
  static const char *lines[] = {
    "{\"t\":\"\",\"\":\"t\",\"\\ucont0000\":\"\",\"s\":0}",      /* a short \u */
    "{\"ntTpye\":'xt\",1\"toolUph\":'}",                       /* single quotes */
    "{\"a\":\"x\"/* \" */,\"b\":\"yyyyyyyy\"}",                  /* a comment */
    "{\"\\uDDDDDDDDDD0400\":0}",                                /* a lone surrogate */
    "{\"\":\"\",\"\\\xd7\x8c\":0}",                              /* \ before UTF-8 */
    "{\"\\uF000\\uFp0\":0}",                                   /* after a whole \u */
    "{\"type\":\"x\",\"em\":\"dess \xe2\x80\x94 fan-out\"}",           /* UTF-8 */
  };
  guint parsed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    for (gsize max = 1; max < 8; max++)
      {
        g_autofree char *line = g_strdup (lines[i]);
        g_autoptr(CairnMessage) before = cairn_message_new_from_line (line, strlen (line));
        gsize length = cairn_json_shorten_strings (line, strlen (line), max);
        g_autoptr(CairnMessage) after = cairn_message_new_from_line (line, length);

        /* a line that parsed still does */
        if (cairn_message_get_object (before) != NULL)
          g_assert_nonnull (cairn_message_get_object (after));
        parsed += cairn_message_get_object (before) != NULL;
      }
  /* JSON's own: the lone surrogate and the UTF-8 (the others are refused) */
  g_assert_cmpuint (parsed, ==, 2 * 7);
}

/* A line over CAIRN_MESSAGE_SHORTEN_ABOVE taken by the connection keeps
 * the start of its strings and knows how big it was. */
static void
test_huge_line_taken (void)
{
  gsize payload = CAIRN_MESSAGE_SHORTEN_ABOVE + 1024;
  g_autoptr(GString) line = g_string_new ("{\"type\":\"assistant\",\"message\":{\"content\":"
                                          "[{\"type\":\"text\",\"text\":\"");
  g_autoptr(CairnMessage) message = NULL;
  g_autofree char *display = NULL;
  gsize size, original;
  JsonObject *object;

  for (gsize i = 0; i < payload; i++)
    g_string_append_c (line, 'a' + i % 26);
  g_string_append (line, "\"}]}}");
  original = line->len;
  message = cairn_message_new_take_line (g_string_free (g_steal_pointer (&line), FALSE), original);

  g_assert_cmpint (cairn_message_get_kind (message), ==, CAIRN_MESSAGE_ASSISTANT);
  g_assert_cmpuint (cairn_message_get_original_size (message), ==, original);
  g_bytes_get_data (cairn_message_get_raw (message), &size);
  g_assert_cmpuint (size, <, CAIRN_MESSAGE_STRING_KEPT + 256);
  object = cairn_message_get_object (message);
  g_assert_nonnull (object);
  display = cairn_message_dup_display_text (message, 1024);
  g_assert_nonnull (strstr (display, "MB more)"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  cairn_test_add_per_version ("/cairn/message/recorded-lines-parse", test_recorded_lines_parse);
  cairn_test_add_per_version ("/cairn/message/kinds-and-subtypes", test_kinds_and_subtypes);
  g_test_add_func ("/cairn/message/bad-lines", test_bad_lines);
  g_test_add_func ("/cairn/message/huge-numbers", test_huge_numbers);
  g_test_add_func ("/cairn/message/nesting-limit", test_nesting_limit);
  g_test_add_func ("/cairn/message/one-object-per-line", test_one_object_per_line);
  g_test_add_func ("/cairn/message/shorten-strings", test_shorten_strings);
  g_test_add_func ("/cairn/message/huge-line-taken", test_huge_line_taken);
  g_test_add_func ("/cairn/message/shorten-json-glib-quirks", test_shorten_json_glib_quirks);
  g_test_add_func ("/cairn/message/display-text-is-shortened", test_display_text_is_shortened);
  g_test_add_func ("/cairn/message/format-duration", test_format_duration);
  g_test_add_func ("/cairn/message/format-reset-time", test_format_reset_time);

  return g_test_run ();
}
