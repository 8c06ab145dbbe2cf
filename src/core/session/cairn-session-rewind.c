/* cairn-session-rewind.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "history/cairn-history-paths.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-transcript-builder.h"

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
 *
 * The message is named by its uuid in the session file. A prompt read
 * back from history has it; one sent in Cairn is found in the file: the
 * CLI (2.1.330) writes a uuid of its own there, whatever the client
 * sends. The n-th prompt of that text in the transcript is the n-th user
 * line with that text in the file. */

typedef struct
{
  GFile         *file;
  char          *text;
  guint          nth;
  CairnTextItem *prompt;
  gboolean       dry_run;
} Rewind;

static void
rewind_free (Rewind *rewind)
{
  g_clear_object (&rewind->file);
  g_clear_object (&rewind->prompt);
  g_free (rewind->text);
  g_free (rewind);
}

/* The text of a user line that is the user's prompt (not a tool result,
 * not one the CLI made itself), or NULL. */
static char *
prompt_text (JsonObject *line)
{
  JsonObject *message = cairn_json_get_object (line, "message");
  JsonArray *blocks = cairn_json_get_array (message, "content");

  if (g_strcmp0 (cairn_json_get_string (line, "type"), "user") != 0 ||
      cairn_json_get_bool (line, "isMeta", FALSE) || cairn_json_get_bool (line, "isSidechain", FALSE))
    return NULL;
  if (cairn_json_get_string (message, "content") != NULL)
    return g_strdup (cairn_json_get_string (message, "content"));
  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    if (g_strcmp0 (cairn_json_get_string (cairn_json_array_get_object (blocks, i), "type"), "tool_result") == 0)
      return NULL;
  return blocks ? cairn_transcript_join_text_blocks (blocks) : NULL;
}

static void
find_uuid_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  Rewind *rewind = task_data;
  g_autoptr(GFileInputStream) stream = g_file_read (rewind->file, cancellable, NULL);
  g_autoptr(GDataInputStream) lines = stream ? g_data_input_stream_new (G_INPUT_STREAM (stream)) : NULL;
  guint seen = 0;
  char *line;
  gsize length;

  while (lines != NULL && (line = g_data_input_stream_read_line (lines, &length, cancellable, NULL)) != NULL)
    {
      g_autofree char *owned = line;
      g_autoptr(JsonObject) object = NULL;
      g_autofree char *text = NULL;

      /* most lines are not the user's: not parsed */
      if (strstr (line, "\"type\":\"user\"") == NULL || (object = cairn_json_parse_line (line, length)) == NULL ||
          (text = prompt_text (object)) == NULL || g_strcmp0 (text, rewind->text) != 0 || seen++ < rewind->nth)
        continue;
      g_task_return_pointer (task, g_strdup (cairn_json_get_string (object, "uuid")), g_free);
      return;
    }
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                           _("This message is not in the conversation’s file yet"));
}

/* Of the prompts in @transcript with the text of @prompt, the how-many-th
 * @prompt is. */
static guint
ordinal_of (CairnTranscript *transcript,
            CairnTextItem   *prompt)
{
  GListModel *items = G_LIST_MODEL (transcript);
  guint nth = 0;

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);

      if (item == CAIRN_ITEM (prompt))
        break;
      nth += cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER &&
             g_strcmp0 (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)), cairn_text_item_get_text (prompt)) == 0;
    }
  return nth;
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
  Rewind *rewind = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *uuid = g_task_propagate_pointer (G_TASK (result), &error);

  if (uuid == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  cairn_text_item_set_uuid (rewind->prompt, uuid);   /* found once */
  send_rewind (task, uuid);
}

static GFile *
session_file (CairnSession *self)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (self->history_file != NULL)
    return g_object_ref (self->history_file);
  folder = cairn_history_project_folder (self->cwd);
  name = g_strdup_printf ("%s.jsonl", self->session_id);
  return g_file_get_child (folder, name);
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
  g_autoptr(GTask) finding = NULL;
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
  if (self->session_id == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                               _("This message is not in the conversation’s file yet"));
      g_object_unref (task);
      return;
    }
  /* the thread has a copy of what it needs */
  finding = g_task_new (self, cancellable, uuid_found_cb, task);
  rewind = g_new0 (Rewind, 1);
  rewind->file = session_file (self);
  rewind->text = g_strdup (cairn_text_item_get_text (prompt));
  rewind->nth = ordinal_of (cairn_session_get_transcript (self), prompt);
  g_task_set_task_data (finding, rewind, (GDestroyNotify)rewind_free);
  g_task_run_in_thread (finding, find_uuid_thread);
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
