/* test-usage-recorded.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>

#include "cairn-test-harness.h"
#include "cairn-test-usage.h"
#include "protocol/cairn-json.h"
#include "usage/cairn-usage-line.h"

/* Usage counted on what the real CLI wrote: each recorded line read as
 * json-glib reads it, and every recorded history's totals worked out
 * here, apart from the code under test. */

#define ROWS "history/rows/47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl"

static char *tmp_root;

static void
collect_files (const char *dir,
               GPtrArray  *files)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else if (g_str_has_suffix (name, ".jsonl"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* What json-glib reads of a reply line: NULL for any other line. */
static JsonObject *
usage_of (JsonObject  *line,
          JsonObject **message)
{
  *message = cairn_json_get_object (line, "message");
  if (g_strcmp0 (cairn_json_get_string (line, "type"), "assistant") != 0 || *message == NULL)
    return NULL;
  return cairn_json_get_object (*message, "usage");
}

static void
check_line (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  CairnUsageFacts facts;
  CairnUsageLineKind kind = cairn_usage_scan_line (text, strlen (text), &facts);
  JsonObject *line, *message, *usage;

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  line = json_node_get_object (json_parser_get_root (parser));
  usage = usage_of (line, &message);
  if (usage == NULL)
    {
      g_assert_cmpint (kind, ==, CAIRN_USAGE_LINE_NONE);
      return;
    }
  g_assert_cmpint (kind, ==, CAIRN_USAGE_LINE_USAGE);
  g_assert_cmpuint (facts.input, ==, cairn_json_get_int (usage, "input_tokens", -1));
  g_assert_cmpuint (facts.output, ==, cairn_json_get_int (usage, "output_tokens", -1));
  g_assert_cmpuint (facts.cache_write, ==, cairn_json_get_int (usage, "cache_creation_input_tokens", -1));
  g_assert_cmpuint (facts.cache_read, ==, cairn_json_get_int (usage, "cache_read_input_tokens", -1));
  g_assert_cmpmem (text + facts.model_start, facts.model_length, cairn_json_get_string (message, "model"),
                   strlen (cairn_json_get_string (message, "model")));
  g_assert_cmpmem (text + facts.message_id_start, facts.message_id_length, cairn_json_get_string (message, "id"),
                   strlen (cairn_json_get_string (message, "id")));
  g_assert_cmpmem (text + facts.request_id_start, facts.request_id_length,
                   cairn_json_get_string (line, "requestId"), strlen (cairn_json_get_string (line, "requestId")));
}

/* Every line the real CLI wrote reads as json-glib reads it. */
static void
test_real_lines (void)
{
  g_autofree char *history = cairn_test_data_path ("history");
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint replies = 0;

  collect_files (history, files);
  g_assert_cmpuint (files->len, >=, 6);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *contents = NULL;
      g_auto(GStrv) lines = NULL;

      g_assert_true (g_file_get_contents (g_ptr_array_index (files, i), &contents, NULL, NULL));
      lines = g_strsplit (contents, "\n", -1);
      for (guint j = 0; lines[j] != NULL; j++)
        if (lines[j][0] != '\0')
          {
            check_line (lines[j]);
            replies += strstr (lines[j], "\"usage\"") != NULL;
          }
    }
  g_assert_cmpuint (replies, >=, 20);
}

/* One reply line as json-glib reads it, for the expected figures. */
typedef struct
{
  gint64  time_us;
  guint   order;
  char   *key;
  gboolean sidechain;
  gint64  input, output, cache_write, cache_read;
} Expected;

static gint64
expected_tokens (const Expected *one)
{
  return one->input + one->output + one->cache_write + one->cache_read;
}

static int
expected_by_time (gconstpointer a,
                  gconstpointer b)
{
  const Expected *x = a, *y = b;

  if (x->time_us != y->time_us)
    return x->time_us < y->time_us ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static int
by_path (gconstpointer a,
         gconstpointer b)
{
  return strcmp (*(const char **)a, *(const char **)b);
}

static void
expect_lines (const char *path,
              GArray     *expected)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint j = 0; lines[j] != NULL; j++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GDateTime) time = NULL;
      JsonObject *line, *message, *usage;
      Expected one = { 0 };

      if (lines[j][0] == '\0' || !json_parser_load_from_data (parser, lines[j], -1, NULL))
        continue;
      line = json_node_get_object (json_parser_get_root (parser));
      if ((usage = usage_of (line, &message)) == NULL)
        continue;
      time = g_date_time_new_from_iso8601 (cairn_json_get_string (line, "timestamp"), NULL);
      one.time_us = g_date_time_to_unix (time) * G_USEC_PER_SEC + g_date_time_get_microsecond (time);
      one.order = expected->len;
      one.key = g_strconcat (cairn_json_get_string (message, "id"), ":", cairn_json_get_string (line, "requestId"), NULL);
      one.sidechain = cairn_json_get_bool (line, "isSidechain", FALSE);
      one.input = cairn_json_get_int (usage, "input_tokens", 0);
      one.output = cairn_json_get_int (usage, "output_tokens", 0);
      one.cache_write = cairn_json_get_int (usage, "cache_creation_input_tokens", 0);
      one.cache_read = cairn_json_get_int (usage, "cache_read_input_tokens", 0);
      g_array_append_val (expected, one);
    }
}

