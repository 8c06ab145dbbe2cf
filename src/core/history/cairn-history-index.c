/* cairn-history-index.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "history/cairn-history-cache.h"
#include "history/cairn-history-index.h"
#include "history/cairn-history-paths.h"

/* The conversations and projects of the CLI's history, for the sidebar
 * and the start page. Files are read in a thread, and only their first and
 * last 64 KB (CairnConversationInfo); what was read is kept by (name,
 * size, mtime) per folder, in memory and across runs in a list cache
 * (CairnHistoryCache), so listing again only stats the files.
 *
 * A folder is listed newest first by modification time: everything is
 * stat'ed and sorted, then read in that order, and a project's first
 * listing reaches its list model in batches (the newest screenful at
 * once, then at most MAX_BATCH a time, at idle priority so frames are
 * drawn between them). A project's list stays live: a file monitor on
 * its folder re-lists it when the CLI, in Cairn or in a terminal, writes
 * a conversation. Files that can't be read are counted, not fatal. */

/* A burst of writes (a streaming reply) re-lists the folder once. */
#define RELIST_DELAY_MS 300
/* The first batch: a screenful of the newest, as soon as it is read. */
#define FIRST_BATCH 40
/* Later batches: what was read in BATCH_INTERVAL_US, at most MAX_BATCH. */
#define MAX_BATCH 500
#define BATCH_INTERVAL_US (100 * 1000)

struct _CairnHistoryIndex
{
  GObject     parent_instance;

  /* folder path → CairnHistoryCache, read and replaced from any thread */
  GMutex      lock;
  GHashTable *caches;

  /* cwd → Watch */
  GHashTable *watches;
  GListStore *projects;
  gboolean    projects_listed;
  guint       projects_generation;
  GPtrArray  *none;   /* empty */
  GCancellable *cancellable;
};

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

static int
compare_infos (CairnConversationInfo *x,
               CairnConversationInfo *y)
{
  gint64 dx = cairn_conversation_info_get_modified (x);
  gint64 dy = cairn_conversation_info_get_modified (y);

  return dx < dy ? 1 : dx > dy ? -1 : g_strcmp0 (cairn_conversation_info_get_session_id (x),
                                                 cairn_conversation_info_get_session_id (y));
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  return compare_infos (*(CairnConversationInfo **)a, *(CairnConversationInfo **)b);
}

static int
newest_first_data (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  return compare_infos ((CairnConversationInfo *)a, (CairnConversationInfo *)b);
}

/* A conversation file as the folder's listing saw it. */
typedef struct
{
  GFile   *file;
  char    *name;
  guint64  size;
  guint64  mtime_us;
} Found;

static void
found_free (Found *found)
{
  g_object_unref (found->file);
  g_free (found->name);
  g_free (found);
}

static int
found_newest_first (gconstpointer a,
                    gconstpointer b)
{
  const Found *x = *(Found **)a, *y = *(Found **)b;

  return x->mtime_us < y->mtime_us ? 1 : x->mtime_us > y->mtime_us ? -1 : strcmp (x->name, y->name);
}

/* The folder's conversation files, newest first by modification time.
 * A *.jsonl that is neither a file nor a folder (a broken link, a link
 * loop, a pipe) is one that can't be read. readdir and fstatat rather
 * than a GFileEnumerator: a hundred thousand files are stat'ed in a
 * fraction of the time. */
