/* test-search.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "cairn-test-harness.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "search/cairn-search.h"
#include "search/cairn-search-hit.h"
#include "search/cairn-search-scan.h"

/* Full-text search over session files: on a session file the real CLI
 * wrote (tests/data/history/rows), on lines made to go wrong, and the
 * search object streaming hits from a thread. */

#define ROWS_SESSION "history/rows/47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl"

static gboolean
collect_match (const CairnSearchMatch *match,
               gpointer                user_data)
{
  GPtrArray *snippets = user_data;

  /* the reported range is the query, whatever its case */
  g_ptr_array_add (snippets, g_strndup (match->snippet + match->match_start, match->match_length));
  g_ptr_array_add (snippets, g_strdup (match->snippet));
  return TRUE;
}

static GPtrArray *
scan (const char *buffer,
      const char *query,
      guint       max)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  cairn_search_scan_buffer (buffer, strlen (buffer), query, max, collect_match, found);
  return found;
}

static char *
load_rows_session (void)
{
  g_autofree char *path = cairn_test_data_path (ROWS_SESSION);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* Words of a reply, a prompt, a tool's output and a tool's input are
 * found, in any case; the match is marked in its snippet. */
static void
test_scan_recorded_session (void)
{
  g_autofree char *contents = load_rows_session ();
  g_autoptr(GPtrArray) done = scan (contents, "all DONE", 10);
  g_autoptr(GPtrArray) prompt = scan (contents, "please do everything", 10);
  g_autoptr(GPtrArray) output = scan (contents, "beta needle", 10);
  g_autoptr(GPtrArray) input = scan (contents, "missing-file", 10);

  g_assert_cmpuint (done->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (done, 0), ==, "All done");
  g_assert_cmpuint (prompt->len, >=, 2);
  g_assert_cmpstr (g_ptr_array_index (prompt, 0), ==, "Please do everything");
  g_assert_cmpuint (output->len, >=, 2);
  g_assert_cmpuint (input->len, >=, 2);
  g_assert_null (strchr (g_ptr_array_index (input, 1), '\n'));
}

/* ids, keys and metadata are not what a conversation shows */
static void
test_scan_ignores_ids_and_keys (void)
{
  g_autofree char *contents = load_rows_session ();
  g_autoptr(GPtrArray) uuid = scan (contents, "59cc3d9b-caba", 10);
  g_autoptr(GPtrArray) key = scan (contents, "parentUuid", 10);
  g_autoptr(GPtrArray) entry = scan (contents, "sdk-cli", 10);

  g_assert_cmpuint (uuid->len, ==, 0);
  g_assert_cmpuint (key->len, ==, 0);
  g_assert_cmpuint (entry->len, ==, 0);
}

/* What the search found before lines were walked before being parsed:
 * every line where the words occur parsed, and its shown text searched. */
static GArray *
reference_matches (const char *buffer,
                   const char *query)
{
  GArray *offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  const char *line = buffer, *end = buffer + strlen (buffer);

  for (const char *newline; line < end; line = newline + 1)
    {
      g_autofree char *valid = NULL;
      g_autofree char *text = NULL;
      g_autoptr(JsonObject) object = NULL;
      CairnSearchMatch match = { 0 };
      gsize offset = line - buffer;

      newline = memchr (line, '\n', end - line);
      newline = newline ? newline : end;
      if (!cairn_search_find_ascii_folded (line, newline - line, query, strlen (query)))
        continue;
      valid = g_utf8_make_valid (line, newline - line);
      if ((object = cairn_json_parse_line (valid, strlen (valid))) == NULL ||
          cairn_json_get_bool (object, "isSidechain", FALSE) ||
          (text = cairn_search_line_text (object)) == NULL || !cairn_search_make_snippet (text, query, &match))
        continue;
      g_free (match.snippet);
      g_array_append_val (offsets, offset);
    }
  return offsets;
}

static gboolean
collect_offset (const CairnSearchMatch *match,
                gpointer                user_data)
{
  g_array_append_val ((GArray *)user_data, match->line_offset);
  return TRUE;
}

/* Lines are walked before they are parsed, to parse only those where the
 * words may be in what is shown: on every recording of the real CLI, for
 * words of keys, ids, values and texts, the same lines are found as when
 * each was parsed. */
static void
test_scan_walk_finds_the_same (void)
{
  static const char *queries[] = {
    "uuid", "type", "text", "content", "tool_use", "tool_result", "input", "file_path", "session", "message",
    "thinking", "summary", "title", "user", "assistant", "image", "needle", "done", "please", "the", "e", ":",
    "\"", "{", "toolu_", "claude", "command", "todo", "error", "cwd", "last-prompt", "sdk-cli", "model",
  };
  g_autofree char *dir = cairn_test_data_path ("history");
  g_autofree char *recordings = cairn_test_data_path ("2.1.330");
  const char *folders[] = { dir, recordings };
  guint files = 0;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GDir) top = g_dir_open (folders[f], 0, NULL);
      const char *name;

      while (top != NULL && (name = g_dir_read_name (top)) != NULL)
        {
          g_autofree char *path = g_build_filename (folders[f], name, NULL);
          g_autoptr(GDir) sub = g_dir_open (path, 0, NULL);
          const char *inner;

          if (g_str_has_suffix (name, ".jsonl"))
            g_ptr_array_add (paths, g_steal_pointer (&path));
          while (sub != NULL && (inner = g_dir_read_name (sub)) != NULL)
            if (g_str_has_suffix (inner, ".jsonl"))
              g_ptr_array_add (paths, g_build_filename (path, inner, NULL));
        }
      for (guint i = 0; i < paths->len; i++)
        {
          g_autofree char *contents = NULL;

          g_assert_true (g_file_get_contents (g_ptr_array_index (paths, i), &contents, NULL, NULL));
          files++;
          for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
            {
              g_autoptr(GArray) expected = reference_matches (contents, queries[q]);
              g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (gsize));

              cairn_search_scan_buffer (contents, strlen (contents), queries[q], G_MAXUINT, collect_offset, found);
              g_assert_cmpuint (found->len, ==, expected->len);
              for (guint k = 0; k < found->len; k++)
                g_assert_cmpuint (g_array_index (found, gsize, k), ==, g_array_index (expected, gsize, k));
            }
        }
    }
  g_assert_cmpuint (files, >=, 20);
}

