/* cairn-history-index.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include "history/cairn-history-index.h"
#include "history/cairn-history-paths.h"

/* The conversations and projects of the CLI's history, for the sidebar
 * and the start page. Files are read in a thread, and only their first and
 * last 64 KB (CairnConversationInfo); what was read is kept by (path,
 * size, mtime), so listing again only stats the files. A project's list
 * stays live: a file monitor on its folder re-lists it when the CLI, in
 * Cairn or in a terminal, writes a conversation. */

/* A burst of writes (a streaming reply) re-lists the folder once. */
#define RELIST_DELAY_MS 300

struct _CairnHistoryIndex
{
  GObject     parent_instance;

  /* path → CairnConversationInfo, read from any thread */
  GMutex      lock;
  GHashTable *cache;

  /* cwd → Watch */
  GHashTable *watches;
  GListStore *projects;
  GCancellable *cancellable;
};

G_DEFINE_FINAL_TYPE (CairnHistoryIndex, cairn_history_index, G_TYPE_OBJECT)

enum {
  LISTED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

typedef struct
{
  CairnHistoryIndex *index;   /* unowned: the index owns the watch */
  char              *cwd;
  GFile             *folder;
  GListStore        *store;
  GFileMonitor      *monitor;
  guint              relist_source;
  gboolean           listing;
  gboolean           relist_again;
  /* the store holds the whole folder (it was listed once) */
  gboolean           listed;
} Watch;

static void
watch_free (Watch *watch)
{
  g_clear_handle_id (&watch->relist_source, g_source_remove);
  if (watch->monitor != NULL)
    g_file_monitor_cancel (watch->monitor);
  g_clear_object (&watch->monitor);
  g_clear_object (&watch->folder);
  g_clear_object (&watch->store);
  g_free (watch->cwd);
  g_free (watch);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  CairnConversationInfo *x = *(CairnConversationInfo **)a;
  CairnConversationInfo *y = *(CairnConversationInfo **)b;
  gint64 dx = cairn_conversation_info_get_modified (x);
  gint64 dy = cairn_conversation_info_get_modified (y);

  return dx < dy ? 1 : dx > dy ? -1 : g_strcmp0 (cairn_conversation_info_get_session_id (x),
                                                 cairn_conversation_info_get_session_id (y));
}

/* The cached info of @file if it didn't change since, else reads it. */
static CairnConversationInfo *
info_for (CairnHistoryIndex *self,
          GFile             *file,
          GFileInfo         *file_info,
          GCancellable      *cancellable)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GDateTime) mtime = g_file_info_get_modification_date_time (file_info);
  guint64 mtime_us = mtime ? g_date_time_to_unix (mtime) * G_USEC_PER_SEC + g_date_time_get_microsecond (mtime) : 0;
  CairnConversationInfo *info;
  g_autoptr(GError) error = NULL;

  g_mutex_lock (&self->lock);
  info = g_hash_table_lookup (self->cache, path);
  if (info != NULL && cairn_conversation_info_get_size (info) == (guint64)g_file_info_get_size (file_info) &&
      cairn_conversation_info_get_mtime_us (info) == mtime_us)
    {
      g_object_ref (info);
      g_mutex_unlock (&self->lock);
      return info;
    }
  g_mutex_unlock (&self->lock);

  info = cairn_conversation_info_read (file, cancellable, &error);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("Skipping %s: %s", path, error->message);
  if (info == NULL)
    return NULL;
  g_mutex_lock (&self->lock);
  g_hash_table_replace (self->cache, g_steal_pointer (&path), g_object_ref (info));
  g_mutex_unlock (&self->lock);
  return info;
}

/**
 * cairn_history_index_list_folder:
 *
 * Lists the conversations in one project folder, newest first (blocking:
 * call it in a thread). An unreadable or broken file is left out; the
 * others are listed.
 * Returns: (transfer full) (element-type CairnConversationInfo)
 */
GPtrArray *
cairn_history_index_list_folder (CairnHistoryIndex *self,
                                 GFile             *folder,
                                 GCancellable      *cancellable)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                               G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                               G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                               G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  GPtrArray *infos = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *file_info;
  GFile *child;

  while (children != NULL &&
         g_file_enumerator_iterate (children, &file_info, &child, cancellable, NULL) && file_info != NULL)
    {
      CairnConversationInfo *info;

      if (g_file_info_get_file_type (file_info) != G_FILE_TYPE_REGULAR ||
          !g_str_has_suffix (g_file_info_get_name (file_info), ".jsonl"))
        continue;
      if ((info = info_for (self, child, file_info, cancellable)) != NULL)
        g_ptr_array_add (infos, info);
    }
  g_ptr_array_sort (infos, newest_first);
  return infos;
}

