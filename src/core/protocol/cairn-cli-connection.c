/* cairn-cli-connection.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-cli-connection"

#include "config.h"

#include <gio/gunixoutputstream.h>
#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>

#include "protocol/cairn-cli-connection.h"
#include "protocol/cairn-host-kill.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-launcher.h"

#define STDERR_TAIL_LINES    12
#define STDERR_LINE_MAX      2048
/* After the process is gone, how long its pipes may still deliver lines
 * (a tool's child can keep them open forever). */
#define DRAIN_TIMEOUT_MS     750
/* Lines already in the read buffer are handled at once, without a main
 * loop round trip each, for at most this long before the loop gets a turn. */
#define BUFFERED_BUDGET_US   4000
/* A process asked to stop (SIGTERM) that is still there after this long is
 * killed: a hung CLI must not outlive its conversation. */
#define KILL_GRACE_MS        3000
/* In the Flatpak, how long the host is given to kill a CLI by its tag
 * before flatpak-spawn, in front of it, is killed all the same */
#define HOST_KILL_GRACE_MS   3000
/* Reading yields to input and to redraws (GDK_PRIORITY_REDRAW is
 * G_PRIORITY_HIGH_IDLE + 20): a CLI that floods its output fills the time
 * between frames, never the frames themselves. */
#define READ_PRIORITY        G_PRIORITY_DEFAULT_IDLE
/* What the read buffer holds; it grows for a longer line, then shrinks. */
#define READ_BUFFER_SIZE     (64 * 1024)

struct _CairnCliConnection
{
  GObject           parent_instance;

  GSubprocess      *process;
  /* in the Flatpak: the tag in the host CLI's environment (cairn-host-kill.c) */
  char             *host_tag;
  GDataInputStream *stdout_lines;
  GDataInputStream *stderr_lines;
  GOutputStream    *stdin_stream;
  GCancellable     *cancellable;

  GQueue            outgoing;
  GBytes           *writing;

  GHashTable       *pending;
  guint             next_request_id;

  GQueue            stderr_tail;
  /* GTasks of cairn_cli_connection_wait_gone_async() */
  GQueue            gone_waiters;
  char             *exit_description;
  guint             drain_source;
  guint             kill_source;
  /* lines read since the drain timer last looked: a CLI that exited but
   * whose output is still being read is not cut off */
  guint             lines_since_drain;

  guint             started : 1;
  guint             stdout_done : 1;
  guint             stderr_done : 1;
  guint             process_done : 1;
  guint             counted_live : 1;
  guint             exit_success : 1;
  guint             exited : 1;
  guint             reading_buffered : 1;
  guint             parsing : 1;      /* a big line is being parsed in a thread */
  guint             more_wanted : 1;
  guint             killing_on_host : 1;
};

G_DEFINE_FINAL_TYPE (CairnCliConnection, cairn_cli_connection, G_TYPE_OBJECT)
G_DEFINE_QUARK (cairn-cli-connection-error-quark, cairn_cli_connection_error)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum {
  LINE_RECEIVED,
  MESSAGE,
  STDERR_LINE,
  LINE_SENT,
  EXITED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

/* Processes started and not yet reaped, in the whole program, and who
 * waits for none to be left (quitting waits for every CLI to be gone:
 * a CLI left behind would keep running, and writing, after Cairn). */
static guint live_processes;
static GQueue all_gone_waiters = G_QUEUE_INIT;

static void read_next_line (CairnCliConnection *self);
static void read_next_stderr_line (CairnCliConnection *self);

static GDataInputStream *
line_reader_new (GInputStream *stream)
{
  GDataInputStream *lines = g_data_input_stream_new (stream);

  g_buffered_input_stream_set_buffer_size (G_BUFFERED_INPUT_STREAM (lines), READ_BUFFER_SIZE);
  g_data_input_stream_set_newline_type (lines, G_DATA_STREAM_NEWLINE_TYPE_LF);
  return lines;
}

static void
fail_pending_requests (CairnCliConnection *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      g_task_return_new_error (G_TASK (value), CAIRN_CLI_CONNECTION_ERROR,
                               CAIRN_CLI_CONNECTION_ERROR_CLOSED,
                               "%s", _("Claude Code exited before answering"));
      g_hash_table_iter_remove (&iter);
    }
}