/* Broken lines are skipped, the others still found; at most @max. */
static void
test_scan_bad_lines (void)
{
  g_autoptr(GString) buffer = g_string_new (NULL);
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GPtrArray) capped = NULL;
  g_autofree char *big = g_strnfill (400 * 1024, 'x');

  g_string_append (buffer, "{\"type\":\"user\",\"message\":{\"content\":\"cut mid-wri\n");
  g_string_append (buffer, "not json at all, although it says needle\n");
  g_string_append (buffer, "{\"type\":\"user\",\"message\":{\"content\":\"invalid \xff\xfe needle here\"}}\n");
  g_string_append_printf (buffer, "{\"type\":\"assistant\",\"message\":{\"content\":"
                          "[{\"type\":\"text\",\"text\":\"%s needle %s\"}]}}\n", big, big);
  /* nested past json-glib's recursion: refused unread, not a crash */
  g_string_append (buffer, "{\"type\":\"user\",\"message\":{\"content\":");
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (buffer, '[');
  g_string_append (buffer, "\"deep needle\"");
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (buffer, ']');
  g_string_append (buffer, "}}\n");
  g_string_append (buffer, "{\"type\":\"user\",\"isSidechain\":true,\"message\":{\"content\":\"needle\"}}\n");
  g_string_append (buffer, "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"last needle\"}]}}");

  found = scan (buffer->str, "NEEDLE", 10);
  g_assert_cmpuint (found->len, ==, 6);
  g_assert_true (g_utf8_validate (g_ptr_array_index (found, 1), -1, NULL));
  /* the 400 KB line: a snippet, not the whole line */
  g_assert_cmpuint (strlen (g_ptr_array_index (found, 3)), <, 200);
  g_assert_nonnull (strstr (g_ptr_array_index (found, 5), "last needle"));

  capped = scan (buffer->str, "needle", 1);
  g_assert_cmpuint (capped->len, ==, 2);
}

static void
test_find_ascii_folded (void)
{
  const char *hay = "abcABCabc";

  g_assert_true (cairn_search_find_ascii_folded (hay, 9, "CAB", 3) == hay + 2);
  g_assert_true (cairn_search_find_ascii_folded (hay, 9, "bca", 3) == hay + 1);
  g_assert_null (cairn_search_find_ascii_folded (hay, 9, "abcd", 4));
  g_assert_null (cairn_search_find_ascii_folded (hay, 2, "abc", 3));
  g_assert_null (cairn_search_find_ascii_folded (hay, 9, "", 0));
}

