/* cairn-session-process.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "cairn-enums.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-launcher.h"
#include "protocol/cairn-util.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-notice-item.h"

/* The CLI process of a session: starting it (through the trust gate),
 * hooking up its connection, the turns it has pending, and its end:
 * exited, interrupted, suspended, restarted or closed. */

void
_cairn_session_set_pending_turns (CairnSession *self,
                                  guint         pending)
{
  gboolean was_busy = cairn_session_get_busy (self);

  self->pending_turns = pending;
  if (was_busy != cairn_session_get_busy (self))
    _cairn_session_notify (self, CAIRN_SESSION_PROP_BUSY);
  _cairn_session_watch (self);
}

static void
settle_turns (CairnSession *self,
              guint         pending)
{
  _cairn_session_set_pending_turns (self, pending);
  if (self->connection != NULL)
    _cairn_session_set_state (self, self->pending_turns > 0 ? CAIRN_SESSION_STATE_RUNNING
                                                             : CAIRN_SESSION_STATE_IDLE);
  _cairn_session_restart_if_idle (self);
}

/* A `result`: the turn's end, and one fewer pending turn where results
 * count turns (cairn-session-commands.c). */
void
_cairn_session_turn_finished (CairnSession *self)
{
  _cairn_session_log_items (self);
  cairn_transcript_builder_close_open_blocks (self->builder);
  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  if (_cairn_session_results_count_turns (self))
    settle_turns (self, self->pending_turns > 0 ? self->pending_turns - 1 : 0);
}

/* The CLI finished every prompt sent, with or without a result. */
void
_cairn_session_all_turns_done (CairnSession *self)
{
  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("Not finished: the turn ended"), TRUE);
  _cairn_session_expire_settled_permissions (self, TRUE);
  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  settle_turns (self, 0);
}

void
_cairn_session_drop_connection (CairnSession *self)
{
  if (self->connection == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->connection, self);
  g_clear_object (&self->connection);
}

static char *
describe_lost_turn (CairnSession *self,
                    const char   *stderr_tail)
{
  GString *body = g_string_new (stderr_tail);

  if (body->len > 0)
    g_string_append (body, "\n\n");
  if (self->session_id != NULL)
    g_string_append (body, _("Send a message to continue: Cairn will resume the conversation."));
  else
    g_string_append (body, _("Send a message to start again."));
  return g_string_free (body, FALSE);
}

/* A turn the CLI died in: said so, with Retry, which sends its prompt
 * again (the user decides: the CLI may have seen it). */
static void
append_lost_turn (CairnSession *self,
                  const char   *description,
                  const char   *body)
{
  g_autoptr(CairnNoticeItem) notice = cairn_notice_item_new (CAIRN_NOTICE_ERROR, description, body);

  cairn_notice_item_set_action (notice, _("Retry"), "page.retry");
  cairn_transcript_builder_append (self->builder, CAIRN_ITEM (notice));
  _cairn_session_set_can_retry (self, TRUE);
}

static void
connection_exited_cb (CairnSession       *self,
                      gboolean            success,
                      const char         *description,
                      CairnCliConnection *connection)
{
  g_autofree char *tail = cairn_cli_connection_dup_stderr_tail (connection);
  gboolean lost_turn = self->pending_turns > 0 || self->state == CAIRN_SESSION_STATE_STARTING;
  g_autofree char *body = describe_lost_turn (self, tail);

  g_assert (CAIRN_IS_SESSION (self));

  _cairn_session_drop_connection (self);
  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("Not run: Claude Code stopped"), FALSE);
  _cairn_session_set_background_tasks (self, NULL);
  _cairn_session_expire_permissions (self);
  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  _cairn_session_set_pending_turns (self, 0);
  _cairn_session_forget_commands (self);
  _cairn_session_set_state (self, CAIRN_SESSION_STATE_EXITED);

  _cairn_session_log_items (self);
  if (self->closing)
    return;
  if (lost_turn && self->last_prompt != NULL)
    append_lost_turn (self, description, body);
  else if (lost_turn || !success)
    _cairn_session_append_notice (self, CAIRN_NOTICE_ERROR, description, body);
  else
    _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, description, body);
}

