/* cairn-session-set.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session-set"

#include "config.h"

#include "protocol/cairn-cli-connection.h"
#include "session/cairn-session-set.h"

/* The open conversations of the application, whichever window shows them
 * (as GNOME Text Editor's session holds its documents): one session per
 * conversation, found by its id, and their CLI processes kept in bounds.
 *  - At most max-processes sessions have a process: when one more starts,
 *    the one idle the longest ends its process (cairn_session_suspend).
 *  - A session idle for idle-timeout ends its process too.
 * A suspended session resumes on its next prompt. Sessions that work or
 * wait for the user's answer are never suspended. */

#define DEFAULT_MAX_PROCESSES 8
#define DEFAULT_IDLE_TIMEOUT_MS (10 * 60 * 1000)

struct _CairnSessionSet
{
  GObject    parent_instance;

  GPtrArray *sessions;
  guint      max_processes;
  guint      idle_timeout_ms;
  guint      idle_source;
  guint      check_source;
};

G_DEFINE_FINAL_TYPE (CairnSessionSet, cairn_session_set, G_TYPE_OBJECT)

static void rearm_idle_timer (CairnSessionSet *self);

/* A process that may be ended now: idle, nothing waiting on the user. */
static gboolean
can_suspend (CairnSession *session)
{
  return cairn_session_get_has_process (session) && !cairn_session_get_busy (session) &&
         g_list_model_get_n_items (cairn_session_get_pending_requests (session)) == 0;
}

guint
cairn_session_set_get_n_processes (CairnSessionSet *self)
{
  guint n = 0;

  g_return_val_if_fail (CAIRN_IS_SESSION_SET (self), 0);

  for (guint i = 0; i < self->sessions->len; i++)
    n += cairn_session_get_has_process (g_ptr_array_index (self->sessions, i));
  return n;
}

static CairnSession *
longest_idle (CairnSessionSet *self)
{
  CairnSession *found = NULL;

  for (guint i = 0; i < self->sessions->len; i++)
    {
      CairnSession *session = g_ptr_array_index (self->sessions, i);

      if (can_suspend (session) &&
          (found == NULL || cairn_session_get_last_activity (session) < cairn_session_get_last_activity (found)))
        found = session;
    }
  return found;
}

/* Over the limit, the longest idle go first; when all the others work,
 * the limit waits for one of them to finish. */
static void
enforce_limit (CairnSessionSet *self)
{
  CairnSession *idle;

  while (cairn_session_set_get_n_processes (self) > self->max_processes &&
         (idle = longest_idle (self)) != NULL)
    {
      g_debug ("Ending the process of %s: more than %u processes", cairn_session_get_session_id (idle),
               self->max_processes);
      cairn_session_suspend (idle);
    }
}

static gboolean
idle_timeout_cb (gpointer user_data)
{
  CairnSessionSet *self = user_data;
  gint64 now = g_get_monotonic_time ();

  self->idle_source = 0;
  for (guint i = 0; i < self->sessions->len; i++)
    {
      CairnSession *session = g_ptr_array_index (self->sessions, i);

      if (can_suspend (session) &&
          now - cairn_session_get_last_activity (session) >= (gint64)self->idle_timeout_ms * 1000)
        {
          g_debug ("Ending the process of %s: idle", cairn_session_get_session_id (session));
          cairn_session_suspend (session);
        }
    }
  rearm_idle_timer (self);
  return G_SOURCE_REMOVE;
}

/* One timer, for the next session to go idle too long. */
static void
rearm_idle_timer (CairnSessionSet *self)
{
  gint64 next = G_MAXINT64;
  gint64 now = g_get_monotonic_time ();

  g_clear_handle_id (&self->idle_source, g_source_remove);
  for (guint i = 0; i < self->sessions->len; i++)
    {
      CairnSession *session = g_ptr_array_index (self->sessions, i);

      if (can_suspend (session))
        next = MIN (next, cairn_session_get_last_activity (session) + (gint64)self->idle_timeout_ms * 1000);
    }
  if (next == G_MAXINT64)
    return;
  self->idle_source = g_timeout_add (MAX (0, (next - now) / 1000) + 1, idle_timeout_cb, self);
  g_source_set_name_by_id (self->idle_source, "[cairn] idle processes");
}

