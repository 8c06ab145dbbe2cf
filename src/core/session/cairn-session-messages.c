/* cairn-session-messages.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-tool-summary.h"
#include "protocol/cairn-util.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "session/cairn-session-private.h"

/* Turns each line the CLI prints into changes of the transcript. Anything
 * not understood yet is kept as a RAW item, so nothing the CLI says is lost. */

static void
append_raw (CairnSession        *self,
            CairnMessage        *message,
            CairnNoticeSeverity  severity,
            const char          *title)
{
  cairn_transcript_builder_append_raw (self->builder, message, severity, title);
}

/* The tokens of a usage object: input of all kinds (and output). Counts
 * come from the CLI and are added without overflowing. */
static gint64
sum_tokens (JsonObject *usage,
            gboolean    with_output)
{
  static const char *inputs[] = {
    "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens",
  };
  gint64 sum = 0;

  for (guint i = 0; i < G_N_ELEMENTS (inputs) - (with_output ? 0 : 1); i++)
    sum = cairn_saturating_add (sum, MAX (0, cairn_json_get_int (usage, inputs[i], 0)));
  return sum;
}

static void
track_usage (CairnSession *self,
             JsonObject   *usage)
{
  gint64 used = sum_tokens (usage, TRUE);

  if (used > 0)
    _cairn_session_set_context (self, used, self->context_window);
}

static void
handle_init (CairnSession *self,
             JsonObject   *object)
{
  _cairn_session_set_string (self, &self->session_id,
                             cairn_json_get_string (object, "session_id"),
                             CAIRN_SESSION_PROP_SESSION_ID);
  _cairn_session_set_string (self, &self->model,
                             cairn_json_get_string (object, "model"),
                             CAIRN_SESSION_PROP_MODEL);
  _cairn_session_set_string (self, &self->permission_mode,
                             cairn_json_get_string (object, "permissionMode"),
                             CAIRN_SESSION_PROP_PERMISSION_MODE);
  if (cairn_json_get_string (object, "effort") != NULL)
    _cairn_session_set_string (self, &self->effort, cairn_json_get_string (object, "effort"),
                               CAIRN_SESSION_PROP_EFFORT);
  _cairn_session_take_init_mcp (self, object);
  if (self->state == CAIRN_SESSION_STATE_STARTING)
    _cairn_session_set_state (self, CAIRN_SESSION_STATE_RUNNING);
}

static void
notice_retry (CairnSession *self,
              JsonObject   *object)
{
  g_autofree char *title =
    g_strdup_printf (_("Retrying the request (attempt %d of %d)"),
                     (int)cairn_json_get_int (object, "attempt", 0),
                     (int)cairn_json_get_int (object, "max_retries", 0));
  gint64 status = cairn_json_get_int (object, "error_status", 0);
  g_autofree char *body = status > 0
    ? g_strdup_printf (_("The API answered %d (%s)"), (int)status,
                       cairn_json_get_string (object, "error") ?: "?")
    : g_strdup_printf (_("The API could not be reached (%s)"),
                       cairn_json_get_string (object, "error") ?: "?");

  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, title, body);
}

static void
handle_status (CairnSession *self,
               JsonObject   *object)
{
  const char *mode = cairn_json_get_string (object, "permissionMode");
  const char *status = cairn_json_get_string (object, "status");

  if (mode != NULL)
    _cairn_session_set_string (self, &self->permission_mode, mode,
                               CAIRN_SESSION_PROP_PERMISSION_MODE);
  if (g_strcmp0 (status, "compacting") == 0)
    _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, _("Compacting the conversation…"), NULL);
}

/* A subagent's progress shows on its card while it runs. */
static void
handle_task_progress (CairnSession *self,
                      JsonObject   *object)
{
  const char *id = cairn_json_get_string (object, "tool_use_id");
  CairnToolCallItem *call = cairn_transcript_builder_find_call (self->builder, id);

  if (call != NULL)
    cairn_tool_call_item_set_progress (call, cairn_json_get_string (object, "description"));
}

/* A subagent that ran on in the background (CLI 2.1.330) ends with a
 * task notification: "completed" with its report, which goes on its card
 * with its figures; "stopped" (stop_task, the Stop in the task popover);
 * or "failed". */