static void
report_exit (CairnCliConnection *self)
{
  if (self->exited)
    return;
  self->exited = TRUE;
  g_clear_handle_id (&self->drain_source, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_queue_clear_full (&self->outgoing, (GDestroyNotify)g_bytes_unref);
  fail_pending_requests (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[EXITED], 0, (gboolean)self->exit_success,
                 self->exit_description);
}

/* The process is gone but its output isn't closed (a child of it may
 * hold the pipe): give up on it once reading makes no progress. */
static gboolean
drain_timeout_cb (gpointer user_data)
{
  CairnCliConnection *self = user_data;

  if (self->parsing || self->lines_since_drain > 0)
    {
      self->lines_since_drain = 0;
      return G_SOURCE_CONTINUE;
    }
  self->drain_source = 0;
  report_exit (self);
  return G_SOURCE_REMOVE;
}

static void
maybe_report_exit (CairnCliConnection *self)
{
  if (!self->process_done || self->exited)
    return;
  if (self->stdout_done && self->stderr_done)
    report_exit (self);
  else if (self->drain_source == 0)
    self->drain_source = g_timeout_add (DRAIN_TIMEOUT_MS, drain_timeout_cb, self);
}

static char *
describe_exit (GSubprocess *process)
{
  if (g_subprocess_get_if_signaled (process))
    {
      int sig = g_subprocess_get_term_sig (process);
      return g_strdup_printf (_("Claude Code was stopped by signal %d (%s)"),
                              sig, g_strsignal (sig));
    }
  if (g_subprocess_get_exit_status (process) == 0)
    return g_strdup (_("Claude Code exited"));
  return g_strdup_printf (_("Claude Code exited with code %d"),
                          g_subprocess_get_exit_status (process));
}

static void
return_all (GQueue *waiters)
{
  GTask *task;

  while ((task = g_queue_pop_head (waiters)) != NULL)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
    }
}

/* The process is reaped (or was killed as the connection went away). */
static void
process_gone (CairnCliConnection *self)
{
  return_all (&self->gone_waiters);
  if (!self->counted_live)
    return;
  self->counted_live = FALSE;
  if (--live_processes == 0)
    return_all (&all_gone_waiters);
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(CairnCliConnection) self = user_data;
  GSubprocess *process = G_SUBPROCESS (object);
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_finish (process, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Waiting for Claude Code failed: %s", error->message);
      process_gone (self);
      return;
    }
  process_gone (self);
  self->process_done = TRUE;
  g_clear_handle_id (&self->kill_source, g_source_remove);
  self->exit_success = g_subprocess_get_successful (process);
  self->exit_description = describe_exit (process);
  maybe_report_exit (self);
}

static void
dispatch (CairnCliConnection *self,
          CairnMessage       *message);

/* A big line on its way to the parsing thread, which takes it. */
typedef struct
{
  char  *data;
  gsize  length;
} BigLine;

static void
big_line_free (BigLine *line)
{
  g_free (line->data);
  g_free (line);
}

static void
parse_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  BigLine *line = task_data;

  g_task_return_pointer (task, cairn_message_new_take_line (g_steal_pointer (&line->data), line->length),
                         g_object_unref);
}

static void
parse_in_thread_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  CairnCliConnection *self = CAIRN_CLI_CONNECTION (object);
  g_autoptr(CairnMessage) message = g_task_propagate_pointer (G_TASK (result), NULL);

  self->parsing = FALSE;
  if (message == NULL || self->exited)
    return;
  dispatch (self, message);
  read_next_line (self);
}

static gboolean
is_blank (const char *line,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (line[i]))
      return FALSE;
  return TRUE;
}

