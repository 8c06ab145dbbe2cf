/* cairn-session-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "history/cairn-history-branches.h"
#include "history/cairn-history-edit.h"
#include "history/cairn-history-lines.h"
#include "history/cairn-history-replay.h"
#include "history/cairn-history-running.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-launcher.h"
#include "protocol/cairn-util.h"
#include "session/cairn-session-private.h"

/* Opening a conversation the CLI stored on disk. Its rows are built in a
 * thread, by the same builder as a live reply: first the last screen,
 * shown at once, then everything before it, put in front in one model
 * change. The file is never held in memory: a first pass notes where each
 * line is (cairn-history-lines.c) and the lines shown are read back one
 * by one. No process starts until the user sends something, which then
 * resumes the conversation (--resume) in its model and mode.
 *
 * The last screen does not wait for that pass over a file of hundreds of
 * megabytes: it comes from the file's last megabytes, read first (the
 * conversation's end is there: lines are appended). The whole pass then
 * checks it: when the last screen it finds is other lines, or other
 * versions of a prompt, the whole conversation replaces it. A page that
 * holds the history (cairn_session_hold_history()) gets the last screen
 * after its first frame (cairn_session_show_history()), the pass over the
 * lines begins then too, and building the rest waits for the frame that
 * draws the last screen: neither frame shares the CPU with that work. */

/* The last screen's worth of a conversation, shown before the rest is
 * read: at least this many messages, from a prompt on. */
#define TAIL_MESSAGES 40

/* The file's end read for it first: grows this many times fourfold. */
#define TAIL_BYTES (2 * 1024 * 1024)
#define TAIL_GROWTHS 2

/* Holds the rest of a conversation back until the page lets it go. */
struct _CairnHistoryGate
{
  gatomicrefcount ref;
  GMutex          mutex;
  GCond           cond;
  gboolean        screen_held;   /* the page has drawn no frame yet */
  gboolean        held;          /* nor the last screen */
};

typedef struct
{
  GFile             *file;
  char              *cwd;
  CairnHistoryLines *lines;
  GArray            *shown;
  guint              tail_from;   /* in shown */
  /* results */
  GPtrArray         *earlier_items;
  GListModel        *todos;
  char              *session_id;
  char              *model;
  char              *mode;
  GPid               running_pid;
  gint64             end;         /* of the last whole line read */
  /* following a file another process writes: rebuild it all, no tail */
  gboolean           whole;
  /* the shown prompts with siblings: uuid → CairnBranchPosition */
  GHashTable        *positions;
  /* going to another branch: the switch_to-th prompt answering
   * switch_parent */
  char              *switch_parent;
  guint              switch_to;
  GArray            *own_pids;    /* the session's processes (GPid): not "elsewhere" */
  CairnHistoryGate  *gate;
  /* the last screen shown before the whole pass: its lines' offsets and
   * the branch positions it showed; replace: it was not the right one */
  GArray            *preview_offsets;
  GHashTable        *preview_positions;
  CairnHistoryLines *preview_lines;   /* what those two point into */
  gboolean           replace;
  guint              tail_items;   /* how many the last screen showed */
} OpenData;

/* The tail, handed to the main loop before the rest is read. */
typedef struct _CairnHistoryTail
{
  CairnSession *session;
  GPtrArray    *items;
  GListModel   *todos;
  char         *session_id;
  char         *model;
  char         *mode;
} Tail;

static void
open_data_free (OpenData *data)
{
  g_clear_object (&data->file);
  g_clear_pointer (&data->cwd, g_free);
  g_clear_pointer (&data->lines, cairn_history_lines_free);
  g_clear_pointer (&data->shown, g_array_unref);
  g_clear_pointer (&data->earlier_items, g_ptr_array_unref);
  g_clear_object (&data->todos);
  g_clear_pointer (&data->session_id, g_free);
  g_clear_pointer (&data->model, g_free);
  g_clear_pointer (&data->mode, g_free);
  g_clear_pointer (&data->positions, g_hash_table_unref);
  g_clear_pointer (&data->switch_parent, g_free);
  g_clear_pointer (&data->own_pids, g_array_unref);
  g_clear_pointer (&data->gate, _cairn_history_gate_unref);
  g_clear_pointer (&data->preview_offsets, g_array_unref);
  g_clear_pointer (&data->preview_positions, g_hash_table_unref);
  g_clear_pointer (&data->preview_lines, cairn_history_lines_free);
  g_free (data);
}