static void
list_folder_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  g_task_return_pointer (task, cairn_history_index_list_folder (source_object, task_data, cancellable),
                         (GDestroyNotify)g_ptr_array_unref);
}

/* Puts @infos in @store, touching only what changed: unchanged files are
 * the same cached objects, so rows before and after a change stay. */
static void
update_store (GListStore *store,
              GPtrArray  *infos)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model);
  guint head = 0, tail = 0;

  while (head < n && head < infos->len)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, head);
      if (item != g_ptr_array_index (infos, head))
        break;
      head++;
    }
  while (tail < n - head && tail < infos->len - head)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, n - 1 - tail);
      if (item != g_ptr_array_index (infos, infos->len - 1 - tail))
        break;
      tail++;
    }
  g_list_store_splice (store, head, n - head - tail, infos->pdata + head, infos->len - head - tail);
}

static void relist (Watch *watch);

static void
folder_listed_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GPtrArray) infos = g_task_propagate_pointer (G_TASK (result), NULL);
  Watch *watch = user_data;

  if (infos == NULL)
    return;   /* cancelled: the index is gone */
  watch->listing = FALSE;
  update_store (watch->store, infos);
  watch->listed = TRUE;
  g_signal_emit (watch->index, signals[LISTED], 0, watch->cwd);
  if (watch->relist_again)
    relist (watch);
}

static void
relist (Watch *watch)
{
  g_autoptr(GTask) task = NULL;

  watch->relist_again = watch->listing;
  if (watch->listing)
    return;
  watch->listing = TRUE;
  task = g_task_new (watch->index, watch->index->cancellable, folder_listed_cb, watch);
  g_task_set_task_data (task, g_object_ref (watch->folder), g_object_unref);
  g_task_run_in_thread (task, list_folder_thread);
}

static gboolean
relist_timeout_cb (gpointer data)
{
  Watch *watch = data;

  watch->relist_source = 0;
  relist (watch);
  return G_SOURCE_REMOVE;
}

static void
folder_changed_cb (GFileMonitor      *monitor,
                   GFile             *file,
                   GFile             *other,
                   GFileMonitorEvent  event,
                   Watch             *watch)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *other_name = other ? g_file_get_basename (other) : NULL;

  /* a file written whole arrives renamed from a temporary name */
  if (!g_str_has_suffix (name, ".jsonl") && !(other_name && g_str_has_suffix (other_name, ".jsonl")))
    return;
  if (watch->relist_source != 0)
    return;
  watch->relist_source = g_timeout_add (RELIST_DELAY_MS, relist_timeout_cb, watch);
}

/**
 * cairn_history_index_get_conversations:
 * @cwd: a project folder
 *
 * Returns: (transfer none): @cwd's conversations, newest first, a live
 *   #GListModel of #CairnConversationInfo, filled in the background
 */