static void
handle_line (CairnCliConnection *self,
             char               *line,
             gsize               length)
{
  g_autoptr(CairnMessage) message = NULL;
  BigLine *big;
  GTask *task;

  self->lines_since_drain++;
  /* An empty line says nothing (and has no bytes to keep or log). */
  if (is_blank (line, length))
    {
      g_free (line);
      read_next_line (self);
      return;
    }
  if (length < CAIRN_CLI_CONNECTION_THREADED_PARSE_SIZE)
    {
      message = cairn_message_new_take_line (line, length);
      dispatch (self, message);
      read_next_line (self);
      return;
    }

  /* Reading pauses until the big line is parsed, so the order holds. The
   * read buffer grew to hold the line: back to its size, so the line is
   * not held twice while it is parsed. */
  self->parsing = TRUE;
  if (g_buffered_input_stream_get_buffer_size (G_BUFFERED_INPUT_STREAM (self->stdout_lines)) > READ_BUFFER_SIZE)
    g_buffered_input_stream_set_buffer_size (G_BUFFERED_INPUT_STREAM (self->stdout_lines), READ_BUFFER_SIZE);
  big = g_new0 (BigLine, 1);
  big->data = line;
  big->length = length;
  task = g_task_new (self, self->cancellable, parse_in_thread_cb, NULL);
  g_task_set_source_tag (task, handle_line);
  g_task_set_task_data (task, big, (GDestroyNotify)big_line_free);
  g_task_run_in_thread (task, parse_in_thread);
  g_object_unref (task);
}

static void
read_line_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CairnCliConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  char *line;

  line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (object), result,
                                               &length, &error);
  if (line == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      if (error != NULL)
        g_debug ("Reading from Claude Code failed: %s", error->message);
      self->stdout_done = TRUE;
      maybe_report_exit (self);
      return;
    }
  handle_line (self, line, length);
}

/* The next whole line already in the read buffer, or NULL. Its end is
 * found with memchr and it is copied out in one go: GDataInputStream's
 * own read_line looks at a byte at a time, which was the larger part of
 * reading a line (bench-core). */
static char *
take_buffered_line (CairnCliConnection *self,
                    gsize              *length)
{
  GBufferedInputStream *stream = G_BUFFERED_INPUT_STREAM (self->stdout_lines);
  gsize available;
  const char *buffer = g_buffered_input_stream_peek_buffer (stream, &available);
  const char *newline = available > 0 ? memchr (buffer, '\n', available) : NULL;
  char *line;

  if (newline == NULL)
    return NULL;
  *length = newline - buffer;
  /* copied whole: a line may hold NUL bytes, handle_line() judges it */
  line = g_malloc (*length + 1);
  memcpy (line, buffer, *length);
  line[*length] = '\0';
  /* within the buffer: nothing is read, the position moves */
  g_input_stream_skip (G_INPUT_STREAM (stream), *length + 1, NULL, NULL);
  return line;
}

static void
read_next_line (CairnCliConnection *self)
{
  gint64 deadline;

  if (self->exited)
    return;
  /* Called back from handle_line() inside the loop below. */
  if (self->reading_buffered)
    {
      self->more_wanted = TRUE;
      return;
    }

  self->reading_buffered = TRUE;
  deadline = g_get_monotonic_time () + BUFFERED_BUDGET_US;
  for (;;)
    {
      gsize length = 0;
      char *line;

      self->more_wanted = FALSE;
      if (g_get_monotonic_time () >= deadline || !(line = take_buffered_line (self, &length)))
        {
          self->more_wanted = TRUE;
          break;
        }
      handle_line (self, line, length);
      if (!self->more_wanted || self->exited)
        break;
    }
  self->reading_buffered = FALSE;
  if (self->more_wanted && !self->exited)
    g_data_input_stream_read_line_async (self->stdout_lines, READ_PRIORITY,
                                         self->cancellable, read_line_cb,
                                         g_object_ref (self));
}

static void
remember_stderr_line (CairnCliConnection *self,
                      const char         *line)
{
  char *kept = g_utf8_make_valid (line, MIN (strlen (line), STDERR_LINE_MAX));

  g_queue_push_tail (&self->stderr_tail, kept);
  while (self->stderr_tail.length > STDERR_TAIL_LINES)
    g_free (g_queue_pop_head (&self->stderr_tail));
  g_signal_emit (self, signals[STDERR_LINE], 0, kept);
}

