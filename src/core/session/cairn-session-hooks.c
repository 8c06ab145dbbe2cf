/* cairn-session-hooks.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "transcript/cairn-hook-item.h"
#include "trust/cairn-trust-hooks.h"
#include "session/cairn-git-changes.h"
#include "session/cairn-session-private.h"

/* Hooks (docs/protocol.md, "Hooks"): the runs of the settings files' hooks
 * the CLI reports, shown as rows; and Cairn's own hooks, registered in
 * `initialize` and answered through hook_callback: Supervised (PreToolUse
 * asks for every tool that changes something) and the Stop hook that lists
 * what a turn left uncommitted.
 *
 * Every callback is answered at once, from what Cairn knows when it comes,
 * so the CLI never waits on Cairn: git runs after the answer, and a
 * control_cancel_request for a callback finds nothing left to drop. */

#define PRE_TOOL_USE_ID "cairn_pre_tool_use"
#define STOP_ID         "cairn_stop"
/* seconds the CLI gives a callback; Cairn answers long before */
#define CALLBACK_TIMEOUT_S 30

/* Tools that only read or talk: Supervised lets them through. Everything
 * else (edits, commands, MCP tools, scheduling, worktrees) is asked for. */
static const char * const read_only_tools[] = {
  "Read", "Glob", "Grep", "LS", "NotebookRead", "WebFetch", "WebSearch", "TodoWrite",
  "TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "TaskOutput", "BashOutput",
  "Task", "Agent", "ListAgents", "AskUserQuestion", "ExitPlanMode", "EnterPlanMode",
  "ToolSearch", "Skill", NULL,
};

gboolean
_cairn_session_tool_is_read_only (const char *tool_name)
{
  return tool_name != NULL && g_strv_contains (read_only_tools, tool_name);
}

static JsonArray *
matchers_for (const char *callback_id)
{
  JsonArray *matchers = json_array_new ();
  JsonObject *matcher = json_object_new ();
  JsonArray *ids = json_array_new ();

  json_array_add_string_element (ids, callback_id);
  json_object_set_array_member (matcher, "hookCallbackIds", ids);
  json_object_set_int_member (matcher, "timeout", CALLBACK_TIMEOUT_S);
  json_array_add_object_element (matchers, matcher);
  return matchers;
}

/**
 * _cairn_session_hooks_for_initialize:
 *
 * Returns: (transfer full): `initialize`'s "hooks": both callbacks, always
 *   (Supervised is decided when the PreToolUse callback comes, so it can
 *   change on a running process)
 */
JsonObject *
_cairn_session_hooks_for_initialize (void)
{
  JsonObject *hooks = json_object_new ();

  json_object_set_array_member (hooks, "PreToolUse", matchers_for (PRE_TOOL_USE_ID));
  json_object_set_array_member (hooks, "Stop", matchers_for (STOP_ID));
  return hooks;
}

static JsonObject *
supervised_answer (CairnSession *self,
                   JsonObject   *input)
{
  const char *tool = cairn_json_get_string (input, "tool_name");
  JsonObject *answer = json_object_new ();
  JsonObject *specific;
  g_autofree char *reason = NULL;

  if (!self->supervised || _cairn_session_tool_is_read_only (tool))
    return answer;
  specific = json_object_new ();
  reason = g_strdup_printf (_("Supervised: %s is asked for, whatever the mode or the rules"),
                            tool ? tool : "?");
  json_object_set_string_member (specific, "hookEventName", "PreToolUse");
  json_object_set_string_member (specific, "permissionDecision", "ask");
  json_object_set_string_member (specific, "permissionDecisionReason", reason);
  json_object_set_object_member (answer, "hookSpecificOutput", specific);
  return answer;
}