static void
handle_task_notification (CairnSession *self,
                          JsonObject   *object)
{
  const char *id = cairn_json_get_string (object, "tool_use_id");
  const char *status = cairn_json_get_string (object, "status");
  CairnToolCallItem *call = cairn_transcript_builder_find_call (self->builder, id);
  JsonObject *usage = cairn_json_get_object (object, "usage");
  g_autofree char *figures = NULL;

  if (call == NULL || !cairn_tool_call_item_get_running_on (call))
    return;
  figures = cairn_tool_format_agent_figures (cairn_json_get_int (usage, "tool_uses", 0),
                                             cairn_json_get_int (usage, "total_tokens", 0));
  if (g_strcmp0 (status, "completed") == 0)
    cairn_tool_call_item_finish_running_on (call, CAIRN_TOOL_STATUS_DONE,
                                            cairn_json_get_string (object, "summary"), figures);
  else if (g_strcmp0 (status, "stopped") == 0 || g_strcmp0 (status, "killed") == 0)
    cairn_tool_call_item_finish_running_on (call, CAIRN_TOOL_STATUS_STOPPED, NULL, NULL);
  else
    cairn_tool_call_item_finish_running_on (call, CAIRN_TOOL_STATUS_ERROR,
                                            cairn_json_get_string (object, "summary"), figures);
}

/* Lines that only repeat what the cards already show. */
static gboolean
is_bookkeeping (const char *subtype)
{
  static const char *quiet[] = {
    "thinking_tokens", "task_started", "task_updated", NULL,
  };

  return subtype != NULL && g_strv_contains (quiet, subtype);
}

/* system/permission_denied: on the tool's card when it has one (a card and
 * a notice said the same thing twice), else as a notice. */
static void
note_refusal (CairnSession *self,
              JsonObject   *object)
{
  const char *reason = cairn_json_get_string (object, "message");
  CairnToolCallItem *card =
    cairn_transcript_builder_find_call (self->builder, cairn_json_get_string (object, "tool_use_id"));

  if (card != NULL)
    cairn_tool_call_item_mark_refused (card, reason);
  else
    _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("A tool was not allowed"), reason);
}

static void
handle_system (CairnSession *self,
               CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  const char *subtype = cairn_message_get_subtype (message);
  g_autofree char *title = NULL;

  if (g_strcmp0 (subtype, "init") == 0)
    handle_init (self, object);
  else if (g_strcmp0 (subtype, "status") == 0)
    handle_status (self, object);
  else if (g_strcmp0 (subtype, "api_retry") == 0)
    notice_retry (self, object);
  else if (g_strcmp0 (subtype, "compact_boundary") == 0)
    cairn_transcript_builder_add_compact_boundary (self->builder, object);
  else if (g_strcmp0 (subtype, "task_progress") == 0)
    handle_task_progress (self, object);
  else if (g_strcmp0 (subtype, "task_notification") == 0)
    handle_task_notification (self, object);
  else if (g_strcmp0 (subtype, "background_tasks_changed") == 0)
    _cairn_session_set_background_tasks (self, cairn_json_get_array (object, "tasks"));
  else if (g_strcmp0 (subtype, "permission_denied") == 0)
    note_refusal (self, object);
  else if (_cairn_session_handle_hook_line (self, subtype, object))
    ;
  else if (!is_bookkeeping (subtype))
    {
      title = g_strdup_printf (_("System message “%s”"), subtype ? subtype : "");
      append_raw (self, message, CAIRN_NOTICE_INFO, title);
    }
}

/* The main agent's messages say how full the context is. */
static void
handle_assistant (CairnSession *self,
                  CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);

  if (cairn_json_get_string (object, "parent_tool_use_id") == NULL)
    track_usage (self, cairn_json_get_object (cairn_json_get_object (object, "message"), "usage"));
  cairn_transcript_builder_add_assistant (self->builder, message);
  /* "Not logged in · Please run /login" (docs/protocol.md, "Signing in") */
  if (g_strcmp0 (cairn_json_get_string (object, "error"), "authentication_failed") == 0)
    g_signal_emit_by_name (self, "signed-out");
}

static void
handle_stream_event (CairnSession *self,
                     JsonObject   *object)
{
  JsonObject *event = cairn_json_get_object (object, "event");

  if (g_strcmp0 (cairn_json_get_string (event, "type"), "message_start") == 0 &&
      cairn_json_get_string (object, "parent_tool_use_id") == NULL)
    track_usage (self, cairn_json_get_object (cairn_json_get_object (event, "message"), "usage"));
  cairn_transcript_builder_add_stream_event (self->builder, object);
}