static void
read_stderr_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(CairnCliConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (object), result,
                                               NULL, &error);
  if (line == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      self->stderr_done = TRUE;
      maybe_report_exit (self);
      return;
    }
  remember_stderr_line (self, line);
  read_next_stderr_line (self);
}

static void
read_next_stderr_line (CairnCliConnection *self)
{
  if (self->exited)
    return;
  g_data_input_stream_read_line_async (self->stderr_lines, READ_PRIORITY,
                                       self->cancellable, read_stderr_cb,
                                       g_object_ref (self));
}

static void write_next (CairnCliConnection *self);

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(CairnCliConnection) self = user_data;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->writing, g_bytes_unref);
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error))
    {
      /* The process is gone; its exit is reported by wait_cb. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Writing to Claude Code failed: %s", error->message);
      g_queue_clear_full (&self->outgoing, (GDestroyNotify)g_bytes_unref);
      return;
    }
  write_next (self);
}

static void
write_next (CairnCliConnection *self)
{
  gsize size;
  const char *data;

  if (self->writing != NULL || self->exited || g_queue_is_empty (&self->outgoing))
    return;
  self->writing = g_queue_pop_head (&self->outgoing);
  data = g_bytes_get_data (self->writing, &size);
  g_output_stream_write_all_async (self->stdin_stream, data, size, G_PRIORITY_DEFAULT,
                                   self->cancellable, write_cb, g_object_ref (self));
}

/**
 * cairn_cli_connection_send_object:
 *
 * Queues one JSON line for the CLI's stdin. This is the only way anything
 * reaches the CLI, so replies, prompts and mode changes keep their order.
 */
void
cairn_cli_connection_send_object (CairnCliConnection *self,
                                  JsonObject         *object)
{
  g_autofree char *json = NULL;
  GString *line;

  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));
  g_return_if_fail (object != NULL);

  if (self->exited)
    return;
  json = cairn_json_object_to_string (object, FALSE);
  g_signal_emit (self, signals[LINE_SENT], 0, json);
  line = g_string_new (json);
  g_string_append_c (line, '\n');
  g_queue_push_tail (&self->outgoing, g_string_free_to_bytes (line));
  write_next (self);
}

static gboolean
complete_control_request (CairnCliConnection *self,
                          CairnMessage       *message)
{
  JsonObject *response = cairn_json_get_object (cairn_message_get_object (message), "response");
  const char *request_id = cairn_json_get_string (response, "request_id");
  g_autoptr(GTask) task = NULL;
  g_autofree char *key = NULL;
  JsonObject *payload;

  if (request_id == NULL ||
      !g_hash_table_steal_extended (self->pending, request_id,
                                    (gpointer *)&key, (gpointer *)&task))
    return FALSE;

  if (g_strcmp0 (cairn_json_get_string (response, "subtype"), "success") != 0)
    {
      const char *reason = cairn_json_get_string (response, "error");
      g_task_return_new_error (task, CAIRN_CLI_CONNECTION_ERROR,
                               CAIRN_CLI_CONNECTION_ERROR_REFUSED, "%s",
                               reason ? reason : _("Claude Code refused the request"));
      return TRUE;
    }
  payload = cairn_json_get_object (response, "response");
  g_task_return_pointer (task, payload ? json_object_ref (payload) : json_object_new (),
                         (GDestroyNotify)json_object_unref);
  return TRUE;
}

