/* cairn-session-tasks.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "session/cairn-background-task.h"
#include "session/cairn-session-private.h"

/* The tasks the CLI runs in the background (CLI 2.1.330: subagents by
 * default, shell commands run with run_in_background), listed whole by
 * each system/background_tasks_changed, stopped with a stop_task control
 * request (docs/protocol-changes.md). */

/* @tasks: (nullable): the line's "tasks"; NULL empties the list (the
 * process ended, and its tasks with it) */
void
_cairn_session_set_background_tasks (CairnSession *self,
                                     JsonArray    *tasks)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->background_tasks));

  for (guint i = 0; tasks != NULL && i < json_array_get_length (tasks); i++)
    {
      JsonObject *task = cairn_json_array_get_object (tasks, i);
      const char *id = cairn_json_get_string (task, "task_id");

      if (id != NULL)
        g_ptr_array_add (items, cairn_background_task_new (id, cairn_json_get_string (task, "description"),
                                                           cairn_json_get_string (task, "task_type")));
    }
  if (n > 0 || items->len > 0)
    g_list_store_splice (self->background_tasks, 0, n, items->pdata, items->len);
}

/**
 * cairn_session_get_background_tasks:
 *
 * Returns: (transfer none): a #GListModel of #CairnBackgroundTask
 */
GListModel *
cairn_session_get_background_tasks (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->background_tasks);
}

/* The task leaves the list when the CLI says it ended. */
void
cairn_session_stop_task (CairnSession *self,
                         const char   *task_id)
{
  g_autoptr(JsonObject) request = json_object_new ();

  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (task_id != NULL);

  if (self->connection == NULL)
    return;
  json_object_set_string_member (request, "subtype", "stop_task");
  json_object_set_string_member (request, "task_id", task_id);
  _cairn_session_send_control (self, request, N_("The task could not be stopped"));
}
