/* cairn-usage-data.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "usage/cairn-usage-cache.h"
#include "usage/cairn-usage-data.h"
#include "usage/cairn-usage-pricing.h"
#include "usage/cairn-usage-snapshot.h"

/* Every session file under the projects folder, subagents' included
 * (<project>/<session>/subagents/…/agent-*.jsonl: any *.jsonl below a
 * project), read by a few threads, each file from the index when it
 * knows it at its size and time, read on when it grew. Then the requests
 * in time order, each once: the same message id and request id again
 * (a resumed or forked conversation copies its lines, a sidechain's
 * replies may be in two files) is a duplicate. */

/* a subagent's file is three folders below its project; links inside a
 * project are not followed (no loops) */
#define MAX_DEPTH 6
#define MAX_READERS 4
/* how long a kept result, or an index that is only behind (see
 * index_must_be_written), is left in place before a newer one replaces
 * it (see written_lately) */
#define KEEP_EVERY_US (60 * G_USEC_PER_SEC)
/* what an index left in place may miss of the files that grew: the
 * bytes every load within the minute reads on from its entries */
#define BEHIND_BYTES (16 * 1024 * 1024)

typedef struct
{
  char           *path;
  char           *project;
  guint64         size;      /* as the walk stat'ed it */
  guint64         mtime_us;
  CairnUsageFile *file;      /* what was read, or NULL when unreadable */
  gboolean        was_read;  /* not taken from the index as it was */
  gint            done;      /* atomic: read, or known from the index */
} Found;

static void
found_clear (Found *found)
{
  g_free (found->path);
  g_free (found->project);
  cairn_usage_file_free (found->file);
}

static void
walk (const char *folder,
      const char *project,
      int         depth,
      GArray     *found,
      guint      *unreadable)
{
  DIR *dir = opendir (folder);
  struct dirent *entry;

  if (dir == NULL)
    {
      (*unreadable)++;
      return;
    }
  while ((entry = readdir (dir)) != NULL)
    {
      gboolean jsonl = g_str_has_suffix (entry->d_name, ".jsonl");
      g_autofree char *path = NULL;
      struct stat st;

      if (g_str_equal (entry->d_name, ".") || g_str_equal (entry->d_name, ".."))
        continue;
      path = g_build_filename (folder, entry->d_name, NULL);
      if (fstatat (dirfd (dir), entry->d_name, &st, 0) != 0)
        {
          *unreadable += jsonl;   /* a broken link, a loop */
          continue;
        }
      if (S_ISDIR (st.st_mode) && entry->d_type != DT_LNK && depth < MAX_DEPTH)
        walk (path, project, depth + 1, found, unreadable);
      else if (jsonl && S_ISREG (st.st_mode))
        g_array_append_val (found, ((Found){ g_steal_pointer (&path), g_strdup (project), st.st_size,
                                             (guint64)st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000,
                                             NULL, FALSE, 0 }));
      else if (jsonl && !S_ISDIR (st.st_mode))
        (*unreadable)++;   /* a pipe, a device */
    }
  closedir (dir);
}

static int
found_by_path (gconstpointer a,
               gconstpointer b)
{
  return strcmp (((const Found *)a)->path, ((const Found *)b)->path);
}

/* Each project folder's files, in path order (a deterministic order for
 * which copy of a request counts where). */
