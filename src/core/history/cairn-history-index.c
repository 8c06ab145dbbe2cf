/* cairn-history-index.c
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

/* The conversations and projects of the CLI's history, for the sidebar
 * and the start page. Files are read in a thread, and only their first and
 * last 64 KB (CairnConversationInfo); what was read is kept by (name,
 * size, mtime) per folder, in memory and across runs in a list cache
 * (CairnHistoryCache), so listing again only stats the files.
 *
 * A folder is listed newest first by modification time
 * (cairn-history-listing.c), and a project's first listing reaches its
 * list model in batches, at idle priority so frames are drawn between
 * them. A project's list stays live: a file monitor on its folder
 * re-lists it when the CLI, in Cairn or in a terminal, writes a
 * conversation. Files that can't be read are counted, not fatal. The
 * start page's projects are in cairn-history-projects.c. */

/* A burst of writes (a streaming reply) re-lists the folder once. */
#define RELIST_DELAY_MS 300

G_DEFINE_FINAL_TYPE (CairnHistoryIndex, cairn_history_index, G_TYPE_OBJECT)

enum {
  CONVERSATIONS_LISTED,
  PROJECTS_LISTED,
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
  GPtrArray         *unreadable;   /* GFile */
  guint              relist_source;
  guint              generation;   /* of the listing running or done last */
  gboolean           listing;
  gboolean           relist_again;
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
  g_clear_pointer (&watch->unreadable, g_ptr_array_unref);
  g_free (watch->cwd);
  g_free (watch);
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
  if (n - head - tail > 0 || infos->len - head - tail > 0)
    g_list_store_splice (store, head, n - head - tail, infos->pdata + head, infos->len - head - tail);
}

/* Where @info goes in @model (newest first). */
static guint
sorted_position (GListModel            *model,
                 CairnConversationInfo *info)
{
  guint low = 0, high = g_list_model_get_n_items (model);

  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      g_autoptr(CairnConversationInfo) item = g_list_model_get_item (model, middle);

      if (_cairn_history_compare_infos (item, info) < 0)
        low = middle + 1;
      else
        high = middle;
    }
  return low;
}

/* Adds a batch of a first listing, in one change: after what is there,
 * mostly, as the files are read newest first; merged in its place when a
 * file's own times say it is newer than its modification time. (An
 * insert for each made a change for each, which the list view and the
 * sidebar handled one by one on the main loop.) */
static void
add_batch (GListStore *store,
           GPtrArray  *batch)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model);
  g_autoptr(GPtrArray) merged = NULL;
  guint at, i = 0, j;

  if (batch->len == 0)
    return;
  g_ptr_array_sort (batch, _cairn_history_newest_first);
  at = sorted_position (model, g_ptr_array_index (batch, 0));
  merged = g_ptr_array_new_full (n - at + batch->len, g_object_unref);
  for (j = at; j < n || i < batch->len;)
    {
      g_autoptr(CairnConversationInfo) item = j < n ? g_list_model_get_item (model, j) : NULL;

      if (item != NULL && (i == batch->len || _cairn_history_compare_infos (item, g_ptr_array_index (batch, i)) < 0))
        {
          g_ptr_array_add (merged, g_steal_pointer (&item));
          j++;
        }
      else
        g_ptr_array_add (merged, g_object_ref (g_ptr_array_index (batch, i++)));
    }
  g_list_store_splice (store, at, n - at, merged->pdata, merged->len);
}

/* A watch's listing, as its thread sees it. */
typedef struct
{
  CairnHistoryIndex *index;
  char              *cwd;
  GFile             *folder;
  guint              generation;
  gboolean           batches;
} WatchJob;

static void
watch_job_free (WatchJob *job)
{
  g_object_unref (job->index);
  g_free (job->cwd);
  g_object_unref (job->folder);
  g_free (job);
}

/* What a watch's listing hands the main loop: a batch, or at the end all
 * of them, sorted, with the files that could not be read. */
typedef struct
{
  CairnHistoryIndex *index;
  char              *cwd;
  guint              generation;
  GPtrArray         *infos;
  GPtrArray         *unreadable;   /* the end only */
} Delivery;

static void
delivery_free (Delivery *delivery)
{
  g_object_unref (delivery->index);
  g_free (delivery->cwd);
  g_ptr_array_unref (delivery->infos);
  g_clear_pointer (&delivery->unreadable, g_ptr_array_unref);
  g_free (delivery);
}

static void relist (Watch *watch);

/* On the main loop. */
static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = data;
  CairnHistoryIndex *self = delivery->index;
  Watch *watch = self->watches ? g_hash_table_lookup (self->watches, delivery->cwd) : NULL;
  if (watch == NULL || watch->generation != delivery->generation)
    return G_SOURCE_REMOVE;   /* the index is going, or a late batch */
  if (delivery->unreadable == NULL)
    {
      add_batch (watch->store, delivery->infos);
      return G_SOURCE_REMOVE;
    }
  update_store (watch->store, delivery->infos);
  g_clear_pointer (&watch->unreadable, g_ptr_array_unref);
  watch->unreadable = g_ptr_array_ref (delivery->unreadable);
  watch->listing = FALSE;
  watch->listed = TRUE;
  g_signal_emit (self, signals[CONVERSATIONS_LISTED], 0, watch->cwd);
  if (watch->relist_again)
    relist (watch);
  return G_SOURCE_REMOVE;
}

