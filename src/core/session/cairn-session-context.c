/* cairn-session-context.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "session/cairn-session-private.h"

/* What fills the context window, as the CLI's /context shows it: the
 * get_context_usage control request answers categories (system prompt,
 * tools, MCP, memory, messages, free space…) with their tokens
 * (docs/protocol-changes.md). */

void
cairn_context_category_free (CairnContextCategory *category)
{
  g_free (category->name);
  g_free (category->kind);
  g_free (category);
}

static void
reply_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = cairn_cli_connection_send_control_finish (CAIRN_CLI_CONNECTION (object),
                                                                          result, &error);
  CairnContextUsage *usage;
  JsonArray *categories;

  if (reply == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  usage = g_new0 (CairnContextUsage, 1);
  usage->categories = g_ptr_array_new_with_free_func ((GDestroyNotify)cairn_context_category_free);
  usage->total_tokens = MAX (0, cairn_json_get_int (reply, "totalTokens", 0));
  usage->max_tokens = MAX (0, cairn_json_get_int (reply, "maxTokens", 0));
  categories = cairn_json_get_array (reply, "categories");
  for (guint i = 0; categories != NULL && i < json_array_get_length (categories); i++)
    {
      JsonObject *entry = cairn_json_array_get_object (categories, i);
      CairnContextCategory *category;

      if (cairn_json_get_string (entry, "name") == NULL)
        continue;
      category = g_new0 (CairnContextCategory, 1);
      category->name = g_strdup (cairn_json_get_string (entry, "name"));
      category->kind = g_strdup (cairn_json_get_string (entry, "kind"));
      category->tokens = MAX (0, cairn_json_get_int (entry, "tokens", 0));
      g_ptr_array_add (usage->categories, category);
    }
  g_task_return_pointer (task, usage, (GDestroyNotify)cairn_context_usage_free);
}

/**
 * cairn_session_get_context_usage_async:
 *
 * Asks the running CLI what fills the context window. Fails when no CLI
 * runs for this conversation (one opened from history, before a send).
 */
void
cairn_session_get_context_usage_async (CairnSession        *self,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(JsonObject) request = json_object_new ();

  g_return_if_fail (CAIRN_IS_SESSION (self));

  g_task_set_source_tag (task, cairn_session_get_context_usage_async);
  if (self->connection == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                               _("Claude Code is not running for this conversation"));
      return;
    }
  json_object_set_string_member (request, "subtype", "get_context_usage");
  cairn_cli_connection_send_control_async (self->connection, request, cancellable,
                                           reply_cb, g_steal_pointer (&task));
}

/**
 * cairn_session_get_context_usage_finish:
 *
 * Returns: (transfer full): free with cairn_context_usage_free()
 */
CairnContextUsage *
cairn_session_get_context_usage_finish (CairnSession  *self,
                                        GAsyncResult  *result,
                                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
cairn_context_usage_free (CairnContextUsage *usage)
{
  g_ptr_array_unref (usage->categories);
  g_free (usage);
}

static void
take_settings (CairnSession *self,
               JsonObject   *reply,
               const GError *error)
{
  const char *effort = cairn_json_get_string (cairn_json_get_object (reply, "applied"), "effort");

  if (reply == NULL)
    g_debug ("get_settings: %s", error->message);
  else if (effort != NULL)
    _cairn_session_set_string (self, &self->effort, effort, CAIRN_SESSION_PROP_EFFORT);
}

/* The reasoning effort the CLI applies, for the header: init says it only
 * in some cases (CLI 2.1.330's schema has init.effort, but an --effort
 * start didn't send it); get_settings always does, as applied.effort. */
void
_cairn_session_ask_effort (CairnSession *self)
{
  g_autoptr(JsonObject) request = json_object_new ();

  if (self->connection == NULL)
    return;
  json_object_set_string_member (request, "subtype", "get_settings");
  _cairn_session_ask (self, request, take_settings);
}
