/* cairn-export-read.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "export/cairn-export-private.h"
#include "history/cairn-conversation-info.h"
#include "history/cairn-history-branches.h"
#include "history/cairn-history-lines.h"
#include "history/cairn-history-replay.h"
#include "transcript/cairn-text-item.h"

/* The conversation as the user sees it when it is opened: the lines of
 * the branch shown (never an abandoned one), replayed by the builder the
 * window uses, so an export holds the same items as its rows. Read by
 * offset, as opening does: the file is never held whole in memory. */

static void
mark_branch (GHashTable *positions,
             CairnItem  *item)
{
  const char *uuid;
  CairnBranchPosition *position;

  if (cairn_item_get_kind (item) != CAIRN_ITEM_KIND_USER ||
      (uuid = cairn_text_item_get_uuid (CAIRN_TEXT_ITEM (item))) == NULL ||
      (position = g_hash_table_lookup (positions, uuid)) == NULL)
    return;
  cairn_text_item_set_branch (CAIRN_TEXT_ITEM (item), position->parent, position->index, position->count);
}

static gboolean
replay_shown (CairnExportSource  *source,
              GFile              *conversation,
              GInputStream       *stream,
              GCancellable       *cancellable,
              GError            **error)
{
  g_autoptr(CairnHistoryLines) lines = cairn_history_lines_read (stream, cancellable, error);
  g_autoptr(GArray) shown = lines ? cairn_history_lines_shown (lines) : NULL;
  g_autoptr(GHashTable) positions = shown ? cairn_history_branch_positions (lines, shown) : NULL;
  g_autoptr(CairnHistoryReplay) replay = NULL;
  GListModel *transcript;

  if (lines == NULL)
    return FALSE;
  replay = cairn_history_replay_new (source->cwd, conversation);
  for (guint i = 0; i < shown->len; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (lines, g_array_index (shown, guint, i));
      g_autoptr(CairnMessage) message = cairn_history_read_line (stream, line, cancellable, error);

      if (message == NULL)
        return FALSE;
      cairn_history_replay_line (replay, message);
    }
  cairn_history_replay_finish (replay);
  transcript = G_LIST_MODEL (cairn_transcript_builder_get_transcript (cairn_history_replay_get_builder (replay)));
  for (guint i = 0; i < g_list_model_get_n_items (transcript); i++)
    {
      CairnItem *item = g_list_model_get_item (transcript, i);

      mark_branch (positions, item);
      g_ptr_array_add (source->items, item);
    }
  return TRUE;
}

/* <id>.jsonl: the conversation's id is its file's name */
static char *
session_id_of (GFile *conversation)
{
  g_autofree char *base = g_file_get_basename (conversation);

  return g_str_has_suffix (base, ".jsonl") ? g_strndup (base, strlen (base) - strlen (".jsonl"))
                                           : g_steal_pointer (&base);
}

/**
 * _cairn_export_read:
 *
 * Fills @source with the conversation's title, folder and items
 * (blocking: call it in a thread, or from the command line).
 */
gboolean
_cairn_export_read (CairnExportSource  *source,
                    GFile              *conversation,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autoptr(CairnConversationInfo) info = cairn_conversation_info_read (conversation, cancellable, error);
  g_autoptr(GFileInputStream) stream = NULL;

  if (info == NULL)
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("This is no conversation"));
      return FALSE;
    }
  source->session_id = session_id_of (conversation);
  source->title = g_strdup (cairn_conversation_info_get_title (info) ?: source->session_id);
  source->cwd = g_strdup (cairn_conversation_info_get_cwd (info));
  source->items = g_ptr_array_new_with_free_func (g_object_unref);
  source->images = g_ptr_array_new ();
  if ((stream = g_file_read (conversation, cancellable, error)) == NULL)
    return FALSE;
  return replay_shown (source, conversation, G_INPUT_STREAM (stream), cancellable, error);
}

void
_cairn_export_source_clear (CairnExportSource *source)
{
  g_clear_pointer (&source->title, g_free);
  g_clear_pointer (&source->cwd, g_free);
  g_clear_pointer (&source->session_id, g_free);
  g_clear_pointer (&source->items, g_ptr_array_unref);
  g_clear_pointer (&source->images, g_ptr_array_unref);
}