CairnHistoryGate *
_cairn_history_gate_new (void)
{
  CairnHistoryGate *gate = g_new0 (CairnHistoryGate, 1);

  g_atomic_ref_count_init (&gate->ref);
  g_mutex_init (&gate->mutex);
  g_cond_init (&gate->cond);
  return gate;
}

static CairnHistoryGate *
history_gate_ref (CairnHistoryGate *gate)
{
  g_atomic_ref_count_inc (&gate->ref);
  return gate;
}

void
_cairn_history_gate_unref (CairnHistoryGate *gate)
{
  if (!g_atomic_ref_count_dec (&gate->ref))
    return;
  g_mutex_clear (&gate->mutex);
  g_cond_clear (&gate->cond);
  g_free (gate);
}

static void
history_gate_set (CairnHistoryGate *gate,
                  gboolean          screen_held,
                  gboolean          held)
{
  g_mutex_lock (&gate->mutex);
  gate->screen_held = screen_held;
  gate->held = held;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->mutex);
}

/* In the thread: until the page lets the rest come, or the opening is
 * cancelled (looked at now and then: nothing else wakes the wait), or at
 * most HOLD_MAX_MS: a window that draws no frame (hidden on Wayland)
 * still gets the whole conversation. */
#define HOLD_MAX_MS 3000

static void
history_gate_wait (CairnHistoryGate *gate,
                   gboolean         *held,
                   GCancellable     *cancellable)
{
  gint64 until = g_get_monotonic_time () + HOLD_MAX_MS * G_TIME_SPAN_MILLISECOND;

  g_mutex_lock (&gate->mutex);
  while (*held && !g_cancellable_is_cancelled (cancellable) && g_get_monotonic_time () < until)
    g_cond_wait_until (&gate->cond, &gate->mutex,
                       MIN (until, g_get_monotonic_time () + 100 * G_TIME_SPAN_MILLISECOND));
  g_mutex_unlock (&gate->mutex);
}

static void
tail_free (Tail *tail)
{
  g_clear_object (&tail->session);
  g_clear_pointer (&tail->items, g_ptr_array_unref);
  g_clear_object (&tail->todos);
  g_free (tail->session_id);
  g_free (tail->model);
  g_free (tail->mode);
  g_free (tail);
}

/* What a resumed process needs back: the model of the last reply (not a
 * made-up error message) and the mode of the last prompt. The session id
 * is the file's name, never a line's field (a line can say anything);
 * model and mode are checked before they are used. */
static void
keep_resume_facts (OpenData   *data,
                   JsonObject *line)
{
  const char *model = cairn_json_get_string (cairn_json_get_object (line, "message"), "model");
  const char *mode = cairn_json_get_string (line, "permissionMode");

  if (model != NULL && g_strcmp0 (model, "<synthetic>") != 0)
    cairn_set_str (&data->model, model);
  if (mode != NULL)
    cairn_set_str (&data->mode, mode);
}

/* Where the last screen starts: TAIL_MESSAGES messages back, then back to
 * the prompt that began that turn, so its tool results find their calls. */
static guint
find_tail_start (CairnHistoryLines *lines,
                 GArray            *shown)
{
  guint messages = 0;

  for (guint i = shown->len; i > 0; i--)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (lines, g_array_index (shown, guint, i - 1));
      gboolean message = line->kind == CAIRN_LINE_USER || line->kind == CAIRN_LINE_ASSISTANT;

      if (message)
        messages++;
      if (messages >= TAIL_MESSAGES && line->kind == CAIRN_LINE_USER && !line->is_tool_result)
        return i - 1;
    }
  return 0;
}

/* Replays shown[from, to) into @replay, reading each line back by offset
 * and letting it go once its items are built. */
