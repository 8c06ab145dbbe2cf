/* test-usage.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn-test-harness.h"
#include "cairn-test-usage.h"
#include "protocol/cairn-json.h"
#include "usage/cairn-usage-command.h"
#include "usage/cairn-usage-data.h"
#include "usage/cairn-usage-format.h"
#include "usage/cairn-usage-line.h"
#include "usage/cairn-usage-names.h"
#include "usage/cairn-usage-pricing.h"
#include "usage/cairn-usage-report.h"
#include "usage/cairn-usage-snapshot.h"

/* Usage counted right: the real CLI's lines read as json-glib reads
 * them, each request once across files and sidechains, priced from the
 * table or the line's costUSD, "price unknown" never $0, days in the
 * local time zone, ccusage's 5-hour blocks, the index across runs and
 * on damage, bad lines counted, and the command line's JSON. The
 * expected figures are worked out here, apart from the code under test. */

#define MANY 3000
#define ROWS "history/rows/47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl"

static char *tmp_root;

/* A reply line made from a real one (the first reply of the rows
 * recording), with its ids, model, time and counts replaced. */
typedef struct
{
  const char *id;
  const char *request;
  const char *model;
  const char *time;
  gint64      input, output, cache_write, cache_write_1h, cache_read;
  const char *session;
} Reply;

/* The recording's first reply line, found once (the many-requests case
 * makes thousands of lines from it). */
static const char *
real_reply_line (void)
{
  static char *line;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (line != NULL)
    return line;
  path = cairn_test_data_path (ROWS);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL && line == NULL; i++)
    if (strstr (lines[i], "\"type\":\"assistant\"") != NULL)
      line = g_strdup (lines[i]);
  g_assert_nonnull (line);
  return line;
}

static JsonObject *
real_reply (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, real_reply_line (), -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static char *
reply_line (const Reply *reply)
{
  g_autoptr(JsonObject) line = real_reply ();
  JsonObject *message = json_object_get_object_member (line, "message");
  JsonObject *usage = json_object_get_object_member (message, "usage");
  JsonObject *split = json_object_get_object_member (usage, "cache_creation");
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (message, "id", reply->id);
  json_object_set_string_member (line, "requestId", reply->request);
  json_object_set_string_member (message, "model", reply->model);
  json_object_set_string_member (line, "timestamp", reply->time);
  json_object_set_string_member (line, "sessionId", reply->session ? reply->session : "s1");
  json_object_set_int_member (usage, "input_tokens", reply->input);
  json_object_set_int_member (usage, "output_tokens", reply->output);
  json_object_set_int_member (usage, "cache_creation_input_tokens", reply->cache_write);
  json_object_set_int_member (usage, "cache_read_input_tokens", reply->cache_read);
  json_object_set_int_member (split, "ephemeral_1h_input_tokens", reply->cache_write_1h);
  json_object_set_int_member (split, "ephemeral_5m_input_tokens", reply->cache_write - reply->cache_write_1h);
  json_node_set_object (node, line);
  return cairn_json_to_string (node, FALSE);
}

static char *
reply_lines (const Reply *replies,
             guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *line = reply_line (&replies[i]);
      g_string_append_printf (text, "%s\n", line);
    }
  return g_string_free (text, FALSE);
}

static const Reply r1 = { "msg_1", "req_1", "claude-opus-4-8", "2026-03-10T03:30:00.000Z", 1000, 2000, 3000, 1000, 10000, "s1" };
static const Reply r2 = { "msg_2", "req_2", "claude-sonnet-5", "2026-03-10T04:00:00.000Z", 100, 500, 0, 0, 20000, "s1" };
static const Reply r3 = { "msg_3", "req_3", "claude-opus-4-8", "2026-03-11T12:00:00.000Z", 10, 10, 0, 0, 0, "s2" };
static const Reply r4 = { "msg_4", "req_4", "claude-haiku-4-5-20251001", "2026-03-10T04:10:00.000Z", 1000, 1000, 1000, 0, 1000, "s1" };
static const Reply r5 = { "msg_5", "req_5", "claude-haiku-5-5", "2026-03-12T10:00:00.000Z", 200000, 1000, 0, 0, 0, "s3" };
static const Reply r6 = { "msg_6", "req_6", "claude-unknown-9", "2026-03-12T11:00:00.000Z", 7, 7, 0, 0, 0, "s3" };
static const Reply r7 = { "msg_7", "req_7", "claude-opus-4-8", "2099-01-01T00:00:00.000Z", 1, 1, 0, 0, 0, "s3" };
static const Reply r8 = { "msg_8", "req_8", "claude-opus-4-8", "2026-03-12T12:00:00.000Z", 1, 1, 0, 0, 0, "s3" };
static const Reply synthetic = { "msg_s", "req_s", "<synthetic>", "2026-03-12T12:30:00.000Z", 0, 0, 0, 0, 0, "s3" };

/* r1 … r8 counted by hand: opus-4-8 at 5/25/6.25/10/0.5 $ a million,
 * sonnet-5 at 2/10/2.5/4/0.2, haiku-4-5 at 1/5/1.25/2/0.1, haiku-5-5's
 * long-context rates past 100,000 tokens (0.5/2.5), r8's own costUSD. */
#define WANT_INPUT (1000 + 100 + 10 + 1000 + 200000 + 7 + 1 + 1)
#define WANT_OUTPUT (2000 + 500 + 10 + 1000 + 1000 + 7 + 1 + 1)
#define WANT_CACHE_WRITE (3000 + 1000)
#define WANT_CACHE_READ (10000 + 20000 + 1000)
#define WANT_COST (0.0825 + 0.0092 + 0.0003 + 0.00735 + 0.1025 + 0.00003 + 1.5)

static char *
with_cost (const Reply *reply,
           double       cost)
{
  g_autofree char *line = reply_line (reply);
  g_autofree char *head = g_strndup (line, strlen (line) - 1);

  return g_strdup_printf ("%s,\"costUSD\":%g}\n", head, cost);
}

static char *
bad_lines (void)
{
  g_autofree char *good = reply_line (&r8);
  g_autoptr(GString) no_usage = g_string_new (good);
  g_autoptr(GString) negative = g_string_new (good);
  g_autoptr(GString) huge = g_string_new (good);

  g_string_replace (no_usage, "\"usage\"", "\"usagf\"", 1);
  g_string_replace (negative, "\"input_tokens\":1,", "\"input_tokens\":-5,", 1);
  g_string_replace (huge, "\"input_tokens\":1,", "\"input_tokens\":5000000000000,", 1);
  return g_strconcat (no_usage->str, "\n", negative->str, "\n", huge->str, "\n",
                      "{\"type\":\"assistant\",\"message\":{\"id\":\"cut\n", NULL);
}

