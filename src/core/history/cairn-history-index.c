/* cairn-history-index.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <string.h>

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
  /* the store's items in its order, compared by pointer: a re-list of
   * 100,000 conversations finds what changed without reading the store
   * item by item on the main loop */
  GPtrArray         *shown;
  /* what the listing handed over and the store does not hold yet */
  GQueue             deliveries;
  guint              feed_source;
} Watch;

typedef struct _Delivery Delivery;
static void delivery_free (Delivery *delivery);

static void
watch_free (Watch *watch)
{
  g_clear_handle_id (&watch->relist_source, g_source_remove);
  g_clear_handle_id (&watch->feed_source, g_source_remove);
  g_queue_clear_full (&watch->deliveries, (GDestroyNotify)delivery_free);
  g_clear_pointer (&watch->shown, g_ptr_array_unref);
  if (watch->monitor != NULL)
    g_file_monitor_cancel (watch->monitor);
  g_clear_object (&watch->monitor);
  g_clear_object (&watch->folder);
  g_clear_object (&watch->store);
  g_clear_pointer (&watch->unreadable, g_ptr_array_unref);
  g_free (watch->cwd);
  g_free (watch);
}

/* GTK 4.8's list view makes a row for each of the first 200 items of its
 * list as they arrive, and lays them out in the next frame: 500
 * conversations put in at once held the main loop 50-150 ms, 50 new ones
 * at the top of a list listed again 15-50 ms. Where it has rows (the first
 * EAGER_ROWS positions) the list changes SLICE_ITEMS conversations at a
 * time, at most SLICE_CHUNKS such changes or SLICE_BUDGET_US a slice (the
 * frame that lays out 88 new rows took 60 ms), and goes on a frame later;
 * further down a change makes no rows and is made at once. */
#define EAGER_ROWS 220
#define SLICE_ITEMS 8
#define SLICE_CHUNKS 2
#define SLICE_BUDGET_US 4000
#define FRAME_MS 16

/* Replaces @n_removed conversations from @position with @n_added @items,
 * in the store and in what is shown. */
static void
splice_shown (Watch    *watch,
              guint     position,
              guint     n_removed,
              gpointer *items,
              guint     n_added)
{
  GPtrArray *shown = watch->shown;
  guint n;

  g_ptr_array_remove_range (shown, position, n_removed);
  n = shown->len;
  g_ptr_array_set_size (shown, n + n_added);
  memmove (shown->pdata + position + n_added, shown->pdata + position, (n - position) * sizeof (gpointer));
  for (guint i = 0; i < n_added; i++)
    shown->pdata[position + i] = g_object_ref (items[i]);
  g_list_store_splice (watch->store, position, n_removed, items, n_added);
}

/* Where @info goes among what is shown (newest first). */
static guint
sorted_position (GPtrArray             *shown,
                 CairnConversationInfo *info)
{
  guint low = 0, high = shown->len;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (_cairn_history_compare_infos (shown->pdata[middle], info) < 0)
        low = middle + 1;
      else
        high = middle;
    }
  return low;
}

/* Adds @n_items of a first listing (sorted newest first by its thread),
 * in one change: after what is there, mostly, as the files are read
 * newest first; merged in its place when a file's own times say it is
 * newer than its modification time. (An insert for each made a change
 * for each, which the list view and the sidebar handled one by one on
 * the main loop.) */
static void
add_batch (Watch    *watch,
           gpointer *items,
           guint     n_items)
{
  GPtrArray *shown = watch->shown;
  guint n = shown->len;
  g_autoptr(GPtrArray) merged = NULL;
  guint at, i = 0, j;

  if (n_items == 0)
    return;
  at = sorted_position (shown, items[0]);
  merged = g_ptr_array_new_full (n - at + n_items, g_object_unref);
  for (j = at; j < n || i < n_items;)
    {
      if (j < n && (i == n_items || _cairn_history_compare_infos (shown->pdata[j], items[i]) < 0))
        g_ptr_array_add (merged, g_object_ref (shown->pdata[j++]));
      else
        g_ptr_array_add (merged, g_object_ref (items[i++]));
    }
  splice_shown (watch, at, n - at, merged->pdata, merged->len);
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
struct _Delivery
{
  CairnHistoryIndex *index;
  char              *cwd;
  guint              generation;
  GPtrArray         *infos;
  GPtrArray         *unreadable;   /* the end only */
  /* how far it is in the store: infos before next are; at the end, once
   * compared with what is shown, removing of those shown from next on
   * are to go, and infos from next to end are new */
  guint              next;
  guint              end;
  guint              removing;
  gboolean           compared;
};

static void
unref_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  g_ptr_array_unref (task_data);
  g_task_return_boolean (task, TRUE);
}

/* Drops @array in a thread when it is long: a list's end holds every
 * conversation, and 90,000 unrefs reach as many objects all over memory
 * (the store holds them still). */
static void
unref_later (GPtrArray *array)
{
  g_autoptr(GTask) task = NULL;

  if (array->len < 1000)
    {
      g_ptr_array_unref (array);
      return;
    }
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_task_data (task, array, NULL);
  g_task_run_in_thread (task, unref_thread);
}

static void
delivery_free (Delivery *delivery)
{
  g_object_unref (delivery->index);
  g_free (delivery->cwd);
  unref_later (delivery->infos);
  g_clear_pointer (&delivery->unreadable, g_ptr_array_unref);
  g_free (delivery);
}

static void relist (Watch *watch);

/* The end of a listing, once in the store: what could not be read, and
 * that the list is whole. */
