/* fuzz-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "history/cairn-history-branches.h"
#include "history/cairn-history-lines.h"
#include "history/cairn-history-scan.h"
#include "search/cairn-search-scan.h"

/* Bytes as a session file: the line scanner, the tree of lines, the
 * versions of its prompts and their branches, and the full-text search
 * over them (the input's first byte picks the words). */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static gboolean
count_match (const CairnSearchMatch *match,
             gpointer                user_data)
{
  (*(guint *)user_data)++;
  return TRUE;
}

/* Each shown prompt with versions: its place among them, and the branch
 * of each version, as the arrows would show it. */
static void
check_versions (CairnHistoryLines *lines,
                GArray            *shown)
{
  g_autoptr(GHashTable) positions = cairn_history_branch_positions (lines, shown);
  GHashTableIter iter;
  CairnBranchPosition *position;

  g_hash_table_iter_init (&iter, positions);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&position))
    {
      g_autoptr(GArray) siblings = cairn_history_branch_siblings (lines, position->parent);

      g_assert_true (position->index < position->count);
      g_assert_cmpuint (siblings->len, ==, position->count);
      for (guint i = 0; i < siblings->len; i++)
        {
          guint version = g_array_index (siblings, guint, i);
          guint leaf = cairn_history_lines_newest_under (lines, version);
          g_autoptr(GArray) branch = cairn_history_lines_shown_to (lines, leaf);

          g_assert_cmpuint (leaf, >=, version);
          g_assert_cmpuint (leaf, <, cairn_history_lines_get_n (lines));
          /* each version's branch is a selection of the file's lines */
          g_assert_cmpuint (branch->len, <=, cairn_history_lines_get_n (lines));
        }
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const char *queries[] = { "needle", "a", "\"", "uuid", "é" };
  g_autoptr(CairnHistoryLines) lines = cairn_history_lines_new ();
  g_autoptr(GArray) shown = NULL;
  const char *text = (const char *)data, *end = text + size, *line = text;
  guint matches = 0;

  while (line < end)
    {
      const char *newline = memchr (line, '\n', end - line);
      const char *line_end = newline ? newline : end;
      CairnLineFacts facts;

      cairn_history_scan_line (line, line_end - line, &facts);
      cairn_history_lines_add (lines, line - text, line, line_end - line);
      line = line_end + 1;
    }
  shown = cairn_history_lines_shown (lines);
  check_versions (lines, shown);
  if (size > 0)
    cairn_search_scan_buffer (text, size, queries[data[0] % G_N_ELEMENTS (queries)], 10,
                              count_match, &matches);
  return 0;
}
