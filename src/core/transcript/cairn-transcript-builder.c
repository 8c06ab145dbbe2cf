/* cairn-transcript-builder.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-transcript"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-transcript-builder-private.h"

/* Turns what the CLI says (its stdout lines while it runs, or the lines of a
 * session file when a conversation is opened from history) into the items
 * of one transcript. Both sources go through this one object, so a
 * conversation looks the same live and reopened.
 *
 * The reply as it streams (stream_event) and as it is then confirmed
 * (one `assistant` line per content block). Each piece of text must end up
 * in the transcript exactly once:
 *  - a streamed block creates its item at content_block_start and grows it
 *    with deltas; the block's `assistant` line then replaces the text with
 *    the final one and closes it (it comes before content_block_stop);
 *  - an `assistant` line with no open block of its kind (no streaming, a
 *    subagent, or the non-streamed repeat after a cut stream under another
 *    message id: docs/protocol.md, "API errors and cut streams") adds a
 *    new item, unless a block of the cut stream is still open: then that
 *    one is replaced. */

static CairnTranscript *
container_for (CairnTranscriptBuilder *self,
               const char             *parent_tool_use_id)
{
  CairnToolCallItem *parent = NULL;

  if (parent_tool_use_id != NULL)
    parent = g_hash_table_lookup (self->tool_calls, parent_tool_use_id);
  if (parent != NULL && cairn_tool_call_item_get_children (parent) != NULL)
    return cairn_tool_call_item_get_children (parent);
  return self->transcript;
}

static CairnToolCallItem *
add_tool_call (CairnTranscriptBuilder *self,
               CairnTranscript        *container,
               const char             *id,
               const char             *name)
{
  g_autoptr(CairnToolCallItem) call = cairn_tool_call_item_new (id, name, self->cwd);

  if (id != NULL)
    g_hash_table_replace (self->tool_calls, g_strdup (id), g_object_ref (call));
  g_ptr_array_add (self->unfinished_calls, g_object_ref (call));
  cairn_transcript_append (container, CAIRN_ITEM (call));
  return call;
}

static CairnItem *
start_block (CairnTranscriptBuilder *self,
             JsonObject             *block)
{
  const char *type = cairn_json_get_string (block, "type");
  g_autoptr(CairnTextItem) text = NULL;

  if (g_strcmp0 (type, "tool_use") == 0)
    return g_object_ref (CAIRN_ITEM (add_tool_call (self, self->transcript,
                                                    cairn_json_get_string (block, "id"),
                                                    cairn_json_get_string (block, "name"))));
  if (g_strcmp0 (type, "text") == 0)
    text = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, cairn_json_get_string (block, "text"));
  else if (g_strcmp0 (type, "thinking") == 0)
    text = cairn_text_item_new (CAIRN_ITEM_KIND_THINKING, cairn_json_get_string (block, "thinking"));
  else
    return NULL;   /* other block types are shown from their `assistant` line */
  cairn_text_item_set_streaming (text, TRUE);
  cairn_transcript_append (self->transcript, CAIRN_ITEM (text));
  return CAIRN_ITEM (g_steal_pointer (&text));
}

static void
apply_delta (CairnItem  *item,
             JsonObject *delta)
{
  const char *type = cairn_json_get_string (delta, "type");

  if (g_strcmp0 (type, "text_delta") == 0 && CAIRN_IS_TEXT_ITEM (item))
    cairn_text_item_append (CAIRN_TEXT_ITEM (item), cairn_json_get_string (delta, "text"));
  else if (g_strcmp0 (type, "thinking_delta") == 0 && CAIRN_IS_TEXT_ITEM (item))
    cairn_text_item_append (CAIRN_TEXT_ITEM (item), cairn_json_get_string (delta, "thinking"));
  else if (g_strcmp0 (type, "input_json_delta") == 0 && CAIRN_IS_TOOL_CALL_ITEM (item))
    cairn_tool_call_item_append_input_json (CAIRN_TOOL_CALL_ITEM (item),
                                            cairn_json_get_string (delta, "partial_json"));
}

void
cairn_transcript_builder_add_stream_event (CairnTranscriptBuilder *self,
                                           JsonObject             *object)
{
  JsonObject *event = cairn_json_get_object (object, "event");
  const char *type = cairn_json_get_string (event, "type");
  gpointer index = GINT_TO_POINTER (cairn_json_get_int (event, "index", -1));
  CairnItem *item;

  /* Subagents don't stream; their messages come whole. */
  if (cairn_json_get_string (object, "parent_tool_use_id") != NULL)
    return;

  if (g_strcmp0 (type, "content_block_start") == 0)
    {
      item = start_block (self, cairn_json_get_object (event, "content_block"));
      if (item != NULL)
        g_hash_table_replace (self->open_blocks, index, item);
    }
  else if (g_strcmp0 (type, "content_block_delta") == 0)
    {
      if ((item = g_hash_table_lookup (self->open_blocks, index)))
        apply_delta (item, cairn_json_get_object (event, "delta"));
    }
}

