/* cairn-history-listing.c
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

#include "history/cairn-history-index-private.h"

/* One listing of one project folder, in a thread: every file stat'ed and
 * sorted newest first by modification time, then read in that order (by
 * as many readers as there are cores, up to four), each from the list
 * cache when it knows the file at this size and time. What was read is
 * kept in memory and, when it changed, in the cache file. A listing that
 * fills a project's list hands it over in batches (batch_func). */

/* The first batch: a screenful of the newest, as soon as it is read. */
#define FIRST_BATCH 40
/* Later batches: what was read in BATCH_INTERVAL_US, at most MAX_BATCH. */
#define MAX_BATCH 500
#define BATCH_INTERVAL_US (100 * 1000)
#define SAVE_INTERVAL_US (10 * G_USEC_PER_SEC)

/* Newest first by last activity (seconds), then by the file's
 * modification time, the order files are read in: thousands of files
 * written in one second (a copied history) then arrive in their list's
 * order, and each batch goes after what is there rather than among it. */
int
_cairn_history_compare_infos (CairnConversationInfo *x,
                              CairnConversationInfo *y)
{
  gint64 dx = cairn_conversation_info_get_modified (x);
  gint64 dy = cairn_conversation_info_get_modified (y);
  guint64 mx = cairn_conversation_info_get_mtime_us (x);
  guint64 my = cairn_conversation_info_get_mtime_us (y);

  if (dx != dy)
    return dx < dy ? 1 : -1;
  if (mx != my)
    return mx < my ? 1 : -1;
  return g_strcmp0 (cairn_conversation_info_get_session_id (x), cairn_conversation_info_get_session_id (y));
}

int
_cairn_history_newest_first (gconstpointer a,
                             gconstpointer b)
{
  return _cairn_history_compare_infos (*(CairnConversationInfo **)a, *(CairnConversationInfo **)b);
}

static void
found_free (CairnFoundFile *found)
{
  g_object_unref (found->file);
  g_free (found->name);
  g_free (found);
}

static int
found_newest_first (gconstpointer a,
                    gconstpointer b)
{
  const CairnFoundFile *x = *(CairnFoundFile **)a, *y = *(CairnFoundFile **)b;

  return x->mtime_us < y->mtime_us ? 1 : x->mtime_us > y->mtime_us ? -1 : strcmp (x->name, y->name);
}

/* The folder's conversation files, newest first by modification time.
 * A *.jsonl that is neither a file nor a folder (a broken link, a link
 * loop, a pipe) is one that can't be read. readdir and fstatat rather
 * than a GFileEnumerator: a hundred thousand files are stat'ed in a
 * fraction of the time. */
GPtrArray *
_cairn_history_find_files (GFile        *folder,
                           GPtrArray    *unreadable,
                           GCancellable *cancellable)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify)found_free);
  DIR *dir = opendir (g_file_peek_path (folder));
  struct dirent *entry;

  while (dir != NULL && (entry = readdir (dir)) != NULL && !g_cancellable_is_cancelled (cancellable))
    {
      struct stat st;
      CairnFoundFile *found;

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
      found = g_new0 (CairnFoundFile, 1);
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

static void
listing_add (CairnListing          *listing,
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
gboolean
_cairn_history_index_info_of (CairnHistoryIndex      *self,
                              GFile                  *folder,
                              CairnFoundFile         *found,
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
listing_take (CairnListing      *listing,
              CairnHistoryCache *fresh,
              CairnFoundFile    *found,
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

/* Files are read by a few threads at once (the cores but one, which the
 * window needs to draw what arrives, at most MAX_READERS), each taking
 * the next file in the newest-first order; the listing takes them in that
 * order as they are done. */
#define MAX_READERS 4
#define MIN_FILES_PER_READER 64

typedef struct
{
  CairnListing   *listing;
  GPtrArray *files;
  Slot      *slots;
  gint       next;   /* atomic */
} Readers;

static gboolean
read_next (Readers *readers)
{
  CairnListing *listing = readers->listing;
  guint i = g_atomic_int_add (&readers->next, 1);
  Slot *slot;

  if (i >= readers->files->len || g_cancellable_is_cancelled (listing->cancellable))
    return FALSE;
  slot = &readers->slots[i];
  _cairn_history_index_info_of (listing->index, listing->folder, g_ptr_array_index (readers->files, i), &slot->info,
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
listing_read_all (CairnListing      *listing,
                  CairnHistoryCache *fresh,
                  GPtrArray         *files)
{
  Readers readers = { listing, files, g_new0 (Slot, files->len), 0 };
  guint n_helpers = MIN (MAX (g_get_num_processors (), 2) - 1, MAX_READERS) - 1;
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

/* Keeps what this listing read, in memory and, when it changed, on disk:
 * at most every SAVE_INTERVAL_US, so a reply streaming into a big
 * project's folder (a re-list every 300 ms) doesn't rewrite its cache
 * each time. A cache file a little behind only has a file or two read
 * again at the next launch. */
static void
listing_keep (CairnListing      *listing,
              CairnHistoryCache *fresh)
{
  CairnHistoryIndex *self = listing->index;
  g_autofree char *path = g_file_get_path (listing->folder);
  gboolean same, write;
  gint64 *saved_at;
  g_autoptr(GError) error = NULL;

  g_mutex_lock (&self->lock);
  same = cairn_history_cache_same (folder_cache_locked (self, listing->folder), fresh);
  g_mutex_unlock (&self->lock);
  if (same)
    {
      cairn_history_cache_free (fresh);
      return;
    }
  g_mutex_lock (&self->lock);
  saved_at = g_hash_table_lookup (self->saved_at, path);
  write = saved_at == NULL || g_get_monotonic_time () - *saved_at >= SAVE_INTERVAL_US;
  if (write)
    g_hash_table_replace (self->saved_at, g_strdup (path), g_memdup2 (&(gint64){ g_get_monotonic_time () },
                                                                      sizeof (gint64)));
  g_mutex_unlock (&self->lock);
  if (write && !cairn_history_cache_save (fresh, &error))
    g_debug ("Can't keep the list of %s: %s", path, error->message);
  g_mutex_lock (&self->lock);
  g_hash_table_replace (self->caches, g_steal_pointer (&path), fresh);
  g_mutex_unlock (&self->lock);
}

/* Lists the folder: every file stat'ed, then read newest first. */
void
_cairn_listing_run (CairnListing *listing)
{
  g_autoptr(GPtrArray) files = _cairn_history_find_files (listing->folder, listing->unreadable, listing->cancellable);
  CairnHistoryCache *fresh = cairn_history_cache_new (listing->folder);

  listing_read_all (listing, fresh, files);
  g_ptr_array_sort (listing->infos, _cairn_history_newest_first);
  if (g_cancellable_is_cancelled (listing->cancellable))
    cairn_history_cache_free (fresh);
  else
    listing_keep (listing, fresh);
  if (listing->batch_func != NULL)
    listing->batch_func (listing, g_steal_pointer (&listing->pending), TRUE);
}

void
_cairn_listing_init (CairnListing      *listing,
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

void
_cairn_listing_clear (CairnListing *listing)
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
  CairnListing listing;
  GPtrArray *infos;

  _cairn_listing_init (&listing, self, folder, cancellable);
  _cairn_listing_run (&listing);
  infos = g_steal_pointer (&listing.infos);
  _cairn_listing_clear (&listing);
  return infos;
}
