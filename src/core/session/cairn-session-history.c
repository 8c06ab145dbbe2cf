/* cairn-session-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "history/cairn-history-chain.h"
#include "history/cairn-history-replay.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-util.h"
#include "session/cairn-session-private.h"

/* Opening a conversation the CLI stored on disk. Its rows are built in a
 * thread, by the same builder as a live reply, and handed over in one
 * model change; no process starts until the user sends something, which
 * then resumes the conversation (--resume) in its model and mode. */

typedef struct
{
  GFile      *file;
  char       *cwd;
  /* results */
  GPtrArray  *items;
  GListModel *todos;
  char       *session_id;
  char       *model;
  char       *mode;
} OpenData;

static void
open_data_free (OpenData *data)
{
  g_clear_object (&data->file);
  g_clear_pointer (&data->cwd, g_free);
  g_clear_pointer (&data->items, g_ptr_array_unref);
  g_clear_object (&data->todos);
  g_clear_pointer (&data->session_id, g_free);
  g_clear_pointer (&data->model, g_free);
  g_clear_pointer (&data->mode, g_free);
  g_free (data);
}

static GPtrArray *
parse_lines (const char *contents,
             gsize       length)
{
  GPtrArray *messages = g_ptr_array_new_with_free_func (g_object_unref);
  const char *line, *end;

  for (line = contents; line < contents + length; line = end + 1)
    {
      end = memchr (line, '\n', contents + length - line);
      if (end == NULL)
        end = contents + length;
      if (end > line)
        g_ptr_array_add (messages, cairn_message_new_from_line (line, end - line));
    }
  return messages;
}

/* What a resumed process needs back: the model of the last reply (not a
 * made-up error message) and the mode of the last prompt. */
static void
keep_resume_facts (OpenData   *data,
                   JsonObject *line)
{
  const char *model = cairn_json_get_string (cairn_json_get_object (line, "message"), "model");
  const char *mode = cairn_json_get_string (line, "permissionMode");
  const char *session_id = cairn_json_get_string (line, "sessionId");

  if (model != NULL && g_strcmp0 (model, "<synthetic>") != 0)
    cairn_set_str (&data->model, model);
  if (mode != NULL)
    cairn_set_str (&data->mode, mode);
  if (session_id != NULL)
    cairn_set_str (&data->session_id, session_id);
}

static void
copy_items (OpenData        *data,
            CairnTranscript *transcript)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (transcript));

  data->items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (data->items, g_list_model_get_item (G_LIST_MODEL (transcript), i));
}

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenData *data = task_data;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) messages = NULL;
  g_autoptr(GPtrArray) shown = NULL;
  g_autoptr(CairnHistoryReplay) replay = NULL;
  CairnTranscriptBuilder *builder;

  if (!g_file_load_contents (data->file, cancellable, &contents, &length, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  messages = parse_lines (contents, length);
  g_clear_pointer (&contents, g_free);
  shown = cairn_history_shown_branch (messages);
  replay = cairn_history_replay_new (data->cwd, data->file);
  for (guint i = 0; i < shown->len; i++)
    {
      cairn_history_replay_line (replay, g_ptr_array_index (shown, i));
      keep_resume_facts (data, cairn_message_get_object (g_ptr_array_index (shown, i)));
    }
  cairn_history_replay_finish (replay);
  builder = cairn_history_replay_get_builder (replay);
  copy_items (data, cairn_transcript_builder_get_transcript (builder));
  data->todos = g_object_ref (cairn_transcript_builder_get_todos (builder));
  g_task_return_boolean (task, TRUE);
}

/**
 * cairn_session_open_conversation_async:
 * @file: the conversation's session file
 *
 * Shows a stored conversation in this (new, empty) session. Sending a
 * prompt afterwards resumes it.
 */
void
cairn_session_open_conversation_async (CairnSession        *self,
                                       GFile               *file,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  OpenData *data = g_new0 (OpenData, 1);
  g_autofree char *base = g_file_get_basename (file);

  g_return_if_fail (CAIRN_IS_SESSION (self));

  data->file = g_object_ref (file);
  data->cwd = g_strdup (self->cwd);
  if (g_str_has_suffix (base, ".jsonl"))
    data->session_id = g_strndup (base, strlen (base) - strlen (".jsonl"));
  g_task_set_source_tag (task, cairn_session_open_conversation_async);
  g_task_set_task_data (task, data, (GDestroyNotify)open_data_free);
  g_task_run_in_thread (task, open_thread);
}

/**
 * cairn_session_open_conversation_finish:
 *
 * Returns: %FALSE with @error set when the file could not be read; the
 *   conversation then says so.
 */
gboolean
cairn_session_open_conversation_finish (CairnSession  *self,
                                        GAsyncResult  *result,
                                        GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  OpenData *data;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), &local_error))
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _cairn_session_append_notice (self, CAIRN_NOTICE_ERROR, _("This conversation could not be read"),
                                      local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  data = g_task_get_task_data (G_TASK (result));
  cairn_transcript_append_all (cairn_session_get_transcript (self), data->items);
  cairn_transcript_builder_set_todos (self->builder, data->todos);
  cairn_session_resume_conversation (self, data->session_id, data->model, data->mode);
  return TRUE;
}

/**
 * cairn_session_resume_conversation:
 * @model: (nullable): the model it last used
 * @mode: (nullable): the permission mode it was last in
 *
 * The next prompt continues the stored conversation @session_id
 * (`--resume`) in @model and @mode, as it was left.
 */
void
cairn_session_resume_conversation (CairnSession *self,
                                   const char   *session_id,
                                   const char   *model,
                                   const char   *mode)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (self->connection == NULL);

  _cairn_session_set_string (self, &self->session_id, session_id, CAIRN_SESSION_PROP_SESSION_ID);
  _cairn_session_set_string (self, &self->model, model, CAIRN_SESSION_PROP_MODEL);
  cairn_set_str (&self->start_model, model);
  if (mode != NULL)
    _cairn_session_set_string (self, &self->permission_mode, mode, CAIRN_SESSION_PROP_PERMISSION_MODE);
}
