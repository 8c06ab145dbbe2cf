/* cairn-session-rewind.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-text-item.h"

void
cairn_rewind_result_free (CairnRewindResult *result)
{
  g_strfreev (result->files_changed);
  g_free (result);
}

static void
rewound_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = cairn_cli_connection_send_control_finish (CAIRN_CLI_CONNECTION (object),
                                                                          result, &error);
  g_autoptr(GStrvBuilder) files = g_strv_builder_new ();
  CairnRewindResult *rewind;
  JsonArray *changed;

  if (reply == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (!cairn_json_get_bool (reply, "canRewind", TRUE))
    {
      const char *why = cairn_json_get_string (reply, "error");
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                               why ? why : _("The files can’t be put back to this message"));
      return;
    }
  changed = cairn_json_get_array (reply, "filesChanged");
  for (guint i = 0; changed != NULL && i < json_array_get_length (changed); i++)
    if (cairn_json_array_get_string (changed, i) != NULL)
      g_strv_builder_add (files, cairn_json_array_get_string (changed, i));
  rewind = g_new0 (CairnRewindResult, 1);
  rewind->files_changed = g_strv_builder_end (files);
  rewind->insertions = MAX (0, cairn_json_get_int (reply, "insertions", 0));
  rewind->deletions = MAX (0, cairn_json_get_int (reply, "deletions", 0));
  g_task_return_pointer (task, rewind, (GDestroyNotify)cairn_rewind_result_free);
}

/* Restoring files: the CLI keeps a copy of each file before a turn
 * changes it (file checkpointing, which the launcher turns on), and
 * `rewind_files` puts them back as they were before a user message
 * (docs/protocol.md, "Restoring files"). The conversation itself is not
 * rewound.
 * The message is named by its uuid in the session file
 * (cairn-session-prompts.c finds it). */

typedef struct
{
  CairnTextItem *prompt;
  gboolean       dry_run;
} Rewind;

static void
rewind_free (Rewind *rewind)
{
  g_clear_object (&rewind->prompt);
  g_free (rewind);
}

static void
send_rewind (GTask      *task,
             const char *uuid)
{
  CairnSession *self = g_task_get_source_object (task);
  Rewind *rewind = g_task_get_task_data (task);
  g_autoptr(JsonObject) request = json_object_new ();

  if (self->connection == NULL && !cairn_session_start (self))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                               _("Claude Code is not running for this conversation"));
      g_object_unref (task);
      return;
    }
  json_object_set_string_member (request, "subtype", "rewind_files");
  json_object_set_string_member (request, "user_message_id", uuid);
  if (rewind->dry_run)
    json_object_set_boolean_member (request, "dry_run", TRUE);
  cairn_cli_connection_send_control_async (self->connection, request, g_task_get_cancellable (task),
                                           rewound_cb, task);
}

static void
uuid_found_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnPromptLine) line = _cairn_session_find_prompt_finish (CAIRN_SESSION (source), result, &error);

  if (line == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  send_rewind (task, line->uuid);
}

/**
 * cairn_session_rewind_files_async:
 * @prompt: one of the user's prompts in the transcript
 * @dry_run: only say what would change
 *
 * Puts the files the conversation changed back as they were before
 * @prompt, or with @dry_run says which would change and by how many
 * lines. A conversation opened from history has its CLI started for it
 * (`--resume`).
 */
void
cairn_session_rewind_files_async (CairnSession        *self,
                                  CairnTextItem       *prompt,
                                  gboolean             dry_run,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Rewind *rewind = g_new0 (Rewind, 1);

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (prompt));

  g_task_set_source_tag (task, cairn_session_rewind_files_async);
  rewind->prompt = g_object_ref (prompt);
  rewind->dry_run = dry_run;
  g_task_set_task_data (task, rewind, (GDestroyNotify)rewind_free);
  if (cairn_text_item_get_uuid (prompt) != NULL)
    {
      send_rewind (task, cairn_text_item_get_uuid (prompt));
      return;
    }
  _cairn_session_find_prompt_async (self, prompt, FALSE, cancellable, uuid_found_cb, task);
}

/**
 * cairn_session_rewind_files_finish:
 *
 * Returns: (transfer full): what changed (or would); free with
 *   cairn_rewind_result_free()
 */
CairnRewindResult *
cairn_session_rewind_files_finish (CairnSession  *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
