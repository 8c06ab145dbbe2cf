/* cairn-search.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-search"

#include "config.h"

#include "protocol/cairn-util.h"
#include "search/cairn-search.h"
#include "search/cairn-search-hit.h"
#include "search/cairn-search-scan.h"

/* Searches the conversations in some project folders of the CLI's
 * history, in a thread. Hits stream into a list model as files are done;
 * a new search cancels the one before, whose late results are dropped. */

/* Enough to pick the right conversation; the file says the rest. */
#define MAX_HITS_PER_FILE 3
/* Results reach the main loop at most this often, in one model change. */
#define BATCH_INTERVAL_US (50 * 1000)

/* What the thread reports to: it outlives the search object when that is
 * dropped mid-search, and is read and cleared on the main loop only, so
 * the object is never touched, nor last unreferenced, in the thread. */
typedef struct
{
  CairnSearch *self;
} Target;

struct _CairnSearch
{
  GObject       parent_instance;

  Target       *target;   /* atomic rc box */
  GListStore   *hits;
  GCancellable *cancellable;
  guint         generation;
  guint         files_done;
  guint         files_total;
  gboolean      running;
};

G_DEFINE_FINAL_TYPE (CairnSearch, cairn_search, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_FILES_DONE,
  PROP_FILES_TOTAL,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

typedef struct
{
  Target      *target;
  guint        generation;
  GPtrArray   *hits;
  guint        files_done;
  guint        files_total;
  gboolean     finished;
} Batch;

typedef struct
{
  Target       *target;
  guint         generation;
  char         *query;
  GPtrArray    *folders;   /* GFile */
  GCancellable *cancellable;
  /* the batch being filled in the thread */
  GPtrArray    *pending;
  gint64        last_sent;
  gboolean      sent_hit;
  guint         files_done;
  guint         files_total;
} Job;

static void
set_progress (CairnSearch *self,
              guint        done,
              guint        total,
              gboolean     running)
{
  if (self->files_done != done)
    {
      self->files_done = done;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_DONE]);
    }
  if (self->files_total != total)
    {
      self->files_total = total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_TOTAL]);
    }
  if (self->running != running)
    {
      self->running = running;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
    }
}

/* On the main loop. */
static gboolean
deliver_batch (gpointer data)
{
  Batch *batch = data;
  CairnSearch *self = batch->target->self;

  if (self != NULL && batch->generation == self->generation)
    {
      g_list_store_splice (self->hits, g_list_model_get_n_items (G_LIST_MODEL (self->hits)), 0,
                           batch->hits->pdata, batch->hits->len);
      set_progress (self, batch->files_done, batch->files_total, !batch->finished);
    }
  return G_SOURCE_REMOVE;
}

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  g_ptr_array_unref (batch->hits);
  g_atomic_rc_box_release (batch->target);
  g_free (batch);
}

static void
send_batch (Job      *job,
            gboolean  finished)
{
  Batch *batch = g_new0 (Batch, 1);

  batch->target = g_atomic_rc_box_acquire (job->target);
  batch->generation = job->generation;
  batch->hits = g_steal_pointer (&job->pending);
  batch->files_done = job->files_done;
  batch->files_total = job->files_total;
  batch->finished = finished;
  job->pending = g_ptr_array_new_with_free_func (g_object_unref);
  job->last_sent = g_get_monotonic_time ();
  cairn_run_on_context (NULL, G_PRIORITY_DEFAULT, deliver_batch, batch, batch_free);
}

/* Files are read in blocks rather than mapped: a search over gigabytes
 * then holds one block, not the files, in memory. */
#define READ_BLOCK (4 * 1024 * 1024)

typedef struct
{
  Job        *job;
  GFile      *file;
  const char *session_id;
  GPtrArray  *hits;
  gint64      base;       /* file offset of the block */
  guint       found;
} FileScan;

static gboolean
add_match (const CairnSearchMatch *match,
           gpointer                user_data)
{
  FileScan *scan = user_data;

  g_ptr_array_add (scan->hits,
                   cairn_search_hit_new (scan->file, scan->session_id, match->snippet,
                                         match->match_start, match->match_length,
                                         scan->base + match->line_offset));
  scan->found++;
  return !g_cancellable_is_cancelled (scan->job->cancellable);
}

/* Scans the whole lines of @buffer; returns how many bytes it used (a cut
 * last line waits for the next block, unless the file ends). */
static gsize
scan_lines (FileScan   *scan,
            const char *buffer,
            gsize       length,
            gboolean    at_end)
{
  const char *last_newline = at_end ? buffer + length : NULL;
  gsize used;

  for (const char *p = buffer + length; last_newline == NULL && p > buffer; p--)
    if (p[-1] == '\n')
      last_newline = p;
  if (last_newline == NULL)
    return 0;
  used = last_newline - buffer;
  cairn_search_scan_buffer (buffer, used, scan->job->query, MAX_HITS_PER_FILE - scan->found,
                            add_match, scan);
  return used;
}

