/* cairn-session.c
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
#include "transcript/cairn-notice-item.h"
#include "session/cairn-background-task.h"
#include "session/cairn-mcp-server.h"
#include "session/cairn-model-usage.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-todo.h"
#include "protocol/cairn-util.h"

/* One conversation with one project folder. The CLI process is an
 * implementation detail: when it is gone, the next prompt starts a new one
 * with --resume, so the conversation survives crashes. */

G_DEFINE_FINAL_TYPE (CairnSession, cairn_session, G_TYPE_OBJECT)

static GParamSpec *properties [CAIRN_SESSION_N_PROPS];

enum {
  PERMISSION_REQUESTED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

void
_cairn_session_set_string (CairnSession  *self,
                           char         **field,
                           const char    *value,
                           guint          prop_id)
{
  if (cairn_set_str (field, value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

void
_cairn_session_set_state (CairnSession      *self,
                          CairnSessionState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_STATE]);
}

void
_cairn_session_notify (CairnSession *self,
                       guint         prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

void
_cairn_session_append_notice (CairnSession        *self,
                              CairnNoticeSeverity  severity,
                              const char          *title,
                              const char          *body)
{
  cairn_transcript_builder_append_notice (self->builder, severity, title, body);
}

/* Retry (the page's action) is there while the last turn failed or was
 * lost and nothing was sent since. */
void
_cairn_session_set_can_retry (CairnSession *self,
                              gboolean      can_retry)
{
  can_retry = can_retry && self->last_prompt != NULL;
  if (self->can_retry == can_retry)
    return;
  self->can_retry = can_retry;
  g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_CAN_RETRY]);
}

gboolean
cairn_session_get_can_retry (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  return self->can_retry;
}

void
_cairn_session_set_context (CairnSession *self,
                            gint64        used,
                            gint64        window)
{
  if (used != self->context_used)
    {
      self->context_used = used;
      g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_CONTEXT_USED]);
    }
  if (window > 0 && window != self->context_window)
    {
      self->context_window = window;
      g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_CONTEXT_WINDOW]);
    }
}

void
_cairn_session_add_cost (CairnSession *self,
                         double        cost)
{
  if (cost <= 0)
    return;
  self->cost_usd += cost;
  g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_COST_USD]);
}

static void
set_pending_turns (CairnSession *self,
                   guint         pending)
{
  gboolean was_busy = cairn_session_get_busy (self);

  self->pending_turns = pending;
  if (was_busy != cairn_session_get_busy (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_BUSY]);
  _cairn_session_watch (self);
}

static void
settle_turns (CairnSession *self,
              guint         pending)
{
  set_pending_turns (self, pending);
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

static void
drop_connection (CairnSession *self)
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

  drop_connection (self);
  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("Not run: Claude Code stopped"), FALSE);
  _cairn_session_set_background_tasks (self, NULL);
  _cairn_session_expire_permissions (self);
  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  set_pending_turns (self, 0);
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
log_line_received_cb (CairnSession       *self,
                      CairnMessage       *message,
                      CairnCliConnection *connection)
{
  gsize size;
  const char *data = g_bytes_get_data (cairn_message_get_raw (message), &size);

  /* the log may have been turned off while the process runs */
  if (self->protocol_log != NULL)
    cairn_protocol_log_write (self->protocol_log, CAIRN_PROTOCOL_LOG_IN, data, size);
}

static void
log_line_sent_cb (CairnSession       *self,
                  const char         *line,
                  CairnCliConnection *connection)
{
  if (self->protocol_log != NULL)
    cairn_protocol_log_write (self->protocol_log, CAIRN_PROTOCOL_LOG_OUT, line, -1);
}

static char *
item_to_json (CairnItem *item)
{
  g_autoptr(JsonNode) node = json_gobject_serialize (G_OBJECT (item));

  json_object_set_string_member (json_node_get_object (node), "item-type", G_OBJECT_TYPE_NAME (item));
  return json_to_string (node, FALSE);
}