typedef struct
{
  CairnSearch *search;
} Wait;

static gboolean
search_done (gpointer data)
{
  return !cairn_search_get_running (data);
}

static char *
make_project (const char *name)
{
  g_autofree char *dir = cairn_test_make_dir ("search");
  g_autofree char *session = cairn_test_data_path (ROWS_SESSION);
  g_autofree char *contents = NULL;
  g_autofree char *copy = g_build_filename (dir, "11111111-0000-0000-0000-000000000000.jsonl", NULL);
  g_autofree char *other = g_build_filename (dir, "22222222-0000-0000-0000-000000000000.jsonl", NULL);
  g_autofree char *empty = g_build_filename (dir, "33333333-0000-0000-0000-000000000000.jsonl", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);

  g_assert_true (g_file_get_contents (session, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  g_assert_true (g_file_set_contents (other, "{\"type\":\"user\",\"message\":{\"content\":\"pineapple all done\"}}\n", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", -1, NULL));
  g_assert_true (g_file_set_contents (notes, "all done, but not a conversation", -1, NULL));
  return g_steal_pointer (&dir);
}

/* Hits stream into the model from a thread, with progress; each names
 * its conversation. */
static void
test_search_streams_hits (void)
{
  g_autofree char *dir = make_project ("search");
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(CairnSearch) search = cairn_search_new ();
  GListModel *hits = cairn_search_get_hits (search);
  g_autoptr(GHashTable) sessions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_ptr_array_add (folders, g_file_new_for_path (dir));
  cairn_search_start (search, "ALL DONE", folders);
  g_assert_true (cairn_search_get_running (search));
  g_assert_true (cairn_test_wait_until (search_done, search, 10000));

  g_assert_cmpuint (cairn_search_get_files_total (search), ==, 3);
  g_assert_cmpuint (cairn_search_get_files_done (search), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (hits), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(CairnSearchHit) hit = g_list_model_get_item (hits, i);
      g_hash_table_add (sessions, g_strdup (cairn_search_hit_get_session_id (hit)));
      g_assert_cmpint (g_ascii_strncasecmp (cairn_search_hit_get_snippet (hit) + cairn_search_hit_get_match_start (hit),
                                            "all done", 8), ==, 0);
    }
  g_assert_true (g_hash_table_contains (sessions, "11111111-0000-0000-0000-000000000000"));
  g_assert_true (g_hash_table_contains (sessions, "22222222-0000-0000-0000-000000000000"));
  cairn_test_remove_dir (dir);
}

/* The next keystroke's search replaces the one before: none of the old
 * hits show up late. */
static void
test_search_is_replaced (void)
{
  g_autofree char *dir = make_project ("search");
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(CairnSearch) search = cairn_search_new ();
  GListModel *hits = cairn_search_get_hits (search);

  g_ptr_array_add (folders, g_file_new_for_path (dir));
  cairn_search_start (search, "all done", folders);
  cairn_search_start (search, "pineapple", folders);
  g_assert_true (cairn_test_wait_until (search_done, search, 10000));
  cairn_test_run_for (100);
  g_assert_cmpuint (g_list_model_get_n_items (hits), ==, 1);
  cairn_search_start (search, "", folders);
  g_assert_cmpuint (g_list_model_get_n_items (hits), ==, 0);
  g_assert_false (cairn_search_get_running (search));

  /* dropped while it runs: the thread finishes on its own */
  cairn_search_start (search, "all done", folders);
  g_clear_object (&search);
  cairn_test_run_for (200);
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/search/find-ascii-folded", test_find_ascii_folded);
  g_test_add_func ("/cairn/search/scan-recorded-session", test_scan_recorded_session);
  g_test_add_func ("/cairn/search/scan-ignores-ids-and-keys", test_scan_ignores_ids_and_keys);
  g_test_add_func ("/cairn/search/scan-bad-lines", test_scan_bad_lines);
  g_test_add_func ("/cairn/search/scan-walk-finds-the-same", test_scan_walk_finds_the_same);
  g_test_add_func ("/cairn/search/streams-hits", test_search_streams_hits);
  g_test_add_func ("/cairn/search/is-replaced", test_search_is_replaced);

  return g_test_run ();
}
