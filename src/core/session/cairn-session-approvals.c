/* cairn-session-approvals.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "approvals/cairn-allow-rule.h"
#include "protocol/cairn-json.h"
#include "session/cairn-session-private.h"

/* Every can_use_tool is answered by the user (rules the user chose are
 * the CLI's to match: it asks only for calls none of them covers):
 * requests queue in arrival order, each is answered exactly once, and one
 * the CLI withdraws or outlives is closed rather than lost. The answer
 * shapes follow docs/protocol.md, "Answering can_use_tool", to the
 * letter. */

static CairnToolCallItem *
card_for (CairnSession           *self,
          CairnPermissionRequest *request)
{
  const char *id = cairn_permission_request_get_tool_use_id (request);

  return cairn_transcript_builder_find_call (self->builder, id);
}

/* Takes the request out of the queue in its final state. */
static void
close_request (CairnSession           *self,
               CairnPermissionRequest *request,
               CairnPermissionState    state)
{
  CairnToolCallItem *card = card_for (self, request);
  guint position;

  g_object_ref (request);
  if (g_list_store_find (self->pending_requests, request, &position))
    g_list_store_remove (self->pending_requests, position);
  if (card != NULL && cairn_tool_call_item_get_approval (card) == request)
    cairn_tool_call_item_set_approval (card, NULL);
  cairn_permission_request_set_state (request, state);
  g_object_unref (request);
}

static gboolean
answer (CairnSession           *self,
        CairnPermissionRequest *request,
        JsonObject             *payload,
        CairnPermissionState    state)
{
  if (cairn_permission_request_get_state (request) != CAIRN_PERMISSION_PENDING ||
      self->connection == NULL)
    return FALSE;
  cairn_cli_connection_respond (self->connection, cairn_permission_request_get_request_id (request),
                                payload);
  close_request (self, request, state);
  return TRUE;
}

/* A deep copy of the input the CLI sent, to add to or change. */
static JsonObject *
copy_input (CairnPermissionRequest *request)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) copy = NULL;
  JsonObject *input = cairn_permission_request_get_input (request);
  g_autoptr(JsonObject) empty = json_object_new ();

  json_node_set_object (node, input ? input : empty);
  copy = json_node_copy (node);
  return json_object_ref (json_node_get_object (copy));
}

static JsonObject *
allow_payload (CairnPermissionRequest *request,
               JsonObject             *updated_input,
               JsonArray              *updated_permissions)
{
  JsonObject *payload = json_object_new ();
  JsonObject *input = updated_input ? updated_input : cairn_permission_request_get_input (request);

  json_object_set_string_member (payload, "behavior", "allow");
  /* updatedInput is required: an allow without it fails the tool */
  json_object_set_object_member (payload, "updatedInput",
                                 input ? json_object_ref (input) : json_object_new ());
  if (updated_permissions != NULL)
    json_object_set_array_member (payload, "updatedPermissions", json_array_ref (updated_permissions));
  return payload;
}

/**
 * cairn_session_allow:
 * @updated_input: (nullable): the input to run with; %NULL for the CLI's own
 * @updated_permissions: (nullable): permission updates to apply too
 */
void
cairn_session_allow (CairnSession           *self,
                     CairnPermissionRequest *request,
                     JsonObject             *updated_input,
                     JsonArray              *updated_permissions)
{
  g_autoptr(JsonObject) payload = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_PERMISSION_REQUEST (request));

  payload = allow_payload (request, updated_input, updated_permissions);
  answer (self, request, payload, CAIRN_PERMISSION_ALLOWED);
}

/**
 * cairn_session_deny:
 * @message: (nullable): told to Claude as the tool's error
 * @interrupt: also stop the turn
 */
void
cairn_session_deny (CairnSession           *self,
                    CairnPermissionRequest *request,
                    const char             *message,
                    gboolean                interrupt)
{
  g_autoptr(JsonObject) payload = json_object_new ();
  g_autoptr(CairnPermissionRequest) held = NULL;
  CairnToolCallItem *card;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_PERMISSION_REQUEST (request));

  /* answering drops the pending list's reference, which may be the last
   * (a request found by its id, cairn_session_find_request()), and its
   * kind is asked after */
  held = g_object_ref (request);
  json_object_set_string_member (payload, "behavior", "deny");
  /* message is required too; "" is accepted */
  json_object_set_string_member (payload, "message",
                                 message && *message ? message : "The user denied this tool use.");
  json_object_set_boolean_member (payload, "interrupt", interrupt);
  card = card_for (self, request);
  if (answer (self, request, payload, CAIRN_PERMISSION_DENIED) && card != NULL &&
      cairn_permission_request_get_kind (request) == CAIRN_PERMISSION_KIND_TOOL)
    /* "not allowed", not the "done" or "failed" its result would make it */
    cairn_tool_call_item_mark_refused (card, message && *message ? message : _("You did not allow it"));
}