/* The same files as the last row: nothing new to say. */
static gboolean
same_changes (CairnChangesItem *a,
              CairnChangesItem *b)
{
  guint n;

  if (a == NULL || b == NULL || (n = cairn_changes_item_get_n_files (a)) != cairn_changes_item_get_n_files (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (cairn_changes_item_get_path (a, i), cairn_changes_item_get_path (b, i)) != 0 ||
        g_strcmp0 (cairn_changes_item_get_code (a, i), cairn_changes_item_get_code (b, i)) != 0)
      return FALSE;
  return TRUE;
}

static void
changes_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnChangesItem) changes = cairn_git_changes_list_finish (result, &error);
  CairnSession *self = user_data;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->git_check);
  if (error != NULL)
    g_debug ("no uncommitted files shown: %s", error->message);
  if (changes == NULL || same_changes (changes, self->last_changes))
    return;
  g_set_object (&self->last_changes, changes);
  cairn_transcript_builder_append (self->builder, CAIRN_ITEM (changes));
}

/* Cairn's Stop hook: after the answer, git says what is left uncommitted;
 * one check at a time, ended with the session. */
static void
check_changes (CairnSession *self)
{
  if (self->cwd == NULL || self->git_check != NULL)
    return;
  self->git_check = g_cancellable_new ();
  cairn_git_changes_list_async (self->cwd, CAIRN_GIT_TIMEOUT_MS, self->git_check, changes_cb, self);
}

/**
 * _cairn_session_answer_hook_callback:
 *
 * Answers a hook_callback at once: PreToolUse with Supervised's decision,
 * Stop and anything else with `{}` (no opinion).
 */
void
_cairn_session_answer_hook_callback (CairnSession *self,
                                     const char   *request_id,
                                     JsonObject   *request)
{
  const char *id = cairn_json_get_string (request, "callback_id");
  JsonObject *input = cairn_json_get_object (request, "input");
  g_autoptr(JsonObject) answer = NULL;

  if (g_strcmp0 (id, PRE_TOOL_USE_ID) == 0)
    answer = supervised_answer (self, input);
  else
    answer = json_object_new ();
  cairn_cli_connection_respond (self->connection, request_id, answer);
  if (g_strcmp0 (id, STOP_ID) == 0)
    check_changes (self);
}

/* The folder's settings arrived: each run shown so far gets its command. */
static void
hook_commands_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnTrustReport) report = cairn_trust_hooks_read_finish (result, &error);
  CairnSession *self = user_data;
  GListModel *items;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->folder_hooks_read);
  if (report == NULL)
    {
      g_debug ("hook commands not named: %s", error->message);
      return;
    }
  g_set_object (&self->folder_hooks, report);
  items = G_LIST_MODEL (cairn_session_get_transcript (self));
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);

      if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_HOOK &&
          cairn_hook_item_get_command (CAIRN_HOOK_ITEM (item)) == NULL)
        {
          g_autofree char *command = cairn_trust_hooks_dup_command (
            report, cairn_hook_item_get_name (CAIRN_HOOK_ITEM (item)));
          cairn_hook_item_set_command (CAIRN_HOOK_ITEM (item), command);
        }
    }
}

/* What the hook ran, from the folder's settings: read once a process, at
 * its first hook run. The read holds no reference: it is cancelled when
 * the next process starts or the session goes. */
static void
name_command (CairnSession  *self,
              CairnHookItem *item)
{
  g_autofree char *command = NULL;

  if (self->folder_hooks != NULL)
    {
      command = cairn_trust_hooks_dup_command (self->folder_hooks, cairn_hook_item_get_name (item));
      cairn_hook_item_set_command (item, command);
    }
  else if (self->folder_hooks_read == NULL && self->cwd != NULL)
    {
      self->folder_hooks_read = g_cancellable_new ();
      cairn_trust_hooks_read_async (self->cwd, self->folder_hooks_read, hook_commands_cb, self);
    }
}

/* A new process: its settings are read again when it runs a hook. */
void
_cairn_session_forget_hook_commands (CairnSession *self)
{
  g_cancellable_cancel (self->folder_hooks_read);
  g_clear_object (&self->folder_hooks_read);
  g_clear_object (&self->folder_hooks);
}

