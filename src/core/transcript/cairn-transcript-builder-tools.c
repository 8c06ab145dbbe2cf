/* cairn-transcript-builder-tools.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-transcript"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-transcript-builder-private.h"

/* Tool results find their card by tool_use_id; task tools also keep the
 * live task list. */

static void update_todos (CairnTranscriptBuilder *self,
                          CairnToolCallItem      *call,
                          JsonNode               *structured);

/* The structured result: `tool_use_result` on stdout, `toolUseResult` in
 * session files (docs/session-files.md). */
static JsonNode *
structured_result (JsonObject *line)
{
  JsonNode *node = line ? json_object_get_member (line, "tool_use_result") : NULL;

  return node ? node : (line ? json_object_get_member (line, "toolUseResult") : NULL);
}

/* tool_result_meta (CLI 2.1.330) says a hook refused call @id. */
static gboolean
refused_by_hook (JsonObject *line,
                 const char *id)
{
  JsonArray *meta = cairn_json_get_array (line, "tool_result_meta");

  for (guint i = 0; meta != NULL && i < json_array_get_length (meta); i++)
    {
      JsonObject *entry = cairn_json_array_get_object (meta, i);
      JsonObject *decision = cairn_json_get_object (entry, "permission_decision");
      if (g_strcmp0 (cairn_json_get_string (entry, "id"), id) == 0 &&
          g_strcmp0 (cairn_json_get_string (decision, "source"), "hook") == 0)
        return TRUE;
    }
  return FALSE;
}

/* The refusal's text is "<hook> hook error: [<command>]: <stderr>" (exit 2)
 * or "<hook> hook error: <reason>" (a JSON deny): the card names the hook
 * and says why (docs/protocol.md, "Hooks"). */
static char *
describe_hook_refusal (JsonNode *content)
{
  g_autofree char *text = NULL;
  const char *split;

  if (content != NULL && JSON_NODE_HOLDS_VALUE (content) && json_node_get_value_type (content) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (content));
  else if (content != NULL && JSON_NODE_HOLDS_ARRAY (content))
    text = cairn_transcript_join_text_blocks (json_node_get_array (content));
  if (text == NULL || (split = strstr (text, " hook error: ")) == NULL)
    return g_strdup_printf (_("Refused by a hook: %s"), text ? g_strstrip (text) : "");
  return g_strdup_printf (_("Refused by the hook %.*s: %s"), (int)(split - text), text,
                          g_strstrip ((char *)split + strlen (" hook error: ")));
}

gboolean
_cairn_transcript_builder_tool_results (CairnTranscriptBuilder *self,
                                        JsonObject             *object,
                                        JsonArray              *content)
{
  JsonNode *structured = structured_result (object);
  gboolean handled = FALSE;

  for (guint i = 0; i < json_array_get_length (content); i++)
    {
      JsonObject *block = cairn_json_array_get_object (content, i);
      const char *id = cairn_json_get_string (block, "tool_use_id");
      CairnToolCallItem *call = id ? g_hash_table_lookup (self->tool_calls, id) : NULL;

      if (g_strcmp0 (cairn_json_get_string (block, "type"), "tool_result") != 0 || call == NULL)
        continue;
      cairn_tool_call_item_set_result (call, json_object_get_member (block, "content"),
                                       cairn_json_get_bool (block, "is_error", FALSE), structured);
      if (!cairn_json_get_bool (block, "is_error", FALSE))
        update_todos (self, call, structured);
      else if (refused_by_hook (object, id))
        {
          g_autofree char *why = describe_hook_refusal (json_object_get_member (block, "content"));
          cairn_tool_call_item_mark_refused (call, why);
        }
      handled = TRUE;
    }
  return handled;
}

/**
 * cairn_transcript_builder_end_tool_calls:
 * @turn_ended: the turn ended, the CLI goes on: calls running on in the
 *   background stay open
 *
 * Closes the calls that never got a result (seen as "not run" rather
 * than spinning forever).
 */
void
cairn_transcript_builder_end_tool_calls (CairnTranscriptBuilder *self,
                                         const char             *reason,
                                         gboolean                turn_ended)
{
  GPtrArray *calls = self->unfinished_calls;

  /* those running on (in the background) stay; the rest are done now */
  for (guint i = calls->len; i > 0; i--)
    {
      CairnToolCallItem *call = g_ptr_array_index (calls, i - 1);

      if (!turn_ended || !cairn_tool_call_item_get_running_on (call))
        cairn_tool_call_item_mark_not_run (call, reason);
      if (cairn_tool_call_item_get_status (call) != CAIRN_TOOL_STATUS_RUNNING)
        g_ptr_array_remove_index_fast (calls, i - 1);
    }
}

static CairnTodo *
find_todo (CairnTranscriptBuilder *self,
           const char             *id,
           guint                  *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->todos));

  for (guint i = 0; id != NULL && i < n; i++)
    {
      g_autoptr(CairnTodo) todo = g_list_model_get_item (G_LIST_MODEL (self->todos), i);
      if (g_strcmp0 (cairn_todo_get_id (todo), id) == 0)
        {
          *position = i;
          return todo;
        }
    }
  return NULL;
}

/* TodoWrite sends the whole list each time. */
static void
replace_todos (CairnTranscriptBuilder *self,
               JsonArray              *todos)
{
  g_autoptr(GPtrArray) items = cairn_todos_from_json (todos);

  g_list_store_splice (self->todos, 0, g_list_model_get_n_items (G_LIST_MODEL (self->todos)),
                       items->pdata, items->len);
}

static void
create_todo (CairnTranscriptBuilder *self,
             JsonObject             *input,
             JsonObject             *result)
{
  const char *id = cairn_json_get_string (cairn_json_get_object (result, "task"), "id");
  g_autoptr(CairnTodo) todo = NULL;
  guint position;

  if (id == NULL || find_todo (self, id, &position) != NULL)
    return;
  todo = cairn_todo_new (id, cairn_json_get_string (input, "subject"),
                         cairn_json_get_string (input, "activeForm"), CAIRN_TODO_PENDING);
  g_list_store_append (self->todos, todo);
}

static void
update_todo (CairnTranscriptBuilder *self,
             JsonObject             *input)
{
  guint position;
  CairnTodo *todo = find_todo (self, cairn_json_get_string (input, "taskId"), &position);
  const char *status = cairn_json_get_string (input, "status");

  if (todo == NULL)
    return;
  if (g_strcmp0 (status, "deleted") == 0)
    {
      g_list_store_remove (self->todos, position);
      return;
    }
  if (status != NULL)
    cairn_todo_set_status (todo, cairn_todo_status_from_string (status));
  cairn_todo_set_subject (todo, cairn_json_get_string (input, "subject"));
}

static void
update_todos (CairnTranscriptBuilder *self,
              CairnToolCallItem      *call,
              JsonNode               *structured)
{
  const char *name = cairn_tool_call_item_get_name (call);
  JsonObject *input = cairn_tool_call_item_get_input (call);
  JsonObject *result = structured && JSON_NODE_HOLDS_OBJECT (structured)
                         ? json_node_get_object (structured) : NULL;

  if (input == NULL)
    return;
  if (g_strcmp0 (name, "TodoWrite") == 0 && cairn_json_get_array (input, "todos"))
    replace_todos (self, cairn_json_get_array (input, "todos"));
  else if (g_strcmp0 (name, "TaskCreate") == 0)
    create_todo (self, input, result);
  else if (g_strcmp0 (name, "TaskUpdate") == 0)
    update_todo (self, input);
}