static JsonArray *
single_update (JsonObject *update)
{
  JsonArray *updates = json_array_new ();

  json_array_add_object_element (updates, json_object_ref (update));
  return updates;
}

/**
 * cairn_session_allow_always:
 *
 * Allows and keeps allowing this kind of call for the session: the rule
 * the CLI suggested for it (cairn_permission_request_dup_session_rule())
 * is sent to the CLI and listed in cairn_session_get_allow_rules() to
 * revoke.
 */
void
cairn_session_allow_always (CairnSession           *self,
                            CairnPermissionRequest *request)
{
  g_autoptr(JsonObject) update = NULL;
  g_autoptr(JsonArray) updates = NULL;
  g_autoptr(CairnAllowRule) rule = NULL;
  g_autofree char *label = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (CAIRN_IS_PERMISSION_REQUEST (request));

  update = cairn_permission_request_dup_session_rule (request);
  updates = single_update (update);
  label = cairn_permission_request_dup_session_rule_label (request);
  rule = cairn_allow_rule_new (update, label);
  if (cairn_permission_request_get_state (request) == CAIRN_PERMISSION_PENDING)
    g_list_store_append (self->allow_rules, rule);
  cairn_session_allow (self, request, NULL, updates);
}

/* One of the CLI's permission_suggestions, as the user picked it. A rule
 * for the session is kept too, like "always allow": listed to revoke, and
 * handed to a restarted process. */
void
cairn_session_allow_suggestion (CairnSession           *self,
                                CairnPermissionRequest *request,
                                guint                   index)
{
  g_autoptr(JsonArray) updates = NULL;
  JsonObject *suggestion;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (index < cairn_permission_request_get_n_suggestions (request));

  suggestion = cairn_permission_request_get_suggestion (request, index);
  if (suggestion == NULL)
    return;   /* not an object: nothing to apply (the CLI's text is not trusted) */
  if (g_strcmp0 (cairn_json_get_string (suggestion, "type"), "addRules") == 0 &&
      g_strcmp0 (cairn_json_get_string (suggestion, "behavior"), "allow") == 0 &&
      g_strcmp0 (cairn_json_get_string (suggestion, "destination"), "session") == 0 &&
      cairn_permission_request_get_state (request) == CAIRN_PERMISSION_PENDING)
    {
      g_autofree char *label = cairn_permission_request_dup_suggestion_label (request, index);
      g_autoptr(CairnAllowRule) rule = cairn_allow_rule_new (suggestion, label);

      g_list_store_append (self->allow_rules, rule);
    }
  updates = single_update (suggestion);
  cairn_session_allow (self, request, NULL, updates);
}

/* The answers in the order of the questions, as the dialog showed them
 * (a hash table has no order, and the session file keeps what is sent);
 * an answer to no question of the request still goes, last. */
static JsonObject *
answers_by_question (CairnPermissionRequest *request,
                     GHashTable             *answers)
{
  g_autoptr(GPtrArray) questions = cairn_permission_request_dup_questions (request);
  JsonObject *by_question = json_object_new ();
  GHashTableIter iter;
  gpointer text, answer;

  for (guint i = 0; i < questions->len; i++)
    {
      CairnQuestion *question = g_ptr_array_index (questions, i);

      if ((answer = g_hash_table_lookup (answers, question->text)) != NULL)
        json_object_set_string_member (by_question, question->text, answer);
    }
  g_hash_table_iter_init (&iter, answers);
  while (g_hash_table_iter_next (&iter, &text, &answer))
    if (!json_object_has_member (by_question, text))
      json_object_set_string_member (by_question, text, answer);
  return by_question;
}

/**
 * cairn_session_answer_questions:
 * @answers: (element-type utf8 utf8): question text → answer (several
 *   choices joined by ", ")
 *
 * AskUserQuestion is answered by allowing it with the answers added to
 * its input (docs/protocol.md, "Plan mode, ExitPlanMode and
 * AskUserQuestion").
 */