/* Items are logged once their turn is over, in their final state. */
void
_cairn_session_log_items (CairnSession *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (self)));

  for (; self->protocol_log != NULL && self->logged_items < n; self->logged_items++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (self)),
                                                         self->logged_items);
      g_autofree char *json = item_to_json (item);
      cairn_protocol_log_write (self->protocol_log, CAIRN_PROTOCOL_LOG_ITEMS, json, -1);
    }
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_MODEL_VALUES]);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[CAIRN_SESSION_PROP_COMMANDS]);
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

static gboolean
start_process (CairnSession *self)
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
 * Makes @connection the session's CLI and starts it. start_process() uses
 * it for a real process; benchmarks and tests use it with plain streams.
 */
void
_cairn_session_attach_connection (CairnSession       *self,
                                  CairnCliConnection *connection)
{
  drop_connection (self);
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
  if (self->protocol_log != NULL)
    {
      g_signal_connect_object (self->connection, "line-received",
                               G_CALLBACK (log_line_received_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->connection, "line-sent",
                               G_CALLBACK (log_line_sent_cb), self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (self->connection, "stderr-line",
                           G_CALLBACK (connection_stderr_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->connection, "exited",
                           G_CALLBACK (connection_exited_cb), self, G_CONNECT_SWAPPED);
  _cairn_session_set_state (self, CAIRN_SESSION_STATE_STARTING);
  cairn_cli_connection_start (self->connection);
  send_initialize (self);
}

/* A stream-json user line (docs/protocol.md, "User messages"): a string,
 * or content blocks when images go with the prompt. */
static JsonObject *
user_message_new (const char *text,
                  JsonArray  *content)
{
  JsonObject *object = json_object_new ();
  JsonObject *message = json_object_new ();

  json_object_set_string_member (message, "role", "user");
  if (content != NULL)
    json_object_set_array_member (message, "content", json_array_ref (content));
  else
    json_object_set_string_member (message, "content", text);
  json_object_set_string_member (object, "type", "user");
  json_object_set_object_member (object, "message", message);
  json_object_set_null_member (object, "parent_tool_use_id");
  json_object_set_string_member (object, "session_id", "");
  return object;
}

/* For Retry; a new prompt also means the last failure is past retrying. */
static void
remember_prompt (CairnSession *self,
                 const char   *text,
                 GPtrArray    *saved_images)
{
  GPtrArray *images = saved_images ? g_ptr_array_ref (saved_images) : NULL;

  cairn_set_str (&self->last_prompt, text);
  g_clear_pointer (&self->last_images, g_ptr_array_unref);
  self->last_images = images;
  if (self->retry_item != NULL)
    cairn_result_item_set_retryable (self->retry_item, FALSE);
  g_clear_object (&self->retry_item);
  _cairn_session_set_can_retry (self, FALSE);
}

/**
 * cairn_session_retry:
 *
 * Sends the last prompt again, with its images (Retry on a failed or
 * lost turn), once: only while cairn_session_get_can_retry().
 */
void
cairn_session_retry (CairnSession *self)
{
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) images = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (!self->can_retry)
    return;
  text = g_strdup (self->last_prompt);
  images = self->last_images ? g_ptr_array_ref (self->last_images) : NULL;
  cairn_session_send_prompt_with_images (self, text, images);
}

/* The prompt just added is the newest version of one that was edited
 * (cairn-session-branch.c): it says so, with an arrow back to the others. */
static void
mark_new_version (CairnSession *self)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (self));
  g_autoptr(CairnItem) prompt = NULL;
  g_autofree char *parent = g_steal_pointer (&self->next_branch_parent);

  if (parent == NULL || g_list_model_get_n_items (items) == 0)
    return;
  prompt = g_list_model_get_item (items, g_list_model_get_n_items (items) - 1);
  cairn_text_item_set_branch (CAIRN_TEXT_ITEM (prompt), parent, self->next_branch_index,
                              self->next_branch_index + 1);
}

static void
send_user_message (CairnSession *self,
                   const char   *text,
                   GPtrArray    *saved_images,
                   JsonObject   *message)
{
  if (_cairn_session_refuse_if_running_elsewhere (self))
    return;
  remember_prompt (self, text, saved_images);
  /* its uuid is the one the CLI writes in the session file: found there
   * when it is needed (cairn-session-rewind.c) */
  cairn_transcript_builder_add_prompt (self->builder, text, saved_images, NULL);
  mark_new_version (self);
  if (self->connection == NULL && !start_process (self))
    {
      _cairn_session_hold_for_trust (self, message);
      return;
    }
  _cairn_session_deliver (self, message);
}

/* A user line to the running CLI: a turn that the CLI queues or starts. */
void
_cairn_session_deliver (CairnSession *self,
                        JsonObject   *message)
{
  _cairn_session_stamp_command (self, message);
  cairn_cli_connection_send_object (self->connection, message);
  self->last_activity = g_get_monotonic_time ();
  set_pending_turns (self, self->pending_turns + 1);
  if (self->state != CAIRN_SESSION_STATE_STARTING)
    _cairn_session_set_state (self, CAIRN_SESSION_STATE_RUNNING);
}

/**
 * cairn_session_send_prompt:
 *
 * Shows @text as the user's message and sends it, starting (or resuming)
 * the CLI when no process is running. A prompt sent during a turn is
 * queued by the CLI and runs as its own turn afterwards.
 */
void
cairn_session_send_prompt (CairnSession *self,
                           const char   *text)
{
  g_autoptr(JsonObject) message = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (text != NULL);

  message = user_message_new (text, NULL);
  send_user_message (self, text, NULL, message);
}

/**
 * cairn_session_send_prompt_with_images:
 * @saved_images: (element-type CairnAttachment): images already saved by
 *   the session's attachment store
 *
 * Like cairn_session_send_prompt(), with each image as a base64 `image`
 * block plus a line naming the saved files, so the agent can open them.
 */
void
cairn_session_send_prompt_with_images (CairnSession *self,
                                       const char   *text,
                                       GPtrArray    *saved_images)
{
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(JsonArray) content = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (text != NULL);

  if (saved_images == NULL || saved_images->len == 0)
    {
      cairn_session_send_prompt (self, text);
      return;
    }
  content = cairn_attachment_store_build_user_content (cairn_session_get_attachment_store (self),
                                                       saved_images, text);
  message = user_message_new (text, content);
  send_user_message (self, text, saved_images, message);
}

/**
 * cairn_session_get_attachment_store:
 *
 * Where this project's attached images are checked and saved.
 */
CairnAttachmentStore *
cairn_session_get_attachment_store (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);

  if (self->attachment_store == NULL)
    self->attachment_store = cairn_attachment_store_new (self->cwd);
  return self->attachment_store;
}