static gboolean
replay_range (OpenData            *data,
              CairnHistoryReplay  *replay,
              GInputStream        *stream,
              guint                from,
              guint                to,
              GCancellable        *cancellable,
              GError             **error)
{
  for (guint i = from; i < to; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (data->lines, g_array_index (data->shown, guint, i));
      g_autoptr(CairnMessage) message = cairn_history_read_line (stream, line, cancellable, error);

      if (message == NULL)
        return FALSE;
      cairn_history_replay_line (replay, message);
      if (cairn_message_get_object (message) != NULL)
        keep_resume_facts (data, cairn_message_get_object (message));
    }
  return TRUE;
}

/* A prompt with siblings says so (before anyone shows it). */
static void
mark_branch (OpenData *data,
             CairnItem *item)
{
  const char *uuid;
  CairnBranchPosition *position;

  if (cairn_item_get_kind (item) != CAIRN_ITEM_KIND_USER ||
      (uuid = cairn_text_item_get_uuid (CAIRN_TEXT_ITEM (item))) == NULL ||
      (position = g_hash_table_lookup (data->positions, uuid)) == NULL)
    return;
  cairn_text_item_set_branch (CAIRN_TEXT_ITEM (item), position->parent, position->index, position->count);
}

static GPtrArray *
items_of (OpenData           *data,
          CairnHistoryReplay *replay,
          guint               count)
{
  GListModel *transcript = G_LIST_MODEL (cairn_transcript_builder_get_transcript (
    cairn_history_replay_get_builder (replay)));
  GPtrArray *items = g_ptr_array_new_full (count, g_object_unref);

  for (guint i = 0; i < count; i++)
    {
      CairnItem *item = g_list_model_get_item (transcript, i);

      mark_branch (data, item);
      g_ptr_array_add (items, item);
    }
  return items;
}

static guint
n_items (CairnHistoryReplay *replay)
{
  return g_list_model_get_n_items (G_LIST_MODEL (cairn_transcript_builder_get_transcript (
    cairn_history_replay_get_builder (replay))));
}

static gboolean show_tail (gpointer user_data);

/* The last screen: built first, and shown while the rest is read. */
static gboolean
deliver_tail (GTask         *task,
              OpenData      *data,
              GInputStream  *stream,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(CairnHistoryReplay) replay = cairn_history_replay_new (data->cwd, data->file);
  Tail *tail;

  if (!replay_range (data, replay, stream, data->tail_from, data->shown->len, cancellable, error))
    return FALSE;
  cairn_history_replay_finish (replay);
  tail = g_new0 (Tail, 1);
  tail->session = g_object_ref (g_task_get_source_object (task));
  data->tail_items = n_items (replay);
  tail->items = items_of (data, replay, data->tail_items);
  tail->todos = g_object_ref (cairn_transcript_builder_get_todos (cairn_history_replay_get_builder (replay)));
  tail->session_id = g_strdup (data->session_id);
  tail->model = g_strdup (data->model);
  tail->mode = g_strdup (data->mode);
  cairn_run_on_context (g_task_get_context (task), G_PRIORITY_DEFAULT, show_tail, tail,
                        (GDestroyNotify)tail_free);
  return TRUE;
}

/* The last screen from the file's end, before the whole pass. Without an
 * error, FALSE: the end read (grown a few times) holds no start of a turn
 * TAIL_MESSAGES messages back, and the whole pass finds the last screen. */
