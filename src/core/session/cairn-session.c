/* cairn-session.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-enums.h"
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
  SIGNED_OUT,
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

  if (self->connection == NULL && !_cairn_session_start_process (self))
    return;
  json_object_set_string_member (request, "subtype", "set_model");
  json_object_set_string_member (request, "model", model);
  _cairn_session_send_control (self, request, N_("The model could not be changed"));
}

static void
cairn_session_dispose (GObject *object)
{
  CairnSession *self = (CairnSession *)object;

  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  _cairn_session_drop_elsewhere_check (self);
  if (self->hook_runs != NULL)
    _cairn_session_clear_hooks (self);
  g_clear_pointer (&self->hook_runs, g_hash_table_unref);
  _cairn_session_stop_watching (self);
  _cairn_session_stop_following (self);
  g_clear_object (&self->history_file);
  _cairn_session_drop_history_tail (self);
  _cairn_session_drop_connection (self);
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
  g_clear_pointer (&self->history_gate, _cairn_history_gate_unref);
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
      g_value_set_boolean (value, cairn_session_get_running_elsewhere (self));
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
  /* A turn failed as the CLI is not signed in ("authentication_failed",
   * docs/protocol.md "Signing in"): the window asks `claude auth status`. */
  signals [SIGNED_OUT] =
    g_signal_new ("signed-out", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
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
  self->history_gate = _cairn_history_gate_new ();
  self->follow_from = -1;
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
  /* a prompt held while its folder is checked, or while it is asked
   * whether another process has the conversation, goes in a moment */
  return self->pending_turns > 0 || _cairn_session_get_holding_for_elsewhere (self) ||
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