static char *
make_history (void)
{
  static guint made;
  g_autofree char *name = g_strdup_printf ("made-%u", made++);
  g_autofree char *dir = cairn_test_make_subdir (tmp_root, name);
  g_autofree char *projects = g_build_filename (dir, "projects", NULL);
  g_autofree char *a = cairn_test_make_subdir (projects, "-home-u-a");
  g_autofree char *b = cairn_test_make_subdir (projects, "-home-u-b");
  const Reply s1[] = { r1, r2 }, s2[] = { r1, r3 }, agent[] = { r4, r2 }, s3[] = { r5, r6, r7, synthetic };
  g_autofree char *s1_text = reply_lines (s1, 2), *s2_text = reply_lines (s2, 2);
  g_autofree char *agent_text = reply_lines (agent, 2), *s3_text = reply_lines (s3, 4);
  g_autofree char *r8_text = with_cost (&r8, 1.5), *bad = bad_lines ();
  g_autofree char *s3_all = g_strconcat (s3_text, r8_text, bad, "{\"type\":\"assistant\",\"mess", NULL);
  g_autofree char *pipe = g_build_filename (b, "pipe.jsonl", NULL);
  g_autofree char *dead = g_build_filename (b, "dead.jsonl", NULL);

  cairn_test_write_file (a, "s1.jsonl", s1_text);
  cairn_test_write_file (a, "s2.jsonl", s2_text);
  cairn_test_write_file (a, "s1/subagents/agent-x.jsonl", agent_text);
  cairn_test_write_file (b, "s3.jsonl", s3_all);
  /* a conversation without any of these ids changes nothing but its own */
  cairn_test_write_file (b, "user-lines.jsonl", "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"assistant\"}}\n");
  g_assert_cmpint (mkfifo (pipe, 0600), ==, 0);
  g_assert_cmpint (symlink ("/nonexistent/x", dead), ==, 0);
  return g_steal_pointer (&projects);
}

static void
test_made_history (void)
{
  g_autofree char *projects = make_history ();
  g_autoptr(CairnUsageData) data = cairn_test_usage_load (projects, NULL);
  CairnUsageSums total = cairn_test_usage_total (data);

  g_assert_cmpuint (total.requests, ==, 8);
  g_assert_cmpuint (data->duplicates, ==, 2);
  g_assert_cmpuint (total.input, ==, WANT_INPUT);
  g_assert_cmpuint (total.output, ==, WANT_OUTPUT);
  g_assert_cmpuint (total.cache_write, ==, WANT_CACHE_WRITE);
  g_assert_cmpuint (total.cache_read, ==, WANT_CACHE_READ);
  g_assert_cmpfloat_with_epsilon (total.cost, WANT_COST, 1e-9);
  /* the unknown model: counted in tokens, not priced at $0 */
  g_assert_cmpuint (total.unpriced, ==, 1);
  g_assert_cmpuint (data->unpriced, ==, 1);
  g_assert_cmpuint (data->synthetic, ==, 1);
  g_assert_cmpuint (data->future, ==, 1);
  /* no usage, negative, huge, cut in the middle; the last line, still
   * being written, is not one of them */
  g_assert_cmpuint (data->bad_lines, ==, 4);
  g_assert_cmpuint (data->unreadable_files, ==, 2);
  g_assert_cmpuint (data->files, ==, 5);
}

/* Request @i of many: its id, and a time that jumps about with @i (one
 * real line made once, its marks replaced: thousands of JSON round trips
 * are slow under ASan's careful unwinding). */
static char *
many_line (guint i)
{
  static char *model_line;
  g_autoptr(GDateTime) base = g_date_time_new_utc (2026, 3, 1, 0, 0, 0);
  g_autoptr(GDateTime) when = g_date_time_add_minutes (base, (i * 7919) % MANY);
  g_autofree char *time = g_date_time_format (when, "%Y-%m-%dT%H:%M:%S.000Z");
  g_autofree char *id = g_strdup_printf ("msg_m%u", i);
  g_autofree char *request = g_strdup_printf ("req_m%u", i);
  g_autofree char *input = g_strdup_printf ("\"input_tokens\":%u,", i + 1);
  GString *line;

  if (model_line == NULL)
    {
      Reply reply = { "MSG_ID", "REQ_ID", "claude-opus-4-8", "TIME_MARK", 987654321, 1, 0, 0, 0, "s1" };
      model_line = reply_line (&reply);
    }
  line = g_string_new (model_line);
  g_assert_cmpuint (g_string_replace (line, "MSG_ID", id, 0), ==, 1);
  g_assert_cmpuint (g_string_replace (line, "REQ_ID", request, 0), ==, 1);
  g_assert_cmpuint (g_string_replace (line, "TIME_MARK", time, 0), ==, 1);
  g_assert_cmpuint (g_string_replace (line, "\"input_tokens\":987654321,", input, 0), ==, 1);
  return g_string_free (line, FALSE);
}

/* Requests @from, @from + @step, … below @to, written in a shuffled order. */
static void
write_many (const char *dir,
            const char *name,
            guint       from,
            guint       to,
            guint       step)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  GRand *rand = g_rand_new_with_seed (from * 31 + step);

  for (guint i = from; i < to; i += step)
    g_array_append_val (order, i);
  for (guint i = order->len; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), swap = g_array_index (order, guint, i - 1);
      g_array_index (order, guint, i - 1) = g_array_index (order, guint, j);
      g_array_index (order, guint, j) = swap;
    }
  for (guint i = 0; i < order->len; i++)
    {
      g_autofree char *line = many_line (g_array_index (order, guint, i));
      g_string_append_printf (text, "%s\n", line);
    }
  cairn_test_write_file (dir, name, text->str);
  g_rand_free (rand);
}

/* Thousands of requests, shuffled, a third of them in two files and some
 * in three: each counted once, and the whole in time order (the sorts
 * past their short runs). */
static void
test_many_requests (void)
{
  g_autofree char *dir = cairn_test_make_subdir (tmp_root, "many");
  g_autofree char *projects = g_build_filename (dir, "projects", NULL);
  g_autofree char *a = cairn_test_make_subdir (projects, "-home-u-many");
  g_autoptr(CairnUsageData) data = NULL;
  CairnUsageSums total;
  guint64 want_input = 0;

  write_many (a, "one.jsonl", 0, 2 * MANY / 3, 1);
  write_many (a, "two.jsonl", MANY / 3, MANY, 1);
  write_many (a, "three.jsonl", 0, MANY, 5);
  for (guint i = 0; i < MANY; i++)
    want_input += i + 1;
  data = cairn_test_usage_load (projects, NULL);
  total = cairn_test_usage_total (data);
  g_assert_cmpuint (total.requests, ==, MANY);
  g_assert_cmpuint (total.input, ==, want_input);
  g_assert_cmpuint (data->duplicates, ==, MANY / 3 + MANY / 5);
  for (guint i = 1; i < data->entries->len; i++)
    g_assert_cmpint (g_array_index (data->entries, CairnUsageEntry, i - 1).time_us, <=,
                     g_array_index (data->entries, CairnUsageEntry, i).time_us);
}