/* The hits in one file, in order (a thread's own). */
static void
scan_file (Job       *job,
           GFile     *file,
           GPtrArray *hits)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr(GFileInputStream) stream = g_file_read (file, job->cancellable, NULL);
  g_autoptr(GByteArray) buffer = g_byte_array_new ();
  FileScan scan = { job, file, NULL, hits, 0, 0 };
  gsize used;
  gssize got = 1;

  if (stream == NULL)
    return;   /* unreadable or gone: the other conversations are still searched */
  base[strlen (base) - strlen (".jsonl")] = '\0';
  scan.session_id = base;
  while (got > 0 && scan.found < MAX_HITS_PER_FILE && !g_cancellable_is_cancelled (job->cancellable))
    {
      guint old = buffer->len;

      g_byte_array_set_size (buffer, old + READ_BLOCK);
      got = g_input_stream_read (G_INPUT_STREAM (stream), buffer->data + old, READ_BLOCK, job->cancellable, NULL);
      g_byte_array_set_size (buffer, old + MAX (got, 0));
      used = scan_lines (&scan, (const char *)buffer->data, buffer->len, got <= 0);
      scan.base += used;
      g_byte_array_remove_range (buffer, 0, used);
    }
}

typedef struct
{
  GFile  *file;
  gint64  mtime_us;
} Candidate;

static void
candidate_free (Candidate *candidate)
{
  g_object_unref (candidate->file);
  g_free (candidate);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const Candidate *x = *(Candidate **)a, *y = *(Candidate **)b;

  return x->mtime_us < y->mtime_us ? 1 : x->mtime_us > y->mtime_us ? -1 : 0;
}

static void
list_conversation_files (GFile        *folder,
                         GPtrArray    *files,
                         GCancellable *cancellable)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                               G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                               G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  GFileInfo *info;
  GFile *child;

  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, cancellable, NULL) &&
         info != NULL)
    if (g_str_has_suffix (g_file_info_get_name (info), ".jsonl") &&
        g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR)
      {
        g_autoptr(GDateTime) mtime = g_file_info_get_modification_date_time (info);
        Candidate *candidate = g_new0 (Candidate, 1);

        candidate->file = g_object_ref (child);
        candidate->mtime_us = mtime ? g_date_time_to_unix (mtime) * G_USEC_PER_SEC +
                                      g_date_time_get_microsecond (mtime) : 0;
        g_ptr_array_add (files, candidate);
      }
}

static void
job_free (Job *job)
{
  g_atomic_rc_box_release (job->target);
  g_clear_pointer (&job->query, g_free);
  g_clear_pointer (&job->folders, g_ptr_array_unref);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->pending, g_ptr_array_unref);
  g_free (job);
}

/* Files are searched by a few threads at once (the cores, at most
 * MAX_SCANNERS), each taking the next in the newest-first order; hits
 * are taken in that order as files are done, so the newest
 * conversations' hits come first and the list doesn't reorder. */
#define MAX_SCANNERS 4
#define MAX_BATCH_HITS 300

typedef struct
{
  Job       *job;
  GPtrArray *files;    /* Candidate */
  GPtrArray **hits;    /* per file, set when it is done */
  gint       next;     /* atomic */
} Scanners;

static gboolean
scan_next (Scanners *scanners)
{
  guint i = g_atomic_int_add (&scanners->next, 1);
  GPtrArray *hits;

  if (i >= scanners->files->len || g_cancellable_is_cancelled (scanners->job->cancellable))
    return FALSE;
  hits = g_ptr_array_new_with_free_func (g_object_unref);
  scan_file (scanners->job, ((Candidate *)g_ptr_array_index (scanners->files, i))->file, hits);
  g_atomic_pointer_set (&scanners->hits[i], hits);
  return TRUE;
}

static gpointer
scanner_thread (gpointer data)
{
  while (scan_next (data))
    ;
  return NULL;
}

/* The hits of the files done, in order, in batches: the first hit at
 * once, then at most every BATCH_INTERVAL_US or MAX_BATCH_HITS. */
static void
take_done (Scanners *scanners)
{
  Job *job = scanners->job;

  while (job->files_done < scanners->files->len &&
         g_atomic_pointer_get (&scanners->hits[job->files_done]) != NULL)
    {
      GPtrArray *hits = scanners->hits[job->files_done];

      g_ptr_array_extend_and_steal (job->pending, hits);
      scanners->hits[job->files_done++] = NULL;
      if ((job->pending->len > 0 && !job->sent_hit) || job->pending->len >= MAX_BATCH_HITS ||
          g_get_monotonic_time () - job->last_sent >= BATCH_INTERVAL_US)
        {
          job->sent_hit |= job->pending->len > 0;
          send_batch (job, FALSE);
        }
    }
}