static CairnHookItem *
hook_item_for (CairnSession *self,
               JsonObject   *object)
{
  const char *id = cairn_json_get_string (object, "hook_id");
  CairnHookItem *item = id ? g_hash_table_lookup (self->hook_runs, id) : NULL;

  if (item != NULL)
    return item;
  item = cairn_hook_item_new (id, cairn_json_get_string (object, "hook_event"),
                              cairn_json_get_string (object, "hook_name"));
  if (id != NULL)
    g_hash_table_insert (self->hook_runs, g_strdup (id), item);
  cairn_transcript_builder_append (self->builder, CAIRN_ITEM (item));
  name_command (self, item);
  if (id == NULL)
    g_object_unref (item);
  return item;
}

/* informational: a prompt a UserPromptSubmit hook refused says why; other
 * texts are shown as the CLI leveled them. */
static void
note_informational (CairnSession *self,
                    JsonObject   *object)
{
  JsonObject *outcome = cairn_json_get_object (object, "prompt_submit_outcome");
  const char *content = cairn_json_get_string (object, "content");

  if (g_strcmp0 (cairn_json_get_string (outcome, "kind"), "blocked_by_hook") == 0)
    _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("A hook refused the prompt"),
                                  content ? content : cairn_json_get_string (outcome, "reason"));
  else
    _cairn_session_append_notice (self,
                                  g_strcmp0 (cairn_json_get_string (object, "level"), "warning") == 0
                                    ? CAIRN_NOTICE_WARNING : CAIRN_NOTICE_INFO,
                                  content ? content : _("Claude Code says something"), NULL);
}

/**
 * _cairn_session_handle_hook_line:
 *
 * Returns: whether @subtype is a system line about hooks, now shown
 */
gboolean
_cairn_session_handle_hook_line (CairnSession *self,
                                 const char   *subtype,
                                 JsonObject   *object)
{
  CairnHookItem *item;
  JsonNode *exit_code;

  if (g_strcmp0 (subtype, "hook_started") == 0)
    hook_item_for (self, object);
  else if (g_strcmp0 (subtype, "hook_progress") == 0)
    cairn_hook_item_set_output (hook_item_for (self, object), cairn_json_get_string (object, "output"));
  else if (g_strcmp0 (subtype, "hook_response") == 0)
    {
      item = hook_item_for (self, object);
      exit_code = json_object_get_member (object, "exit_code");
      cairn_hook_item_finish (item, cairn_json_get_string (object, "outcome"),
                              exit_code != NULL && JSON_NODE_HOLDS_VALUE (exit_code) &&
                                json_node_get_value_type (exit_code) == G_TYPE_INT64,
                              cairn_json_get_int (object, "exit_code", 0),
                              cairn_json_get_string (object, "output"));
      if (cairn_hook_item_get_hook_id (item) != NULL)
        g_hash_table_remove (self->hook_runs, cairn_hook_item_get_hook_id (item));
    }
  else if (g_strcmp0 (subtype, "informational") == 0)
    note_informational (self, object);
  else
    return FALSE;
  return TRUE;
}

/* The session ends: no git check goes on for it. */
void
_cairn_session_clear_hooks (CairnSession *self)
{
  g_cancellable_cancel (self->git_check);
  g_clear_object (&self->git_check);
  g_clear_object (&self->last_changes);
  g_hash_table_remove_all (self->hook_runs);
  _cairn_session_forget_hook_commands (self);
}

gboolean
cairn_session_get_supervised (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  return self->supervised;
}

/**
 * cairn_session_set_supervised:
 *
 * Supervised: every tool that is not read-only is asked for, even where
 * the mode or a rule would allow it. Takes effect at the next tool call,
 * on a running process too.
 */
void
cairn_session_set_supervised (CairnSession *self,
                              gboolean      supervised)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));

  supervised = !!supervised;
  if (self->supervised == supervised)
    return;
  self->supervised = supervised;
  _cairn_session_notify (self, CAIRN_SESSION_PROP_SUPERVISED);
}