typedef struct
{
  CairnSession *self;
  const char   *failure;
} ControlCall;

static void
control_reply_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ControlCall *call = user_data;
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = cairn_cli_connection_send_control_finish (CAIRN_CLI_CONNECTION (object), result, &error);
  if (reply == NULL && call->failure != NULL)
    _cairn_session_append_notice (call->self, CAIRN_NOTICE_WARNING, _(call->failure), error->message);
  else if (reply == NULL)
    g_debug ("control request failed: %s", error->message);
  g_object_unref (call->self);
  g_free (call);
}

/* A control request whose failure, if any, shows as @failure (N_()). */
void
_cairn_session_send_control (CairnSession *self,
              JsonObject   *request,
              const char   *failure)
{
  ControlCall *call = g_new (ControlCall, 1);

  call->self = g_object_ref (self);
  call->failure = failure;
  cairn_cli_connection_send_control_async (self->connection, request, NULL, control_reply_cb, call);
}

typedef struct
{
  CairnSession       *self;
  CairnSessionAnswer  answer;
} Asked;

static void
asked_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Asked *asked = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = cairn_cli_connection_send_control_finish (CAIRN_CLI_CONNECTION (object),
                                                                          result, &error);

  asked->answer (asked->self, reply, error);
  g_object_unref (asked->self);
  g_free (asked);
}

/* A control request whose answer matters: @answer gets it, on the main
 * loop, with the session kept alive until then. */