static char *
result_error_message (JsonObject *object)
{
  const char *reason = cairn_json_get_string (object, "terminal_reason");
  const char *text = cairn_json_get_string (object, "result");
  JsonArray *errors = cairn_json_get_array (object, "errors");
  g_autoptr(GString) joined = g_string_new (NULL);

  if (g_strcmp0 (reason, "aborted_streaming") == 0 || g_strcmp0 (reason, "aborted_tools") == 0)
    return g_strdup (_("The turn was interrupted"));
  if (text != NULL && *text != '\0')
    return g_strdup (text);
  for (guint i = 0; errors != NULL && i < json_array_get_length (errors); i++)
    {
      JsonNode *node = json_array_get_element (errors, i);
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        g_string_append_printf (joined, "%s%s", joined->len ? "\n" : "", json_node_get_string (node));
    }
  if (joined->len == 0)
    g_string_append (joined, _("Claude Code reported an error"));
  return g_strdup (joined->str);
}

/* The largest context window among the models used (the main model's;
 * subagents may use smaller ones). */
static gint64
context_window (JsonObject *result)
{
  JsonObject *usage = cairn_json_get_object (result, "modelUsage");
  g_autoptr(GList) models = usage ? json_object_get_members (usage) : NULL;
  gint64 window = 0;

  for (GList *l = models; l != NULL; l = l->next)
    window = MAX (window, cairn_json_get_int (cairn_json_get_object (usage, l->data),
                                              "contextWindow", 0));
  return window;
}

/* An API error comes twice: as a made-up assistant message (a notice) and
 * as the turn's result. The result row, with its Retry, says it once. */
static gboolean
last_is_same_error (CairnSession *self,
                    const char   *message)
{
  GListModel *items = G_LIST_MODEL (cairn_transcript_builder_get_transcript (self->builder));
  guint n = g_list_model_get_n_items (items);
  g_autoptr(CairnItem) last = n > 0 ? g_list_model_get_item (items, n - 1) : NULL;

  return last != NULL && CAIRN_IS_NOTICE_ITEM (last) &&
         cairn_notice_item_get_severity (CAIRN_NOTICE_ITEM (last)) == CAIRN_NOTICE_ERROR &&
         g_strcmp0 (cairn_notice_item_get_body (CAIRN_NOTICE_ITEM (last)), message) == 0;
}

static void
handle_result (CairnSession *self,
               CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *usage = cairn_json_get_object (object, "usage");
  double total_cost = cairn_json_get_double (object, "total_cost_usd", self->process_cost_usd);
  g_autofree char *error_text = NULL;
  g_autofree char *limit_text = NULL;
  g_autoptr(CairnResultItem) item = NULL;
  CairnTurnFigures figures = { 0 };

  figures.is_error = cairn_json_get_bool (object, "is_error", FALSE);
  figures.duration_ms = cairn_json_get_int (object, "duration_ms", 0);
  figures.input_tokens = sum_tokens (usage, FALSE);
  figures.output_tokens = cairn_json_get_int (usage, "output_tokens", 0);
  /* total_cost_usd adds up over the process's life: show this turn's part. */
  figures.cost_usd = MAX (0, total_cost - self->process_cost_usd);
  self->process_cost_usd = MAX (self->process_cost_usd, total_cost);
  if (figures.is_error)
    figures.message = error_text = result_error_message (object);
  /* a turn refused at the plan's limit says when it can go on */
  if (figures.is_error && (limit_text = _cairn_session_describe_limit_reset (self)) != NULL)
    {
      char *both = g_strdup_printf ("%s\n%s", error_text, limit_text);
      g_free (error_text);
      figures.message = error_text = both;
    }

  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("Not finished: the turn ended"), TRUE);
  _cairn_session_expire_settled_permissions (self, TRUE);
  _cairn_session_set_context (self, self->context_used, context_window (object));
  _cairn_session_add_cost (self, figures.cost_usd);
  _cairn_session_tally_models (self, cairn_json_get_object (object, "modelUsage"));
  item = cairn_result_item_new (&figures);
  if (figures.is_error && self->last_prompt != NULL)
    {
      cairn_result_item_set_retryable (item, TRUE);
      g_set_object (&self->retry_item, item);
      _cairn_session_set_can_retry (self, TRUE);
    }
  if (figures.is_error && last_is_same_error (self, figures.message))
    cairn_transcript_replace_last (cairn_transcript_builder_get_transcript (self->builder), CAIRN_ITEM (item));
  else
    cairn_transcript_builder_append (self->builder, CAIRN_ITEM (item));
  _cairn_session_turn_finished (self);
}