static GArray *
find_files (GFile      *projects,
            const char *only_project,
            guint      *unreadable)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (Found));
  DIR *dir = opendir (g_file_peek_path (projects));
  struct dirent *entry;

  g_array_set_clear_func (found, (GDestroyNotify)found_clear);
  while (dir != NULL && (entry = readdir (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat st;
      g_autofree char *project = NULL;

      if (entry->d_name[0] == '.' || (only_project != NULL && !g_str_equal (entry->d_name, only_project)))
        continue;
      path = g_build_filename (g_file_peek_path (projects), entry->d_name, NULL);
      /* the name is printed and shown: valid UTF-8 */
      project = g_utf8_make_valid (entry->d_name, -1);
      if (stat (path, &st) == 0 && S_ISDIR (st.st_mode))
        walk (path, project, 1, found, unreadable);
    }
  if (dir != NULL)
    closedir (dir);
  g_array_sort (found, found_by_path);
  return found;
}

typedef struct
{
  GArray     *found;
  GHashTable *index;    /* path → CairnUsageCacheRecord, read only while reading */
  GCancellable *cancellable;
  gint        next;     /* atomic */
} Readers;

typedef enum
{
  FILE_NEW,
  FILE_SAME,     /* at the size and time it was read at */
  FILE_GROWN,    /* bigger: read on (its tail hash says whether it was rewritten) */
  FILE_CHANGED,  /* the same size at another time, or smaller: read again */
} FileState;

static FileState
file_state (CairnUsageCacheRecord *known,
            const Found           *found)
{
  guint64 size, mtime_us;

  if (known == NULL)
    return FILE_NEW;
  cairn_usage_cache_record_stat (known, &size, &mtime_us);
  if (found->size > size)
    return FILE_GROWN;
  if (found->size == size && found->mtime_us == mtime_us)
    return FILE_SAME;
  return FILE_CHANGED;
}

static void
read_one (Readers *readers,
          Found   *found)
{
  CairnUsageCacheRecord *known = g_hash_table_lookup (readers->index, found->path);
  FileState state = file_state (known, found);
  g_autoptr(CairnUsageFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (state == FILE_SAME)
    {
      g_atomic_int_set (&found->done, 1);
      return;   /* taken from the index when merged */
    }
  if (state == FILE_GROWN)
    file = cairn_usage_cache_record_file (known);
  if (file == NULL)
    file = cairn_usage_file_new (found->path);
  found->was_read = TRUE;
  if (!cairn_usage_file_read (file, &error))
    g_debug ("Can't read %s", error->message);
  else
    found->file = g_steal_pointer (&file);
  g_atomic_int_set (&found->done, 1);
}

static gboolean
read_next (Readers *readers)
{
  guint i = g_atomic_int_add (&readers->next, 1);

  if (i >= readers->found->len || g_cancellable_is_cancelled (readers->cancellable))
    return FALSE;
  read_one (readers, &g_array_index (readers->found, Found, i));
  return TRUE;
}

static gpointer
reader_thread (gpointer data)
{
  while (read_next (data))
    ;
  return NULL;
}

typedef void (*TakeFunc) (Found    *found,
                          gpointer  data);

/* Reads the files with a few threads, and hands each to @take in path
 * order as soon as it and those before it are read: a file's records
 * are let go once taken, so they are not all held at once. */
static void
read_all (GArray       *found,
          GHashTable   *index,
          GCancellable *cancellable,
          TakeFunc      take,
          gpointer      data)
{
  Readers readers = { found, index, cancellable, 0 };
  guint n_helpers = MIN (MIN (g_get_num_processors (), MAX_READERS) - 1, found->len / 16);
  g_autoptr(GPtrArray) helpers = g_ptr_array_new ();
  guint taken = 0;
  gboolean more = TRUE;

  for (guint i = 0; i < n_helpers; i++)
    g_ptr_array_add (helpers, g_thread_new ("cairn-usage-read", reader_thread, &readers));
  for (gboolean joined = FALSE; !joined;)
    {
      if (!(more = more && read_next (&readers)))
        {
          for (guint i = 0; i < helpers->len; i++)
            g_thread_join (g_ptr_array_index (helpers, i));
          joined = TRUE;
        }
      while (taken < found->len && g_atomic_int_get (&g_array_index (found, Found, taken).done))
        take (&g_array_index (found, Found, taken++), data);
    }
}

/* The history's tables, being filled from the files. */
typedef struct
{
  CairnUsageData          *data;
  GHashTable              *models;     /* name → index + 1 */
  GHashTable              *sessions;   /* project "\n" id → index + 1 */
  GPtrArray               *prices;     /* by model index: CairnUsagePrice or NULL */
  guint32                  files;      /* merged so far: the next file's place in path order */
} Merge;

static guint32
global_model (Merge      *merge,
              const char *name)
{
  guint32 index = GPOINTER_TO_UINT (g_hash_table_lookup (merge->models, name));

  if (index != 0)
    return index - 1;
  g_ptr_array_add (merge->data->models, g_strdup (name));
  g_ptr_array_add (merge->prices, (gpointer)cairn_usage_price_lookup (name));
  g_hash_table_insert (merge->models, g_strdup (name), GUINT_TO_POINTER (merge->data->models->len));
  return merge->data->models->len - 1;
}

static void
session_free (CairnUsageSession *session)
{
  g_free (session->id);
  g_free (session->project);
  g_free (session->cwd);
  g_free (session);
}

static guint32
global_session (Merge      *merge,
                const char *project,
                const char *id,
                const char *cwd)
{
  g_autofree char *key = g_strconcat (project, "\n", id, NULL);
  guint32 index = GPOINTER_TO_UINT (g_hash_table_lookup (merge->sessions, key));
  CairnUsageSession *session;

  if (index != 0)
    {
      session = g_ptr_array_index (merge->data->sessions, index - 1);
      if (session->cwd[0] == '\0' && cwd[0] != '\0')
        {
          g_free (session->cwd);
          session->cwd = g_strdup (cwd);
        }
      return index - 1;
    }
  session = g_new0 (CairnUsageSession, 1);
  session->id = g_strdup (id);
  session->project = g_strdup (project);
  session->cwd = g_strdup (cwd);
  g_ptr_array_add (merge->data->sessions, session);
  g_hash_table_insert (merge->sessions, g_steal_pointer (&key), GUINT_TO_POINTER (merge->data->sessions->len));
  return merge->data->sessions->len - 1;
}

static double
entry_cost (Merge                 *merge,
            const CairnUsageEntry *entry)
{
  const CairnUsagePrice *price = g_ptr_array_index (merge->prices, entry->model);

  if (entry->cost_usd >= 0)
    return entry->cost_usd;
  if (price == NULL)
    return NAN;
  return cairn_usage_price_cost (price, entry->input, entry->output, entry->cache_write, entry->cache_write_1h,
                                 entry->cache_read);
}

static void
merge_file (Merge          *merge,
            const char     *project,
            CairnUsageFile *file)
{
  g_autofree guint32 *models = g_new (guint32, file->models->len + 1);
  g_autofree guint32 *sessions = g_new (guint32, file->sessions->len + 1);

  for (guint i = 0; i < file->models->len; i++)
    models[i] = global_model (merge, g_ptr_array_index (file->models, i));
  for (guint i = 0; i < file->sessions->len; i++)
    sessions[i] = global_session (merge, project, g_ptr_array_index (file->sessions, i),
                                  g_ptr_array_index (file->cwds, i));
  for (guint i = 0; i < file->entries->len; i++)
    {
      CairnUsageEntry entry = g_array_index (file->entries, CairnUsageEntry, i);
      entry.model = models[entry.model];
      entry.session = sessions[entry.session];
      entry.cost_usd = entry_cost (merge, &entry);
      entry.flags = (entry.flags & CAIRN_USAGE_ENTRY_SIDECHAIN) | (merge->files << 1);
      g_array_append_val (merge->data->entries, entry);
    }
  merge->data->bad_lines += file->bad_lines;
  merge->data->synthetic += file->synthetic;
  merge->files++;
}

typedef gboolean (*BeforeFunc) (const CairnUsageEntry *x,
                                const CairnUsageEntry *y);

/* Time order, then the order of the files (path order): which copy of a
 * request counts is the first that way, as in ccusage. */
static gboolean
entry_before (const CairnUsageEntry *x,
              const CairnUsageEntry *y)
{
  if (x->time_us != y->time_us)
    return x->time_us < y->time_us;
  return (x->flags >> 1) < (y->flags >> 1);
}

/* The copies of a request together, in time order. */
static gboolean
key_before (const CairnUsageEntry *x,
            const CairnUsageEntry *y)
{
  if (x->key != y->key)
    return x->key < y->key;
  return entry_before (x, y);
}

static inline void
swap_entries (CairnUsageEntry *x,
              CairnUsageEntry *y)
{
  CairnUsageEntry swap = *x;

  *x = *y;
  *y = swap;
}

static void
sift_down (CairnUsageEntry *entries,
           gsize            root,
           gsize            n,
           BeforeFunc       before)
{
  for (gsize child; (child = 2 * root + 1) < n; root = child)
    {
      if (child + 1 < n && before (&entries[child], &entries[child + 1]))
        child++;
      if (!before (&entries[root], &entries[child]))
        return;
      swap_entries (&entries[root], &entries[child]);
    }
}

static void
heap_sort (CairnUsageEntry *entries,
           gsize            n,
           BeforeFunc       before)
{
  for (gsize i = n / 2; i > 0; i--)
    sift_down (entries, i - 1, n, before);
  for (gsize end = n; end > 1; end--)
    {
      swap_entries (&entries[0], &entries[end - 1]);
      sift_down (entries, 0, end - 1, before);
    }
}

static void
insertion_sort (CairnUsageEntry *entries,
                gsize            n,
                BeforeFunc       before)
{
  for (gsize i = 1; i < n; i++)
    {
      CairnUsageEntry entry = entries[i];
      gsize j = i;

      for (; j > 0 && before (&entry, &entries[j - 1]); j--)
        entries[j] = entries[j - 1];
      entries[j] = entry;
    }
}

/* Partitions around the median of the first, middle and last entries
 * (Hoare's way): returns where the pivot ends, all before it not after
 * it, all after it not before it. */
static gsize
partition (CairnUsageEntry *entries,
           gsize            n,
           BeforeFunc       before)
{
  gsize middle = n / 2, i = 0, j = n;

  if (before (&entries[middle], &entries[0]))
    swap_entries (&entries[middle], &entries[0]);
  if (before (&entries[n - 1], &entries[0]))
    swap_entries (&entries[n - 1], &entries[0]);
  if (before (&entries[n - 1], &entries[middle]))
    swap_entries (&entries[n - 1], &entries[middle]);
  swap_entries (&entries[0], &entries[middle]);
  for (;;)
    {
      do
        i++;
      while (i < n && before (&entries[i], &entries[0]));
      do
        j--;
      while (before (&entries[0], &entries[j]));
      if (i >= j)
        break;
      swap_entries (&entries[i], &entries[j]);
    }
  swap_entries (&entries[0], &entries[j]);
  return j;
}

/* Quicksort, with a heap sort past 2 log2 n levels (introsort: never
 * quadratic), and an insertion sort for the short runs. */
static void
intro_sort (CairnUsageEntry *entries,
            gsize            n,
            guint            depth,
            BeforeFunc       before)
{
  while (n > 16)
    {
      gsize pivot;

      if (depth-- == 0)
        {
          heap_sort (entries, n, before);
          return;
        }
      pivot = partition (entries, n, before);
      /* the shorter side by recursion, the longer by the loop: the stack
       * stays within log2 n frames */
      if (pivot < n - pivot - 1)
        {
          intro_sort (entries, pivot, depth, before);
          entries += pivot + 1;
          n -= pivot + 1;
        }
      else
        {
          intro_sort (entries + pivot + 1, n - pivot - 1, depth, before);
          n = pivot;
        }
    }
  insertion_sort (entries, n, before);
}

/* In place: g_array_sort's merge sort would take a second copy of every
 * request at the run's peak. (A heap sort alone took half a warm run's
 * time on 20,002 files: its swaps of 64-byte entries jump over the
 * whole array.) */
static void
sort_entries (GArray     *array,
              BeforeFunc  before)
{
  gsize n = array->len;

  intro_sort ((CairnUsageEntry *)array->data, n, 2 * (g_bit_storage (n) + 1), before);
}

static guint64
entry_tokens (const CairnUsageEntry *entry)
{
  return (guint64)entry->input + entry->output + entry->cache_write + entry->cache_read;
}

/* Which copy of a request counts, as ccusage chooses: the main
 * conversation's over a sidechain's, then the one with more tokens
 * (copies of one request are the same; ids the fake API reused are not). */
static gboolean
better_copy (const CairnUsageEntry *candidate,
             const CairnUsageEntry *kept)
{
  gboolean candidate_side = candidate->flags & CAIRN_USAGE_ENTRY_SIDECHAIN;
  gboolean kept_side = kept->flags & CAIRN_USAGE_ENTRY_SIDECHAIN;

  if (candidate_side != kept_side)
    return kept_side;
  return entry_tokens (candidate) > entry_tokens (kept);
}

/* Keeps one copy of each request: the first in time order (then path
 * order) unless a later one is a better copy. The copies are brought
 * together by sorting by key, in place (a set of keys would cost a table
 * as big as the requests), then the requests are put in time order. */
static void
drop_duplicates (CairnUsageData *data)
{
  CairnUsageEntry *entries = (CairnUsageEntry *)data->entries->data;
  guint kept = 0;

  sort_entries (data->entries, key_before);
  for (guint i = 0; i < data->entries->len; i++)
    {
      if (kept > 0 && entries[i].key != 0 && entries[i].key == entries[kept - 1].key)
        {
          data->duplicates++;
          if (better_copy (&entries[i], &entries[kept - 1]))
            entries[kept - 1] = entries[i];
          continue;
        }
      entries[kept++] = entries[i];
    }
  g_array_set_size (data->entries, kept);
  sort_entries (data->entries, entry_before);
}

/* What the requests kept say of the clock and the prices. */
static void
count_requests (CairnUsageData *data,
                gint64          now)
{
  for (guint i = 0; i < data->entries->len; i++)
    {
      const CairnUsageEntry *entry = &g_array_index (data->entries, CairnUsageEntry, i);
      data->future += entry->time_us > now;
      data->unpriced += isnan (entry->cost_usd);
    }
}

/* Whether @path was written less than a minute before @now_us. One
 * dated ahead (the clock set back) is no reason to wait. */
static gboolean
written_lately (const char *path,
                gint64      now_us)
{
  struct stat st;
  gint64 age_us;

  if (stat (path, &st) != 0)
    return FALSE;
  age_us = now_us - ((gint64)st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000);
  return age_us >= 0 && age_us < KEEP_EVERY_US;
}

/* Whether @f only grew since @record: the bytes just before where the
 * record was read to are still there (the test the reader makes before
 * it reads on), and what the index then misses of the files that grew,
 * @behind, stays under the bound. */
static gboolean
only_grew (CairnUsageCacheRecord *record,
           const Found           *f,
           guint64               *behind)
{
  g_autoptr(CairnUsageFile) file = cairn_usage_cache_record_file (record);

  /* an entry read past the size walked (the index is untrusted, or the
   * file grew since the walk) would wrap the sum: not "only grew" */
  if (file == NULL || file->read_to > f->size)
    return FALSE;
  *behind += f->size - file->read_to;
  return *behind < BEHIND_BYTES && cairn_usage_file_tail_holds (file);
}

/* Whether the index is written: when it would change (a file new, grown
 * or changed, or, when every project is read, one it knows gone), unless
 * it was written within the minute and every file it would change for
 * only grew, by under BEHIND_BYTES in all. While a conversation runs its
 * file grows between the usage window's reloads (every 5 s), and writing
 * the whole index for it (50 MB on 20,002 files) would be 600 MB a
 * minute; left behind, each reload reads on from the older entry (the
 * same tail test, on its bytes), which is what the index is for.
 *
 * What it gives up: session files are append-only JSONL (the CLI
 * appends, and so does Cairn's Rename), but a file written again in
 * place at its size is caught by its time only against an entry at that
 * size. Against one a minute behind it looks grown, and a change before
 * the entry's end is caught only within the tail hash's bytes: as for
 * any file that grew and was written again in place, with or without
 * this rule. */
static gboolean
index_must_be_written (GArray     *found,
                       GHashTable *index,
                       gboolean    only_project,
                       const char *index_path,
                       gint64      now_us)
{
  gboolean may_wait = written_lately (index_path, now_us);
  guint64 behind = 0;
  guint known = 0;

  for (guint i = 0; i < found->len; i++)
    {
      Found *f = &g_array_index (found, Found, i);
      CairnUsageCacheRecord *record = g_hash_table_lookup (index, f->path);
      FileState state = file_state (record, f);

      known += record != NULL;
      if (state != FILE_SAME && (!may_wait || state != FILE_GROWN || !only_grew (record, f, &behind)))
        return TRUE;
    }
  return !only_project && known != g_hash_table_size (index);
}

/* What the result is kept for: the files found (path, size, time, in
 * path order), what the walk could not read, the prices and the
 * entries' size. */
static char *
snapshot_key (GArray *found,
              guint   unreadable)
{
  g_autoptr(GChecksum) digest = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GBytes) prices = cairn_usage_pricing_bytes (NULL);
  guint32 sizes[2] = { sizeof (CairnUsageEntry), unreadable };

  g_checksum_update (digest, (const guchar *)sizes, sizeof sizes);
  if (prices != NULL)
    g_checksum_update (digest, g_bytes_get_data (prices, NULL), g_bytes_get_size (prices));
  for (guint i = 0; i < found->len; i++)
    {
      const Found *f = &g_array_index (found, Found, i);
      guint64 stat[2] = { f->size, f->mtime_us };

      g_checksum_update (digest, (const guchar *)f->path, strlen (f->path) + 1);
      g_checksum_update (digest, (const guchar *)stat, sizeof stat);
    }
  return g_strdup (g_checksum_get_string (digest));
}

/* Whether the result at @path was written less than a minute before
 * @now_us: then a newer one is not written. While a conversation runs,
 * its file grows between the usage window's reloads (every 5 s), so each
 * reload's result is stale by the next one; writing each (19 MB on
 * 20,002 files) would be 12 whole writes a minute that nobody reads. A
 * window left open writes at most once a minute, and once the history
 * is quiet the next reload past the minute keeps the result a launch
 * takes. What a launch pays when the last one was skipped: a merge from
 * the index (0.6 s rather than 0.27 s on 20,002 files), which keeps it. */
static gboolean
result_kept_lately (const char *path,
                    gint64      now_us)
{
  return written_lately (path, now_us);
}

static void
keep_snapshot (const char     *path,
               const char     *key,
               CairnUsageData *data)
{
  g_autoptr(GError) error = NULL;

  if (!cairn_usage_snapshot_save (path, key, data, &error))
    g_warning ("Can't keep the usage result: %s", error->message);
}

/* What the files read go to, in path order. */
typedef struct
{
  CairnUsageData        *data;
  Merge                 *merge;
  GHashTable            *index;
  CairnUsageCacheWriter *writer;   /* NULL: the index stays as it is */
  GError                *error;    /* writing it */
  gboolean               moved;    /* a file read at another size or time than walked */
} Take;

/* One file, read or from the index: into the index being written, then
 * into the history's requests; its records are let go. */
static void
take_file (Found    *f,
           gpointer  user_data)
{
  Take *take = user_data;
  CairnUsageCacheRecord *record = f->was_read ? NULL : g_hash_table_lookup (take->index, f->path);
  g_autoptr(CairnUsageFile) from_index = record ? cairn_usage_cache_record_file (record) : NULL;
  CairnUsageFile *file = f->was_read ? f->file : from_index;

  if (record != NULL && from_index == NULL)
    {
      /* a damaged record: the file is read after all */
      from_index = cairn_usage_file_new (f->path);
      file = cairn_usage_file_read (from_index, NULL) ? from_index : NULL;
      record = NULL;
      f->was_read = TRUE;
    }
  if (file == NULL)
    {
      take->data->unreadable_files++;
      return;
    }
  take->data->files++;
  take->data->files_read += f->was_read;
  take->moved |= file->size != f->size || file->mtime_us != f->mtime_us;
  if (take->writer != NULL && take->error == NULL && record != NULL)
    cairn_usage_cache_writer_add_record (take->writer, record, &take->error);
  else if (take->writer != NULL && take->error == NULL)
    cairn_usage_cache_writer_add (take->writer, file, &take->error);
  merge_file (take->merge, f->project, file);
  /* the index is left as it is: the readers look in it meanwhile */
  g_clear_pointer (&f->file, cairn_usage_file_free);
}

/* Ends the index: with the other projects' files as they were when only
 * one was read (those of @index not found now), kept unless cancelled or
 * damaged on the way. */
static void
finish_index (Take         *take,
              GArray       *found,
              gboolean      only_project,
              GCancellable *cancellable)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  const char *path;
  CairnUsageCacheRecord *record;

  for (guint i = 0; i < found->len; i++)
    g_hash_table_add (seen, g_array_index (found, Found, i).path);
  g_hash_table_iter_init (&iter, take->index);
  while (only_project && take->error == NULL &&
         g_hash_table_iter_next (&iter, (gpointer *)&path, (gpointer *)&record))
    if (!g_hash_table_contains (seen, path))
      cairn_usage_cache_writer_add_record (take->writer, record, &take->error);
  if (take->error != NULL)
    g_warning ("Can't keep the usage index: %s", take->error->message);
  cairn_usage_cache_writer_finish (take->writer, take->error == NULL && !g_cancellable_is_cancelled (cancellable),
                                   NULL);
  g_clear_error (&take->error);
}