static void
finish_listing (Watch    *watch,
                Delivery *delivery)
{
  g_clear_pointer (&watch->unreadable, unref_later);
  watch->unreadable = g_ptr_array_ref (delivery->unreadable);
  watch->listing = FALSE;
  watch->listed = TRUE;
  g_signal_emit (watch->index, signals[CONVERSATIONS_LISTED], 0, watch->cwd);
  if (watch->relist_again)
    relist (watch);
}

/* What changed between what is shown and the end's list: the middle
 * between what is the same at the head and at the tail. Unchanged files
 * are the same cached objects, so rows before and after a change stay. */
static void
compare_end (Watch    *watch,
             Delivery *delivery)
{
  GPtrArray *shown = watch->shown, *infos = delivery->infos;
  guint n = shown->len, head = 0, tail = 0;

  while (head < n && head < infos->len && shown->pdata[head] == infos->pdata[head])
    head++;
  while (tail < n - head && tail < infos->len - head &&
         shown->pdata[n - 1 - tail] == infos->pdata[infos->len - 1 - tail])
    tail++;
  delivery->next = head;
  delivery->removing = n - head - tail;
  delivery->end = infos->len - tail;
  delivery->compared = TRUE;
}

/* Puts a slice of @delivery in the store: of a batch, the next few
 * conversations; of the end, what is gone, then what is new, in order.
 * Returns whether it is all in. */
static gboolean
add_slice (Watch    *watch,
           Delivery *delivery)
{
  gint64 start = g_get_monotonic_time ();
  guint chunks = 0;

  if (delivery->unreadable != NULL && !delivery->compared)
    compare_end (watch, delivery);
  while (delivery->removing > 0 || delivery->next < delivery->end)
    {
      /* a batch goes after what is shown, mostly; the end's change at next */
      guint at = delivery->unreadable ? delivery->next : watch->shown->len;
      gboolean eager = at < EAGER_ROWS;
      guint left = delivery->end - delivery->next;
      guint n_removed = delivery->removing, n_added = left;

      if (eager && n_removed + n_added > SLICE_ITEMS)
        {
          n_removed = MIN (n_removed, SLICE_ITEMS);
          n_added = n_removed > 0 ? 0 : MIN (left, SLICE_ITEMS);
        }
      if (delivery->unreadable != NULL)
        splice_shown (watch, at, n_removed, delivery->infos->pdata + delivery->next, n_added);
      else
        add_batch (watch, delivery->infos->pdata + delivery->next, n_added);
      delivery->removing -= n_removed;
      delivery->next += n_added;
      if (eager && (++chunks == SLICE_CHUNKS || g_get_monotonic_time () - start >= SLICE_BUDGET_US))
        break;
    }
  return delivery->removing == 0 && delivery->next == delivery->end;
}

static void feed_later (Watch *watch, guint delay_ms);

/* Puts what the listing handed over in the store, a batch or a slice at
 * a time, so frames are drawn between them. */
static void
feed (Watch *watch)
{
  Delivery *delivery;

  while ((delivery = g_queue_peek_head (&watch->deliveries)) != NULL && delivery->generation != watch->generation)
    delivery_free (g_queue_pop_head (&watch->deliveries));
  if (delivery == NULL)
    return;
  if (!add_slice (watch, delivery))
    {
      feed_later (watch, FRAME_MS);
      return;
    }
  g_queue_pop_head (&watch->deliveries);
  if (delivery->unreadable != NULL)
    finish_listing (watch, delivery);
  delivery_free (delivery);
  if (!g_queue_is_empty (&watch->deliveries))
    feed_later (watch, 0);
}

static gboolean
feed_cb (gpointer data)
{
  Watch *watch = data;

  watch->feed_source = 0;
  feed (watch);
  return G_SOURCE_REMOVE;
}

/* Idle priority: frames are drawn first. */
static void
feed_later (Watch *watch,
            guint  delay_ms)
{
  if (watch->feed_source == 0)
    watch->feed_source = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, delay_ms, feed_cb, watch, NULL);
}

/* On the main loop: in the queue, and in the store at once when nothing
 * is ahead of it (the first batch). */
static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = g_steal_pointer ((Delivery **)data);
  CairnHistoryIndex *self = delivery->index;
  Watch *watch = self->watches ? g_hash_table_lookup (self->watches, delivery->cwd) : NULL;

  if (watch == NULL || watch->generation != delivery->generation)
    {
      delivery_free (delivery);
      return G_SOURCE_REMOVE;   /* the index is going, or a late batch */
    }
  g_queue_push_tail (&watch->deliveries, delivery);
  if (watch->feed_source == 0)
    feed (watch);
  return G_SOURCE_REMOVE;
}

/* A delivery on its way to the main loop, until deliver_cb() takes it. */
static void
delivery_box_free (Delivery **box)
{
  g_clear_pointer (box, delivery_free);
  g_free (box);
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
  delivery->end = infos->len;
  delivery->unreadable = unreadable;
  cairn_run_on_context (NULL, G_PRIORITY_DEFAULT_IDLE, deliver_cb, g_memdup2 (&delivery, sizeof delivery),
                        (GDestroyNotify)delivery_box_free);
}

static void
watch_batch (CairnListing *listing,
             GPtrArray    *batch,
             gboolean      done)
{
  /* the last batch too: merged in, it makes the list the end's (same
   * files, same order), so the end changes nothing (given all at once, it
   * replaced from the first file of that batch on: thousands of rows when
   * many files share a second); sorted here, not on the main loop */
  g_ptr_array_sort (batch, _cairn_history_newest_first);
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
  watch->shown = g_ptr_array_new_with_free_func (g_object_unref);
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