void
_cairn_session_ask (CairnSession       *self,
                    JsonObject         *request,
                    CairnSessionAnswer  answer)
{
  Asked *asked = g_new (Asked, 1);

  asked->self = g_object_ref (self);
  asked->answer = answer;
  cairn_cli_connection_send_control_async (self->connection, request, NULL, asked_cb, asked);
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
  drop_connection (self);
  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("Not run: the session was restarted"), FALSE);
  _cairn_session_expire_permissions (self);
  set_pending_turns (self, 0);
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
  drop_connection (self);
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

/**
 * cairn_session_restart:
 *
 * Ends the CLI (a stalled one, usually) and starts it again on the same
 * conversation (`--resume`), ready for the next prompt. Nothing is sent
 * again by itself: a prompt the old process never answered may or may not
 * be in the conversation's file, and sending it twice would be worse.
 */
void
cairn_session_restart (CairnSession *self)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (_cairn_session_refuse_if_running_elsewhere (self))
    return;
  stop_process_quietly (self);
  _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, _("Claude Code was restarted"),
                                self->session_id != NULL
                                ? _("The conversation goes on. Send a message again if it got no answer.")
                                : _("Send your message again: it got no answer."));
  start_process (self);
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
 * cairn_session_set_permission_mode:
 *
 * Asks the CLI to switch mode (`set_permission_mode`); the mode shown is
 * the one the CLI reports back. Without a process, it is the mode the
 * next one starts in.
 */
void
cairn_session_set_permission_mode (CairnSession        *self,
                                   CairnPermissionMode  mode_value)
{
  g_autoptr(JsonObject) request = json_object_new ();
  const char *mode = cairn_permission_mode_to_nick (mode_value);

  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (self->connection == NULL)
    {
      cairn_set_str (&self->start_mode, mode);
      _cairn_session_set_string (self, &self->permission_mode, mode, CAIRN_SESSION_PROP_PERMISSION_MODE);
      return;
    }
  json_object_set_string_member (request, "subtype", "set_permission_mode");
  json_object_set_string_member (request, "mode", mode);
  _cairn_session_send_control (self, request, N_("The mode could not be changed"));
}

/* bypassPermissions can only be chosen when the CLI was started with it. */
gboolean
cairn_session_get_bypass_available (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  return g_strcmp0 (self->start_mode, cairn_permission_mode_to_nick (CAIRN_PERMISSION_MODE_BYPASS)) == 0;
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

  return self->connection != NULL || start_process (self);
}

/**
 * cairn_session_set_debug_dir:
 * @dir: (nullable): where to write the protocol log, or %NULL for none
 *
 * Applies to processes started from now on.
 */
gboolean
cairn_session_set_debug_dir (CairnSession  *self,
                             const char    *dir,
                             GError       **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);

  g_clear_object (&self->protocol_log);
  if (dir == NULL || *dir == '\0')
    return TRUE;
  self->protocol_log = cairn_protocol_log_new (dir, &local_error);
  /* a refusal is said in the conversation, not only on stderr: the user
   * asked for logs */
  if (self->protocol_log != NULL)
    return TRUE;
  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("Protocol log not written"),
                                local_error->message);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * cairn_session_set_start_mode:
 *
 * The mode a new CLI process starts in. A restarted process keeps the mode
 * the CLI last reported, so a crash doesn't lose a mode change.
 */
void
cairn_session_set_start_mode (CairnSession        *self,
                              CairnPermissionMode  mode)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  cairn_set_str (&self->start_mode, cairn_permission_mode_to_nick (mode));
}

/* The mode the CLI last said, as a mode; the default when it said a word
 * that is none (the CLI takes any). */
CairnPermissionMode
cairn_session_get_permission_mode_value (CairnSession *self)
{
  CairnPermissionMode mode = CAIRN_PERMISSION_MODE_DEFAULT;

  g_return_val_if_fail (CAIRN_IS_SESSION (self), mode);
  cairn_permission_mode_from_nick (self->permission_mode, &mode);
  return mode;
}