GListModel *
cairn_history_index_get_conversations (CairnHistoryIndex *self,
                                       const char        *cwd)
{
  Watch *watch;

  g_return_val_if_fail (CAIRN_IS_HISTORY_INDEX (self), NULL);

  if ((watch = g_hash_table_lookup (self->watches, cwd)) != NULL)
    return G_LIST_MODEL (watch->store);
  watch = g_new0 (Watch, 1);
  watch->index = self;
  watch->cwd = g_strdup (cwd);
  watch->folder = cairn_history_project_folder (cwd);
  watch->store = g_list_store_new (CAIRN_TYPE_CONVERSATION_INFO);
  /* the folder appears with the project's first conversation */
  g_file_make_directory_with_parents (watch->folder, NULL, NULL);
  watch->monitor = g_file_monitor_directory (watch->folder, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (watch->monitor != NULL)
    g_signal_connect (watch->monitor, "changed", G_CALLBACK (folder_changed_cb), watch);
  g_hash_table_insert (self->watches, g_strdup (cwd), watch);
  relist (watch);
  return G_LIST_MODEL (watch->store);
}

/**
 * cairn_history_index_get_listed:
 * @cwd: a project folder
 *
 * Returns: whether cairn_history_index_get_conversations() for @cwd holds
 *   the whole folder: it was listed once (until then, an empty list says
 *   nothing yet)
 */
gboolean
cairn_history_index_get_listed (CairnHistoryIndex *self,
                                const char        *cwd)
{
  Watch *watch;

  g_return_val_if_fail (CAIRN_IS_HISTORY_INDEX (self), FALSE);

  watch = g_hash_table_lookup (self->watches, cwd);
  return watch != NULL && watch->listed;
}

/**
 * cairn_history_index_forget:
 *
 * Drops what was read of @file (it was renamed, trashed or restored), so
 * the next listing reads it again.
 */
void
cairn_history_index_forget (CairnHistoryIndex *self,
                            GFile             *file)
{
  g_autofree char *path = g_file_get_path (file);

  g_mutex_lock (&self->lock);
  g_hash_table_remove (self->cache, path);
  g_mutex_unlock (&self->lock);
}

/* The start page's projects: each folder under projects/ with at least
 * one conversation, its cwd read from its newest one. */
static void
list_projects_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  CairnHistoryIndex *self = source_object;
  g_autoptr(GFile) root = cairn_history_projects_dir ();
  g_autoptr(GFileEnumerator) folders =
    g_file_enumerate_children (root, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                               G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  GPtrArray *projects = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *file_info;
  GFile *folder;

  while (folders != NULL &&
         g_file_enumerator_iterate (folders, &file_info, &folder, cancellable, NULL) && file_info != NULL)
    {
      g_autoptr(GPtrArray) infos = NULL;
      CairnConversationInfo *newest;

      if (g_file_info_get_file_type (file_info) != G_FILE_TYPE_DIRECTORY)
        continue;
      infos = cairn_history_index_list_folder (self, folder, cancellable);
      if (infos->len == 0)
        continue;
      newest = g_ptr_array_index (infos, 0);
      if (cairn_conversation_info_get_cwd (newest) == NULL)
        continue;
      g_ptr_array_add (projects, cairn_project_info_new (cairn_conversation_info_get_cwd (newest), folder,
                                                         infos->len,
                                                         cairn_conversation_info_get_modified (newest)));
    }
  g_task_return_pointer (task, projects, (GDestroyNotify)g_ptr_array_unref);
}

static int
project_newest_first (gconstpointer a,
                      gconstpointer b)
{
  gint64 x = cairn_project_info_get_modified (*(CairnProjectInfo **)a);
  gint64 y = cairn_project_info_get_modified (*(CairnProjectInfo **)b);

  return x < y ? 1 : x > y ? -1 : 0;
}

static void
projects_listed_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GPtrArray) projects = g_task_propagate_pointer (G_TASK (result), NULL);
  CairnHistoryIndex *self = CAIRN_HISTORY_INDEX (source);

  if (projects == NULL)
    return;
  g_ptr_array_sort (projects, project_newest_first);
  g_list_store_splice (self->projects, 0, g_list_model_get_n_items (G_LIST_MODEL (self->projects)),
                       projects->pdata, projects->len);
}

/**
 * cairn_history_index_refresh_projects:
 *
 * Lists the projects again, in the background.
 */
void
cairn_history_index_refresh_projects (CairnHistoryIndex *self)
{
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, projects_listed_cb, NULL);

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

static void
cairn_history_index_dispose (GObject *object)
{
  CairnHistoryIndex *self = (CairnHistoryIndex *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->watches, g_hash_table_unref);

  G_OBJECT_CLASS (cairn_history_index_parent_class)->dispose (object);
}

static void
cairn_history_index_finalize (GObject *object)
{
  CairnHistoryIndex *self = (CairnHistoryIndex *)object;

  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_object (&self->projects);
  g_clear_object (&self->cancellable);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (cairn_history_index_parent_class)->finalize (object);
}

static void
cairn_history_index_class_init (CairnHistoryIndexClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cairn_history_index_dispose;
  object_class->finalize = cairn_history_index_finalize;

  /**
   * CairnHistoryIndex::listed:
   * @cwd: the project folder
   *
   * @cwd's conversations were listed (the first time, or again after a
   * change): its list is whole.
   */
  signals[LISTED] = g_signal_new ("listed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
cairn_history_index_init (CairnHistoryIndex *self)
{
  g_mutex_init (&self->lock);
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->watches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)watch_free);
  self->projects = g_list_store_new (CAIRN_TYPE_PROJECT_INFO);
  self->cancellable = g_cancellable_new ();
}

CairnHistoryIndex *
cairn_history_index_new (void)
{
  return g_object_new (CAIRN_TYPE_HISTORY_INDEX, NULL);
}
