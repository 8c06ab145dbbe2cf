/* cairn-session-branch.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-util.h"
#include "session/cairn-session-private.h"

/* Going back to one of the user's prompts (docs/protocol.md, "Branches"):
 *  - edit and resend: the conversation goes on from the message before
 *    the prompt (`--resume <id> --resume-session-at <its parentUuid>`);
 *    the next prompt is a sibling of the old one in the same file, which
 *    keeps both branches;
 *  - branch into a new conversation: the same, with `--fork-session`: a
 *    new session id and file, the original untouched.
 * The transcript shown ends before the prompt; the caller offers its text
 * to edit. A first prompt has no message before it: its branch is a new
 * conversation without history. */

static GPtrArray *
items_before (CairnTranscript *transcript,
              CairnTextItem   *prompt)
{
  GListModel *items = G_LIST_MODEL (transcript);
  GPtrArray *before = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      CairnItem *item = g_list_model_get_item (items, i);

      if (item == CAIRN_ITEM (prompt))
        {
          g_object_unref (item);
          break;
        }
      g_ptr_array_add (before, item);
    }
  return before;
}

/* The next process of @self starts at @parent_uuid of conversation
 * @session_id, as a copy when @fork. */
static void
resume_at (CairnSession *self,
           const char   *session_id,
           const char   *parent_uuid,
           gboolean      fork)
{
  if (parent_uuid == NULL)
    {
      /* nothing before the first prompt: a new conversation */
      _cairn_session_set_string (self, &self->session_id, NULL, CAIRN_SESSION_PROP_SESSION_ID);
      return;
    }
  _cairn_session_set_string (self, &self->session_id, session_id, CAIRN_SESSION_PROP_SESSION_ID);
  g_free (self->resume_at);
  self->resume_at = g_strdup (parent_uuid);
  self->fork_next = fork;
}

typedef struct
{
  CairnTextItem *prompt;
  CairnSession  *target;   /* the session that goes on from there */
} Branch;

static void
branch_free (Branch *branch)
{
  g_clear_object (&branch->prompt);
  g_clear_object (&branch->target);
  g_free (branch);
}

static void
line_found_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CairnSession *self = CAIRN_SESSION (source);
  Branch *branch = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnPromptLine) line = _cairn_session_find_prompt_finish (self, result, &error);
  g_autoptr(GPtrArray) before = NULL;
  gboolean fork = branch->target != self;

  if (line == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (!fork && !cairn_session_suspend (self) && cairn_session_get_has_process (self))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY, "%s",
                               _("Stop the running turn or answer its question first"));
      return;
    }
  before = items_before (cairn_session_get_transcript (self), branch->prompt);
  resume_at (branch->target, self->session_id, line->parent_uuid, fork);
  /* what is sent next is one more version of the prompt */
  cairn_set_str (&self->next_branch_parent, fork ? NULL : line->parent_uuid);
  self->next_branch_index = line->n_siblings;
  cairn_transcript_replace_all (cairn_session_get_transcript (branch->target), before);
  g_task_return_pointer (task, g_object_ref (branch->target), g_object_unref);
}

static void
branch_async (CairnSession        *self,
              CairnTextItem       *prompt,
              CairnSession        *target,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Branch *branch = g_new0 (Branch, 1);

  branch->prompt = g_object_ref (prompt);
  branch->target = g_object_ref (target);
  g_task_set_task_data (task, branch, (GDestroyNotify)branch_free);
  _cairn_session_find_prompt_async (self, prompt, target == self, cancellable, line_found_cb, task);
}

/**
 * cairn_session_edit_prompt_async:
 * @prompt: one of the user's prompts in the transcript
 *
 * Goes back to just before @prompt: the transcript ends there and the
 * next prompt starts a new branch of the conversation from there. Fails
 * while a turn runs or a question waits.
 */