static gboolean
check_cb (gpointer user_data)
{
  CairnSessionSet *self = user_data;

  self->check_source = 0;
  enforce_limit (self);
  rearm_idle_timer (self);
  return G_SOURCE_REMOVE;
}

/* Looked at from the main loop, never inside the session's own change (a
 * process starting for a prompt is not ended before the prompt is sent). */
static void
session_changed_cb (CairnSessionSet *self)
{
  if (self->check_source == 0)
    self->check_source = g_idle_add (check_cb, self);
}

/**
 * cairn_session_set_add:
 *
 * Holds @session, one of the application's open conversations, and keeps
 * its process within the limits.
 */
void
cairn_session_set_add (CairnSessionSet *self,
                       CairnSession    *session)
{
  g_return_if_fail (CAIRN_IS_SESSION_SET (self));
  g_return_if_fail (CAIRN_IS_SESSION (session));

  if (g_ptr_array_find (self->sessions, session, NULL))
    return;
  g_ptr_array_add (self->sessions, g_object_ref (session));
  /* a process starts (state), a turn ends (busy), a request is answered */
  g_signal_connect_object (session, "notify::state", G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::busy", G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_session_get_pending_requests (session), "items-changed",
                           G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);
  session_changed_cb (self);
}

void
cairn_session_set_remove (CairnSessionSet *self,
                          CairnSession    *session)
{
  g_return_if_fail (CAIRN_IS_SESSION_SET (self));

  g_signal_handlers_disconnect_by_data (session, self);
  g_signal_handlers_disconnect_by_data (cairn_session_get_pending_requests (session), self);
  g_ptr_array_remove (self->sessions, session);
  rearm_idle_timer (self);
}

static gboolean
notification_can_allow (CairnPermissionRequest *request)
{
  g_autofree char *body = cairn_permission_request_dup_notification_body (request);

  return body != NULL;
}

/**
 * cairn_session_set_answer_request:
 * @allow: allow the tool, else deny it
 *
 * Answers the pending request @request_id of whichever open conversation
 * asked it (a notification's Allow or Deny), whether a window shows it or
 * not; its dialog and card follow the request. A request no conversation
 * has any more (answered, or its conversation closed with its CLI) is
 * never answered for another: it is logged and %FALSE returned.
 */
gboolean
cairn_session_set_answer_request (CairnSessionSet *self,
                                  const char      *request_id,
                                  gboolean         allow)
{
  g_return_val_if_fail (CAIRN_IS_SESSION_SET (self), FALSE);

  for (guint i = 0; i < self->sessions->len; i++)
    {
      CairnSession *session = g_ptr_array_index (self->sessions, i);
      CairnPermissionRequest *request = cairn_session_find_request (session, request_id);

      if (request == NULL)
        continue;
      /* only what a notification could say whole can be allowed from one
       * (cairn_permission_request_dup_notification_body()); the action is
       * the application's, so anything on the session bus can ask */
      if (allow && !notification_can_allow (request))
        {
          g_message ("Request %s is too long to allow from a notification: not answered", request_id);
          return FALSE;
        }
      if (allow)
        cairn_session_allow (session, request, NULL, NULL);
      else
        cairn_session_deny (session, request, NULL, FALSE);
      return TRUE;
    }
  g_message ("Request %s is no longer pending (its conversation was closed or answered): not answered",
             request_id);
  return FALSE;
}

/**
 * cairn_session_set_lookup:
 *
 * Returns: (transfer none) (nullable): the open session of conversation
 *   @session_id, so that it is shown rather than opened twice
 */
