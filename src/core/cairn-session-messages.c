/* cairn-session-messages.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-json.h"
#include "cairn-notice-item.h"
#include "cairn-result-item.h"
#include "cairn-session-private.h"

/* Turns each line the CLI prints into changes of the transcript. Anything
 * not understood yet is kept as a RAW item, so nothing the CLI says is lost. */

#define RAW_DISPLAY_MAX (64 * 1024)

static void
append_raw (CairnSession        *self,
            CairnMessage        *message,
            CairnNoticeSeverity  severity,
            const char          *title)
{
  g_autofree char *text = cairn_message_dup_display_text (message, RAW_DISPLAY_MAX);
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new_raw (severity, title, text);

  cairn_transcript_append (self->transcript, CAIRN_ITEM (item));
}

static void
append_raw_node (CairnSession *self,
                 JsonNode     *node,
                 const char   *title)
{
  g_autofree char *text = cairn_json_to_string (node, TRUE);
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new_raw (CAIRN_NOTICE_INFO, title, text);

  cairn_transcript_append (self->transcript, CAIRN_ITEM (item));
}

static gboolean
is_subagent (JsonObject *object)
{
  return cairn_json_get_string (object, "parent_tool_use_id") != NULL;
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
  if (self->state == CAIRN_SESSION_STATE_STARTING)
    _cairn_session_set_state (self, CAIRN_SESSION_STATE_RUNNING);
}

static void
handle_system (CairnSession *self,
               CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  const char *subtype = cairn_message_get_subtype (message);
  const char *mode = cairn_json_get_string (object, "permissionMode");

  if (g_strcmp0 (subtype, "init") == 0)
    handle_init (self, object);
  else if (g_strcmp0 (subtype, "status") == 0)
    {
      if (mode != NULL)
        _cairn_session_set_string (self, &self->permission_mode, mode,
                                   CAIRN_SESSION_PROP_PERMISSION_MODE);
    }
  /* Token estimates while thinking: bookkeeping, nothing to show. */
  else if (g_strcmp0 (subtype, "thinking_tokens") != 0)
    {
      g_autofree char *title = g_strdup_printf (_("System message “%s”"), subtype ? subtype : "");
      append_raw (self, message, CAIRN_NOTICE_INFO, title);
    }
}

static void
finish_text_block (CairnSession *self,
                   const char   *text,
                   gboolean      from_stream)
{
  g_autoptr(CairnTextItem) item = NULL;

  /* The streamed block is replaced by the final text, also when the stream
   * was cut and the CLI re-sent the reply under another message id. */
  if (from_stream && self->open_text != NULL)
    {
      cairn_text_item_set_text (self->open_text, text);
      _cairn_session_close_open_text (self);
      return;
    }
  item = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, text);
  cairn_transcript_append (self->transcript, CAIRN_ITEM (item));
}

static char *
join_text_blocks (JsonArray *content)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; content != NULL && i < json_array_get_length (content); i++)
    {
      JsonNode *node = json_array_get_element (content, i);
      const char *piece = JSON_NODE_HOLDS_OBJECT (node)
        ? cairn_json_get_string (json_node_get_object (node), "text") : NULL;
      if (piece != NULL)
        g_string_append (text, piece);
    }
  return g_string_free (text, FALSE);
}

static void
handle_content_block (CairnSession *self,
                      JsonNode     *node,
                      gboolean      from_stream)
{
  JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *type = cairn_json_get_string (block, "type");
  const char *text = cairn_json_get_string (block, "text");
  g_autofree char *title = NULL;

  if (g_strcmp0 (type, "text") == 0 && text != NULL)
    {
      finish_text_block (self, text, from_stream);
      return;
    }
  if (g_strcmp0 (type, "tool_use") == 0)
    title = g_strdup_printf (_("Tool call: %s"), cairn_json_get_string (block, "name"));
  else if (g_strcmp0 (type, "thinking") == 0)
    title = g_strdup (_("Thinking"));
  else
    title = g_strdup_printf (_("Content block “%s”"), type ? type : "?");
  append_raw_node (self, node, title);
}

static void
handle_assistant (CairnSession *self,
                  CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *inner = cairn_json_get_object (object, "message");
  JsonArray *content = cairn_json_get_array (inner, "content");
  gboolean main_agent = !is_subagent (object);

  /* API failures come as a made-up assistant message with an error. */
  if (g_strcmp0 (cairn_json_get_string (inner, "model"), "<synthetic>") == 0 &&
      cairn_json_get_string (object, "error") != NULL)
    {
      g_autofree char *text = join_text_blocks (content);
      _cairn_session_close_open_text (self);
      _cairn_session_append_notice (self, CAIRN_NOTICE_ERROR, _("Claude could not answer"), text);
      return;
    }
  if (content == NULL)
    {
      append_raw (self, message, CAIRN_NOTICE_WARNING, _("Assistant message without content"));
      return;
    }
  for (guint i = 0; i < json_array_get_length (content); i++)
    handle_content_block (self, json_array_get_element (content, i), main_agent);
}

static gboolean
is_interrupt_marker (const char *text)
{
  return g_str_has_prefix (text, "[Request interrupted by user");
}

static char *
strip_local_command_tags (const char *text)
{
  g_autofree char *copy = g_strdup (text);
  char *start = strstr (copy, "<local-command-stdout>");
  char *end;

  if (start == NULL)
    return g_strdup (text);
  start += strlen ("<local-command-stdout>");
  if ((end = strstr (start, "</local-command-stdout>")))
    *end = '\0';
  return g_strdup (start);
}

