/* cairn-written-changes.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <stdlib.h>

#include "protocol/cairn-tool-summary.h"
#include "transcript/cairn-tool-call-item.h"
#include "session/cairn-written-changes.h"

/* What a conversation changed where git can't say (a folder outside any
 * repository, or no git): the files its Edit, Write, MultiEdit and
 * NotebookEdit calls changed, subagents' calls too, each with the diffs
 * those calls described (the result's patch, else the input's
 * old_string/new_string). A Write says only that it wrote the file: what
 * was there before is unknown. There is no base, so nothing to undo
 * from. */

/**
 * cairn_written_changes_relative:
 *
 * Returns: (nullable): @path relative to @toplevel (as given or with links
 *   resolved), NULL when it is outside
 */
char *
cairn_written_changes_relative (const char *toplevel,
                                const char *path)
{
  g_autofree char *real = realpath (path, NULL);
  g_autofree char *real_top = realpath (toplevel, NULL);
  const char *candidates[] = { path, real };
  const char *tops[] = { toplevel, real_top };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    for (guint j = 0; j < G_N_ELEMENTS (tops); j++)
      {
        gsize n = tops[j] ? strlen (tops[j]) : 0;
        if (candidates[i] && n > 0 && strncmp (candidates[i], tops[j], n) == 0 && candidates[i][n] == '/')
          return g_strdup (candidates[i] + n + 1);
      }
  return NULL;
}

static void
add_call (CairnGitChanges   *changes,
          GHashTable        *by_path,
          CairnToolCallItem *call)
{
  const char *path = cairn_tool_call_item_get_written_path (call);
  const char *diff = cairn_tool_call_item_get_diff (call);
  g_autofree char *shown = NULL;
  CairnGitFileChange *file;
  guint added = 0, removed = 0;

  /* a call refused, failed or still running changed nothing yet */
  if (path == NULL || !g_path_is_absolute (path) ||
      cairn_tool_call_item_get_status (call) != CAIRN_TOOL_STATUS_DONE)
    return;
  shown = cairn_written_changes_relative (changes->toplevel, path);
  if (shown == NULL)
    shown = g_strdup (path);
  if ((file = g_hash_table_lookup (by_path, shown)) == NULL)
    {
      file = cairn_git_changes_add_file (changes, shown, 0, 0, FALSE);
      g_hash_table_insert (by_path, file->path, file);
    }
  file->written |= g_str_equal (cairn_tool_call_item_get_name (call), "Write");
  cairn_tool_count_diff_lines (diff, &added, &removed);
  file->added += added;
  file->removed += removed;
  if (diff != NULL)
    {
      char *joined = g_strconcat (file->known_diff ? file->known_diff : "", diff,
                                  g_str_has_suffix (diff, "\n") ? "" : "\n", NULL);
      g_free (file->known_diff);
      file->known_diff = joined;
    }
}

static void
add_calls (CairnGitChanges *changes,
           GHashTable      *by_path,
           GListModel      *items)
{
  guint n = g_list_model_get_n_items (items);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (items, i);
      CairnTranscript *children;

      if (!CAIRN_IS_TOOL_CALL_ITEM (item))
        continue;
      add_call (changes, by_path, CAIRN_TOOL_CALL_ITEM (item));
      if ((children = cairn_tool_call_item_get_children (CAIRN_TOOL_CALL_ITEM (item))) != NULL)
        add_calls (changes, by_path, G_LIST_MODEL (children));
    }
}

/**
 * cairn_written_changes_collect:
 * @transcript: the conversation's items
 * @cwd: the folder it works in; paths under it are shown relative to it
 *
 * Returns: (transfer full): the files in the order first changed, against
 *   no base (`base` is NULL)
 */
CairnGitChanges *
cairn_written_changes_collect (GListModel *transcript,
                               const char *cwd)
{
  CairnGitChanges *changes = cairn_git_changes_new (cwd);
  g_autoptr(GHashTable) by_path = g_hash_table_new (g_str_hash, g_str_equal);

  add_calls (changes, by_path, transcript);
  return changes;
}