static gboolean
deliver_preview (GTask             *task,
                 OpenData          *data,
                 GFileInputStream  *stream,
                 GCancellable      *cancellable,
                 GError           **error)
{
  gsize size = TAIL_BYTES;
  gboolean whole = FALSE;

  for (guint i = 0; i <= TAIL_GROWTHS && !whole; i++, size *= 4)
    {
      g_autoptr(CairnHistoryLines) lines = cairn_history_lines_read_tail (stream, size, &whole, cancellable, error);
      g_autoptr(GArray) shown = lines ? cairn_history_lines_shown (lines) : NULL;
      guint from = shown ? find_tail_start (lines, shown) : 0;
      gboolean delivered;

      if (lines == NULL)
        return FALSE;
      if (from == 0 && !whole)
        continue;
      data->lines = g_steal_pointer (&lines);
      data->shown = g_steal_pointer (&shown);
      data->positions = cairn_history_branch_positions (data->lines, data->shown);
      data->tail_from = from;
      delivered = deliver_tail (task, data, G_INPUT_STREAM (stream), cancellable, error);
      data->preview_offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
      for (guint j = from; j < data->shown->len; j++)
        g_array_append_val (data->preview_offsets,
                            cairn_history_lines_get (data->lines, g_array_index (data->shown, guint, j))->offset);
      data->preview_lines = g_steal_pointer (&data->lines);
      data->preview_positions = g_steal_pointer (&data->positions);
      g_clear_pointer (&data->shown, g_array_unref);
      return delivered;
    }
  return FALSE;
}

static gboolean
same_position (CairnBranchPosition *a,
               CairnBranchPosition *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strcmp0 (a->parent, b->parent) == 0 && a->index == b->index && a->count == b->count;
}

/* Whether the last screen shown first is the one the whole pass finds:
 * the same lines, and its prompts with the same versions. */
static gboolean
preview_matches (OpenData *data)
{
  if (data->shown->len - data->tail_from != data->preview_offsets->len)
    return FALSE;
  for (guint i = 0; i < data->preview_offsets->len; i++)
    {
      const CairnHistoryLine *line =
        cairn_history_lines_get (data->lines, g_array_index (data->shown, guint, data->tail_from + i));

      if (line->offset != g_array_index (data->preview_offsets, gint64, i) ||
          (line->uuid != NULL && !same_position (g_hash_table_lookup (data->positions, line->uuid),
                                                 g_hash_table_lookup (data->preview_positions, line->uuid))))
        return FALSE;
    }
  return TRUE;
}

/* Everything before the tail; the tail is replayed again behind it, only
 * so that the task list ends as the whole conversation left it. */
static gboolean
build_earlier (OpenData      *data,
               GInputStream  *stream,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(CairnHistoryReplay) replay = cairn_history_replay_new (data->cwd, data->file);
  guint before_tail;

  if (!replay_range (data, replay, stream, 0, data->tail_from, cancellable, error))
    return FALSE;
  before_tail = n_items (replay);
  if (!replay_range (data, replay, stream, data->tail_from, data->shown->len, cancellable, error))
    return FALSE;
  cairn_history_replay_finish (replay);
  data->earlier_items = items_of (data, replay, before_tail);
  data->todos = g_object_ref (cairn_transcript_builder_get_todos (cairn_history_replay_get_builder (replay)));
  return TRUE;
}

/* The lines of the branch the user went to: the one that ends at the
 * newest message under the chosen prompt. */
static gboolean
choose_branch (OpenData  *data,
               guint     *leaf,
               GError   **error)
{
  g_autoptr(GArray) siblings = cairn_history_branch_siblings (data->lines, data->switch_parent);

  if (data->switch_to >= siblings->len)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("That version of the message is not in the conversation’s file"));
      return FALSE;
    }
  *leaf = cairn_history_lines_newest_under (data->lines, g_array_index (siblings, guint, data->switch_to));
  data->shown = cairn_history_lines_shown_to (data->lines, *leaf);
  return TRUE;
}

/* The text of the last prompt in @items, for the CLI's list of sessions. */
static const char *
last_prompt_of (GPtrArray *items)
{
  for (guint i = items->len; i > 0; i--)
    if (cairn_item_get_kind (g_ptr_array_index (items, i - 1)) == CAIRN_ITEM_KIND_USER)
      return cairn_text_item_get_text (g_ptr_array_index (items, i - 1));
  return NULL;
}

/* Going to another branch: built whole, then named in the file as the
 * conversation's branch, which the CLI resumes. */