static void
dispatch (CairnCliConnection *self,
          CairnMessage       *message)
{
  g_autoptr(CairnCliConnection) hold = g_object_ref (self);

  g_signal_emit (self, signals[LINE_RECEIVED], 0, message);
  if (cairn_message_get_kind (message) == CAIRN_MESSAGE_CONTROL_RESPONSE &&
      complete_control_request (self, message))
    return;
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

void
cairn_cli_connection_send_control_async (CairnCliConnection  *self,
                                         JsonObject          *request,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) envelope = json_object_new ();
  char *request_id;

  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));
  g_return_if_fail (request != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cairn_cli_connection_send_control_async);
  if (self->exited)
    {
      g_task_return_new_error (task, CAIRN_CLI_CONNECTION_ERROR,
                               CAIRN_CLI_CONNECTION_ERROR_CLOSED,
                               "%s", _("Claude Code is not running"));
      return;
    }

  request_id = g_strdup_printf ("cairn-%u", ++self->next_request_id);
  json_object_set_string_member (envelope, "type", "control_request");
  json_object_set_string_member (envelope, "request_id", request_id);
  json_object_set_object_member (envelope, "request", json_object_ref (request));
  g_hash_table_insert (self->pending, request_id, g_steal_pointer (&task));
  cairn_cli_connection_send_object (self, envelope);
}

JsonObject *
cairn_cli_connection_send_control_finish (CairnCliConnection  *self,
                                          GAsyncResult        *result,
                                          GError             **error)
{
  g_return_val_if_fail (CAIRN_IS_CLI_CONNECTION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
send_control_response (CairnCliConnection *self,
                       JsonObject         *response)
{
  g_autoptr(JsonObject) envelope = json_object_new ();

  json_object_set_string_member (envelope, "type", "control_response");
  json_object_set_object_member (envelope, "response", response);
  cairn_cli_connection_send_object (self, envelope);
}

/* The answer's shape is strict (docs/protocol.md, "Answering
 * can_use_tool"): request_id goes inside "response" and the payload under
 * "response.response"; anything else is silently ignored by the CLI and
 * the request hangs. */
void
cairn_cli_connection_respond (CairnCliConnection *self,
                              const char         *request_id,
                              JsonObject         *payload)
{
  JsonObject *response = json_object_new ();

  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));
  g_return_if_fail (request_id != NULL);

  json_object_set_string_member (response, "subtype", "success");
  json_object_set_string_member (response, "request_id", request_id);
  if (payload != NULL)
    json_object_set_object_member (response, "response", json_object_ref (payload));
  send_control_response (self, response);
}

void
cairn_cli_connection_respond_error (CairnCliConnection *self,
                                    const char         *request_id,
                                    const char         *message)
{
  JsonObject *response = json_object_new ();

  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));
  g_return_if_fail (request_id != NULL);

  json_object_set_string_member (response, "subtype", "error");
  json_object_set_string_member (response, "request_id", request_id);
  json_object_set_string_member (response, "error", message);
  send_control_response (self, response);
}

void
cairn_cli_connection_start (CairnCliConnection *self)
{
  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  read_next_line (self);
  if (self->stderr_lines != NULL)
    read_next_stderr_line (self);
  else
    self->stderr_done = TRUE;
  if (self->process != NULL)
    {
      self->counted_live = TRUE;
      live_processes++;
      g_subprocess_wait_async (self->process, self->cancellable, wait_cb, g_object_ref (self));
    }
  else
    self->process_done = self->exit_success = TRUE;
  write_next (self);
}

gboolean
cairn_cli_connection_get_running (CairnCliConnection *self)
{
  g_return_val_if_fail (CAIRN_IS_CLI_CONNECTION (self), FALSE);
  return self->started && !self->exited;
}

/**
 * cairn_cli_connection_dup_stderr_tail:
 *
 * The last lines the CLI wrote to stderr, which usually say why it failed.
 */
char *
cairn_cli_connection_dup_stderr_tail (CairnCliConnection *self)
{
  GString *tail = g_string_new (NULL);

  g_return_val_if_fail (CAIRN_IS_CLI_CONNECTION (self), NULL);

  for (GList *l = self->stderr_tail.head; l != NULL; l = l->next)
    {
      if (tail->len > 0)
        g_string_append_c (tail, '\n');
      g_string_append (tail, l->data);
    }
  return g_string_free (tail, FALSE);
}

static void
host_killed_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!cairn_host_kill_tagged_finish (result, &error))
    g_warning ("Killing Claude Code on the host failed: %s", error->message);
}