/* The recorded history as a projects folder: each request once, the
 * first in time order (then path order) kept unless a later copy is the
 * main conversation's where the kept one is a sidechain's, or has more
 * tokens (ccusage's choice). The rows recording writes
 * each reply's content blocks as lines of one request, compaction wrote
 * one line twice, the subagent's file is in; and the fake API's ids start
 * again in each recording, so the same ids in two recordings are counted
 * once too, as a fork's copied lines would be. */
static void
test_real_history (void)
{
  g_autofree char *history = cairn_test_data_path ("history");
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);   /* key → Expected kept */
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Expected));
  g_autoptr(CairnUsageData) data = cairn_test_usage_load (history, NULL);
  CairnUsageSums want = { 0 }, got = cairn_test_usage_total (data);
  GHashTableIter iter;
  Expected *chosen;

  collect_files (history, files);
  g_ptr_array_sort (files, by_path);
  for (guint i = 0; i < files->len; i++)
    expect_lines (g_ptr_array_index (files, i), expected);
  g_array_sort (expected, expected_by_time);
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *one = &g_array_index (expected, Expected, i);
      Expected *kept = g_hash_table_lookup (seen, one->key);

      if (kept == NULL || (kept->sidechain && !one->sidechain) ||
          (kept->sidechain == one->sidechain && expected_tokens (one) > expected_tokens (kept)))
        g_hash_table_insert (seen, one->key, one);
    }
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&chosen))
    {
      want.input += chosen->input;
      want.output += chosen->output;
      want.cache_write += chosen->cache_write;
      want.cache_read += chosen->cache_read;
    }
  g_assert_cmpuint (data->files, ==, files->len);
  g_assert_cmpuint (got.requests, ==, g_hash_table_size (seen));
  g_assert_cmpuint (data->duplicates, ==, expected->len - g_hash_table_size (seen));
  g_assert_cmpuint (data->duplicates, >=, 9);
  g_assert_cmpuint (got.input, ==, want.input);
  g_assert_cmpuint (got.output, ==, want.output);
  g_assert_cmpuint (got.cache_write, ==, want.cache_write);
  g_assert_cmpuint (got.cache_read, ==, want.cache_read);
  g_assert_cmpuint (data->bad_lines, ==, 0);
  g_assert_cmpuint (data->unreadable_files, ==, 0);
  /* claude-opus-4-8 is in the table: every request has a price */
  g_assert_cmpuint (got.unpriced, ==, 0);
  g_assert_cmpfloat (got.cost, >, 0);
  for (guint i = 0; i < expected->len; i++)
    g_free (g_array_index (expected, Expected, i).key);
}

/* The made history: two projects, a fork repeating a request, a
 * subagent's file repeating another, a reply of each kind of bad input,
 * and files that can't be read. */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/usage/real-lines", test_real_lines);
  g_test_add_func ("/cairn/usage/real-history", test_real_history);

  return cairn_test_run_in_dir (&tmp_root, "usage-recorded");
}