/* The open streamed block of this kind, taken out of the open set. */
static CairnItem *
take_open_block (CairnTranscriptBuilder *self,
                 CairnItemKind           kind,
                 const char             *tool_use_id)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->open_blocks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (cairn_item_get_kind (value) != kind)
        continue;
      if (tool_use_id == NULL ||
          g_strcmp0 (cairn_tool_call_item_get_tool_use_id (value), tool_use_id) == 0)
        {
          g_hash_table_iter_steal (&iter);
          return value;
        }
    }
  return NULL;
}

static void
finish_text (CairnTranscriptBuilder *self,
             CairnTranscript        *container,
             CairnItemKind           kind,
             const char             *text,
             gboolean                main_agent,
             gboolean                stopped)
{
  g_autoptr(CairnItem) open = main_agent ? take_open_block (self, kind, NULL) : NULL;
  g_autoptr(CairnTextItem) item = NULL;

  if (open != NULL)
    {
      cairn_text_item_set_text (CAIRN_TEXT_ITEM (open), text);
      cairn_text_item_set_streaming (CAIRN_TEXT_ITEM (open), FALSE);
      item = CAIRN_TEXT_ITEM (g_steal_pointer (&open));
    }
  else
    {
      item = cairn_text_item_new (kind, text);
      cairn_transcript_append (container, CAIRN_ITEM (item));
    }
  if (stopped)
    cairn_text_item_mark_stopped (item);
}

/* Blocks come in order, each confirmed by its `assistant` line before the
 * next starts: a text still open when a tool call is confirmed never got
 * its line (a CLI that skipped it). It stays as it streamed, finished,
 * rather than being overwritten by the next text. */
static void
settle_open_text (CairnTranscriptBuilder *self)
{
  static const CairnItemKind kinds[] = { CAIRN_ITEM_KIND_ASSISTANT, CAIRN_ITEM_KIND_THINKING };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(CairnItem) open = take_open_block (self, kinds[i], NULL);

      if (open != NULL)
        cairn_text_item_set_streaming (CAIRN_TEXT_ITEM (open), FALSE);
    }
}

static void
finish_tool_use (CairnTranscriptBuilder *self,
                 CairnTranscript        *container,
                 JsonObject             *block)
{
  const char *id = cairn_json_get_string (block, "id");
  JsonObject *input = cairn_json_get_object (block, "input");
  g_autoptr(CairnItem) open = id ? take_open_block (self, CAIRN_ITEM_KIND_TOOL_CALL, id) : NULL;
  CairnToolCallItem *call = id ? g_hash_table_lookup (self->tool_calls, id) : NULL;

  if (container == self->transcript)
    settle_open_text (self);
  if (call == NULL)
    call = add_tool_call (self, container, id, cairn_json_get_string (block, "name"));
  if (input != NULL)
    cairn_tool_call_item_set_input (call, input);
}

static void
append_raw_block (CairnTranscript *container,
                  JsonNode        *node,
                  const char      *type)
{
  g_autofree char *text = cairn_json_to_string (node, TRUE);
  g_autofree char *title = g_strdup_printf (_("Content block “%s”"), type ? type : "?");
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new_raw (CAIRN_NOTICE_INFO, title, text);

  cairn_transcript_append (container, CAIRN_ITEM (item));
}