/* The wait for the process holds a reference: the connection outlives
 * this timeout unless the process is gone, which clears it.
 * In the Flatpak, SIGKILL would end flatpak-spawn and leave the host CLI
 * running (cairn-host-kill.c): the host kills it by its tag, flatpak-spawn
 * then ends by itself, and until it has, the process counts as running
 * (quitting waits). If the host doesn't answer, flatpak-spawn is killed
 * after HOST_KILL_GRACE_MS. */
static gboolean
kill_timeout_cb (gpointer user_data)
{
  CairnCliConnection *self = user_data;

  self->kill_source = 0;
  if (self->process == NULL || self->process_done)
    return G_SOURCE_REMOVE;
  if (self->host_tag != NULL && !self->killing_on_host)
    {
      g_debug ("Claude Code ignored SIGTERM; killing it on the host");
      self->killing_on_host = TRUE;
      cairn_host_kill_tagged_async (self->host_tag, NULL, host_killed_cb, NULL);
      self->kill_source = g_timeout_add (HOST_KILL_GRACE_MS, kill_timeout_cb, self);
      return G_SOURCE_REMOVE;
    }
  g_debug ("Claude Code ignored SIGTERM; killing it");
  g_subprocess_force_exit (self->process);
  return G_SOURCE_REMOVE;
}

/**
 * cairn_cli_connection_terminate:
 *
 * Asks the process to stop (SIGTERM), and kills it (SIGKILL, on the host
 * in the Flatpak) if it is still there after KILL_GRACE_MS; its exit is
 * reported as usual.
 */
void
cairn_cli_connection_terminate (CairnCliConnection *self)
{
  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));

  if (self->process != NULL && !self->process_done)
    {
      g_subprocess_send_signal (self->process, SIGTERM);
      if (self->kill_source == 0)
        self->kill_source = g_timeout_add (KILL_GRACE_MS, kill_timeout_cb, self);
    }
  else if (self->process == NULL)
    report_exit (self);
}

/**
 * cairn_cli_connection_wait_gone_async:
 *
 * Completes once the process has exited and was reaped (at once when
 * there is none). Deleting a conversation waits for this: a CLI still
 * exiting may write its session file again.
 */
void
cairn_cli_connection_wait_gone_async (CairnCliConnection  *self,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_return_if_fail (CAIRN_IS_CLI_CONNECTION (self));

  g_task_set_source_tag (task, cairn_cli_connection_wait_gone_async);
  /* counted from start until reaped */
  if (!self->counted_live)
    g_task_return_boolean (task, TRUE);
  else
    g_queue_push_tail (&self->gone_waiters, g_steal_pointer (&task));
}

gboolean
cairn_cli_connection_wait_gone_finish (CairnCliConnection  *self,
                                       GAsyncResult        *result,
                                       GError             **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
check_all_gone_cb (gpointer user_data)
{
  GTask *task = user_data;

  if (live_processes == 0)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
    }
  else
    g_queue_push_tail (&all_gone_waiters, task);
  return G_SOURCE_REMOVE;
}

/**
 * cairn_cli_connection_wait_all_gone_async:
 *
 * Completes once no process started by any connection is left. Looked at
 * from an idle callback, so processes asked to stop in the same main loop
 * turn (a window closing) are counted.
 */
void
cairn_cli_connection_wait_all_gone_async (GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, cairn_cli_connection_wait_all_gone_async);
  g_idle_add (check_all_gone_cb, task);
}