CairnSession *
cairn_session_set_lookup (CairnSessionSet *self,
                          const char      *session_id)
{
  g_return_val_if_fail (CAIRN_IS_SESSION_SET (self), NULL);

  for (guint i = 0; session_id != NULL && i < self->sessions->len; i++)
    if (g_strcmp0 (cairn_session_get_session_id (g_ptr_array_index (self->sessions, i)), session_id) == 0)
      return g_ptr_array_index (self->sessions, i);
  return NULL;
}

void
cairn_session_set_set_max_processes (CairnSessionSet *self,
                                     guint            max_processes)
{
  g_return_if_fail (CAIRN_IS_SESSION_SET (self));

  self->max_processes = MAX (1, max_processes);
  enforce_limit (self);
}

/* How long a session may idle with its process (the setting is in
 * minutes; tests use milliseconds). */
void
cairn_session_set_set_idle_timeout (CairnSessionSet *self,
                                    guint            timeout_ms)
{
  g_return_if_fail (CAIRN_IS_SESSION_SET (self));

  self->idle_timeout_ms = timeout_ms;
  rearm_idle_timer (self);
}

/**
 * cairn_session_set_close_all:
 *
 * Ends every process (the application quits): no CLI outlives Cairn.
 */
void
cairn_session_set_close_all (CairnSessionSet *self)
{
  g_return_if_fail (CAIRN_IS_SESSION_SET (self));

  for (guint i = 0; i < self->sessions->len; i++)
    cairn_session_close (g_ptr_array_index (self->sessions, i));
}

static void
all_gone_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (cairn_cli_connection_wait_all_gone_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * cairn_session_set_close_all_async:
 *
 * Ends every process, as cairn_session_set_close_all(), and completes once
 * none is left, those of conversations closed before included: each gets
 * SIGTERM, then SIGKILL after 3 s. The application waits for this before
 * it exits, holding itself, so the main loop runs meanwhile.
 */
void
cairn_session_set_close_all_async (CairnSessionSet     *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_return_if_fail (CAIRN_IS_SESSION_SET (self));

  g_task_set_source_tag (task, cairn_session_set_close_all_async);
  cairn_session_set_close_all (self);
  cairn_cli_connection_wait_all_gone_async (cancellable, all_gone_cb, g_steal_pointer (&task));
}

gboolean
cairn_session_set_close_all_finish (CairnSessionSet  *self,
                                    GAsyncResult     *result,
                                    GError          **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
cairn_session_set_dispose (GObject *object)
{
  CairnSessionSet *self = (CairnSessionSet *)object;

  g_clear_handle_id (&self->idle_source, g_source_remove);
  g_clear_handle_id (&self->check_source, g_source_remove);
  while (self->sessions->len > 0)
    cairn_session_set_remove (self, g_ptr_array_index (self->sessions, 0));

  G_OBJECT_CLASS (cairn_session_set_parent_class)->dispose (object);
}

static void
cairn_session_set_finalize (GObject *object)
{
  CairnSessionSet *self = (CairnSessionSet *)object;

  g_ptr_array_unref (self->sessions);

  G_OBJECT_CLASS (cairn_session_set_parent_class)->finalize (object);
}

static void
cairn_session_set_class_init (CairnSessionSetClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = cairn_session_set_dispose;
  G_OBJECT_CLASS (klass)->finalize = cairn_session_set_finalize;
}

static void
cairn_session_set_init (CairnSessionSet *self)
{
  self->sessions = g_ptr_array_new_with_free_func (g_object_unref);
  self->max_processes = DEFAULT_MAX_PROCESSES;
  self->idle_timeout_ms = DEFAULT_IDLE_TIMEOUT_MS;
}

CairnSessionSet *
cairn_session_set_new (void)
{
  return g_object_new (CAIRN_TYPE_SESSION_SET, NULL);
}