void
cairn_session_edit_prompt_async (CairnSession        *self,
                                 CairnTextItem       *prompt,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (prompt));

  branch_async (self, prompt, self, cancellable, callback, user_data);
}

/**
 * cairn_session_branch_async:
 * @prompt: one of the user's prompts in the transcript
 *
 * A new conversation that starts with this one's history up to just
 * before @prompt (`--fork-session`); this one stays as it is.
 */
void
cairn_session_branch_async (CairnSession        *self,
                            CairnTextItem       *prompt,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(CairnSession) branch = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (prompt));

  branch = cairn_session_new (self->cwd, self->cli_path);
  cairn_set_str (&branch->start_model, self->model ? self->model : self->start_model);
  cairn_set_str (&branch->start_mode, self->permission_mode ? self->permission_mode : self->start_mode);
  branch_async (self, prompt, branch, cancellable, callback, user_data);
}

/**
 * cairn_session_branch_finish:
 *
 * Returns: (transfer full): the session that goes on from before the
 *   prompt: the same for an edit, a new one for a branch
 */
CairnSession *
cairn_session_branch_finish (CairnSession  *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Going from one version of an edited prompt to another: the transcript
 * then shows the branch through that version, to the newest line under
 * it, and the next prompt goes on from there. The process (if any) ends
 * first, so that the file has all it wrote. */

typedef struct
{
  char  *parent;
  guint  index;
} Switch;

static void
switch_free (Switch *to)
{
  g_free (to->parent);
  g_free (to);
}

static void
fail (GTask       *task,
      GIOErrorEnum code,
      const char  *message)
{
  g_task_return_new_error (task, G_IO_ERROR, code, "%s", message);
  g_object_unref (task);
}

static void
branch_shown_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (_cairn_session_show_branch_finish (CAIRN_SESSION (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
show_switched_branch (GTask *task)
{
  CairnSession *self = g_task_get_source_object (task);
  Switch *to = g_task_get_task_data (task);

  _cairn_session_show_branch_async (self, to->parent, to->index, g_task_get_cancellable (task),
                                    branch_shown_cb, task);
}

static void
process_exited_cb (CairnCliConnection *connection,
                   gboolean            success,
                   const char         *description,
                   GTask              *task)
{
  g_signal_handlers_disconnect_by_data (connection, task);
  g_object_unref (connection);
  show_switched_branch (task);
}

/**
 * cairn_session_switch_branch_async:
 * @prompt: one of the user's prompts that has other versions
 *   (cairn_text_item_get_branch())
 * @step: which version to go to, from this one: -1 the one before, 1 the
 *   one after
 *
 * Shows the conversation as it went on from another version of @prompt,
 * and continues it from there on the next prompt. Fails while a turn runs
 * or a question waits, and while another Claude Code has the conversation
 * open (it would go on with its own branch).
 */
void
cairn_session_switch_branch_async (CairnSession        *self,
                                   CairnTextItem       *prompt,
                                   int                  step,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Switch *to = g_new0 (Switch, 1);
  CairnCliConnection *connection;
  guint index, count;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (prompt));

  to->parent = g_strdup (cairn_text_item_get_branch (prompt, &index, &count));
  to->index = index + step;
  g_task_set_task_data (task, to, (GDestroyNotify)switch_free);
  if (to->parent == NULL || (gint64)index + step < 0 || index + step >= count)
    {
      fail (task, G_IO_ERROR_NOT_FOUND, _("That version of the message is not in the conversation’s file"));
      return;
    }
  connection = self->connection ? g_object_ref (self->connection) : NULL;
  if (connection != NULL && !cairn_session_suspend (self))
    {
      g_object_unref (connection);
      fail (task, G_IO_ERROR_BUSY, _("Stop the running turn or answer its question first"));
      return;
    }
  if (connection == NULL)
    show_switched_branch (task);
  else
    g_signal_connect (connection, "exited", G_CALLBACK (process_exited_cb), task);
}

gboolean
cairn_session_switch_branch_finish (CairnSession  *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
