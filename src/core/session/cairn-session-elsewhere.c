/* cairn-session-elsewhere.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "history/cairn-history-running.h"
#include "session/cairn-session-private.h"

/* Two processes appending to one session file would tangle it: before a
 * prompt (or Restart) resumes a stored conversation, Cairn asks whether
 * another Claude Code process (a terminal, another window) has it open,
 * and if so refuses with a notice. Asked each time, as that one may have
 * ended, or started since the conversation was opened.
 *
 * Asking reads the CLI's sessions folder and /proc, and in the Flatpak
 * waits up to 2 s for the host: done in a thread, with what was asked for
 * held meanwhile. What comes while a check runs waits behind it, so that
 * everything goes in order, or is refused together. */

typedef struct
{
  CairnSessionGo  go;
  gpointer        data;
  GDestroyNotify  free_data;
} Held;

typedef struct
{
  char   *session_id;
  GArray *own_pids;
} Check;

static void
held_free (gpointer pointer)
{
  Held *held = pointer;

  if (held->free_data != NULL)
    held->free_data (held->data);
  g_free (held);
}

static void
check_free (gpointer pointer)
{
  Check *check = pointer;

  g_free (check->session_id);
  g_array_unref (check->own_pids);
  g_free (check);
}

static void
weak_ref_free (gpointer pointer)
{
  g_weak_ref_clear (pointer);
  g_free (pointer);
}

static void
refuse_for_terminal (CairnSession *self)
{
  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("This conversation is open in the terminal"),
                                _("Claude Code in the terminal pane has it. Cairn shows what it writes; "
                                  "continue here once it has ended there."));
}

static void
refuse_for_process (CairnSession *self)
{
  g_autofree char *body = NULL;

  body = g_strdup_printf (_("Claude Code (process %d) has it open, in a terminal or another window. "
                            "Cairn shows what it writes; continue here once it has ended there, "
                            "or start a new conversation."), self->running_elsewhere);
  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING,
                                _("This conversation is running elsewhere"), body);
}

static void
check_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Check *check = task_data;

  g_task_return_int (task, cairn_history_running_pid (check->session_id, check->own_pids));
}

/* Busy while something is held: it goes in a moment. */
static void
start_holding (CairnSession *self)
{
  gboolean was_busy = cairn_session_get_busy (self);

  self->elsewhere_held = g_queue_new ();
  if (!was_busy)
    _cairn_session_notify (self, CAIRN_SESSION_PROP_BUSY);
}

/* The answer, on the main loop: what was held goes in order, or is
 * dropped with one notice. A session disposed meanwhile has dropped it. */
static void
checked_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnSession) self = g_weak_ref_get (user_data);
  g_autoptr(GError) error = NULL;
  GPid pid = (GPid)g_task_propagate_int (G_TASK (result), &error);
  GQueue *held;
  Held *next;

  weak_ref_free (user_data);
  if (self == NULL || error != NULL || self->elsewhere_check == NULL)
    return;
  g_clear_object (&self->elsewhere_check);
  held = g_steal_pointer (&self->elsewhere_held);
  _cairn_session_set_running_elsewhere (self, pid);
  if (self->held_by_terminal)
    refuse_for_terminal (self);
  else if (pid != 0)
    refuse_for_process (self);
  while (pid == 0 && !self->held_by_terminal && (next = g_queue_pop_head (held)) != NULL)
    {
      next->go (self, next->data);
      held_free (next);
    }
  g_queue_free_full (held, held_free);
  if (!cairn_session_get_busy (self))
    _cairn_session_notify (self, CAIRN_SESSION_PROP_BUSY);
}

static void
start_check (CairnSession *self)
{
  Check *check = g_new0 (Check, 1);
  GWeakRef *weak = g_new0 (GWeakRef, 1);
  g_autoptr(GTask) task = NULL;

  check->session_id = g_strdup (self->session_id);
  check->own_pids = g_array_copy (self->own_pids);
  g_weak_ref_init (weak, self);
  self->elsewhere_check = g_cancellable_new ();
  /* no source object: the session is not kept alive by its check */
  task = g_task_new (NULL, self->elsewhere_check, checked_cb, weak);
  g_task_set_source_tag (task, start_check);
  g_task_set_task_data (task, check, check_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, check_thread);
}

/**
 * _cairn_session_when_not_elsewhere:
 * @go: what to do once nothing else has the conversation
 * @free_data: (nullable): frees @data, whether @go ran or not
 *
 * Runs @go at once when nothing needs asking (a running CLI, a new
 * conversation, a fork, which writes a file of its own); else after the
 * check, or never, with the notice, when another process has it.
 */
void
_cairn_session_when_not_elsewhere (CairnSession   *self,
                                   CairnSessionGo  go,
                                   gpointer        data,
                                   GDestroyNotify  free_data)
{
  Held *held = g_new (Held, 1);

  *held = (Held) { go, data, free_data };
  if (self->elsewhere_check == NULL &&
      (self->connection != NULL || self->session_id == NULL || self->fork_next))
    {
      go (self, data);
      held_free (held);
      return;
    }
  if (self->elsewhere_check == NULL && self->held_by_terminal)
    {
      refuse_for_terminal (self);
      held_free (held);
      return;
    }
  if (self->elsewhere_check == NULL)
    {
      start_check (self);
      start_holding (self);
    }
  g_queue_push_tail (self->elsewhere_held, held);
}

/* Whether something waits for the check (busy: it goes in a moment). */
gboolean
_cairn_session_get_holding_for_elsewhere (CairnSession *self)
{
  return self->elsewhere_held != NULL;
}

/* On close and dispose: what was held is dropped, and the check's answer
 * finds nothing to do. Returns: whether something was held. */
gboolean
_cairn_session_drop_elsewhere_check (CairnSession *self)
{
  gboolean held = self->elsewhere_held != NULL;

  if (self->elsewhere_check != NULL)
    g_cancellable_cancel (self->elsewhere_check);
  g_clear_object (&self->elsewhere_check);
  if (held)
    g_queue_free_full (g_steal_pointer (&self->elsewhere_held), held_free);
  return held;
}
