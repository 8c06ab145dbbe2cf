/* cairn-history-branches.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include "history/cairn-history-branches.h"

/* The branches of a conversation (docs/session-files.md): a prompt edited
 * and sent again is written as a sibling of the old one, a user line with
 * the same parentUuid, and the file keeps both. Going from one to another
 * shows the branch that ends at the newest message under it, and appends
 * a `last-prompt` line naming that message (cairn-history-edit.c): the CLI
 * goes on from the branch that line names.
 * Everything here works on the first pass's notes (cairn-history-lines.c):
 * no line is parsed. */

/**
 * cairn_history_line_is_prompt:
 *
 * Whether a line is one of the user's prompts in the main conversation
 * (not a tool result, a subagent's, a compaction summary or a meta line).
 */
gboolean
cairn_history_line_is_prompt (const CairnHistoryLine *line)
{
  return line->kind == CAIRN_LINE_USER && line->uuid != NULL && !line->is_sidechain &&
         !line->is_tool_result && !line->is_meta;
}

/**
 * cairn_history_branch_siblings:
 * @parent: the message the prompts answer
 *
 * Returns: (transfer full) (element-type guint): the indexes of the
 *   prompts that answer @parent, in file order
 */
GArray *
cairn_history_branch_siblings (CairnHistoryLines *lines,
                               const char        *parent)
{
  GArray *siblings = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; parent != NULL && i < cairn_history_lines_get_n (lines); i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (lines, i);

      if (cairn_history_line_is_prompt (line) && g_strcmp0 (line->parent, parent) == 0)
        g_array_append_val (siblings, i);
    }
  return siblings;
}

/**
 * cairn_history_branch_positions:
 * @shown: (element-type guint): the lines shown (cairn_history_lines_shown())
 *
 * Returns: (transfer container): the uuid of each shown prompt that has
 *   siblings → its #CairnBranchPosition (valid as long as @lines)
 */
GHashTable *
cairn_history_branch_positions (CairnHistoryLines *lines,
                                GArray            *shown)
{
  g_autoptr(GHashTable) count_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) seen_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) is_shown = g_hash_table_new (NULL, NULL);
  GHashTable *positions = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < shown->len; i++)
    g_hash_table_add (is_shown, GUINT_TO_POINTER (g_array_index (shown, guint, i) + 1));
  for (guint i = 0; i < cairn_history_lines_get_n (lines); i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (lines, i);
      guint count;

      if (!cairn_history_line_is_prompt (line) || line->parent == NULL)
        continue;
      count = GPOINTER_TO_UINT (g_hash_table_lookup (count_of, line->parent));
      g_hash_table_insert (count_of, (gpointer)line->parent, GUINT_TO_POINTER (count + 1));
    }
  /* a second pass: each prompt's place among its siblings */
  for (guint i = 0; i < cairn_history_lines_get_n (lines); i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (lines, i);
      CairnBranchPosition *position;
      guint count, seen;

      if (!cairn_history_line_is_prompt (line) || line->parent == NULL ||
          (count = GPOINTER_TO_UINT (g_hash_table_lookup (count_of, line->parent))) < 2)
        continue;
      seen = GPOINTER_TO_UINT (g_hash_table_lookup (seen_of, line->parent));
      g_hash_table_insert (seen_of, (gpointer)line->parent, GUINT_TO_POINTER (seen + 1));
      if (!g_hash_table_contains (is_shown, GUINT_TO_POINTER (i + 1)))
        continue;
      position = g_new (CairnBranchPosition, 1);
      position->parent = line->parent;
      position->index = seen;
      position->count = count;
      g_hash_table_insert (positions, (gpointer)line->uuid, position);
    }
  return positions;
}