static GPtrArray *
find_files (GFile        *folder,
            GPtrArray    *unreadable,
            GCancellable *cancellable)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify)found_free);
  DIR *dir = opendir (g_file_peek_path (folder));
  struct dirent *entry;

  while (dir != NULL && (entry = readdir (dir)) != NULL && !g_cancellable_is_cancelled (cancellable))
    {
      struct stat st;
      Found *found;

      if (!g_str_has_suffix (entry->d_name, ".jsonl"))
        continue;
      if (fstatat (dirfd (dir), entry->d_name, &st, 0) != 0)
        {
          /* gone since it was listed: no longer there to show */
          if (errno != ENOENT || fstatat (dirfd (dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
            g_ptr_array_add (unreadable, g_file_get_child (folder, entry->d_name));
          continue;
        }
      if (S_ISDIR (st.st_mode))
        continue;
      if (!S_ISREG (st.st_mode))
        {
          g_ptr_array_add (unreadable, g_file_get_child (folder, entry->d_name));
          continue;
        }
      found = g_new0 (Found, 1);
      found->file = g_file_get_child (folder, entry->d_name);
      found->name = g_strdup (entry->d_name);
      found->size = st.st_size;
      found->mtime_us = (guint64)st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
      g_ptr_array_add (files, found);
    }
  if (dir != NULL)
    closedir (dir);
  g_ptr_array_sort (files, found_newest_first);
  return files;
}

/* @folder's cache: in memory, else read from disk once. */
static CairnHistoryCache *
folder_cache_locked (CairnHistoryIndex *self,
                     GFile             *folder)
{
  g_autofree char *path = g_file_get_path (folder);
  CairnHistoryCache *cache = g_hash_table_lookup (self->caches, path);

  if (cache == NULL)
    {
      cache = cairn_history_cache_load (folder);
      g_hash_table_insert (self->caches, g_steal_pointer (&path), cache);
    }
  return cache;
}

typedef struct _Listing Listing;
typedef void (*BatchFunc) (Listing *listing, GPtrArray *batch, gboolean done);

/* One listing of one folder, in a thread. */
struct _Listing
{
  CairnHistoryIndex *index;
  GFile             *folder;
  GCancellable      *cancellable;
  GPtrArray         *infos;        /* CairnConversationInfo, newest first at the end */
  GPtrArray         *unreadable;   /* GFile */
  /* batches, when a project's list is filled as it is read */
  BatchFunc          batch_func;
  gpointer           batch_data;
  GPtrArray         *pending;
  gint64             last_sent;
  gboolean           sent_first;
};

static void
listing_add (Listing               *listing,
             CairnConversationInfo *info)
{
  g_ptr_array_add (listing->infos, g_object_ref (info));
  if (listing->batch_func == NULL)
    return;
  g_ptr_array_add (listing->pending, g_object_ref (info));
  if ((!listing->sent_first && listing->pending->len >= FIRST_BATCH) || listing->pending->len >= MAX_BATCH ||
      (listing->sent_first && g_get_monotonic_time () - listing->last_sent >= BATCH_INTERVAL_US))
    {
      listing->batch_func (listing, g_steal_pointer (&listing->pending), FALSE);
      listing->pending = g_ptr_array_new_with_free_func (g_object_unref);
      listing->last_sent = g_get_monotonic_time ();
      listing->sent_first = TRUE;
    }
}

/* What @found shows: from the cache when it knows the file at this size
 * and time, else read. Returns %FALSE with @error set when it can't be
 * read; @info is %NULL for a file that holds no conversation. */
static gboolean
info_of (CairnHistoryIndex      *self,
         GFile                  *folder,
         Found                  *found,
         CairnConversationInfo **info,
         GCancellable           *cancellable,
         GError                **error)
{
  gboolean known;

  g_mutex_lock (&self->lock);
  known = cairn_history_cache_lookup (folder_cache_locked (self, folder), found->name, found->size,
                                      found->mtime_us, info);
  g_mutex_unlock (&self->lock);
  if (known)
    return TRUE;
  *info = cairn_conversation_info_read (found->file, cancellable, error);
  return *info != NULL || error == NULL || *error == NULL;
}

/* What one file showed, read by any of the listing's readers. */
typedef struct
{
  CairnConversationInfo *info;
  GError                *error;
  gint                   done;   /* atomic */
} Slot;

/* Notes what @found showed in @fresh and the listing, or that it can't be
 * read. */
static void
listing_take (Listing           *listing,
              CairnHistoryCache *fresh,
              Found             *found,
              Slot              *slot)
{
  g_autoptr(CairnConversationInfo) info = g_steal_pointer (&slot->info);
  g_autoptr(GError) error = g_steal_pointer (&slot->error);

  if (error != NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Skipping %s: %s", g_file_peek_path (found->file), error->message);
      /* one gone since the folder was listed is no longer there to show */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) &&
          !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_ptr_array_add (listing->unreadable, g_object_ref (found->file));
      return;
    }
  /* the file may have grown since it was stat'ed: its info says when it was read */
  cairn_history_cache_add (fresh, found->name, info ? cairn_conversation_info_get_size (info) : found->size,
                           info ? cairn_conversation_info_get_mtime_us (info) : found->mtime_us, info);
  if (info != NULL)
    listing_add (listing, info);
}

/* Files are read by a few threads at once (the cores, at most
 * MAX_READERS), each taking the next file in the newest-first order; the
 * listing takes them in that order as they are done. */
#define MAX_READERS 4
#define MIN_FILES_PER_READER 64

typedef struct
{
  Listing   *listing;
  GPtrArray *files;
  Slot      *slots;
  gint       next;   /* atomic */
} Readers;

static gboolean
read_next (Readers *readers)
{
  Listing *listing = readers->listing;
  guint i = g_atomic_int_add (&readers->next, 1);
  Slot *slot;

  if (i >= readers->files->len || g_cancellable_is_cancelled (listing->cancellable))
    return FALSE;
  slot = &readers->slots[i];
  info_of (listing->index, listing->folder, g_ptr_array_index (readers->files, i), &slot->info,
           listing->cancellable, &slot->error);
  g_atomic_int_set (&slot->done, 1);
  return TRUE;
}

static gpointer
reader_thread (gpointer data)
{
  while (read_next (data))
    ;
  return NULL;
}

/* Reads @files, newest first, with helpers when there are many. */
static void
listing_read_all (Listing           *listing,
                  CairnHistoryCache *fresh,
                  GPtrArray         *files)
{
  Readers readers = { listing, files, g_new0 (Slot, files->len), 0 };
  guint n_helpers = MIN (g_get_num_processors (), MAX_READERS) - 1;
  g_autoptr(GPtrArray) helpers = g_ptr_array_new ();
  guint taken = 0;
  gboolean more = TRUE;

  n_helpers = MIN (n_helpers, files->len / MIN_FILES_PER_READER);
  for (guint i = 0; i < n_helpers; i++)
    g_ptr_array_add (helpers, g_thread_new ("cairn-history-read", reader_thread, &readers));
  for (gboolean joined = FALSE; !joined;)
    {
      /* nothing left to claim: what the helpers hold is done once they end */
      if (!(more = more && read_next (&readers)))
        {
          for (guint i = 0; i < helpers->len; i++)
            g_thread_join (g_ptr_array_index (helpers, i));
          joined = TRUE;
        }
      while (taken < files->len && g_atomic_int_get (&readers.slots[taken].done))
        {
          listing_take (listing, fresh, g_ptr_array_index (files, taken), &readers.slots[taken]);
          taken++;
        }
    }
  for (guint i = 0; i < files->len; i++)
    {
      g_clear_object (&readers.slots[i].info);
      g_clear_error (&readers.slots[i].error);
    }
  g_free (readers.slots);
}

/* Keeps what this listing read, in memory and, when it changed, on disk. */
static void
listing_keep (Listing           *listing,
              CairnHistoryCache *fresh)
{
  CairnHistoryIndex *self = listing->index;
  g_autofree char *path = g_file_get_path (listing->folder);
  gboolean same;
  g_autoptr(GError) error = NULL;

  g_mutex_lock (&self->lock);
  same = cairn_history_cache_same (folder_cache_locked (self, listing->folder), fresh);
  g_mutex_unlock (&self->lock);
  if (same)
    {
      cairn_history_cache_free (fresh);
      return;
    }
  if (!cairn_history_cache_save (fresh, &error))
    g_debug ("Can't keep the list of %s: %s", path, error->message);
  g_mutex_lock (&self->lock);
  g_hash_table_replace (self->caches, g_steal_pointer (&path), fresh);
  g_mutex_unlock (&self->lock);
}

/* Lists the folder: every file stat'ed, then read newest first. */
static void
listing_run (Listing *listing)
{
  g_autoptr(GPtrArray) files = find_files (listing->folder, listing->unreadable, listing->cancellable);
  CairnHistoryCache *fresh = cairn_history_cache_new (listing->folder);

  listing_read_all (listing, fresh, files);
  g_ptr_array_sort (listing->infos, newest_first);
  if (g_cancellable_is_cancelled (listing->cancellable))
    cairn_history_cache_free (fresh);
  else
    listing_keep (listing, fresh);
  if (listing->batch_func != NULL)
    listing->batch_func (listing, g_steal_pointer (&listing->pending), TRUE);
}

static void
listing_init (Listing           *listing,
              CairnHistoryIndex *self,
              GFile             *folder,
              GCancellable      *cancellable)
{
  memset (listing, 0, sizeof *listing);
  listing->index = self;
  listing->folder = folder;
  listing->cancellable = cancellable;
  listing->infos = g_ptr_array_new_with_free_func (g_object_unref);
  listing->unreadable = g_ptr_array_new_with_free_func (g_object_unref);
  listing->pending = g_ptr_array_new_with_free_func (g_object_unref);
}

static void
listing_clear (Listing *listing)
{
  g_clear_pointer (&listing->infos, g_ptr_array_unref);
  g_clear_pointer (&listing->unreadable, g_ptr_array_unref);
  g_clear_pointer (&listing->pending, g_ptr_array_unref);
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
  Listing listing;
  GPtrArray *infos;

  listing_init (&listing, self, folder, cancellable);
  listing_run (&listing);
  infos = g_steal_pointer (&listing.infos);
  listing_clear (&listing);
  return infos;
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

/* Adds a batch of a first listing: after what is there, mostly, as the
 * files are read newest first; in its place when a file's own times say
 * it is newer than its modification time. */
static void
add_batch (GListStore *store,
           GPtrArray  *batch)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model);
  g_autoptr(CairnConversationInfo) last = n > 0 ? g_list_model_get_item (model, n - 1) : NULL;

  if (batch->len == 0)
    return;
  g_ptr_array_sort (batch, newest_first);
  if (last == NULL || compare_infos (last, g_ptr_array_index (batch, 0)) < 0)
    {
      g_list_store_splice (store, n, 0, batch->pdata, batch->len);
      return;
    }
  for (guint i = 0; i < batch->len; i++)
    g_list_store_insert_sorted (store, g_ptr_array_index (batch, i), newest_first_data, NULL);
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
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT_IDLE, deliver_cb, delivery,
                              (GDestroyNotify)delivery_free);
}