/**
 * cairn_session_set_model:
 * @model: a value from cairn_session_get_model_values()
 *
 * Switches the model for the next turns (`set_model`). The model shown
 * follows when the CLI reports it (the next `system/init`).
 */
void
cairn_session_set_model (CairnSession *self,
                         const char   *model)
{
  g_autoptr(JsonObject) request = json_object_new ();

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (model != NULL);

  if (self->connection == NULL && !start_process (self))
    return;
  json_object_set_string_member (request, "subtype", "set_model");
  json_object_set_string_member (request, "model", model);
  _cairn_session_send_control (self, request, N_("The model could not be changed"));
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

static void
cairn_session_dispose (GObject *object)
{
  CairnSession *self = (CairnSession *)object;

  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  if (self->hook_runs != NULL)
    _cairn_session_clear_hooks (self);
  g_clear_pointer (&self->hook_runs, g_hash_table_unref);
  _cairn_session_stop_watching (self);
  _cairn_session_stop_following (self);
  g_clear_object (&self->history_file);
  drop_connection (self);
  g_clear_object (&self->protocol_log);
  g_clear_object (&self->attachment_store);
  g_clear_object (&self->trust_gate);
  g_clear_object (&self->pending_requests);
  g_clear_object (&self->background_tasks);
  g_clear_object (&self->model_usage);
  g_clear_pointer (&self->process_models, g_hash_table_unref);
  g_clear_object (&self->mcp_servers);
  g_clear_pointer (&self->unfinished_commands, g_hash_table_unref);
  g_clear_pointer (&self->mcp_skipped, json_array_unref);
  g_clear_object (&self->allow_rules);
  g_clear_object (&self->builder);
  g_clear_object (&self->retry_item);
  g_clear_pointer (&self->last_images, g_ptr_array_unref);

  G_OBJECT_CLASS (cairn_session_parent_class)->dispose (object);
}

static void
cairn_session_finalize (GObject *object)
{
  CairnSession *self = (CairnSession *)object;

  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->cli_path, g_free);
  g_clear_pointer (&self->last_prompt, g_free);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->resume_at, g_free);
  g_clear_pointer (&self->next_branch_parent, g_free);
  g_clear_pointer (&self->model, g_free);
  g_clear_pointer (&self->permission_mode, g_free);
  g_clear_pointer (&self->effort, g_free);
  g_clear_pointer (&self->start_mode, g_free);
  g_clear_pointer (&self->start_model, g_free);
  g_clear_pointer (&self->own_pids, g_array_unref);
  g_clear_pointer (&self->commands, g_strfreev);
  g_clear_pointer (&self->model_values, g_strfreev);
  g_clear_pointer (&self->model_labels, g_strfreev);

  G_OBJECT_CLASS (cairn_session_parent_class)->finalize (object);
}