static void
handle_user (CairnSession *self,
             CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *inner = cairn_json_get_object (object, "message");
  const char *plain = cairn_json_get_string (inner, "content");
  JsonArray *blocks = cairn_json_get_array (inner, "content");
  g_autofree char *text = plain ? g_strdup (plain) : join_text_blocks (blocks);

  if (strstr (text, "<local-command-stdout>") != NULL)
    {
      g_autofree char *output = strip_local_command_tags (text);
      _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, output, NULL);
    }
  /* The turn's result row already says it was interrupted. */
  else if (is_interrupt_marker (text))
    return;
  /* Our own prompt echoed back is already in the transcript. */
  else if (!cairn_json_get_bool (object, "isReplay", FALSE))
    append_raw (self, message, CAIRN_NOTICE_INFO,
                blocks != NULL && *text == '\0' ? _("Tool result") : _("User message"));
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

static void
handle_result (CairnSession *self,
               CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *usage = cairn_json_get_object (object, "usage");
  double total_cost = cairn_json_get_double (object, "total_cost_usd", self->process_cost_usd);
  g_autofree char *error_text = NULL;
  g_autoptr(CairnResultItem) item = NULL;
  CairnTurnFigures figures = { 0 };

  figures.is_error = cairn_json_get_bool (object, "is_error", FALSE);
  figures.duration_ms = cairn_json_get_int (object, "duration_ms", 0);
  figures.input_tokens = cairn_json_get_int (usage, "input_tokens", 0) +
                         cairn_json_get_int (usage, "cache_creation_input_tokens", 0) +
                         cairn_json_get_int (usage, "cache_read_input_tokens", 0);
  figures.output_tokens = cairn_json_get_int (usage, "output_tokens", 0);
  /* total_cost_usd adds up over the process's life: show this turn's part. */
  figures.cost_usd = MAX (0, total_cost - self->process_cost_usd);
  self->process_cost_usd = MAX (self->process_cost_usd, total_cost);
  if (figures.is_error)
    figures.message = error_text = result_error_message (object);

  _cairn_session_close_open_text (self);
  item = cairn_result_item_new (&figures);
  cairn_transcript_append (self->transcript, CAIRN_ITEM (item));
  _cairn_session_turn_finished (self);
}

static void
handle_stream_event (CairnSession *self,
                     CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *event = cairn_json_get_object (object, "event");
  const char *type = cairn_json_get_string (event, "type");
  JsonObject *block = cairn_json_get_object (event, "content_block");
  JsonObject *delta = cairn_json_get_object (event, "delta");
  g_autoptr(CairnTextItem) item = NULL;

  if (is_subagent (object))
    return;
  if (g_strcmp0 (type, "content_block_start") == 0 &&
      g_strcmp0 (cairn_json_get_string (block, "type"), "text") == 0)
    {
      _cairn_session_close_open_text (self);
      item = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, cairn_json_get_string (block, "text"));
      cairn_text_item_set_streaming (item, TRUE);
      cairn_transcript_append (self->transcript, CAIRN_ITEM (item));
      self->open_text = g_steal_pointer (&item);
    }
  else if (g_strcmp0 (type, "content_block_delta") == 0 && self->open_text != NULL &&
           g_strcmp0 (cairn_json_get_string (delta, "type"), "text_delta") == 0)
    cairn_text_item_append (self->open_text, cairn_json_get_string (delta, "text"));
}

static void
handle_control_request (CairnSession *self,
                        CairnMessage *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *request = cairn_json_get_object (object, "request");
  const char *request_id = cairn_json_get_string (object, "request_id");
  const char *subtype = cairn_message_get_subtype (message);
  g_autoptr(JsonObject) answer = json_object_new ();
  g_autofree char *title = NULL;

  if (request_id == NULL)
    {
      append_raw (self, message, CAIRN_NOTICE_WARNING, _("Request without an id"));
      return;
    }

  if (g_strcmp0 (subtype, "can_use_tool") == 0)
    {
      /* Until approvals have their dialog, refuse rather than hang the turn. */
      title = g_strdup_printf (_("Claude asked to use %s; Cairn denied it"),
                               cairn_json_get_string (request, "tool_name"));
      json_object_set_string_member (answer, "behavior", "deny");
      json_object_set_string_member (answer, "message",
                                     "This client cannot approve tools yet; the user was not asked.");
      cairn_cli_connection_respond (self->connection, request_id, answer);
      append_raw (self, message, CAIRN_NOTICE_WARNING, title);
    }
  else if (g_strcmp0 (subtype, "hook_callback") == 0)
    cairn_cli_connection_respond (self->connection, request_id, answer);
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

void
_cairn_session_handle_message (CairnSession *self,
                               CairnMessage *message)
{
  g_autofree char *title = NULL;

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
      handle_user (self, message);
      break;

    case CAIRN_MESSAGE_RESULT:
      handle_result (self, message);
      break;

    case CAIRN_MESSAGE_STREAM_EVENT:
      handle_stream_event (self, message);
      break;

    case CAIRN_MESSAGE_CONTROL_REQUEST:
      handle_control_request (self, message);
      break;

    case CAIRN_MESSAGE_CONTROL_RESPONSE:
    case CAIRN_MESSAGE_CONTROL_CANCEL_REQUEST:
      break;

    case CAIRN_MESSAGE_UNKNOWN:
    default:
      title = g_strdup_printf (_("Unknown message “%s”"),
                               cairn_message_get_type_name (message) ?: "?");
      append_raw (self, message, CAIRN_NOTICE_INFO, title);
      break;
    }
}