static void
test_pricing (void)
{
  const CairnUsagePrice *opus = cairn_usage_price_lookup ("claude-opus-4-8");
  const CairnUsagePrice *dated = cairn_usage_price_lookup ("claude-haiku-4-5-20251001");
  const CairnUsagePrice *haiku55 = cairn_usage_price_lookup ("claude-haiku-5-5");

  g_assert_nonnull (opus);
  g_assert_nonnull (dated);
  g_assert_nonnull (haiku55);
  g_assert_null (cairn_usage_price_lookup ("claude-unknown-9"));
  g_assert_null (cairn_usage_price_lookup ("<synthetic>"));
  g_assert_cmpfloat_with_epsilon (cairn_usage_price_cost (opus, 1000, 2000, 3000, 1000, 10000), 0.0825, 1e-12);
  /* no 1-hour split: all at the 5-minute rate */
  g_assert_cmpfloat_with_epsilon (cairn_usage_price_cost (opus, 0, 0, 1000000, 0, 0), 6.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (cairn_usage_price_cost (haiku55, 100000, 0, 0, 0, 0), 0.01, 1e-12);
  g_assert_cmpfloat_with_epsilon (cairn_usage_price_cost (haiku55, 100001, 0, 0, 0, 0), 0.0500005, 1e-12);
  g_assert_nonnull (cairn_usage_pricing_date ());
}

static void
set_tz (const char *tz)
{
  g_setenv ("TZ", tz, TRUE);
  tzset ();
}

static GPtrArray *
report (CairnUsageData     *data,
        CairnUsageGrouping  grouping,
        guint               since,
        guint               until)
{
  CairnUsageQuery query = { grouping, since, until, G_DATE_SUNDAY, NULL };

  return cairn_usage_report (data, &query);
}

static const char *
key_at (GPtrArray *rows,
        guint      i)
{
  return ((CairnUsageRow *)g_ptr_array_index (rows, i))->key;
}

static CairnUsageRow *
row_at (GPtrArray *rows,
        guint      i)
{
  return g_ptr_array_index (rows, i);
}

/* Days are the desktop's: 03:30 UTC is the evening before in New York. */
static void
test_periods (void)
{
  g_autofree char *projects = make_history ();
  g_autoptr(CairnUsageData) data = cairn_test_usage_load (projects, NULL);
  g_autoptr(GPtrArray) utc = NULL, new_york = NULL, weeks = NULL, months = NULL, some = NULL, sessions = NULL;

  set_tz ("UTC");
  utc = report (data, CAIRN_USAGE_DAILY, 0, 0);
  g_assert_cmpuint (utc->len, ==, 4);
  g_assert_cmpstr (key_at (utc, 0), ==, "2026-03-10");
  g_assert_cmpuint (row_at (utc, 0)->sums.requests, ==, 3);
  g_assert_cmpuint (row_at (utc, 0)->sums.input, ==, 2100);
  g_assert_cmpuint (row_at (utc, 0)->models->len, ==, 3);
  g_assert_cmpstr (key_at (utc, 3), ==, "2099-01-01");
  set_tz ("America/New_York");
  new_york = report (data, CAIRN_USAGE_DAILY, 0, 0);
  g_assert_cmpuint (new_york->len, ==, 5);
  g_assert_cmpstr (key_at (new_york, 0), ==, "2026-03-09");
  g_assert_cmpuint (row_at (new_york, 0)->sums.input, ==, 1000);
  g_assert_cmpstr (key_at (new_york, 4), ==, "2098-12-31");
  set_tz ("UTC");
  weeks = report (data, CAIRN_USAGE_WEEKLY, 0, 0);
  g_assert_cmpstr (key_at (weeks, 0), ==, "2026-03-08");   /* a Sunday */
  g_assert_cmpuint (row_at (weeks, 0)->sums.requests, ==, 7);
  months = report (data, CAIRN_USAGE_MONTHLY, 0, 0);
  g_assert_cmpuint (months->len, ==, 2);
  g_assert_cmpstr (key_at (months, 0), ==, "2026-03");
  some = report (data, CAIRN_USAGE_DAILY, 20260311, 20260312);
  g_assert_cmpuint (some->len, ==, 2);
  g_assert_cmpuint (cairn_usage_total (some).requests, ==, 4);
  sessions = report (data, CAIRN_USAGE_SESSION, 0, 0);
  g_assert_cmpuint (sessions->len, ==, 3);
  /* by last request: s1 (its subagent's r4 in it), s2 (r3 only: its
   * copy of r1 was s1's), s3 */
  g_assert_cmpstr (key_at (sessions, 0), ==, "s1");
  g_assert_cmpuint (row_at (sessions, 0)->sums.requests, ==, 3);
  g_assert_cmpstr (row_at (sessions, 0)->project, ==, "-home-u-a");
  g_assert_cmpstr (key_at (sessions, 1), ==, "s2");
  g_assert_cmpuint (row_at (sessions, 1)->sums.requests, ==, 1);
}

static guint64
part_tokens (CairnUsageRow *row,
             guint          i,
             const char    *name)
{
  CairnUsageModelSums *part = g_ptr_array_index (row->models, i);

  g_assert_cmpstr (part->model, ==, name);
  return cairn_usage_sums_tokens (&part->sums);
}

/* The chart stacked by project: a week's parts are its projects, each
 * with its own tokens (a: r1 16,000 + r2 20,600 + r3 20 + r4 4,000;
 * b: r5 201,000 + r6 14 + r8 2, r7 being in 2099); the colours go to
 * the keys with the most tokens over the whole history. */
static void
test_split_by_project (void)
{
  g_autofree char *projects = make_history ();
  g_autoptr(CairnUsageData) data = cairn_test_usage_load (projects, NULL);
  CairnUsageQuery query = { CAIRN_USAGE_WEEKLY, 0, 0, G_DATE_SUNDAY, NULL, NULL, CAIRN_USAGE_SPLIT_PROJECT };
  g_autoptr(GPtrArray) weeks = NULL, by_model = NULL, top_projects = NULL, top_models = NULL;

  set_tz ("UTC");
  weeks = cairn_usage_report (data, &query);
  g_assert_cmpstr (key_at (weeks, 0), ==, "2026-03-08");
  g_assert_cmpuint (row_at (weeks, 0)->models->len, ==, 2);
  g_assert_cmpuint (part_tokens (row_at (weeks, 0), 0, "-home-u-a"), ==, 40620);
  g_assert_cmpuint (part_tokens (row_at (weeks, 0), 1, "-home-u-b"), ==, 201016);
  g_assert_cmpuint (cairn_usage_sums_tokens (&row_at (weeks, 0)->sums), ==, 40620 + 201016);
  /* the same rows by model: the split changes only the parts */
  query.split = CAIRN_USAGE_SPLIT_MODEL;
  by_model = cairn_usage_report (data, &query);
  g_assert_cmpuint (by_model->len, ==, weeks->len);
  g_assert_cmpuint (row_at (by_model, 0)->models->len, ==, 5);
  g_assert_cmpuint (part_tokens (row_at (by_model, 0), 4, "claude-unknown-9"), ==, 14);
  top_projects = cairn_usage_top_keys (data, CAIRN_USAGE_SPLIT_PROJECT, 1);
  g_assert_cmpuint (top_projects->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (top_projects, 0), ==, "-home-u-b");
  top_models = cairn_usage_top_keys (data, CAIRN_USAGE_SPLIT_MODEL, 10);
  g_assert_cmpuint (top_models->len, ==, 5);   /* <synthetic> is none */
  g_assert_cmpstr (g_ptr_array_index (top_models, 0), ==, "claude-haiku-5-5");
  g_assert_cmpstr (g_ptr_array_index (top_models, 1), ==, "claude-sonnet-5");
  g_assert_cmpstr (g_ptr_array_index (top_models, 2), ==, "claude-opus-4-8");
  g_assert_cmpstr (g_ptr_array_index (top_models, 4), ==, "claude-unknown-9");
}

/* A reply of session @session that ran in @cwd (NULL: none said), written in
 * projects/@project (each its own request). */
static void
write_in (const char *projects,
          const char *project,
          const char *session,
          const char *cwd)
{
  static guint n;
  g_autofree char *id = g_strdup_printf ("msg_cwd_%u", n++);
  g_autofree char *folder = g_build_filename (projects, project, NULL);
  g_autofree char *file = g_strdup_printf ("%s.jsonl", session);
  Reply reply = r3;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *line = NULL, *text = NULL;

  reply.id = reply.request = id;
  reply.session = session;
  line = reply_line (&reply);
  g_assert_true (json_parser_load_from_data (parser, line, -1, NULL));
  if (cwd != NULL)
    json_object_set_string_member (json_node_get_object (json_parser_get_root (parser)), "cwd", cwd);
  else
    json_object_remove_member (json_node_get_object (json_parser_get_root (parser)), "cwd");
  g_free (line);
  line = cairn_json_to_string (json_parser_get_root (parser), FALSE);
  text = g_strconcat (line, "\n", NULL);
  cairn_test_write_file (folder, file, text);
}

/* Projects named by the folder their conversations ran in: the home
 * folder as "~"; short, the last component, or as many as tell two
 * apart; the folder the key was made from before one more sessions ran
 * in; markup characters as written; no cwd: the key. */
static void
test_project_names (void)
{
  g_autofree char *dir = cairn_test_make_subdir (tmp_root, "names");
  g_autofree char *projects = g_build_filename (dir, "projects", NULL);
  g_autoptr(CairnUsageData) data = NULL;
  g_autoptr(CairnUsageNames) names = NULL;

  write_in (projects, "-home-u-src-project-28", "a1", "/home/u/src/project-28");
  write_in (projects, "-home-u-work-project-28", "b1", "/home/u/work/project-28/");
  write_in (projects, "-home-u-q", "c1", "/home/u/q");
  write_in (projects, "-home-u-q", "c2", "/home/u/elsewhere");
  write_in (projects, "-home-u-q", "c3", "/home/u/elsewhere");
  write_in (projects, "-srv-a----b-bold", "d1", "/srv/a & <b>bold");
  write_in (projects, "-home-u", "e1", "/home/u");
  write_in (projects, "-home-uv", "f1", "/home/uv");
  write_in (projects, "-nocwd", "g1", NULL);
  write_in (projects, "-home-u-old-x", "h1", "/home/u/old.x");
  write_in (projects, "-home-u-old.x", "h2", "/home/u/old.x");
  data = cairn_test_usage_load (projects, NULL);
  names = cairn_usage_names_new (data, "/home/u/");
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-u-src-project-28"), ==, "~/src/project-28");
  g_assert_cmpstr (cairn_usage_names_short (names, "-home-u-src-project-28"), ==, "src/project-28");
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-u-work-project-28"), ==, "~/work/project-28");
  g_assert_cmpstr (cairn_usage_names_short (names, "-home-u-work-project-28"), ==, "work/project-28");
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-u-q"), ==, "~/q");
  g_assert_cmpstr (cairn_usage_names_short (names, "-home-u-q"), ==, "q");
  g_assert_cmpstr (cairn_usage_names_full (names, "-srv-a----b-bold"), ==, "/srv/a & <b>bold");
  g_assert_cmpstr (cairn_usage_names_short (names, "-srv-a----b-bold"), ==, "a & <b>bold");
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-u"), ==, "~");
  g_assert_cmpstr (cairn_usage_names_short (names, "-home-u"), ==, "~");
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-uv"), ==, "/home/uv");
  g_assert_cmpstr (cairn_usage_names_short (names, "-home-uv"), ==, "uv");
  /* no line said where: the key */
  g_assert_cmpstr (cairn_usage_names_full (names, "-nocwd"), ==, "-nocwd");
  g_assert_cmpstr (cairn_usage_names_short (names, "-nocwd"), ==, "-nocwd");
  /* one folder under two keys (an older CLI's): the key tells them apart */
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-u-old-x"), ==, "~/old.x (-home-u-old-x)");
  g_assert_cmpstr (cairn_usage_names_full (names, "-home-u-old.x"), ==, "~/old.x (-home-u-old.x)");
  g_assert_cmpstr (cairn_usage_names_short (names, "-home-u-old.x"), ==, "old.x (-home-u-old.x)");
}

static gint64
at (const char *iso)
{
  gint64 time_us = 0;

  g_assert_true (cairn_usage_parse_time (iso, strlen (iso), &time_us));
  return time_us;
}

/* A time a report can show: years of four digits in any zone. A line
 * dated outside is a bad line; those at the edges report by day, week
 * and month (GDate's weeks need a year from 1 on). */
static void
test_time_range (void)
{
  const char *outside[] = { "0000-06-01T00:00:00Z", "0001-01-01T23:59:59.999Z", "9999-12-30T00:00:00Z",
                            "9999-12-31T23:59:59+00:00", "-0001-01-01T00:00:00Z" };
  g_autofree char *dir = cairn_test_make_subdir (tmp_root, "time-range");
  g_autofree char *folder = cairn_test_make_subdir (dir, "-p");
  const Reply replies[] = { { "msg_e0", "req", "claude-opus-4-8", "0001-01-02T00:00:00.000Z", 1, 1, 0, 0, 0, NULL },
                            { "msg_e1", "req", "claude-opus-4-8", "9999-12-29T23:59:59.999Z", 1, 1, 0, 0, 0, NULL },
                            { "msg_e2", "req", "claude-opus-4-8", "0000-01-01T00:00:00.000Z", 1, 1, 0, 0, 0, NULL } };
  g_autofree char *text = reply_lines (replies, G_N_ELEMENTS (replies));
  g_autoptr(CairnUsageData) data = NULL;
  gint64 time_us;

  for (guint i = 0; i < G_N_ELEMENTS (outside); i++)
    g_assert_false (cairn_usage_parse_time (outside[i], strlen (outside[i]), &time_us));
  cairn_test_write_file (folder, "s.jsonl", text);
  data = cairn_test_usage_load (dir, NULL);
  g_assert_cmpuint (data->entries->len, ==, 2);
  g_assert_cmpuint (data->bad_lines, ==, 1);
  for (CairnUsageGrouping grouping = CAIRN_USAGE_DAILY; grouping <= CAIRN_USAGE_MONTHLY; grouping++)
    {
      CairnUsageQuery query = { grouping, 0, 0, G_DATE_MONDAY, NULL };
      g_autoptr(GPtrArray) rows = cairn_usage_report (data, &query);

      g_assert_cmpuint (rows->len, ==, 2);
    }
}

/* ccusage's blocks: from the hour of a block's first request, 5 hours;
 * a request past them, or more than 5 hours after the last, starts the
 * next; a longer pause is a gap. */
static void
test_blocks (void)
{
  g_autofree char *dir = cairn_test_make_subdir (tmp_root, "blocks");
  g_autofree char *folder = cairn_test_make_subdir (dir, "-p");
  const char *times[] = { "2026-03-10T10:20:00.000Z", "2026-03-10T11:00:00.000Z", "2026-03-10T14:59:00.000Z",
                          "2026-03-10T15:30:00.000Z", "2026-03-10T23:00:00.000Z", "2026-03-10T23:20:00.000Z" };
  Reply replies[G_N_ELEMENTS (times)];
  g_autofree char *text = NULL;
  g_autoptr(CairnUsageData) data = NULL;
  g_autoptr(GPtrArray) blocks = NULL;
  CairnUsageQuery query = { CAIRN_USAGE_DAILY, 0, 0, G_DATE_SUNDAY, NULL };
  CairnUsageBlock *last;
  CairnUsageBurn burn;

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    replies[i] = (Reply){ g_strdup_printf ("msg_b%u", i), "req", "claude-opus-4-8", times[i], 100, 100, 0, 0, 0, NULL };
  text = reply_lines (replies, G_N_ELEMENTS (times));
  cairn_test_write_file (folder, "s.jsonl", text);
  data = cairn_test_usage_load (dir, NULL);
  blocks = cairn_usage_blocks (data, &query, at ("2026-03-10T23:30:00.000Z"));
  g_assert_cmpuint (blocks->len, ==, 4);
  g_assert_cmpint (((CairnUsageBlock *)g_ptr_array_index (blocks, 0))->start_us, ==, at ("2026-03-10T10:00:00.000Z"));
  g_assert_cmpuint (((CairnUsageBlock *)g_ptr_array_index (blocks, 0))->sums.requests, ==, 3);
  g_assert_cmpint (((CairnUsageBlock *)g_ptr_array_index (blocks, 1))->start_us, ==, at ("2026-03-10T15:00:00.000Z"));
  g_assert_true (((CairnUsageBlock *)g_ptr_array_index (blocks, 2))->is_gap);
  g_assert_cmpint (((CairnUsageBlock *)g_ptr_array_index (blocks, 2))->start_us, ==, at ("2026-03-10T20:30:00.000Z"));
  last = g_ptr_array_index (blocks, 3);
  g_assert_cmpint (last->start_us, ==, at ("2026-03-10T23:00:00.000Z"));
  g_assert_true (last->is_active);
  g_assert_false (((CairnUsageBlock *)g_ptr_array_index (blocks, 0))->is_active);
  /* 400 tokens in 20 minutes; 270 minutes to its end at 04:00 */
  burn = cairn_usage_block_burn (last, at ("2026-03-10T23:30:00.000Z"));
  g_assert_true (burn.has_projection);
  g_assert_cmpfloat_with_epsilon (burn.tokens_per_minute, 20, 1e-9);
  g_assert_cmpfloat_with_epsilon (burn.remaining_minutes, 270, 1e-9);
  g_assert_cmpfloat_with_epsilon (burn.projected_tokens, 5800, 1e-6);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    g_free ((char *)replies[i].id);
}

/* A load by a clock more than a minute after the kept result was
 * written (it is written by the real clock): one that keeps its result. */
static CairnUsageData *
load_past_the_minute (const char *projects,
                      const char *index)
{
  return cairn_test_usage_load_at (projects, index, g_get_real_time () + 61 * G_USEC_PER_SEC);
}

/* The index: a second run reads no file; a file that grew is read on
 * from where it was read to; one rewritten is read again; a damaged
 * index is none. */
static void
test_index (void)
{
  g_autofree char *projects = make_history ();
  g_autofree char *index = g_build_filename (tmp_root, "index", "usage-1", NULL);
  g_autofree char *result = cairn_usage_snapshot_path (index);
  g_autofree char *s2 = g_build_filename (projects, "-home-u-a", "s2.jsonl", NULL);
  const Reply more[] = { { "msg_9", "req_9", "claude-opus-4-8", "2026-03-13T00:00:00.000Z", 5, 5, 0, 0, 0, "s2" } };
  g_autofree char *more_text = reply_lines (more, 1);
  g_autoptr(CairnUsageData) first = cairn_test_usage_load (projects, index);
  g_autoptr(CairnUsageData) second = cairn_test_usage_load (projects, index);
  g_autoptr(CairnUsageData) grown = NULL, rewritten = NULL, torn = NULL, damaged = NULL;
  g_autoptr(GString) s2_text = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  guint64 frame;

  g_assert_cmpuint (first->files_read, ==, 5);
  g_assert_cmpuint (second->files_read, ==, 0);
  g_assert_cmpuint (cairn_test_usage_total (second).input, ==, WANT_INPUT);
  g_assert_cmpfloat_with_epsilon (cairn_test_usage_total (second).cost, WANT_COST, 1e-9);
  g_assert_cmpuint (second->bad_lines, ==, 4);
  g_assert_cmpuint (second->duplicates, ==, 2);
  /* grown: only its new bytes are read. Past the minute, so that the
   * index is written at the grown size: the next step's rewrite at that
   * size is told by its time only against an entry at that size. Within
   * the minute the index keeps the entry before the growth, against
   * which the rewrite looks grown, its change outside the tail hash's
   * bytes: what a grown file written again in place always looked like
   * (session files are only appended to; see index_must_be_written and
   * test_index_behind) */
  cairn_test_append_file (s2, more_text);
  grown = load_past_the_minute (projects, index);
  g_assert_cmpuint (grown->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (grown).input, ==, WANT_INPUT + 5);
  /* rewritten at the same size: read from its start */
  g_assert_true (g_file_get_contents (s2, &contents, NULL, NULL));
  s2_text = g_string_new (contents);
  g_string_replace (s2_text, "\"input_tokens\":10,", "\"input_tokens\":20,", 1);
  g_assert_cmpuint (s2_text->len, ==, strlen (contents));
  g_usleep (10000);
  g_assert_true (g_file_set_contents (s2, s2_text->str, -1, NULL));
  rewritten = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (rewritten->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (rewritten).input, ==, WANT_INPUT + 5 + 10);
  /* a frame damaged past its first bytes (which name its file, size
   * and time): that file is read again, the figures are the same (the
   * kept result gone: it would be taken, the files being as they were) */
  g_assert_cmpint (g_remove (result), ==, 0);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (index, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 40);
  memcpy (&frame, contents + 32, sizeof frame);
  g_assert_cmpuint (frame, <=, length - 40);
  contents[40 + frame - 1] ^= 0x7f;   /* the tuple's last framing offset */
  g_assert_true (g_file_set_contents (index, contents, length, NULL));
  torn = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (torn->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (torn).input, ==, WANT_INPUT + 5 + 10);
  /* damaged: no index, read again, same figures */
  g_assert_cmpint (g_remove (result), ==, 0);
  g_assert_true (g_file_set_contents (index, "junk junk junk junk", -1, NULL));
  damaged = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (damaged->files_read, ==, 5);
  g_assert_cmpuint (cairn_test_usage_total (damaged).input, ==, WANT_INPUT + 5 + 10);
}

static void
assert_same_data (CairnUsageData *x,
                  CairnUsageData *y)
{
  g_assert_cmpuint (x->entries->len, ==, y->entries->len);
  g_assert_cmpmem (x->entries->data, x->entries->len * sizeof (CairnUsageEntry), y->entries->data,
                   y->entries->len * sizeof (CairnUsageEntry));
  g_assert_cmpuint (x->models->len, ==, y->models->len);
  for (guint i = 0; i < x->models->len; i++)
    g_assert_cmpstr (g_ptr_array_index (x->models, i), ==, g_ptr_array_index (y->models, i));
  g_assert_cmpuint (x->sessions->len, ==, y->sessions->len);
  for (guint i = 0; i < x->sessions->len; i++)
    {
      CairnUsageSession *a = g_ptr_array_index (x->sessions, i), *b = g_ptr_array_index (y->sessions, i);
      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpstr (a->project, ==, b->project);
      g_assert_cmpstr (a->cwd, ==, b->cwd);
    }
  g_assert_cmpuint (x->files, ==, y->files);
  g_assert_cmpuint (x->unreadable_files, ==, y->unreadable_files);
  g_assert_cmpuint (x->bad_lines, ==, y->bad_lines);
  g_assert_cmpuint (x->duplicates, ==, y->duplicates);
  g_assert_cmpuint (x->synthetic, ==, y->synthetic);
  g_assert_cmpuint (x->future, ==, y->future);
  g_assert_cmpuint (x->unpriced, ==, y->unpriced);
}

/* The kept result, changed as @damage says and written back under its
 * own key (so that only the damage can make it refused). */
typedef void (*Damage) (CairnUsageData *data);

static void
damage_result (const char *result,
               Damage      damage)
{
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (result, FALSE, NULL);
  g_autoptr(GBytes) bytes = g_mapped_file_get_bytes (mapped);
  g_autoptr(GVariant) variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE ("(ssuuuuuasa(sss)ay)"),
                                                                              bytes, FALSE));
  g_autofree char *key = NULL;
  g_autoptr(CairnUsageData) data = NULL;

  g_variant_get_child (variant, 1, "s", &key);
  data = cairn_usage_snapshot_parse (bytes, key);
  g_assert_nonnull (data);
  g_assert_cmpuint (data->entries->len, >, 2);
  damage (data);
  g_assert_true (cairn_usage_snapshot_save (result, key, data, NULL));
}