gboolean
cairn_cli_connection_wait_all_gone_finish (GAsyncResult  *result,
                                           GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * cairn_cli_connection_get_identifier:
 *
 * Returns: (nullable): the process id as a string, for diagnostics.
 */
const char *
cairn_cli_connection_get_identifier (CairnCliConnection *self)
{
  g_return_val_if_fail (CAIRN_IS_CLI_CONNECTION (self), NULL);

  if (self->process == NULL || self->process_done)
    return NULL;
  return g_subprocess_get_identifier (self->process);
}

static void
cairn_cli_connection_dispose (GObject *object)
{
  CairnCliConnection *self = (CairnCliConnection *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->drain_source, g_source_remove);
  g_clear_handle_id (&self->kill_source, g_source_remove);
  if (self->process != NULL && !self->process_done)
    g_subprocess_force_exit (self->process);
  if (self->pending != NULL)
    fail_pending_requests (self);
  g_clear_object (&self->process);
  g_clear_object (&self->stdout_lines);
  g_clear_object (&self->stderr_lines);
  g_clear_object (&self->stdin_stream);

  G_OBJECT_CLASS (cairn_cli_connection_parent_class)->dispose (object);
}

static void
cairn_cli_connection_finalize (GObject *object)
{
  CairnCliConnection *self = (CairnCliConnection *)object;

  g_queue_clear_full (&self->outgoing, (GDestroyNotify)g_bytes_unref);
  g_queue_clear_full (&self->stderr_tail, g_free);
  g_clear_pointer (&self->writing, g_bytes_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->exit_description, g_free);
  g_clear_pointer (&self->host_tag, g_free);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (cairn_cli_connection_parent_class)->finalize (object);
}

static void
cairn_cli_connection_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CairnCliConnection *self = CAIRN_CLI_CONNECTION (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, cairn_cli_connection_get_running (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_cli_connection_class_init (CairnCliConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cairn_cli_connection_dispose;
  object_class->finalize = cairn_cli_connection_finalize;
  object_class->get_property = cairn_cli_connection_get_property;

  properties [PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* every line, also the control responses that are consumed here */
  signals [LINE_RECEIVED] =
    g_signal_new ("line-received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, CAIRN_TYPE_MESSAGE);
  signals [MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, CAIRN_TYPE_MESSAGE);
  signals [STDERR_LINE] =
    g_signal_new ("stderr-line", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals [LINE_SENT] =
    g_signal_new ("line-sent", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals [EXITED] =
    g_signal_new ("exited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);

  /* A write to a CLI that just died must be an error, not a fatal signal. */
  signal (SIGPIPE, SIG_IGN);
}

static void
cairn_cli_connection_init (CairnCliConnection *self)
{
  self->cancellable = g_cancellable_new ();
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_queue_init (&self->outgoing);
  g_queue_init (&self->stderr_tail);
}

CairnCliConnection *
cairn_cli_connection_new_for_streams (GInputStream  *stdout_stream,
                                      GOutputStream *stdin_stream,
                                      GInputStream  *stderr_stream)
{
  CairnCliConnection *self;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stdout_stream), NULL);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stdin_stream), NULL);

  self = g_object_new (CAIRN_TYPE_CLI_CONNECTION, NULL);
  self->stdout_lines = line_reader_new (stdout_stream);
  self->stdin_stream = g_object_ref (stdin_stream);
  if (stderr_stream != NULL)
    self->stderr_lines = line_reader_new (stderr_stream);
  return self;
}

CairnCliConnection *
cairn_cli_connection_new (GSubprocess *process)
{
  CairnCliConnection *self;
  GOutputStream *stdin_pipe;

  g_return_val_if_fail (G_IS_SUBPROCESS (process), NULL);

  /* GSubprocess's pipes block, and GIO's asynchronous write to a pipe
   * that has some room calls write() for the whole line: a line longer
   * than the pipe holds (a pasted log, an image) to a CLI that reads no
   * more would then hold the main loop, and every conversation, for good.
   * Not blocking, a write takes what fits and waits in the loop for more
   * room. */
  stdin_pipe = g_subprocess_get_stdin_pipe (process);
  if (G_IS_UNIX_OUTPUT_STREAM (stdin_pipe))
    g_unix_set_fd_nonblocking (g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (stdin_pipe)), TRUE, NULL);
  self = cairn_cli_connection_new_for_streams (g_subprocess_get_stdout_pipe (process), stdin_pipe,
                                               g_subprocess_get_stderr_pipe (process));
  self->process = g_object_ref (process);
  self->host_tag = g_strdup (cairn_launcher_get_host_tag (process));
  return self;
}