static void
handle_control_request (CairnSession *self,
                        CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  const char *request_id = cairn_json_get_string (object, "request_id");
  const char *subtype = cairn_message_get_subtype (message);
  g_autofree char *title = NULL;

  /* requests only come from a running CLI, whose answer goes back to it */
  if (self->connection == NULL)
    return;
  if (request_id == NULL)
    {
      append_raw (self, message, CAIRN_NOTICE_WARNING, _("Request without an id"));
      return;
    }

  if (g_strcmp0 (subtype, "can_use_tool") == 0)
    _cairn_session_request_permission (self, object);
  else if (g_strcmp0 (subtype, "hook_callback") == 0)
    _cairn_session_answer_hook_callback (self, request_id, cairn_json_get_object (object, "request"));
  else
    {
      title = g_strdup_printf (_("Unsupported request “%s”"), subtype ? subtype : "");
      cairn_cli_connection_respond_error (self->connection, request_id, title);
      append_raw (self, message, CAIRN_NOTICE_WARNING, title);
    }
}

static void
handle_invalid (CairnSession *self,
                CairnMessage *message)
{
  g_autofree char *title =
    g_strdup_printf (_("Claude Code printed a line Cairn could not read: %s"),
                     cairn_message_get_parse_error (message));

  append_raw (self, message, CAIRN_NOTICE_WARNING, title);
}

/* A huge line of a known kind had its long strings cut before parsing
 * (cairn_message_new_take_line()): its rows show their start, and say so
 * here. Unknown and unreadable lines show their size in their own row. */
static void
note_if_shortened (CairnSession *self,
                   CairnMessage *message)
{
  gsize original = cairn_message_get_original_size (message);
  g_autofree char *size = NULL;
  g_autofree char *title = NULL;

  if (original <= g_bytes_get_size (cairn_message_get_raw (message)) ||
      cairn_message_get_kind (message) == CAIRN_MESSAGE_INVALID ||
      cairn_message_get_kind (message) == CAIRN_MESSAGE_UNKNOWN)
    return;
  size = g_format_size (original);
  title = g_strdup_printf (_("Claude Code printed a line of %s"), size);
  _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, title,
                                _("Its long texts show only their start here. The session file keeps the whole line."));
}

void
_cairn_session_handle_message (CairnSession *self,
                               CairnMessage *message)
{
  g_autofree char *title = NULL;

  note_if_shortened (self, message);
  switch (cairn_message_get_kind (message))
    {
    case CAIRN_MESSAGE_INVALID:
      handle_invalid (self, message);
      break;

    case CAIRN_MESSAGE_SYSTEM:
      handle_system (self, message);
      break;

    case CAIRN_MESSAGE_ASSISTANT:
      handle_assistant (self, message);
      break;

    case CAIRN_MESSAGE_USER:
      cairn_transcript_builder_add_user (self->builder, message);
      _cairn_session_expire_settled_permissions (self, FALSE);
      break;

    case CAIRN_MESSAGE_RESULT:
      handle_result (self, message);
      break;

    case CAIRN_MESSAGE_STREAM_EVENT:
      handle_stream_event (self, cairn_message_get_object (message));
      break;

    case CAIRN_MESSAGE_CONTROL_REQUEST:
      handle_control_request (self, message);
      break;

    case CAIRN_MESSAGE_CONTROL_CANCEL_REQUEST:
      _cairn_session_cancel_permission (self, cairn_json_get_string (cairn_message_get_object (message),
                                                                     "request_id"));
      break;

    case CAIRN_MESSAGE_CONTROL_RESPONSE:
      break;

    case CAIRN_MESSAGE_COMMAND_LIFECYCLE:
      _cairn_session_take_lifecycle (self, cairn_message_get_object (message));
      break;

    case CAIRN_MESSAGE_CONVERSATION_RESET:
      _cairn_session_take_reset (self, cairn_message_get_object (message));
      break;

    /* the plan's limits: shown in the header and the usage popover */
    case CAIRN_MESSAGE_RATE_LIMIT_EVENT:
      _cairn_session_take_rate_limits (self, cairn_json_get_object (cairn_message_get_object (message),
                                                                    "rate_limit_info"));
      break;

    case CAIRN_MESSAGE_UNKNOWN:
    default:

      title = g_strdup_printf (_("Unknown message “%s”"),
                               cairn_message_get_type_name (message) ?: "?");
      append_raw (self, message, CAIRN_NOTICE_INFO, title);
      break;
    }
}
