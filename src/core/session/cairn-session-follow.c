/* cairn-session-follow.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"
/* memrchr() */
#define _GNU_SOURCE

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "history/cairn-history-replay.h"
#include "history/cairn-history-running.h"
#include "protocol/cairn-json.h"
#include "session/cairn-session-private.h"

/* Following a conversation's file while another Claude Code writes it (a
 * terminal, Cairn's own terminal pane, another window): only what was
 * appended is read, from the byte offset the last read ended at, and its
 * whole lines go through the same replay as an opened file, into the
 * transcript shown. A read runs in a thread, one at a time; a change that
 * comes meanwhile reads again after it. */

/* The CLI appends a turn in bursts: one read after it settles. */
#define FOLLOW_DELAY_MS 200
/* What one read takes at most; the rest waits for the next. */
#define READ_MAX (16 * 1024 * 1024)

typedef struct
{
  GFile     *file;
  goffset    offset;     /* -1: only find where the file ends */
  GPtrArray *messages;
  goffset    end;
  /* following another process (not the pane's): is it still there? */
  char      *session_id;
  GArray    *own_pids;
  GPid       running_pid;
} TailRead;

static void
tail_read_free (TailRead *read)
{
  g_clear_object (&read->file);
  g_clear_pointer (&read->messages, g_ptr_array_unref);
  g_free (read->session_id);
  g_clear_pointer (&read->own_pids, g_array_unref);
  g_free (read);
}

/* The whole lines from @read->offset on, each a message; a line still
 * being written stays for the next read. */
static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  TailRead *read = task_data;
  g_autoptr(GFileInputStream) stream = g_file_read (read->file, cancellable, NULL);
  g_autofree char *buffer = NULL;
  gsize got = 0;
  const char *line, *end, *last;

  read->messages = g_ptr_array_new_with_free_func (g_object_unref);
  read->end = MAX (read->offset, 0);
  if (read->session_id != NULL)
    read->running_pid = cairn_history_running_pid (read->session_id, read->own_pids);
  if (stream == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (read->offset < 0)
    {
      read->end = g_seekable_seek (G_SEEKABLE (stream), 0, G_SEEK_END, cancellable, NULL)
                  ? g_seekable_tell (G_SEEKABLE (stream)) : 0;
      g_task_return_boolean (task, TRUE);
      return;
    }
  buffer = g_malloc (READ_MAX);
  if (!g_seekable_seek (G_SEEKABLE (stream), read->offset, G_SEEK_SET, cancellable, NULL) ||
      !g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, READ_MAX, &got, cancellable, NULL) ||
      (last = memrchr (buffer, '\n', got)) == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  for (line = buffer; line <= last; line = end + 1)
    {
      end = memchr (line, '\n', last + 1 - line);
      if (end > line)
        g_ptr_array_add (read->messages, cairn_message_new_from_line (line, end - line));
    }
  read->end = read->offset + (last + 1 - buffer);
  g_task_return_boolean (task, TRUE);
}

static void start_read (CairnSession *self);

/* Lines of the conversation's own chain; a subagent's (sidechain) show
 * on its card when its result comes. */
static gboolean
is_shown (CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);

  return object == NULL || !cairn_json_get_bool (object, "isSidechain", FALSE);
}

static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  CairnSession *self;
  TailRead *read = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), NULL) || g_task_had_error (G_TASK (result)))
    return;
  self = CAIRN_SESSION (source);
  self->tail_reading = FALSE;
  if (self->tail_replay == NULL)
    return;
  for (guint i = 0; i < read->messages->len; i++)
    if (is_shown (g_ptr_array_index (read->messages, i)))
      cairn_history_replay_line (self->tail_replay, g_ptr_array_index (read->messages, i));
  self->tail_offset = read->end;
  /* the other process ended: its last lines are shown, and this one may
   * go on (stops following when nothing else holds it) */
  if (read->session_id != NULL && read->running_pid == 0 && self->running_elsewhere != 0)
    {
      _cairn_session_set_running_elsewhere (self, 0);
      return;
    }
  if (self->tail_closing && !self->tail_again)
    {
      self->tail_closing = FALSE;
      if (!self->held_by_terminal && self->running_elsewhere == 0)
        _cairn_session_stop_following (self);
      return;
    }
  if (self->tail_again || read->end - MAX (read->offset, 0) >= READ_MAX - 1)
    {
      self->tail_again = FALSE;
      start_read (self);
    }
}