static void
unknown_model (CairnUsageData *data)
{
  g_array_index (data->entries, CairnUsageEntry, 1).model = data->models->len;
}

static void
unknown_session (CairnUsageData *data)
{
  g_array_index (data->entries, CairnUsageEntry, 0).session = data->sessions->len;
}

static void
out_of_order (CairnUsageData *data)
{
  CairnUsageEntry *entries = (CairnUsageEntry *)data->entries->data;
  CairnUsageEntry first = entries[0];

  entries[0] = entries[data->entries->len - 1];
  entries[data->entries->len - 1] = first;
}

static void
huge_count (CairnUsageData *data)
{
  g_array_index (data->entries, CairnUsageEntry, 0).input = G_MAXUINT32;
}

static void
far_off_time (CairnUsageData *data)
{
  /* the last, so that the order holds: a time no line can have */
  g_array_index (data->entries, CairnUsageEntry, data->entries->len - 1).time_us = CAIRN_USAGE_MAX_TIME_US;
}

static void
fewer_files (CairnUsageData *data)
{
  /* every request's file then past the files */
  data->files = 0;
}

/* A run over one project neither takes the result of all nor replaces it. */
static void
assert_one_project_keeps (const char *projects_path,
                          const char *index,
                          const char *result)
{
  g_autoptr(GFile) projects = g_file_new_for_path (projects_path);
  CairnUsageLoadOptions options = { "-home-u-b", TRUE, index, 0 };
  g_autofree char *before = NULL, *after = NULL;
  gsize before_length, after_length;
  g_autoptr(CairnUsageData) one = NULL;

  g_assert_true (g_file_get_contents (result, &before, &before_length, NULL));
  one = cairn_usage_data_load (projects, &options, NULL);
  g_assert_cmpuint (one->files, ==, 2);
  g_assert_true (g_file_get_contents (result, &after, &after_length, NULL));
  g_assert_cmpmem (before, before_length, after, after_length);
}