static void
switch_branch (GTask        *task,
               OpenData     *data,
               GInputStream *stream,
               GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  guint leaf;

  /* another process would go on with its own branch; asked here, off the
   * main loop, as it reads the CLI's sessions folder */
  if (cairn_history_running_pid (data->session_id, data->own_pids) != 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY, "%s",
                               _("Claude Code has this conversation open in a terminal or another window"));
      return;
    }
  if (!choose_branch (data, &leaf, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  data->positions = cairn_history_branch_positions (data->lines, data->shown);
  data->tail_from = data->shown->len;
  if (!build_earlier (data, stream, cancellable, &error) ||
      !cairn_history_append_leaf (data->file, cairn_history_lines_get (data->lines, leaf)->uuid,
                                  last_prompt_of (data->earlier_items), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
open_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenData *data = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileInputStream) stream = g_file_read (data->file, cancellable, &error);
  gboolean previewed = FALSE;

  if (stream != NULL && !data->whole && data->switch_parent == NULL)
    previewed = deliver_preview (task, data, stream, cancellable, &error);
  /* not even the pass over the lines while the window draws its first frame */
  if (previewed && data->tail_items > 0 && data->gate != NULL)
    history_gate_wait (data->gate, &data->gate->screen_held, cancellable);
  if (stream == NULL || error != NULL ||
      !g_seekable_seek (G_SEEKABLE (stream), 0, G_SEEK_SET, cancellable, &error) ||
      !(data->lines = cairn_history_lines_read (G_INPUT_STREAM (stream), cancellable, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (data->switch_parent != NULL)
    {
      switch_branch (task, data, G_INPUT_STREAM (stream), cancellable);
      return;
    }
  data->shown = cairn_history_lines_shown (data->lines);
  data->positions = cairn_history_branch_positions (data->lines, data->shown);
  data->tail_from = data->whole ? data->shown->len : find_tail_start (data->lines, data->shown);
  if (previewed && !preview_matches (data))
    {
      g_debug ("The last screen read from the file's end was not the conversation's: replaced");
      data->replace = TRUE;
      data->tail_from = data->shown->len;
    }
  if (!data->whole && !previewed && !deliver_tail (task, data, G_INPUT_STREAM (stream), cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* the pass over the lines is cheap beside building every item */
  if (!data->whole && data->tail_items > 0 && data->gate != NULL)
    history_gate_wait (data->gate, &data->gate->held, cancellable);
  if (!build_earlier (data, G_INPUT_STREAM (stream), cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  data->running_pid = cairn_history_running_pid (data->session_id, NULL);
  data->end = cairn_history_lines_get_end (data->lines);
  g_task_return_boolean (task, TRUE);
}

static void resume_checked (CairnSession *self,
                            const char   *session_id,
                            const char   *model,
                            const char   *mode,
                            gboolean      tell);

static void
show_tail_now (CairnSession *self,
               Tail         *tail)
{
  cairn_transcript_append_all (cairn_session_get_transcript (self), tail->items);
  cairn_transcript_builder_set_todos (self->builder, tail->todos);
  if (self->connection == NULL)
    resume_checked (self, tail->session_id, tail->model, tail->mode, FALSE);
}

/* On the main loop: the last screen, with the resume facts it knows; kept
 * while the page has drawn no frame yet (cairn_session_hold_history()),
 * without the reference to the session that keeps it. */
static gboolean
show_tail (gpointer user_data)
{
  Tail *tail = user_data;
  CairnSession *self = tail->session;
  Tail *kept;

  if (!self->history_screen_held)
    {
      show_tail_now (self, tail);
      return G_SOURCE_REMOVE;
    }
  kept = g_new0 (Tail, 1);
  kept->items = g_steal_pointer (&tail->items);
  kept->todos = g_steal_pointer (&tail->todos);
  kept->session_id = g_steal_pointer (&tail->session_id);
  kept->model = g_steal_pointer (&tail->model);
  kept->mode = g_steal_pointer (&tail->mode);
  g_clear_pointer (&self->history_tail, tail_free);
  self->history_tail = kept;
  return G_SOURCE_REMOVE;
}

void
_cairn_session_drop_history_tail (CairnSession *self)
{
  g_clear_pointer (&self->history_tail, tail_free);
}

/* While another process has the conversation open, its file is followed
 * and nothing is sent from here. */
void
_cairn_session_set_running_elsewhere (CairnSession *self,
                                      GPid          pid)
{
  gboolean was = self->running_elsewhere != 0;

  self->running_elsewhere = pid;
  if (pid != 0 && self->history_file != NULL)
    _cairn_session_start_following (self);
  else if (pid == 0 && !self->held_by_terminal)
    _cairn_session_stop_following (self);
  if (was != (pid != 0))
    g_object_notify (G_OBJECT (self), "running-elsewhere");
}

gboolean
cairn_session_get_running_elsewhere (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);

  return self->running_elsewhere != 0 || self->held_by_terminal;
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
  data->gate = history_gate_ref (self->history_gate);
  /* <uuid>.jsonl: only a UUID is resumed (it becomes --resume=ID) */
  if (g_str_has_suffix (base, ".jsonl"))
    data->session_id = g_strndup (base, strlen (base) - strlen (".jsonl"));
  if (data->session_id != NULL && !g_uuid_string_is_valid (data->session_id))
    g_clear_pointer (&data->session_id, g_free);
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
  cairn_session_show_history (self);
  /* a first screen the whole pass shows otherwise gives way; anything
   * sent since stays after it */
  cairn_transcript_splice (cairn_session_get_transcript (self), 0, data->replace ? data->tail_items : 0,
                           data->earlier_items);
  cairn_transcript_builder_set_todos (self->builder, data->todos);
  if (self->connection == NULL)
    cairn_session_resume_conversation (self, data->session_id, data->model, data->mode);
  g_set_object (&self->history_file, data->file);
  /* another process may have appended since the read: following goes on
   * from where it ended, not from where the file ends by now */
  self->follow_from = data->end;
  _cairn_session_set_running_elsewhere (self, data->running_pid);
  self->follow_from = -1;
  return TRUE;
}

/**
 * cairn_session_hold_history:
 *
 * A conversation opened from its file shows its last screen, then waits
 * with the rest of its items until cairn_session_release_history() (or
 * HOLD_MAX_MS): the page that shows it holds it until that screen is
 * drawn, so that building the rest does not slow it down.
 */
void
cairn_session_hold_history (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  self->history_screen_held = TRUE;
  history_gate_set (self->history_gate, TRUE, TRUE);
}

/**
 * cairn_session_show_history:
 *
 * The page has drawn a frame: the last screen of a held conversation
 * (cairn_session_hold_history()) may come, once read, and the pass over
 * the file's lines begin; building the rest still waits. Built in the
 * thread meanwhile, the last screen is kept until then, so that the
 * window's first frame builds none of its rows and shares the CPU with
 * nothing but that.
 */
void
cairn_session_show_history (CairnSession *self)
{
  Tail *tail;

  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (self->history_screen_held)
    history_gate_set (self->history_gate, FALSE, self->history_gate->held);
  self->history_screen_held = FALSE;
  if ((tail = g_steal_pointer (&self->history_tail)) != NULL)
    {
      show_tail_now (self, tail);
      tail_free (tail);
    }
}

void
cairn_session_release_history (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  cairn_session_show_history (self);
  if (self->history_gate->held)
    history_gate_set (self->history_gate, FALSE, FALSE);
}

/* Reads the session file again, for the branch through the @index-th
 * prompt that answers @parent (cairn-session-branch.c). */
void
_cairn_session_show_branch_async (CairnSession        *self,
                                  const char          *parent,
                                  guint                index,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  OpenData *data = g_new0 (OpenData, 1);

  data->file = _cairn_session_dup_file (self);
  data->cwd = g_strdup (self->cwd);
  data->session_id = g_strdup (self->session_id);
  data->whole = TRUE;
  data->switch_parent = g_strdup (parent);
  data->switch_to = index;
  data->own_pids = g_array_copy (self->own_pids);
  g_task_set_task_data (task, data, (GDestroyNotify)open_data_free);
  g_task_run_in_thread (task, open_thread);
}

gboolean
_cairn_session_show_branch_finish (CairnSession  *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  OpenData *data;

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  data = g_task_get_task_data (G_TASK (result));
  cairn_transcript_replace_all (cairn_session_get_transcript (self), data->earlier_items);
  cairn_transcript_builder_set_todos (self->builder, data->todos);
  /* the CLI resumes the branch the file now names */
  g_clear_pointer (&self->resume_at, g_free);
  self->fork_next = FALSE;
  g_clear_pointer (&self->next_branch_parent, g_free);
  return TRUE;
}

/* A mode Cairn offers: bypass only when Cairn itself started with it. */
static gboolean
mode_offered (CairnSession *self,
              const char   *mode)
{
  CairnPermissionMode value;

  if (!cairn_permission_mode_from_nick (mode, &value))
    return FALSE;
  if (value == CAIRN_PERMISSION_MODE_BYPASS)
    return cairn_session_get_bypass_available (self);
  return value != CAIRN_PERMISSION_MODE_DONT_ASK;
}

/* Names the mode only when it is one of the CLI's words: the file's text
 * is not repeated. */
static void
tell_mode_refused (CairnSession *self,
                   const char   *mode)
{
  CairnPermissionMode value;
  g_autofree char *body = NULL;

  if (cairn_permission_mode_from_nick (mode, &value))
    body = g_strdup_printf (_("The conversation’s file names the mode “%s”, which Cairn does not offer here. "
                              "It continues in Ask Before Edits."), cairn_permission_mode_to_nick (value));
  else
    body = g_strdup (_("The conversation’s file names a mode Claude Code does not know. "
                       "It continues in Ask Before Edits."));
  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("Permission mode not taken over"), body);
}

static void
resume_checked (CairnSession *self,
                const char   *session_id,
                const char   *model,
                const char   *mode,
                gboolean      tell)
{
  if (session_id != NULL && !g_uuid_string_is_valid (session_id))
    session_id = NULL;
  if (model != NULL && !cairn_launcher_is_model_id (model))
    model = NULL;
  if (mode != NULL && !mode_offered (self, mode))
    {
      if (tell)
        tell_mode_refused (self, mode);
      mode = cairn_permission_mode_to_nick (CAIRN_PERMISSION_MODE_DEFAULT);
    }
  _cairn_session_set_string (self, &self->session_id, session_id, CAIRN_SESSION_PROP_SESSION_ID);
  _cairn_session_set_string (self, &self->model, model, CAIRN_SESSION_PROP_MODEL);
  cairn_set_str (&self->start_model, model);
  if (mode != NULL)
    _cairn_session_set_string (self, &self->permission_mode, mode, CAIRN_SESSION_PROP_PERMISSION_MODE);
}

/**
 * cairn_session_resume_conversation:
 * @session_id: a UUID; anything else starts a new conversation
 * @model: (nullable): the model it last used; ignored unless a model id
 * @mode: (nullable): the permission mode it was last in; one Cairn does
 *   not offer (bypass, unless Cairn started with it) becomes the default
 *   mode, with a notice
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

  resume_checked (self, session_id, model, mode, TRUE);
}

static void
trashed_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (cairn_history_trash_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
closed_for_trash_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!cairn_session_close_finish (CAIRN_SESSION (object), result, &error))
    g_warning ("Waiting for Claude Code to exit failed: %s", error->message);
  cairn_history_trash_async (g_task_get_source_object (task), g_task_get_cancellable (task),
                             trashed_cb, g_object_ref (task));
}

/**
 * cairn_session_trash_async:
 * @file: the conversation's session file
 *
 * Delete: ends the session's CLI and waits until its process is gone, then
 * moves @file (with its folder) to the Trash. A CLI still exiting may write
 * its session file again, which would bring the conversation back; so it
 * goes only once no process can. The task's source object is @file.
 */
void
cairn_session_trash_async (CairnSession        *self,
                           GFile               *file,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  g_task_set_source_tag (task, cairn_session_trash_async);
  cairn_session_close_async (self, cancellable, closed_for_trash_cb, g_steal_pointer (&task));
}

gboolean
cairn_session_trash_finish (GAsyncResult  *result,
                            GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