static void
cairn_session_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CairnSession *self = CAIRN_SESSION (object);

  switch (prop_id)
    {
    case CAIRN_SESSION_PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case CAIRN_SESSION_PROP_CLI_PATH:
      g_value_set_string (value, self->cli_path);
      break;

    case CAIRN_SESSION_PROP_TRANSCRIPT:
      g_value_set_object (value, cairn_session_get_transcript (self));
      break;

    case CAIRN_SESSION_PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case CAIRN_SESSION_PROP_BUSY:
      g_value_set_boolean (value, cairn_session_get_busy (self));
      break;

    case CAIRN_SESSION_PROP_SESSION_ID:
      g_value_set_string (value, self->session_id);
      break;

    case CAIRN_SESSION_PROP_MODEL:
      g_value_set_string (value, self->model);
      break;

    case CAIRN_SESSION_PROP_PERMISSION_MODE:
      g_value_set_string (value, self->permission_mode);
      break;

    case CAIRN_SESSION_PROP_TODOS:
      g_value_set_object (value, cairn_session_get_todos (self));
      break;

    case CAIRN_SESSION_PROP_CONTEXT_USED:
      g_value_set_int64 (value, self->context_used);
      break;

    case CAIRN_SESSION_PROP_CONTEXT_WINDOW:
      g_value_set_int64 (value, self->context_window);
      break;

    case CAIRN_SESSION_PROP_COST_USD:
      g_value_set_double (value, self->cost_usd);
      break;

    case CAIRN_SESSION_PROP_COMMANDS:
      g_value_set_boxed (value, self->commands);
      break;

    case CAIRN_SESSION_PROP_MODEL_VALUES:
      g_value_set_boxed (value, self->model_values);
      break;

    case CAIRN_SESSION_PROP_RUNNING_ELSEWHERE:
      g_value_set_boolean (value, self->running_elsewhere != 0);
      break;

    case CAIRN_SESSION_PROP_STALLED:
      g_value_set_boolean (value, self->stalled);
      break;

    case CAIRN_SESSION_PROP_CAN_RETRY:
      g_value_set_boolean (value, self->can_retry);
      break;

    case CAIRN_SESSION_PROP_RATE_LIMITS:
      g_value_set_pointer (value, &self->rate_limits);
      break;

    case CAIRN_SESSION_PROP_EFFORT:
      g_value_set_string (value, self->effort);
      break;

    case CAIRN_SESSION_PROP_SUPERVISED:
      g_value_set_boolean (value, self->supervised);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_session_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CairnSession *self = CAIRN_SESSION (object);

  switch (prop_id)
    {
    case CAIRN_SESSION_PROP_CWD:
      self->cwd = g_value_dup_string (value);
      break;

    case CAIRN_SESSION_PROP_CLI_PATH:
      self->cli_path = g_value_dup_string (value);
      break;

    case CAIRN_SESSION_PROP_SUPERVISED:
      cairn_session_set_supervised (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_session_constructed (GObject *object)
{
  CairnSession *self = CAIRN_SESSION (object);

  G_OBJECT_CLASS (cairn_session_parent_class)->constructed (object);

  self->builder = cairn_transcript_builder_new (self->cwd);
}

static GParamSpec *
readable_string (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

static void
cairn_session_class_init (CairnSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = cairn_session_constructed;
  object_class->dispose = cairn_session_dispose;
  object_class->finalize = cairn_session_finalize;
  object_class->get_property = cairn_session_get_property;
  object_class->set_property = cairn_session_set_property;

  properties [CAIRN_SESSION_PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_CLI_PATH] =
    g_param_spec_string ("cli-path", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_TRANSCRIPT] =
    g_param_spec_object ("transcript", NULL, NULL, CAIRN_TYPE_TRANSCRIPT,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       CAIRN_TYPE_SESSION_STATE, CAIRN_SESSION_STATE_IDLE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_SESSION_ID] = readable_string ("session-id");
  properties [CAIRN_SESSION_PROP_MODEL] = readable_string ("model");
  properties [CAIRN_SESSION_PROP_PERMISSION_MODE] = readable_string ("permission-mode");
  properties [CAIRN_SESSION_PROP_TODOS] =
    g_param_spec_object ("todos", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_CONTEXT_USED] =
    g_param_spec_int64 ("context-used", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_CONTEXT_WINDOW] =
    g_param_spec_int64 ("context-window", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_COST_USD] =
    g_param_spec_double ("cost-usd", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_COMMANDS] =
    g_param_spec_boxed ("commands", NULL, NULL, G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [CAIRN_SESSION_PROP_MODEL_VALUES] =
    g_param_spec_boxed ("model-values", NULL, NULL, G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* another Claude Code process has the conversation open: it is shown as
   * that one writes it, and no process starts here */
  properties [CAIRN_SESSION_PROP_RUNNING_ELSEWHERE] =
    g_param_spec_boolean ("running-elsewhere", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Retry would send the last prompt again: its turn failed or was lost */
  properties [CAIRN_SESSION_PROP_CAN_RETRY] =
    g_param_spec_boolean ("can-retry", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* the running turn's CLI has said nothing for a minute (the watchdog) */
  properties [CAIRN_SESSION_PROP_STALLED] =
    g_param_spec_boolean ("stalled", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* the plan's usage limits changed (a CairnRateLimits, read-only) */
  properties [CAIRN_SESSION_PROP_RATE_LIMITS] =
    g_param_spec_pointer ("rate-limits", NULL, NULL,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* the reasoning effort the CLI says it uses, when it says one */
  properties [CAIRN_SESSION_PROP_EFFORT] =
    g_param_spec_string ("effort", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* every tool that is not read-only is asked for (cairn-session-hooks.c) */
  properties [CAIRN_SESSION_PROP_SUPERVISED] =
    g_param_spec_boolean ("supervised", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, CAIRN_SESSION_N_PROPS, properties);

  /* A tool call waits for the user (also shown on its card). */
  signals [PERMISSION_REQUESTED] =
    g_signal_new ("permission-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, CAIRN_TYPE_PERMISSION_REQUEST);
}

static void
cairn_session_init (CairnSession *self)
{
  self->last_activity = g_get_monotonic_time ();
  self->pending_requests = g_list_store_new (CAIRN_TYPE_PERMISSION_REQUEST);
  self->background_tasks = g_list_store_new (CAIRN_TYPE_BACKGROUND_TASK);
  self->model_usage = g_list_store_new (CAIRN_TYPE_MODEL_USAGE);
  self->mcp_servers = g_list_store_new (CAIRN_TYPE_MCP_SERVER);
  self->unfinished_commands = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->process_models = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hook_runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->allow_rules = g_list_store_new (CAIRN_TYPE_ALLOW_RULE);
  self->own_pids = g_array_new (FALSE, FALSE, sizeof (GPid));
  self->stall_timeout_ms = CAIRN_SESSION_STALL_TIMEOUT_MS;
  /* a request answered or withdrawn: the CLI is waited for again */
  g_signal_connect_object (self->pending_requests, "items-changed",
                           G_CALLBACK (_cairn_session_watch), self, G_CONNECT_SWAPPED);
  /* until a result says otherwise: the usual window of current models */
  self->context_window = 200000;
}

CairnSession *
cairn_session_new (const char *cwd,
                   const char *cli_path)
{
  g_return_val_if_fail (cwd != NULL, NULL);
  g_return_val_if_fail (cli_path != NULL, NULL);

  return g_object_new (CAIRN_TYPE_SESSION, "cwd", cwd, "cli-path", cli_path, NULL);
}

CairnTranscript *
cairn_session_get_transcript (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return cairn_transcript_builder_get_transcript (self->builder);
}

CairnSessionState
cairn_session_get_state (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), CAIRN_SESSION_STATE_IDLE);
  return self->state;
}

gboolean
cairn_session_get_busy (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  /* a prompt held while its folder is checked goes in a moment */
  return self->pending_turns > 0 ||
         (self->trust_gate != NULL && cairn_trust_gate_get_sending_soon (self->trust_gate));
}

const char *
cairn_session_get_session_id (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return self->session_id;
}

const char *
cairn_session_get_model (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return self->model;
}

const char *
cairn_session_get_permission_mode (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return self->permission_mode;
}

/* Returns: (nullable): "low", "medium", "high", "xhigh" or "max" */
const char *
cairn_session_get_effort (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return self->effort;
}

const char *
cairn_session_get_cwd (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return self->cwd;
}

CairnCliConnection *
_cairn_session_get_connection (CairnSession *self)
{
  return self->connection;
}

const char * const *
cairn_session_get_commands (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return (const char * const *)self->commands;
}

GListModel *
cairn_session_get_todos (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return cairn_transcript_builder_get_todos (self->builder);
}

gint64
cairn_session_get_context_used (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), 0);
  return self->context_used;
}

gint64
cairn_session_get_context_window (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), 0);
  return self->context_window;
}

/* What this conversation cost so far, over all its CLI processes. */
double
cairn_session_get_cost_usd (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), 0);
  return self->cost_usd;
}

const char * const *
cairn_session_get_model_values (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return (const char * const *)self->model_values;
}

const char * const *
cairn_session_get_model_labels (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return (const char * const *)self->model_labels;
}