/* The last result kept beside the index: taken when every file is as it
 * was (even with the index damaged meanwhile), the same requests in the
 * same order as merging the files; not by a run of one project; a file
 * appended to is seen; a kept result damaged in any of several ways is
 * left and the figures are right. */
static void
test_snapshot (void)
{
  g_autofree char *projects = make_history ();
  g_autofree char *index = g_build_filename (tmp_root, "snapshot", "usage-1", NULL);
  g_autofree char *result = cairn_usage_snapshot_path (index);
  g_autofree char *s2 = g_build_filename (projects, "-home-u-a", "s2.jsonl", NULL);
  const Reply more[] = { { "msg_9", "req_9", "claude-opus-4-8", "2026-03-13T00:00:00.000Z", 5, 5, 0, 0, 0, "s2" } };
  g_autofree char *more_text = reply_lines (more, 1);
  const Damage damages[] = { unknown_model, unknown_session, out_of_order, huge_count, far_off_time, fewer_files };
  g_autoptr(CairnUsageData) merged = cairn_test_usage_load (projects, NULL);
  g_autoptr(CairnUsageData) first = cairn_test_usage_load (projects, index);
  g_autoptr(CairnUsageData) kept = NULL, appended = NULL, merged_appended = NULL;

  g_assert_true (g_file_test (result, G_FILE_TEST_IS_REGULAR));
  assert_same_data (first, merged);
  assert_one_project_keeps (projects, index, result);
  /* the index junk: only the kept result can give the figures unread */
  g_assert_true (g_file_set_contents (index, "junk junk junk junk", -1, NULL));
  kept = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (kept->files_read, ==, 0);
  assert_same_data (kept, merged);
  g_assert_cmpuint (cairn_test_usage_total (kept).input, ==, WANT_INPUT);
  g_assert_cmpfloat_with_epsilon (cairn_test_usage_total (kept).cost, WANT_COST, 1e-9);
  /* a file appended to: the files are merged again (and, past the
   * minute, kept: the kept result is this one's, damaged below) */
  cairn_test_append_file (s2, more_text);
  appended = load_past_the_minute (projects, index);
  g_assert_cmpuint (appended->files_read, ==, 5);
  g_assert_cmpuint (cairn_test_usage_total (appended).input, ==, WANT_INPUT + 5);
  merged_appended = cairn_test_usage_load (projects, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autoptr(CairnUsageData) after = NULL;

      damage_result (result, damages[i]);
      after = load_past_the_minute (projects, index);
      assert_same_data (after, merged_appended);
      g_assert_cmpuint (cairn_test_usage_total (after).input, ==, WANT_INPUT + 5);
    }
  /* cut short, and junk */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *contents = NULL;
      gsize length;
      g_autoptr(CairnUsageData) after = NULL;

      g_assert_true (g_file_get_contents (result, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (result, i == 0 ? contents : "junk", i == 0 ? (gssize)length / 2 : -1, NULL));
      after = load_past_the_minute (projects, index);
      assert_same_data (after, merged_appended);
    }
}