CairnUsageData *
cairn_usage_data_new (void)
{
  CairnUsageData *data = g_new0 (CairnUsageData, 1);

  data->entries = g_array_new (FALSE, FALSE, sizeof (CairnUsageEntry));
  data->models = g_ptr_array_new_with_free_func (g_free);
  data->sessions = g_ptr_array_new_with_free_func ((GDestroyNotify)session_free);
  return data;
}

void
cairn_usage_data_free (CairnUsageData *data)
{
  if (data == NULL)
    return;
  g_array_unref (data->entries);
  g_ptr_array_unref (data->models);
  g_ptr_array_unref (data->sessions);
  g_free (data);
}

/**
 * cairn_usage_data_load:
 * @projects: the CLI's projects folder
 *
 * Reads the usage of every conversation under @projects (blocking: call
 * it in a thread). What can't be read is counted in the result, never an
 * error.
 * Returns: (transfer full)
 */
CairnUsageData *
cairn_usage_data_load (GFile                       *projects,
                       const CairnUsageLoadOptions *options,
                       GCancellable                *cancellable)
{
  CairnUsageData *data = cairn_usage_data_new ();
  g_autofree char *index_path = NULL;
  g_autofree char *snapshot_path = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GHashTable) index = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(GHashTable) models = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) sessions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) prices = g_ptr_array_new ();
  Merge merge = { data, models, sessions, prices, 0 };
  Take take = { data, &merge, NULL, NULL, NULL, FALSE };
  gint64 now_us = options->now_us != 0 ? options->now_us : g_get_real_time ();

  if (options->use_index)
    index_path = options->index_path ? g_strdup (options->index_path) : cairn_usage_cache_path ();
  found = find_files (projects, options->only_project, &data->unreadable_files);
  /* the result of every project only: the window's, which a run of
   * one project (cairn --usage --project) would otherwise replace */
  if (index_path != NULL && options->only_project == NULL)
    {
      CairnUsageData *kept;

      snapshot_path = cairn_usage_snapshot_path (index_path);
      key = snapshot_key (found, data->unreadable_files);
      if ((kept = cairn_usage_snapshot_load (snapshot_path, key)) != NULL)
        {
          cairn_usage_data_free (data);
          count_requests (kept, now_us);
          return kept;
        }
    }
  index = index_path ? cairn_usage_cache_load_records (index_path)
                     : g_hash_table_new_full (g_str_hash, g_str_equal, NULL, NULL);
  take.index = index;
  if (index_path != NULL &&
      index_must_be_written (found, index, options->only_project != NULL, index_path, now_us))
    {
      g_autoptr(GError) error = NULL;
      take.writer = cairn_usage_cache_writer_new (index_path, &error);
      if (take.writer == NULL)
        g_warning ("Can't keep the usage index: %s", error->message);
    }
  read_all (found, index, cancellable, take_file, &take);
  if (take.writer != NULL)
    finish_index (&take, found, options->only_project != NULL, cancellable);
  drop_duplicates (data);
  if (snapshot_path != NULL && !take.moved && data->files == found->len &&
      !g_cancellable_is_cancelled (cancellable) && !result_kept_lately (snapshot_path, now_us))
    keep_snapshot (snapshot_path, key, data);
  count_requests (data, now_us);
  return data;
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GFile *projects = g_object_get_data (G_OBJECT (task), "projects");
  CairnUsageLoadOptions options = { task_data, TRUE, NULL, 0 };
  CairnUsageData *data = cairn_usage_data_load (projects, &options, cancellable);

  if (g_task_return_error_if_cancelled (task))
    cairn_usage_data_free (data);
  else
    g_task_return_pointer (task, data, (GDestroyNotify)cairn_usage_data_free);
}

/**
 * cairn_usage_data_load_async:
 *
 * Loads the usage in a thread, with the index.
 */
void
cairn_usage_data_load_async (GFile               *projects,
                             const char          *only_project,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, cairn_usage_data_load_async);
  g_task_set_task_data (task, g_strdup (only_project), g_free);
  g_object_set_data_full (G_OBJECT (task), "projects", g_object_ref (projects), g_object_unref);
  g_task_run_in_thread (task, load_thread);
}

CairnUsageData *
cairn_usage_data_load_finish (GAsyncResult  *result,
                              GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
