/* cairn-history-projects.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include "protocol/cairn-util.h"
#include "history/cairn-history-index-private.h"
#include "history/cairn-history-paths.h"

/* The start page's projects: each folder under projects/ with at least
 * one conversation, its cwd read from its newest one. A first list comes
 * from the folders' listings and their newest files only, the count being
 * the files there (some may hold no conversation); the list that follows,
 * once every file is read, counts the conversations. */

typedef struct
{
  CairnHistoryIndex *index;
  guint              generation;
  GPtrArray         *projects;
  gboolean           done;
} ProjectsDelivery;

static void
projects_delivery_free (ProjectsDelivery *delivery)
{
  g_object_unref (delivery->index);
  g_ptr_array_unref (delivery->projects);
  g_free (delivery);
}

static int
project_newest_first (gconstpointer a,
                      gconstpointer b)
{
  gint64 x = cairn_project_info_get_modified (*(CairnProjectInfo **)a);
  gint64 y = cairn_project_info_get_modified (*(CairnProjectInfo **)b);

  return x < y ? 1 : x > y ? -1 : 0;
}

/* On the main loop. */
static gboolean
deliver_projects_cb (gpointer data)
{
  ProjectsDelivery *delivery = data;
  CairnHistoryIndex *self = delivery->index;
  GPtrArray *projects = delivery->projects;

  if (delivery->generation != self->projects_generation)
    return G_SOURCE_REMOVE;
  g_ptr_array_sort (projects, project_newest_first);
  g_list_store_splice (self->projects, 0, g_list_model_get_n_items (G_LIST_MODEL (self->projects)),
                       projects->pdata, projects->len);
  if (delivery->done)
    {
      self->projects_listed = TRUE;
      _cairn_history_index_emit_projects_listed (self);
    }
  return G_SOURCE_REMOVE;
}

static void
deliver_projects (CairnHistoryIndex *self,
                  guint              generation,
                  GPtrArray         *projects,
                  gboolean           done)
{
  ProjectsDelivery *delivery = g_new0 (ProjectsDelivery, 1);

  delivery->index = g_object_ref (self);
  delivery->generation = generation;
  delivery->projects = projects;
  delivery->done = done;
  cairn_run_on_context (NULL, G_PRIORITY_DEFAULT_IDLE, deliver_projects_cb, delivery,
                        (GDestroyNotify)projects_delivery_free);
}

static GPtrArray *
project_folders (GCancellable *cancellable)
{
  g_autoptr(GFile) root = cairn_history_projects_dir ();
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (root, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                               G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  GPtrArray *folders = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *file_info;
  GFile *folder;

  while (children != NULL &&
         g_file_enumerator_iterate (children, &file_info, &folder, cancellable, NULL) && file_info != NULL)
    if (g_file_info_get_file_type (file_info) == G_FILE_TYPE_DIRECTORY)
      g_ptr_array_add (folders, g_object_ref (folder));
  return folders;
}

static CairnProjectInfo *
project_of (GFile                 *folder,
            CairnConversationInfo *newest,
            guint                  n_conversations)
{
  if (newest == NULL || cairn_conversation_info_get_cwd (newest) == NULL)
    return NULL;
  return cairn_project_info_new (cairn_conversation_info_get_cwd (newest), folder, n_conversations,
                                 cairn_conversation_info_get_modified (newest));
}

/* A project from its newest file that holds a conversation. */
static CairnProjectInfo *
project_at_first_sight (CairnHistoryIndex *self,
                        GFile             *folder,
                        GCancellable      *cancellable)
{
  g_autoptr(GPtrArray) unreadable = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) files = _cairn_history_find_files (folder, unreadable, cancellable);

  for (guint i = 0; i < files->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      g_autoptr(CairnConversationInfo) info = NULL;
      g_autoptr(GError) error = NULL;

      if (_cairn_history_index_info_of (self, folder, g_ptr_array_index (files, i), &info, cancellable, &error) && info != NULL)
        return project_of (folder, info, files->len);
    }
  return NULL;
}

static void
list_projects_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  CairnHistoryIndex *self = source_object;
  guint generation = GPOINTER_TO_UINT (task_data);
  g_autoptr(GPtrArray) folders = project_folders (cancellable);
  GPtrArray *first = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *projects = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < folders->len; i++)
    {
      CairnProjectInfo *project = project_at_first_sight (self, g_ptr_array_index (folders, i), cancellable);
      if (project != NULL)
        g_ptr_array_add (first, project);
    }
  deliver_projects (self, generation, first, FALSE);
  for (guint i = 0; i < folders->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      GFile *folder = g_ptr_array_index (folders, i);
      g_autoptr(GPtrArray) infos = cairn_history_index_list_folder (self, folder, cancellable);
      CairnProjectInfo *project = project_of (folder, infos->len ? g_ptr_array_index (infos, 0) : NULL, infos->len);

      if (project != NULL)
        g_ptr_array_add (projects, project);
    }
  if (!g_cancellable_is_cancelled (cancellable))
    deliver_projects (self, generation, projects, TRUE);
  else
    g_ptr_array_unref (projects);
  g_task_return_boolean (task, TRUE);
}

/**
 * cairn_history_index_refresh_projects:
 *
 * Lists the projects again, in the background.
 */
void
cairn_history_index_refresh_projects (CairnHistoryIndex *self)
{
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, _cairn_history_task_done, NULL);

  g_task_set_task_data (task, GUINT_TO_POINTER (++self->projects_generation), NULL);
  g_task_run_in_thread (task, list_projects_thread);
}

/**
 * cairn_history_index_get_projects:
 *
 * Returns: (transfer none): the projects of the CLI's history, newest
 *   first, a #GListModel of #CairnProjectInfo, filled in the background
 */
GListModel *
cairn_history_index_get_projects (CairnHistoryIndex *self)
{
  g_return_val_if_fail (CAIRN_IS_HISTORY_INDEX (self), NULL);

  return G_LIST_MODEL (self->projects);
}

/**
 * cairn_history_index_get_projects_listed:
 *
 * Returns: whether the projects have been listed whole once
 */
gboolean
cairn_history_index_get_projects_listed (CairnHistoryIndex *self)
{
  g_return_val_if_fail (CAIRN_IS_HISTORY_INDEX (self), FALSE);

  return self->projects_listed;
}