static void
stat_result (const char  *result,
             struct stat *st)
{
  g_assert_cmpint (stat (result, st), ==, 0);
}

static gboolean
same_file (const struct stat *x,
           const struct stat *y)
{
  return x->st_ino == y->st_ino && x->st_mtim.tv_sec == y->st_mtim.tv_sec &&
         x->st_mtim.tv_nsec == y->st_mtim.tv_nsec;
}

/* The input tokens of the result kept at @result, whatever it was kept for. */
static guint64
kept_input (const char *result)
{
  g_autoptr(CairnUsageData) kept = cairn_usage_snapshot_load (result, NULL);

  g_assert_nonnull (kept);
  return cairn_test_usage_total (kept).input;
}

/* The kept result is written at most once a minute: a load within the
 * minute after it, with a file grown meanwhile (a conversation running
 * under the open usage window), leaves it as it was; a load past the
 * minute writes it, and the next load takes it even with the index
 * junk; a result dated ahead of the clock is replaced. The figures are
 * right either way. */
static void
test_keep_every_minute (void)
{
  g_autofree char *projects = make_history ();
  g_autofree char *index = g_build_filename (tmp_root, "keep", "usage-1", NULL);
  g_autofree char *result = cairn_usage_snapshot_path (index);
  g_autofree char *s2 = g_build_filename (projects, "-home-u-a", "s2.jsonl", NULL);
  const Reply more[] = { { "msg_9", "req_9", "claude-opus-4-8", "2026-03-13T00:00:00.000Z", 5, 5, 0, 0, 0, "s2" },
                         { "msg_10", "req_10", "claude-opus-4-8", "2026-03-13T00:01:00.000Z", 7, 7, 0, 0, 0, "s2" } };
  g_autofree char *nine = reply_lines (&more[0], 1), *ten = reply_lines (&more[1], 1);
  g_autoptr(CairnUsageData) first = cairn_test_usage_load (projects, index);
  g_autoptr(CairnUsageData) grown = NULL, later = NULL, quiet = NULL, ahead = NULL;
  struct stat written, now;

  stat_result (result, &written);
  g_assert_cmpuint (kept_input (result), ==, WANT_INPUT);
  /* within the minute: read on from the index, the result left */
  cairn_test_append_file (s2, nine);
  grown = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (grown->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (grown).input, ==, WANT_INPUT + 5);
  g_assert_cmpfloat_with_epsilon (cairn_test_usage_total (grown).cost, WANT_COST + 0.00015, 1e-9);
  stat_result (result, &now);
  g_assert_true (same_file (&written, &now));
  g_assert_cmpuint (kept_input (result), ==, WANT_INPUT);
  /* past it, the files as they were: written, and taken next (the
   * grown file read on once more: the load within the minute left the
   * index behind too) */
  later = load_past_the_minute (projects, index);
  g_assert_cmpuint (later->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (later).input, ==, WANT_INPUT + 5);
  stat_result (result, &now);
  g_assert_false (same_file (&written, &now));
  g_assert_cmpuint (kept_input (result), ==, WANT_INPUT + 5);
  g_assert_true (g_file_set_contents (index, "junk junk junk junk", -1, NULL));
  quiet = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (quiet->files_read, ==, 0);
  assert_same_data (quiet, later);
  /* the clock set back an hour: the result dated ahead of it is replaced */
  cairn_test_append_file (s2, ten);
  ahead = cairn_test_usage_load_at (projects, index, g_get_real_time () - G_GINT64_CONSTANT (3600) * G_USEC_PER_SEC);
  g_assert_cmpuint (cairn_test_usage_total (ahead).input, ==, WANT_INPUT + 5 + 7);
  g_assert_cmpuint (kept_input (result), ==, WANT_INPUT + 5 + 7);
}

