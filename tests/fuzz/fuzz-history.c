/* fuzz-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "history/cairn-history-lines.h"
#include "history/cairn-history-scan.h"
#include "search/cairn-search-scan.h"

/* Bytes as a session file: the line scanner, the tree of lines, and the
 * full-text search over them (the input's first byte picks the words). */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static gboolean
count_match (const CairnSearchMatch *match,
             gpointer                user_data)
{
  (*(guint *)user_data)++;
  return TRUE;
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
  if (size > 0)
    cairn_search_scan_buffer (text, size, queries[data[0] % G_N_ELEMENTS (queries)], 10,
                              count_match, &matches);
  return 0;
}