void
cairn_session_answer_questions (CairnSession           *self,
                                CairnPermissionRequest *request,
                                GHashTable             *answers)
{
  g_autoptr(JsonObject) input = NULL;

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (answers != NULL);

  input = copy_input (request);
  json_object_set_object_member (input, "answers", answers_by_question (request, answers));
  cairn_session_allow (self, request, input, NULL);
}

static JsonObject *
plan_input (CairnPermissionRequest *request,
            const char             *plan)
{
  JsonObject *input = copy_input (request);

  /* Unchanged, the model's own input goes back (without the plan the CLI
   * added), so the plan isn't reported as "edited by user". */
  if (plan == NULL || g_strcmp0 (plan, cairn_permission_request_get_plan (request)) == 0)
    {
      json_object_remove_member (input, "plan");
      json_object_remove_member (input, "planFilePath");
    }
  else
    json_object_set_string_member (input, "plan", plan);
  return input;
}

static JsonArray *
set_mode_update (CairnPermissionMode mode)
{
  g_autoptr(JsonObject) update = json_object_new ();

  json_object_set_string_member (update, "type", "setMode");
  json_object_set_string_member (update, "mode", cairn_permission_mode_to_nick (mode));
  json_object_set_string_member (update, "destination", "session");
  return single_update (update);
}

/* Choice 1: the plan starts a fresh session in acceptEdits; the planning
 * conversation stays in the history. */
static void
implement_in_fresh_session (CairnSession *self,
                            const char   *plan)
{
  g_autofree char *prompt = g_strdup_printf ("Implement the following plan:\n\n%s", plan ? plan : "");

  _cairn_session_restart_fresh (self, CAIRN_PERMISSION_MODE_ACCEPT_EDITS);
  _cairn_session_append_notice (self, CAIRN_NOTICE_INFO,
                                _("A new session implements the approved plan"), NULL);
  cairn_session_send_prompt (self, prompt);
}

/**
 * cairn_session_answer_plan:
 * @plan: (nullable): the plan as the user left it (maybe edited)
 * @feedback: (nullable): for %CAIRN_PLAN_KEEP_PLANNING, what to change
 */
void
cairn_session_answer_plan (CairnSession           *self,
                           CairnPermissionRequest *request,
                           CairnPlanChoice         choice,
                           const char             *plan,
                           const char             *feedback)
{
  g_autoptr(JsonObject) input = NULL;
  g_autoptr(JsonArray) mode = NULL;
  g_autofree char *final_plan = g_strdup (plan ? plan : cairn_permission_request_get_plan (request));

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (cairn_permission_request_get_kind (request) == CAIRN_PERMISSION_KIND_PLAN);

  switch (choice)
    {
    case CAIRN_PLAN_CLEAR_AND_ACCEPT_EDITS:
      cairn_session_deny (self, request, "The user approved the plan and started a new session to implement it.", TRUE);
      implement_in_fresh_session (self, final_plan);
      break;

    case CAIRN_PLAN_ACCEPT_EDITS:
    case CAIRN_PLAN_REVIEW_EDITS:
      input = plan_input (request, plan);
      mode = set_mode_update (choice == CAIRN_PLAN_ACCEPT_EDITS ? CAIRN_PERMISSION_MODE_ACCEPT_EDITS
                                                                : CAIRN_PERMISSION_MODE_DEFAULT);
      cairn_session_allow (self, request, input, mode);
      break;

    case CAIRN_PLAN_KEEP_PLANNING:
    default:
      cairn_session_deny (self, request, feedback && *feedback ? feedback
                          : "The user wants to keep planning.", FALSE);
      break;
    }
}

/* Plan mode: the CLI runs a write the client allows, so Cairn says no. */
static gboolean
refuse_in_plan_mode (CairnSession           *self,
                     CairnPermissionRequest *request)
{
  g_autofree char *title = NULL;

  if (cairn_session_get_permission_mode_value (self) != CAIRN_PERMISSION_MODE_PLAN ||
      cairn_permission_request_get_kind (request) != CAIRN_PERMISSION_KIND_TOOL ||
      !cairn_permission_request_is_write (request))
    return FALSE;
  title = g_strdup_printf (_("Cairn refused %s: plan mode allows no changes"),
                           cairn_permission_request_get_tool_name (request));
  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, title,
                                _("Approve a plan, or switch to another mode, to let Claude change files."));
  cairn_session_deny (self, request,
                      "Plan mode is on: the user has not approved changes yet. Present a plan with ExitPlanMode.",
                      FALSE);
  return TRUE;
}