/* @path's lines with @from replaced by @to. */
static void
replace_in_file (const char *path,
                 const char *from,
                 const char *to)
{
  g_autofree char *contents = NULL;
  g_autoptr(GString) text = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  text = g_string_new (contents);
  g_assert_cmpuint (g_string_replace (text, from, to, 0), ==, 1);
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
}

/* Over 16 MB of lines without usage, then @reply's. */
static char *
big_growth (const Reply *reply)
{
  g_autofree char *line = reply_line (reply);
  GString *text = g_string_new (NULL);

  while (text->len <= 16 * 1024 * 1024)
    g_string_append (text, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"more of the same\"}}\n");
  g_string_append_printf (text, "%s\n", line);
  return g_string_free (text, FALSE);
}

/* The index is left behind within the minute while files only grow (a
 * conversation running under the usage window): a load after a growth
 * leaves it as it was and reads on from its entry, twice, the figures
 * right; a file changed before its entry's end (its tail), one that
 * shrank, growth over 16 MB, and an index a minute old write it. */
static void
test_index_behind (void)
{
  g_autofree char *projects = make_history ();
  g_autofree char *index = g_build_filename (tmp_root, "behind", "usage-1", NULL);
  g_autofree char *s2 = g_build_filename (projects, "-home-u-a", "s2.jsonl", NULL);
  g_autofree char *user = g_build_filename (projects, "-home-u-b", "user-lines.jsonl", NULL);
  const Reply more[] = { { "msg_9", "req_9", "claude-opus-4-8", "2026-03-13T00:00:00.000Z", 5, 5, 0, 0, 0, "s2" },
                         { "msg_10", "req_10", "claude-opus-4-8", "2026-03-13T00:01:00.000Z", 7, 7, 0, 0, 0, "s2" },
                         { "msg_11", "req_11", "claude-opus-4-8", "2026-03-13T00:02:00.000Z", 3, 3, 0, 0, 0, "s3" },
                         { "msg_12", "req_12", "claude-opus-4-8", "2026-03-13T00:03:00.000Z", 1, 1, 0, 0, 0, "s2" } };
  g_autofree char *nine = reply_lines (&more[0], 1), *ten = reply_lines (&more[1], 1);
  g_autofree char *twelve = reply_lines (&more[3], 1), *big = big_growth (&more[2]);
  g_autoptr(CairnUsageData) first = cairn_test_usage_load (projects, index);
  g_autoptr(CairnUsageData) grown = NULL, again = NULL, changed = NULL, shrank = NULL, over = NULL, old = NULL;
  struct stat written, now;

  stat_result (index, &written);
  /* grown within the minute: read on, the index left */
  cairn_test_append_file (s2, nine);
  grown = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (grown->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (grown).input, ==, WANT_INPUT + 5);
  g_assert_cmpfloat_with_epsilon (cairn_test_usage_total (grown).cost, WANT_COST + 0.00015, 1e-9);
  stat_result (index, &now);
  g_assert_true (same_file (&written, &now));
  /* and again: read on from the same entry, both lines counted */
  cairn_test_append_file (s2, ten);
  again = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (again->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (again).input, ==, WANT_INPUT + 5 + 7);
  stat_result (index, &now);
  g_assert_true (same_file (&written, &now));
  /* r3's line, the last the entry holds, written longer (10 → 110
   * input tokens): the tail before the entry's end changed, the file is
   * read from its start and the index written */
  replace_in_file (s2, "\"input_tokens\":10,", "\"input_tokens\":110,");
  changed = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (changed->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (changed).input, ==, WANT_INPUT + 5 + 7 + 100);
  stat_result (index, &now);
  g_assert_false (same_file (&written, &now));
  written = now;
  /* shorter (msg_10's line gone): read again, written */
  replace_in_file (s2, ten, "");
  shrank = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (cairn_test_usage_total (shrank).input, ==, WANT_INPUT + 5 + 100);
  stat_result (index, &now);
  g_assert_false (same_file (&written, &now));
  written = now;
  /* over 16 MB behind: written */
  cairn_test_append_file (user, big);
  over = cairn_test_usage_load (projects, index);
  g_assert_cmpuint (over->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (over).input, ==, WANT_INPUT + 5 + 100 + 3);
  stat_result (index, &now);
  g_assert_false (same_file (&written, &now));
  written = now;
  /* a small growth with the index a minute old: written */
  cairn_test_append_file (s2, twelve);
  old = load_past_the_minute (projects, index);
  g_assert_cmpuint (old->files_read, ==, 1);
  g_assert_cmpuint (cairn_test_usage_total (old).input, ==, WANT_INPUT + 5 + 100 + 3 + 1);
  stat_result (index, &now);
  g_assert_false (same_file (&written, &now));
}

/* A line being written when the file is read waits for its newline. */
static void
test_appended_while_read (void)
{
  g_autofree char *line = reply_line (&r1);
  g_autofree char *whole = g_strconcat (line, "\n", line, NULL);
  g_autoptr(CairnUsageFile) file = cairn_usage_file_new ("/nonexistent/s.jsonl");
  gsize half = strlen (line) + 1 + strlen (line) / 2;
  g_autofree char *ended = g_strconcat (whole, "\n", NULL);

  cairn_usage_file_take_bytes (file, whole, half);
  g_assert_cmpuint (file->entries->len, ==, 1);
  g_assert_cmpuint (file->read_to, ==, strlen (line) + 1);
  g_assert_cmpuint (file->bad_lines, ==, 0);
  cairn_usage_file_take_bytes (file, whole + file->read_to, strlen (whole) - file->read_to);
  g_assert_cmpuint (file->entries->len, ==, 1);   /* still no newline */
  cairn_usage_file_take_bytes (file, ended + file->read_to, strlen (ended) - file->read_to);
  g_assert_cmpuint (file->entries->len, ==, 2);
  g_assert_cmpuint (file->read_to, ==, strlen (ended));
}