static gpointer
search_thread (gpointer data)
{
  Job *job = data;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify)candidate_free);
  g_autoptr(GPtrArray) helpers = g_ptr_array_new ();
  Scanners scanners = { job, files, NULL, 0 };
  guint n_helpers;

  for (guint i = 0; i < job->folders->len; i++)
    list_conversation_files (g_ptr_array_index (job->folders, i), files, job->cancellable);
  g_ptr_array_sort (files, newest_first);
  job->files_total = files->len;
  scanners.hits = g_new0 (GPtrArray *, files->len);
  n_helpers = MIN (MIN (g_get_num_processors (), MAX_SCANNERS) - 1, files->len / 8);
  for (guint i = 0; i < n_helpers; i++)
    g_ptr_array_add (helpers, g_thread_new ("cairn-search-scan", scanner_thread, &scanners));
  while (scan_next (&scanners))
    take_done (&scanners);
  for (guint i = 0; i < helpers->len; i++)
    g_thread_join (g_ptr_array_index (helpers, i));
  take_done (&scanners);
  for (guint i = 0; i < files->len; i++)
    g_clear_pointer (&scanners.hits[i], g_ptr_array_unref);
  g_free (scanners.hits);
  send_batch (job, TRUE);
  job_free (job);
  return NULL;
}

/**
 * cairn_search_start:
 * @folders: (element-type GFile): project folders under the CLI's projects/
 *
 * Searches the conversations in @folders for @query, replacing the hits of
 * the search before (which stops).
 */
void
cairn_search_start (CairnSearch *self,
                    const char  *query,
                    GPtrArray   *folders)
{
  Job *job;

  g_return_if_fail (CAIRN_IS_SEARCH (self));
  g_return_if_fail (query != NULL);

  cairn_search_stop (self);
  if (*query == '\0')
    return;
  job = g_new0 (Job, 1);
  job->target = g_atomic_rc_box_acquire (self->target);
  job->generation = self->generation;
  job->query = g_strdup (query);
  job->folders = g_ptr_array_ref (folders);
  job->cancellable = g_object_ref (self->cancellable);
  job->pending = g_ptr_array_new_with_free_func (g_object_unref);
  job->last_sent = g_get_monotonic_time ();
  set_progress (self, 0, 0, TRUE);
  g_thread_unref (g_thread_new ("cairn-search", search_thread, job));
}

/**
 * cairn_search_stop:
 *
 * Stops the running search and clears its hits.
 */
void
cairn_search_stop (CairnSearch *self)
{
  g_return_if_fail (CAIRN_IS_SEARCH (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->generation++;
  g_list_store_remove_all (self->hits);
  set_progress (self, 0, 0, FALSE);
}

GListModel *
cairn_search_get_hits (CairnSearch *self)
{
  g_return_val_if_fail (CAIRN_IS_SEARCH (self), NULL);

  return G_LIST_MODEL (self->hits);
}

gboolean
cairn_search_get_running (CairnSearch *self)
{
  return self->running;
}

guint
cairn_search_get_files_done (CairnSearch *self)
{
  return self->files_done;
}

guint
cairn_search_get_files_total (CairnSearch *self)
{
  return self->files_total;
}

static void
cairn_search_dispose (GObject *object)
{
  CairnSearch *self = (CairnSearch *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->hits);
  if (self->target != NULL)
    {
      self->target->self = NULL;
      g_clear_pointer (&self->target, g_atomic_rc_box_release);
    }

  G_OBJECT_CLASS (cairn_search_parent_class)->dispose (object);
}

static void
cairn_search_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CairnSearch *self = CAIRN_SEARCH (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;

    case PROP_FILES_DONE:
      g_value_set_uint (value, self->files_done);
      break;

    case PROP_FILES_TOTAL:
      g_value_set_uint (value, self->files_total);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_search_class_init (CairnSearchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cairn_search_dispose;
  object_class->get_property = cairn_search_get_property;

  properties [PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_FILES_DONE] =
    g_param_spec_uint ("files-done", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_FILES_TOTAL] =
    g_param_spec_uint ("files-total", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_search_init (CairnSearch *self)
{
  self->hits = g_list_store_new (CAIRN_TYPE_SEARCH_HIT);
  self->cancellable = g_cancellable_new ();
  self->target = g_atomic_rc_box_new0 (Target);
  self->target->self = self;
}

CairnSearch *
cairn_search_new (void)
{
  return g_object_new (CAIRN_TYPE_SEARCH, NULL);
}