/* What the CLI writes on stderr is shown as a quiet row: it is usually
 * why something failed. */
static void
connection_stderr_cb (CairnSession       *self,
                      const char         *line,
                      CairnCliConnection *connection)
{
  g_assert (CAIRN_IS_SESSION (self));

  _cairn_session_watch (self);
  if (*line != '\0')
    _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, line, NULL);
}

static void
connection_message_cb (CairnSession       *self,
                       CairnMessage       *message,
                       CairnCliConnection *connection)
{
  g_assert (CAIRN_IS_SESSION (self));

  self->last_activity = g_get_monotonic_time ();
  _cairn_session_watch (self);
  _cairn_session_handle_message (self, message);
}

/* The models the CLI offers (initialize's "models"), for the model menu. */
static void
keep_models (CairnSession *self,
             JsonArray    *models)
{
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

  for (guint i = 0; models != NULL && i < json_array_get_length (models); i++)
    {
      JsonNode *node = json_array_get_element (models, i);
      JsonObject *model = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *value = cairn_json_get_string (model, "value");
      if (value == NULL)
        continue;
      g_strv_builder_add (values, value);
      g_strv_builder_add (labels, cairn_json_get_string (model, "displayName") ?: value);
      /* until a turn's init says, the model in use is the default one */
      if (self->model == NULL && g_str_equal (value, "default"))
        _cairn_session_set_string (self, &self->model, cairn_json_get_string (model, "resolvedModel"),
                                   CAIRN_SESSION_PROP_MODEL);
    }
  g_strfreev (self->model_values);
  g_strfreev (self->model_labels);
  self->model_values = g_strv_builder_end (values);
  self->model_labels = g_strv_builder_end (labels);
  _cairn_session_notify (self, CAIRN_SESSION_PROP_MODEL_VALUES);
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CairnSession) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  JsonArray *commands;

  reply = cairn_cli_connection_send_control_finish (CAIRN_CLI_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      g_debug ("initialize failed: %s", error->message);
      return;
    }
  commands = cairn_json_get_array (reply, "commands");
  for (guint i = 0; commands != NULL && i < json_array_get_length (commands); i++)
    {
      JsonNode *node = json_array_get_element (commands, i);
      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          const char *name = cairn_json_get_string (json_node_get_object (node), "name");
          if (name != NULL)
            g_strv_builder_add (names, name);
        }
    }
  g_strfreev (self->commands);
  self->commands = g_strv_builder_end (names);
  _cairn_session_notify (self, CAIRN_SESSION_PROP_COMMANDS);
  keep_models (self, cairn_json_get_array (reply, "models"));
  _cairn_session_ask_effort (self);
}

static void
send_initialize (CairnSession *self)
{
  g_autoptr(JsonObject) request = json_object_new ();

  json_object_set_string_member (request, "subtype", "initialize");
  /* Cairn's own hooks (cairn-session-hooks.c) */
  json_object_set_object_member (request, "hooks", _cairn_session_hooks_for_initialize ());
  cairn_cli_connection_send_control_async (self->connection, request, NULL,
                                           initialize_cb, g_object_ref (self));
}

/* The rules the user allowed for the session, for a new process to match
 * (docs/protocol.md, "Session rules"). */
static GStrv
session_rules (CairnSession *self)
{
  g_autoptr(GStrvBuilder) rules = g_strv_builder_new ();
  GListModel *model = G_LIST_MODEL (self->allow_rules);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CairnAllowRule) rule = g_list_model_get_item (model, i);
      cairn_allow_rule_add_cli_rules (rule, rules);
    }
  return g_strv_builder_end (rules);
}

