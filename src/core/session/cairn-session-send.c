/* cairn-session-send.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-util.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-notice-item.h"

/* What Cairn writes to the CLI: the user's prompts (with images, again
 * for Retry) and control requests, with or without an answer wanted. */

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
  /* at once: the prompt may wait for the check that nothing else has
   * the conversation, and a second Retry meanwhile must not send it again */
  _cairn_session_set_can_retry (self, FALSE);
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

typedef struct
{
  char       *text;
  GPtrArray  *saved_images;
  JsonObject *message;
} HeldPrompt;

static void
held_prompt_free (gpointer data)
{
  HeldPrompt *prompt = data;

  g_free (prompt->text);
  g_clear_pointer (&prompt->saved_images, g_ptr_array_unref);
  json_object_unref (prompt->message);
  g_free (prompt);
}

static void
send_now (CairnSession *self,
          gpointer      data)
{
  HeldPrompt *prompt = data;
  const char *text = prompt->text;
  GPtrArray *saved_images = prompt->saved_images;
  JsonObject *message = prompt->message;

  remember_prompt (self, text, saved_images);
  /* its uuid is the one the CLI writes in the session file: found there
   * when it is needed (cairn-session-rewind.c) */
  cairn_transcript_builder_add_prompt (self->builder, text, saved_images, NULL);
  mark_new_version (self);
  if (self->connection == NULL && !_cairn_session_start_process (self))
    {
      _cairn_session_hold_for_trust (self, message);
      return;
    }
  _cairn_session_deliver (self, message);
}

/* Not while another process has the conversation: asked first, off the
 * main loop, with the prompt held (cairn-session-elsewhere.c). */
static void
send_user_message (CairnSession *self,
                   const char   *text,
                   GPtrArray    *saved_images,
                   JsonObject   *message)
{
  HeldPrompt *prompt = g_new (HeldPrompt, 1);

  prompt->text = g_strdup (text);
  prompt->saved_images = saved_images != NULL ? g_ptr_array_ref (saved_images) : NULL;
  prompt->message = json_object_ref (message);
  _cairn_session_when_not_elsewhere (self, send_now, prompt, held_prompt_free);
}

/* A user line to the running CLI: a turn that the CLI queues or starts. */
void
_cairn_session_deliver (CairnSession *self,
                        JsonObject   *message)
{
  _cairn_session_stamp_command (self, message);
  cairn_cli_connection_send_object (self->connection, message);
  self->last_activity = g_get_monotonic_time ();
  _cairn_session_set_pending_turns (self, self->pending_turns + 1);
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