void
_cairn_session_request_permission (CairnSession *self,
                                   JsonObject   *control_request)
{
  g_autoptr(CairnPermissionRequest) request = cairn_permission_request_new (control_request, self->cwd);
  CairnToolCallItem *card = card_for (self, request);

  /* Cairn allows nothing by itself: a rule the user chose is the CLI's to
   * match (it asks only for what none of its rules covers). */
  g_list_store_append (self->pending_requests, request);
  if (refuse_in_plan_mode (self, request))
    return;
  if (card != NULL)
    cairn_tool_call_item_set_approval (card, request);
  g_signal_emit_by_name (self, "permission-requested", request);
}

/* control_cancel_request (docs/protocol.md, "Control requests from the
 * CLI"): the CLI no longer waits. */
void
_cairn_session_cancel_permission (CairnSession *self,
                                  const char   *request_id)
{
  CairnPermissionRequest *request = cairn_session_find_request (self, request_id);
  CairnToolCallItem *card;

  if (request == NULL)
    return;
  card = card_for (self, request);
  close_request (self, request, CAIRN_PERMISSION_CANCELLED);
  if (card != NULL)
    cairn_tool_call_item_mark_not_run (card, _("Not run: the request was withdrawn"));
}

/**
 * _cairn_session_expire_settled_permissions:
 * @turn_ended: the turn's result came: none of its requests is waited for
 *
 * Closes the requests the CLI stopped waiting for without saying so: the
 * tool call already has its result (the CLI settled it otherwise: stdin
 * closed mid-turn, a cancel), or the turn is over. Their dialogs close
 * with them; the card shows what happened (its result, or "not run").
 */
void
_cairn_session_expire_settled_permissions (CairnSession *self,
                                           gboolean      turn_ended)
{
  guint i = 0;

  while (i < g_list_model_get_n_items (G_LIST_MODEL (self->pending_requests)))
    {
      g_autoptr(CairnPermissionRequest) request =
        g_list_model_get_item (G_LIST_MODEL (self->pending_requests), i);
      CairnToolCallItem *card = card_for (self, request);

      if (turn_ended || (card != NULL && cairn_tool_call_item_get_status (card) != CAIRN_TOOL_STATUS_RUNNING))
        close_request (self, request, CAIRN_PERMISSION_EXPIRED);
      else
        i++;
    }
}

/* The process is gone: nothing can answer these any more. */
void
_cairn_session_expire_permissions (CairnSession *self)
{
  while (g_list_model_get_n_items (G_LIST_MODEL (self->pending_requests)) > 0)
    {
      g_autoptr(CairnPermissionRequest) request =
        g_list_model_get_item (G_LIST_MODEL (self->pending_requests), 0);
      close_request (self, request, CAIRN_PERMISSION_EXPIRED);
    }
}

GListModel *
cairn_session_get_pending_requests (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->pending_requests);
}

/**
 * cairn_session_find_request:
 *
 * Returns: (transfer none) (nullable): the pending request @request_id,
 *   or %NULL when this session has none such (answered, withdrawn, or
 *   another session's)
 */
CairnPermissionRequest *
cairn_session_find_request (CairnSession *self,
                            const char   *request_id)
{
  GListModel *pending;

  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);

  pending = G_LIST_MODEL (self->pending_requests);
  for (guint i = 0; request_id != NULL && i < g_list_model_get_n_items (pending); i++)
    {
      g_autoptr(CairnPermissionRequest) request = g_list_model_get_item (pending, i);

      if (g_strcmp0 (cairn_permission_request_get_request_id (request), request_id) == 0)
        return request;   /* the list holds it */
    }
  return NULL;
}

GListModel *
cairn_session_get_allow_rules (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->allow_rules);
}

/**
 * cairn_session_revoke_rule:
 *
 * Session rules live in the CLI process and can't be taken back there, so
 * the process is restarted (with --resume) once no turn runs, with the
 * remaining rules as --allowedTools.
 */
void
cairn_session_revoke_rule (CairnSession   *self,
                           CairnAllowRule *rule)
{
  guint position;

  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (!g_list_store_find (self->allow_rules, rule, &position))
    return;
  g_list_store_remove (self->allow_rules, position);
  self->restart_when_idle = TRUE;
  _cairn_session_restart_if_idle (self);
}