gboolean
_cairn_session_start_process (CairnSession *self)
{
  CairnLaunchOptions options = { 0 };
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  /* nothing of the folder runs before it is cleared (cairn-session-trust.c) */
  if (!cairn_trust_gate_allows_start (cairn_session_get_trust_gate (self)))
    return FALSE;
  options.cli_path = g_strdup (self->cli_path);
  options.cwd = g_strdup (self->cwd);
  options.resume_session_id = g_strdup (self->session_id);
  options.resume_at = g_steal_pointer (&self->resume_at);
  options.fork_session = self->fork_next;
  self->fork_next = FALSE;
  options.permission_mode = g_strdup (self->permission_mode ? self->permission_mode : self->start_mode);
  options.model = g_strdup (self->start_model);
  options.allowed_tools = session_rules (self);
  options.in_flatpak = cairn_launcher_in_flatpak ();
  process = cairn_launcher_spawn (&options, &error);
  cairn_launch_options_clear (&options);
  if (process == NULL)
    {
      _cairn_session_append_notice (self, CAIRN_NOTICE_ERROR,
                                    _("Claude Code could not be started"), error->message);
      _cairn_session_set_state (self, CAIRN_SESSION_STATE_EXITED);
      return FALSE;
    }

  _cairn_session_attach_connection (self, cairn_cli_connection_new (process));
  return TRUE;
}

/**
 * _cairn_session_attach_connection:
 * @connection: (transfer full): a connection that was not started yet
 *
 * Makes @connection the session's CLI and starts it. _cairn_session_start_process() uses
 * it for a real process; benchmarks and tests use it with plain streams.
 */
void
_cairn_session_attach_connection (CairnSession       *self,
                                  CairnCliConnection *connection)
{
  _cairn_session_drop_connection (self);
  self->connection = connection;
  /* its settings may have changed since the last process read them */
  _cairn_session_forget_hook_commands (self);
  self->last_activity = g_get_monotonic_time ();
  self->process_cost_usd = 0;
  g_hash_table_remove_all (self->process_models);
  if (cairn_cli_connection_get_identifier (connection) != NULL)
    {
      GPid pid = atoi (cairn_cli_connection_get_identifier (connection));
      g_array_append_val (self->own_pids, pid);
    }
  g_signal_connect_object (self->connection, "message",
                           G_CALLBACK (connection_message_cb), self, G_CONNECT_SWAPPED);
  _cairn_session_log_connection (self);
  g_signal_connect_object (self->connection, "stderr-line",
                           G_CALLBACK (connection_stderr_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->connection, "exited",
                           G_CALLBACK (connection_exited_cb), self, G_CONNECT_SWAPPED);
  _cairn_session_set_state (self, CAIRN_SESSION_STATE_STARTING);
  cairn_cli_connection_start (self->connection);
  send_initialize (self);
}

static gboolean
interrupt_timeout_cb (gpointer user_data)
{
  CairnSession *self = user_data;

  self->interrupt_timeout = 0;
  if (self->connection != NULL && self->pending_turns > 0)
    cairn_cli_connection_terminate (self->connection);
  return G_SOURCE_REMOVE;
}

/**
 * cairn_session_interrupt:
 *
 * Asks the CLI to stop the running turn. The turn ends when the CLI sends
 * its `result`; if it doesn't within a few seconds, the process is stopped.
 */
void
cairn_session_interrupt (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (self->connection == NULL || self->pending_turns == 0)
    return;
  _cairn_session_send_interrupt (self);
  _cairn_session_set_state (self, CAIRN_SESSION_STATE_INTERRUPTING);
  if (self->interrupt_timeout == 0)
    self->interrupt_timeout = g_timeout_add (CAIRN_SESSION_INTERRUPT_GRACE_MS,
                                             interrupt_timeout_cb, self);
}

/* Ends the process without a notice (the user asked for it). */
static void
stop_process_quietly (CairnSession *self)
{
  if (self->connection == NULL)
    return;
  cairn_cli_connection_terminate (self->connection);
  _cairn_session_drop_connection (self);
  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("Not run: the session was restarted"), FALSE);
  _cairn_session_expire_permissions (self);
  _cairn_session_set_pending_turns (self, 0);
  _cairn_session_forget_commands (self);
  _cairn_session_set_state (self, CAIRN_SESSION_STATE_EXITED);
}

/**
 * cairn_session_suspend:
 *
 * Ends the CLI of an idle conversation quietly, to free what it holds;
 * the next prompt resumes it (`--resume`) in the model and mode it was
 * in. A session that works, waits for an answer or has no process is
 * left as it is.
 *
 * Returns: whether the process was ended
 */