static void
start_read (CairnSession *self)
{
  g_autoptr(GTask) task = NULL;
  TailRead *read;

  if (self->tail_reading)
    {
      self->tail_again = TRUE;
      return;
    }
  self->tail_reading = TRUE;
  task = g_task_new (self, self->following, read_done_cb, NULL);
  read = g_new0 (TailRead, 1);
  read->file = g_object_ref (self->tail_file);
  read->offset = self->tail_offset;
  if (!self->held_by_terminal && self->running_elsewhere != 0)
    {
      read->session_id = g_strdup (self->session_id);
      read->own_pids = g_array_copy (self->own_pids);
    }
  g_task_set_task_data (task, read, (GDestroyNotify)tail_read_free);
  g_task_run_in_thread (task, read_thread);
}

static gboolean
follow_cb (gpointer user_data)
{
  CairnSession *self = user_data;

  self->follow_source = 0;
  start_read (self);
  return G_SOURCE_REMOVE;
}

static void
file_changed_cb (CairnSession      *self,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 GFileMonitor      *monitor)
{
  if (self->follow_source == 0)
    self->follow_source = g_timeout_add (FOLLOW_DELAY_MS, follow_cb, self);
}

/**
 * _cairn_session_start_following:
 *
 * Shows what another process appends to the conversation's file: from
 * where the open's read ended when the open starts it (what came between
 * is not lost), else from where the file ends now.
 */
void
_cairn_session_start_following (CairnSession *self)
{
  if (self->follow_monitor != NULL || self->session_id == NULL)
    return;
  g_clear_object (&self->tail_file);
  self->tail_file = _cairn_session_dup_file (self);
  self->following = g_cancellable_new ();
  self->tail_offset = self->follow_from;
  self->tail_reading = FALSE;
  self->tail_again = FALSE;
  self->tail_replay = cairn_history_replay_new_for_builder (self->builder, self->tail_file);
  self->follow_monitor = g_file_monitor_file (self->tail_file, G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->follow_monitor != NULL)
    g_signal_connect_object (self->follow_monitor, "changed", G_CALLBACK (file_changed_cb), self,
                             G_CONNECT_SWAPPED);
  start_read (self);
}

void
_cairn_session_stop_following (CairnSession *self)
{
  g_clear_handle_id (&self->follow_source, g_source_remove);
  g_cancellable_cancel (self->following);
  g_clear_object (&self->following);
  if (self->follow_monitor != NULL)
    g_file_monitor_cancel (self->follow_monitor);
  g_clear_object (&self->follow_monitor);
  g_clear_pointer (&self->tail_replay, cairn_history_replay_free);
  g_clear_object (&self->tail_file);
  self->tail_reading = FALSE;
}

/**
 * cairn_session_hand_to_terminal:
 *
 * The conversation goes to a Claude Code in a terminal (Cairn's pane):
 * the idle process here ends, nothing is sent from here, and what the
 * terminal's CLI appends to the file is shown. A conversation that works
 * or waits for an answer is not handed over.
 *
 * Returns: whether it was handed over
 */
gboolean
cairn_session_hand_to_terminal (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);

  if (self->session_id == NULL || self->held_by_terminal)
    return self->held_by_terminal;
  if (self->connection != NULL && !cairn_session_suspend (self))
    return FALSE;
  self->held_by_terminal = TRUE;
  _cairn_session_start_following (self);
  g_object_notify (G_OBJECT (self), "running-elsewhere");
  return TRUE;
}

/**
 * cairn_session_take_back:
 *
 * The terminal's CLI ended: the next prompt resumes the conversation here
 * (--resume), with what the terminal added.
 */
void
cairn_session_take_back (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (!self->held_by_terminal)
    return;
  self->held_by_terminal = FALSE;
  /* what it wrote last is read before the watch ends */
  if (self->running_elsewhere == 0 && self->follow_monitor != NULL)
    {
      g_clear_handle_id (&self->follow_source, g_source_remove);
      g_clear_object (&self->follow_monitor);
      self->tail_closing = TRUE;
      start_read (self);
    }
  g_object_notify (G_OBJECT (self), "running-elsewhere");
}

gboolean
cairn_session_get_held_by_terminal (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  return self->held_by_terminal;
}