static JsonObject *
run_json (const char *projects_path,
          const char *report_name,
          gboolean    breakdown)
{
  g_autoptr(GFile) projects = g_file_new_for_path (projects_path);
  CairnUsageCommand command = { report_name, TRUE, breakdown, NULL, NULL, NULL, projects, TRUE, 0 };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) err = g_string_new (NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_cmpint (cairn_usage_command_run (&command, out, err), ==, 0);
  g_assert_cmpstr (err->str, ==, "");
  g_assert_true (json_parser_load_from_data (parser, out->str, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* ccusage's field names, so that its users' scripts read Cairn's. */
static void
test_command_json (void)
{
  g_autofree char *projects = make_history ();
  g_autoptr(JsonObject) daily = NULL;
  g_autoptr(JsonObject) blocks = NULL;
  JsonObject *first, *totals, *notes, *breakdown;

  set_tz ("UTC");
  daily = run_json (projects, "daily", FALSE);
  g_assert_cmpuint (json_array_get_length (cairn_json_get_array (daily, "daily")), ==, 4);
  first = cairn_json_array_get_object (cairn_json_get_array (daily, "daily"), 0);
  g_assert_cmpstr (cairn_json_get_string (first, "date"), ==, "2026-03-10");
  g_assert_cmpint (cairn_json_get_int (first, "inputTokens", -1), ==, 2100);
  g_assert_cmpint (cairn_json_get_int (first, "outputTokens", -1), ==, 3500);
  g_assert_cmpint (cairn_json_get_int (first, "cacheCreationTokens", -1), ==, 4000);
  g_assert_cmpint (cairn_json_get_int (first, "cacheReadTokens", -1), ==, 31000);
  g_assert_cmpint (cairn_json_get_int (first, "totalTokens", -1), ==, 2100 + 3500 + 4000 + 31000);
  g_assert_cmpfloat_with_epsilon (cairn_json_get_double (first, "totalCost", -1), 0.0825 + 0.0092 + 0.00735, 1e-9);
  g_assert_cmpuint (json_array_get_length (cairn_json_get_array (first, "modelsUsed")), ==, 3);
  breakdown = cairn_json_array_get_object (cairn_json_get_array (first, "modelBreakdowns"), 0);
  g_assert_cmpstr (cairn_json_get_string (breakdown, "modelName"), ==, "claude-haiku-4-5-20251001");
  g_assert_cmpfloat_with_epsilon (cairn_json_get_double (breakdown, "cost", -1), 0.00735, 1e-9);
  totals = cairn_json_get_object (daily, "totals");
  g_assert_cmpint (cairn_json_get_int (totals, "inputTokens", -1), ==, WANT_INPUT);
  g_assert_cmpfloat_with_epsilon (cairn_json_get_double (totals, "totalCost", -1), WANT_COST, 1e-9);
  g_assert_cmpint (cairn_json_get_int (totals, "unpricedRequests", -1), ==, 1);
  notes = cairn_json_get_object (daily, "cairn");
  g_assert_cmpint (cairn_json_get_int (notes, "unreadableLines", -1), ==, 4);
  g_assert_cmpint (cairn_json_get_int (notes, "unreadableFiles", -1), ==, 2);
  g_assert_cmpstr (cairn_json_array_get_string (cairn_json_get_array (notes, "unpricedModels"), 0), ==,
                   "claude-unknown-9");
  blocks = run_json (projects, "blocks", FALSE);
  g_assert_cmpuint (json_array_get_length (cairn_json_get_array (blocks, "blocks")), >=, 3);
}

/* The table says what it could not count; no model shows $0 for
 * "no price". */
static void
test_command_table (void)
{
  g_autofree char *projects_path = make_history ();
  g_autoptr(GFile) projects = g_file_new_for_path (projects_path);
  CairnUsageCommand command = { "daily", FALSE, TRUE, "2026-03-12", "2026-03-12", NULL, projects, TRUE, 0 };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) err = g_string_new (NULL);

  set_tz ("UTC");
  g_assert_cmpint (cairn_usage_command_run (&command, out, err), ==, 0);
  g_assert_nonnull (strstr (out->str, "2026-03-12"));
  g_assert_null (strstr (out->str, "2026-03-10"));
  g_assert_nonnull (strstr (out->str, "└ claude-unknown-9"));
  g_assert_nonnull (strstr (out->str, "price unknown"));
  g_assert_null (strstr (out->str, "$0.00\n"));
  g_assert_nonnull (strstr (out->str, "4 lines could not be read"));
  g_assert_nonnull (strstr (out->str, "2 files could not be read"));
  g_assert_nonnull (strstr (out->str, "1 request is dated in the future"));
  g_assert_nonnull (strstr (out->str, "200,000"));
  command.report = "hourly";
  g_string_truncate (err, 0);
  g_assert_cmpint (cairn_usage_command_run (&command, out, err), ==, 2);
  g_assert_nonnull (strstr (err->str, "hourly"));
  command.report = "daily";
  command.since = "12/03/2026";
  g_assert_cmpint (cairn_usage_command_run (&command, out, err), ==, 2);
}

/* The window's CSV export: a row and its models, a name with a comma
 * and a quote kept whole. */
static void
test_csv (void)
{
  g_autofree char *projects = make_history ();
  g_autoptr(CairnUsageData) data = cairn_test_usage_load (projects, NULL);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  CairnUsageRow *row;

  set_tz ("UTC");
  rows = report (data, CAIRN_USAGE_DAILY, 20260310, 20260310);
  row = g_ptr_array_index (rows, 0);
  g_free (row->key);
  row->key = g_strdup ("a, \"b\"");
  cairn_usage_format_csv (rows, out);
  g_assert_true (g_str_has_prefix (out->str, "key,project,model,inputTokens,"));
  g_assert_nonnull (strstr (out->str, "\n\"a, \"\"b\"\"\",,,2100,3500,4000,31000,40600,0.099050,0\n"));
  g_assert_nonnull (strstr (out->str, ",,claude-sonnet-5,100,500,0,20000,20600,0.009200,0\n"));
}

/* `cairn --usage` prints without a display and without asking a running
 * Cairn: the real binary, with no DISPLAY or WAYLAND_DISPLAY. */
static void
test_binary (void)
{
  g_autofree char *projects = make_history ();
  g_autofree char *config = g_path_get_dirname (projects);
  g_autofree char *cairn = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "cairn", NULL);
  g_autofree char *cache = g_build_filename (tmp_root, "binary-cache", NULL);
  const char *argv[] = { cairn, "--usage", "daily", "--json", "--project", "/home/u/b", NULL };
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  int status;

  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_unsetenv (env, "DBUS_SESSION_BUS_ADDRESS");
  env = g_environ_setenv (env, "CLAUDE_CONFIG_DIR", config, TRUE);
  env = g_environ_setenv (env, "XDG_CACHE_HOME", cache, TRUE);
  env = g_environ_setenv (env, "TZ", "UTC", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  /* project b only: r5, r6, r8 (and r7, in 2099) */
  g_assert_cmpint (cairn_json_get_int (cairn_json_get_object (root, "totals"), "inputTokens", -1), ==,
                   200000 + 7 + 1 + 1);
  /* the index was kept where XDG_CACHE_HOME says */
  g_assert_true (g_file_test (cache, G_FILE_TEST_IS_DIR));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/usage/made-history", test_made_history);
  g_test_add_func ("/cairn/usage/pricing", test_pricing);
  g_test_add_func ("/cairn/usage/many-requests", test_many_requests);
  g_test_add_func ("/cairn/usage/periods", test_periods);
  g_test_add_func ("/cairn/usage/split-by-project", test_split_by_project);
  g_test_add_func ("/cairn/usage/project-names", test_project_names);
  g_test_add_func ("/cairn/usage/time-range", test_time_range);
  g_test_add_func ("/cairn/usage/blocks", test_blocks);
  g_test_add_func ("/cairn/usage/index", test_index);
  g_test_add_func ("/cairn/usage/snapshot", test_snapshot);
  g_test_add_func ("/cairn/usage/keep-every-minute", test_keep_every_minute);
  g_test_add_func ("/cairn/usage/index-behind", test_index_behind);
  g_test_add_func ("/cairn/usage/appended-while-read", test_appended_while_read);
  g_test_add_func ("/cairn/usage/command-json", test_command_json);
  g_test_add_func ("/cairn/usage/command-table", test_command_table);
  g_test_add_func ("/cairn/usage/csv", test_csv);
  g_test_add_func ("/cairn/usage/binary", test_binary);

  return cairn_test_run_in_dir (&tmp_root, "usage");
}