static void
watch_batch (Listing   *listing,
             GPtrArray *batch,
             gboolean   done)
{
  /* the end goes with all of them, below */
  if (done)
    g_ptr_array_unref (batch);
  else
    deliver (listing->batch_data, batch, NULL);
}

static void
list_watch_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  WatchJob *job = task_data;
  Listing listing;

  listing_init (&listing, job->index, job->folder, cancellable);
  if (job->batches)
    {
      listing.batch_func = watch_batch;
      listing.batch_data = job;
    }
  listing_run (&listing);
  if (!g_cancellable_is_cancelled (cancellable))
    deliver (job, g_steal_pointer (&listing.infos), g_steal_pointer (&listing.unreadable));
  listing_clear (&listing);
  g_task_return_boolean (task, TRUE);
}

static void
listed_cb (GObject      *source,
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
  task = g_task_new (watch->index, watch->index->cancellable, listed_cb, NULL);
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
      g_signal_emit (self, signals[PROJECTS_LISTED], 0);
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
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT_IDLE, deliver_projects_cb, delivery,
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
  g_autoptr(GPtrArray) files = find_files (folder, unreadable, cancellable);

  for (guint i = 0; i < files->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      g_autoptr(CairnConversationInfo) info = NULL;
      g_autoptr(GError) error = NULL;

      if (info_of (self, folder, g_ptr_array_index (files, i), &info, cancellable, &error) && info != NULL)
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
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, listed_cb, NULL);

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
  self->caches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)cairn_history_cache_free);
  self->watches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)watch_free);
  self->projects = g_list_store_new (CAIRN_TYPE_PROJECT_INFO);
  self->none = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
}

CairnHistoryIndex *
cairn_history_index_new (void)
{
  return g_object_new (CAIRN_TYPE_HISTORY_INDEX, NULL);
}