/* Idle priority: frames are drawn between batches. */
static void
deliver (WatchJob  *job,
         GPtrArray *infos,
         GPtrArray *unreadable)
{
  Delivery *delivery = g_new0 (Delivery, 1);

  delivery->index = g_object_ref (job->index);
  delivery->cwd = g_strdup (job->cwd);
  delivery->generation = job->generation;
  delivery->infos = infos;
  delivery->unreadable = unreadable;
  cairn_run_on_context (NULL, G_PRIORITY_DEFAULT_IDLE, deliver_cb, delivery,
                        (GDestroyNotify)delivery_free);
}

static void
watch_batch (CairnListing *listing,
             GPtrArray    *batch,
             gboolean      done)
{
  /* the last batch too: merged in, it makes the list the end's (same
   * files, same order), so the end changes nothing (given all at once, it
   * replaced from the first file of that batch on: thousands of rows when
   * many files share a second) */
  deliver (listing->batch_data, batch, NULL);
}

static void
list_watch_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  WatchJob *job = task_data;
  CairnListing listing;

  _cairn_listing_init (&listing, job->index, job->folder, cancellable);
  if (job->batches)
    {
      listing.batch_func = watch_batch;
      listing.batch_data = job;
    }
  _cairn_listing_run (&listing);
  if (!g_cancellable_is_cancelled (cancellable))
    deliver (job, g_steal_pointer (&listing.infos), g_steal_pointer (&listing.unreadable));
  _cairn_listing_clear (&listing);
  g_task_return_boolean (task, TRUE);
}

void
_cairn_history_task_done (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
}

static void
relist (Watch *watch)
{
  g_autoptr(GTask) task = NULL;
  WatchJob *job;

  watch->relist_again = watch->listing;
  if (watch->listing)
    return;
  watch->listing = TRUE;
  job = g_new0 (WatchJob, 1);
  job->index = g_object_ref (watch->index);
  job->cwd = g_strdup (watch->cwd);
  job->folder = g_object_ref (watch->folder);
  job->generation = ++watch->generation;
  /* batches fill an empty list; a re-list changes what changed, at once */
  job->batches = g_list_model_get_n_items (G_LIST_MODEL (watch->store)) == 0;
  /* a callback, so the task ends (and drops the index) on the main loop */
  task = g_task_new (watch->index, watch->index->cancellable, _cairn_history_task_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify)watch_job_free);
  g_task_run_in_thread (task, list_watch_thread);
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
 * cairn_history_index_forget:
 *
 * Drops what was read of @file (it was renamed, trashed or restored), so
 * the next listing reads it again.
 */
void
cairn_history_index_forget (CairnHistoryIndex *self,
                            GFile             *file)
{
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *folder_path = folder ? g_file_get_path (folder) : NULL;
  g_autofree char *name = g_file_get_basename (file);
  CairnHistoryCache *cache;

  g_mutex_lock (&self->lock);
  if (folder_path != NULL && (cache = g_hash_table_lookup (self->caches, folder_path)) != NULL)
    cairn_history_cache_remove (cache, name);
  g_mutex_unlock (&self->lock);
}

/**
 * cairn_history_index_get_listed:
 * @cwd: a project folder given to cairn_history_index_get_conversations()
 *
 * Returns: whether @cwd's conversations have been listed whole once (so
 *   an empty model means none, not "not yet")
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
 * cairn_history_index_get_unreadable:
 * @cwd: a project folder given to cairn_history_index_get_conversations()
 *
 * Returns: (transfer none) (element-type GFile): the conversation files
 *   of @cwd the last complete listing could not read (unreadable, a
 *   broken link, not a file); empty until then
 */
GPtrArray *
cairn_history_index_get_unreadable (CairnHistoryIndex *self,
                                    const char        *cwd)
{
  Watch *watch;

  g_return_val_if_fail (CAIRN_IS_HISTORY_INDEX (self), NULL);

  if ((watch = g_hash_table_lookup (self->watches, cwd)) != NULL && watch->unreadable != NULL)
    return watch->unreadable;
  return self->none;
}

void
_cairn_history_index_emit_projects_listed (CairnHistoryIndex *self)
{
  g_signal_emit (self, signals[PROJECTS_LISTED], 0);
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

  g_clear_pointer (&self->caches, g_hash_table_unref);
  g_clear_pointer (&self->saved_at, g_hash_table_unref);
  g_clear_object (&self->projects);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->none, g_ptr_array_unref);
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
   * CairnHistoryIndex::conversations-listed:
   * @cwd: the project folder
   *
   * A listing of @cwd's conversations is complete (the first, or one
   * after a change): its model holds every conversation that could be
   * read, and cairn_history_index_get_unreadable() says which could not.
   */
  signals [CONVERSATIONS_LISTED] =
    g_signal_new ("conversations-listed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * CairnHistoryIndex::projects-listed:
   *
   * The projects' list is complete.
   */
  signals [PROJECTS_LISTED] =
    g_signal_new ("projects-listed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
cairn_history_index_init (CairnHistoryIndex *self)
{
  g_mutex_init (&self->lock);
  self->saved_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->caches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)cairn_history_cache_free);
  self->watches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)watch_free);
  self->projects = g_list_store_new (CAIRN_TYPE_PROJECT_INFO);
  self->none = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
}

CairnHistoryIndex *
cairn_history_index_new ( void)
{
  return g_object_new (CAIRN_TYPE_HISTORY_INDEX, NULL);
}