void
_cairn_transcript_builder_assistant_blocks (CairnTranscriptBuilder *self,
                                            JsonObject             *object,
                                            JsonArray              *content)
{
  const char *parent = cairn_json_get_string (object, "parent_tool_use_id");
  CairnTranscript *container = container_for (self, parent);
  gboolean stopped = cairn_json_get_bool (object, "aborted", FALSE);

  for (guint i = 0; i < json_array_get_length (content); i++)
    {
      JsonNode *node = json_array_get_element (content, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *type = cairn_json_get_string (block, "type");

      if (g_strcmp0 (type, "text") == 0 && cairn_json_get_string (block, "text"))
        finish_text (self, container, CAIRN_ITEM_KIND_ASSISTANT,
                     cairn_json_get_string (block, "text"), parent == NULL, stopped);
      else if (g_strcmp0 (type, "thinking") == 0 && cairn_json_get_string (block, "thinking"))
        finish_text (self, container, CAIRN_ITEM_KIND_THINKING,
                     cairn_json_get_string (block, "thinking"), parent == NULL, stopped);
      else if (g_strcmp0 (type, "tool_use") == 0)
        finish_tool_use (self, container, block);
      else
        append_raw_block (container, node, type);
    }
}

/**
 * cairn_transcript_builder_close_open_blocks:
 *
 * The turn or the process ended: whatever still streams is final as it is.
 */
void
cairn_transcript_builder_close_open_blocks (CairnTranscriptBuilder *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->open_blocks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (CAIRN_IS_TEXT_ITEM (value))
      cairn_text_item_set_streaming (CAIRN_TEXT_ITEM (value), FALSE);
  g_hash_table_remove_all (self->open_blocks);
}

G_DEFINE_FINAL_TYPE (CairnTranscriptBuilder, cairn_transcript_builder, G_TYPE_OBJECT)

static void
cairn_transcript_builder_finalize (GObject *object)
{
  CairnTranscriptBuilder *self = (CairnTranscriptBuilder *)object;

  g_clear_pointer (&self->open_blocks, g_hash_table_unref);
  g_clear_pointer (&self->tool_calls, g_hash_table_unref);
  g_clear_pointer (&self->unfinished_calls, g_ptr_array_unref);
  g_clear_object (&self->todos);
  g_clear_object (&self->transcript);
  g_clear_pointer (&self->cwd, g_free);

  G_OBJECT_CLASS (cairn_transcript_builder_parent_class)->finalize (object);
}

static void
cairn_transcript_builder_class_init (CairnTranscriptBuilderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_transcript_builder_finalize;
}

static void
cairn_transcript_builder_init (CairnTranscriptBuilder *self)
{
  self->transcript = cairn_transcript_new ();
  self->open_blocks = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->tool_calls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->unfinished_calls = g_ptr_array_new_with_free_func (g_object_unref);
  self->todos = g_list_store_new (CAIRN_TYPE_TODO);
}

/**
 * cairn_transcript_builder_new:
 * @cwd: the project folder, for showing paths in tool cards relative to it
 */
CairnTranscriptBuilder *
cairn_transcript_builder_new (const char *cwd)
{
  CairnTranscriptBuilder *self = g_object_new (CAIRN_TYPE_TRANSCRIPT_BUILDER, NULL);

  self->cwd = g_strdup (cwd);
  return self;
}

CairnTranscript *
cairn_transcript_builder_get_transcript (CairnTranscriptBuilder *self)
{
  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT_BUILDER (self), NULL);

  return self->transcript;
}

/**
 * cairn_transcript_builder_get_todos:
 *
 * Returns: (transfer none): the agent's task list, a #GListModel of #CairnTodo
 */
GListModel *
cairn_transcript_builder_get_todos (CairnTranscriptBuilder *self)
{
  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT_BUILDER (self), NULL);

  return G_LIST_MODEL (self->todos);
}

/**
 * cairn_transcript_builder_find_call:
 *
 * Returns: (transfer none) (nullable): the card of a tool call, the
 *   subagents' included
 */
CairnToolCallItem *
cairn_transcript_builder_find_call (CairnTranscriptBuilder *self,
                                    const char             *tool_use_id)
{
  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT_BUILDER (self), NULL);

  return tool_use_id ? g_hash_table_lookup (self->tool_calls, tool_use_id) : NULL;
}

void
cairn_transcript_builder_append (CairnTranscriptBuilder *self,
                                 CairnItem              *item)
{
  g_return_if_fail (CAIRN_IS_TRANSCRIPT_BUILDER (self));

  cairn_transcript_append (self->transcript, item);
}

void
cairn_transcript_builder_append_notice (CairnTranscriptBuilder *self,
                                        CairnNoticeSeverity     severity,
                                        const char             *title,
                                        const char             *body)
{
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new (severity, title, body);

  cairn_transcript_builder_append (self, CAIRN_ITEM (item));
}

/**
 * cairn_transcript_builder_add_prompt:
 * @attachments: (nullable) (element-type CairnAttachment): images sent with it
 * @uuid: (nullable): its message's uuid in the session file
 *
 * The user's own message, as typed in Cairn or as read back from history.
 */
void
cairn_transcript_builder_add_prompt (CairnTranscriptBuilder *self,
                                     const char             *text,
                                     GPtrArray              *attachments,
                                     const char             *uuid)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_USER, text);

  cairn_text_item_set_uuid (item, uuid);
  if (attachments != NULL && attachments->len > 0)
    cairn_text_item_set_attachments (item, attachments);
  cairn_transcript_builder_append (self, CAIRN_ITEM (item));
}

/**
 * cairn_transcript_builder_set_todos:
 * @todos: (element-type CairnTodo): the task list as a conversation left it
 *
 * Takes over the task list of a conversation read back from history.
 */
void
cairn_transcript_builder_set_todos (CairnTranscriptBuilder *self,
                                    GListModel             *todos)
{
  guint n = g_list_model_get_n_items (todos);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (CAIRN_IS_TRANSCRIPT_BUILDER (self));

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (todos, i));
  g_list_store_splice (self->todos, 0, g_list_model_get_n_items (G_LIST_MODEL (self->todos)),
                       items->pdata, items->len);
}
