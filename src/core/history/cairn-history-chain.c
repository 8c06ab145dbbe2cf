/* cairn-history-chain.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include "history/cairn-history-chain.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-message.h"

/* A session file is a tree (docs/session-files.md): each line names its
 * parent by uuid, a rewind or an edited prompt starts a branch in the
 * middle, and the conversation on screen is the branch that ends at the
 * newest line. Two quirks: the results of tool calls made in parallel hang
 * off their own call's line, beside the branch rather than on it; and a
 * compaction restarts the tree, pointing back only by logicalParentUuid. */

static const char *
parent_of (JsonObject *line)
{
  const char *parent = cairn_json_get_string (line, "parentUuid");

  return parent ? parent : cairn_json_get_string (line, "logicalParentUuid");
}

static gboolean
is_main_line (JsonObject *line)
{
  return line != NULL && cairn_json_get_string (line, "uuid") != NULL &&
         !cairn_json_get_bool (line, "isSidechain", FALSE);
}

/* The newest line of the main conversation: its branch is the one shown. */
static JsonObject *
newest_line (GPtrArray *messages)
{
  for (guint i = messages->len; i > 0; i--)
    {
      JsonObject *line = cairn_message_get_object (g_ptr_array_index (messages, i - 1));
      if (is_main_line (line))
        return line;
    }
  return NULL;
}

/* uuid → line, for the main conversation's lines. */
static GHashTable *
index_by_uuid (GPtrArray *messages)
{
  GHashTable *by_uuid = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < messages->len; i++)
    {
      JsonObject *line = cairn_message_get_object (g_ptr_array_index (messages, i));
      if (is_main_line (line))
        g_hash_table_insert (by_uuid, (gpointer)cairn_json_get_string (line, "uuid"), line);
    }
  return by_uuid;
}

/* The uuids from the newest line back to the root, as far as the parents
 * can be followed: a missing parent or a cycle ends the walk. */
static GHashTable *
walk_branch (GHashTable *by_uuid,
             JsonObject *leaf)
{
  GHashTable *on_branch = g_hash_table_new (g_str_hash, g_str_equal);

  for (JsonObject *line = leaf; line != NULL;)
    {
      const char *uuid = cairn_json_get_string (line, "uuid");
      const char *parent = parent_of (line);

      if (!g_hash_table_add (on_branch, (gpointer)uuid))
        break;
      line = parent ? g_hash_table_lookup (by_uuid, parent) : NULL;
    }
  return on_branch;
}

static gboolean
is_shown (JsonObject *line,
          GHashTable *on_branch)
{
  const char *parent;

  if (line == NULL)
    return TRUE;   /* unreadable: shown as such, never dropped silently */
  if (!is_main_line (line))
    return cairn_json_get_string (line, "uuid") == NULL &&
           !cairn_json_get_bool (line, "isSidechain", FALSE);   /* metadata lines */
  if (g_hash_table_contains (on_branch, cairn_json_get_string (line, "uuid")))
    return TRUE;
  parent = parent_of (line);
  return json_object_has_member (line, "sourceToolAssistantUUID") &&
         parent != NULL && g_hash_table_contains (on_branch, parent);
}

/**
 * cairn_history_shown_branch:
 * @messages: (element-type CairnMessage): a session file's lines, in order
 *
 * Returns: (transfer container) (element-type CairnMessage): the lines of
 *   the conversation as it is shown, in file order: the branch ending at
 *   the newest line, its parallel tool results, the metadata lines, and
 *   any line that could not be read
 */
GPtrArray *
cairn_history_shown_branch (GPtrArray *messages)
{
  g_autoptr(GHashTable) by_uuid = index_by_uuid (messages);
  g_autoptr(GHashTable) on_branch = walk_branch (by_uuid, newest_line (messages));
  GPtrArray *shown = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < messages->len; i++)
    {
      CairnMessage *message = g_ptr_array_index (messages, i);
      if (is_shown (cairn_message_get_object (message), on_branch))
        g_ptr_array_add (shown, g_object_ref (message));
    }
  return shown;
}