gboolean
cairn_session_suspend (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);

  if (self->connection == NULL || self->pending_turns > 0 || self->session_id == NULL ||
      g_list_model_get_n_items (G_LIST_MODEL (self->pending_requests)) > 0)
    return FALSE;
  /* the model it was switched to, not the one it started with */
  if (self->model != NULL)
    cairn_set_str (&self->start_model, self->model);
  cairn_cli_connection_terminate (self->connection);
  _cairn_session_drop_connection (self);
  _cairn_session_forget_commands (self);
  _cairn_session_set_state (self, CAIRN_SESSION_STATE_EXITED);
  return TRUE;
}

/* Whether a CLI process runs for the session. */
gboolean
cairn_session_get_has_process (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  return self->connection != NULL;
}

/* When the CLI last wrote or was written to (monotonic µs), or when the
 * session was made. */
gint64
cairn_session_get_last_activity (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), 0);
  return self->last_activity;
}

static void
restart_now (CairnSession *self,
             gpointer      data)
{
  stop_process_quietly (self);
  _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, _("Claude Code was restarted"),
                                self->session_id != NULL
                                ? _("The conversation goes on. Send a message again if it got no answer.")
                                : _("Send your message again: it got no answer."));
  _cairn_session_start_process (self);
}

/**
 * cairn_session_restart:
 *
 * Ends the CLI (a stalled one, usually) and starts it again on the same
 * conversation (`--resume`), ready for the next prompt. Nothing is sent
 * again by itself: a prompt the old process never answered may or may not
 * be in the conversation's file, and sending it twice would be worse.
 * Not while another process has the conversation (asked first).
 */
void
cairn_session_restart (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  _cairn_session_when_not_elsewhere (self, restart_now, NULL, NULL);
}

/* A new conversation (no --resume) in @mode, for an approved plan. */
void
_cairn_session_restart_fresh (CairnSession        *self,
                              CairnPermissionMode  mode_value)
{
  const char *mode = cairn_permission_mode_to_nick (mode_value);

  stop_process_quietly (self);
  _cairn_session_set_string (self, &self->session_id, NULL, CAIRN_SESSION_PROP_SESSION_ID);
  _cairn_session_set_string (self, &self->permission_mode, mode, CAIRN_SESSION_PROP_PERMISSION_MODE);
  cairn_set_str (&self->start_mode, mode);
  g_list_store_remove_all (self->allow_rules);
}

/* After a revoked rule: the next prompt resumes in a process without it. */
void
_cairn_session_restart_if_idle (CairnSession *self)
{
  if (!self->restart_when_idle || self->pending_turns > 0)
    return;
  self->restart_when_idle = FALSE;
  stop_process_quietly (self);
}

/**
 * cairn_session_start:
 *
 * Starts the CLI ahead of the first prompt, so its commands and models are
 * known (the CLI answers `initialize` before any turn). Prompts start it
 * anyway when needed.
 */
gboolean
cairn_session_start (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);

  return self->connection != NULL || _cairn_session_start_process (self);
}

/**
 * cairn_session_close:
 *
 * Stops the CLI for good (the window is closing); no notice is shown.
 */
void
cairn_session_close (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  self->closing = TRUE;
  /* a prompt still waiting to resume the conversation goes nowhere */
  if (_cairn_session_drop_elsewhere_check (self))
    _cairn_session_notify (self, CAIRN_SESSION_PROP_BUSY);
  if (self->connection != NULL)
    cairn_cli_connection_terminate (self->connection);
}

static void
connection_gone_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (cairn_cli_connection_wait_gone_finish (CAIRN_CLI_CONNECTION (object), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * cairn_session_close_async:
 *
 * Stops the CLI for good, as cairn_session_close(), and completes once its
 * process is gone (SIGKILL follows SIGTERM after 3 s): only then may its
 * session file be moved, as a CLI still exiting may write it again.
 */
void
cairn_session_close_async (CairnSession        *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_return_if_fail (CAIRN_IS_SESSION (self));

  g_task_set_source_tag (task, cairn_session_close_async);
  cairn_session_close (self);
  if (self->connection == NULL)
    g_task_return_boolean (task, TRUE);
  else
    cairn_cli_connection_wait_gone_async (self->connection, cancellable, connection_gone_cb,
                                          g_steal_pointer (&task));
}

gboolean
cairn_session_close_finish (CairnSession  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
