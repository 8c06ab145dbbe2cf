/* cairn-usage-cache.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "usage/cairn-usage-cache.h"
#include "usage/cairn-usage-line.h"

/* The usage index: what each session file held of usage, as read
 * (CairnUsageFile), kept in $XDG_CACHE_HOME/cairn/usage-1: a header (the
 * magic, the version and the entry's size, 32 bytes), then a frame per
 * file: its length (64 bits) and a GVariant of FILE_TYPE, padded to 8
 * bytes. Frames rather than one GVariant so that writing it serializes a
 * file at a time, not the whole index at once. The file's size and time
 * come first, then its path: fixed-size, then a nul-terminated string,
 * so a run learns which files the index knows from each frame's first
 * bytes, and reads a frame whole only when it merges that file. A file is trusted at the size and modification time it was
 * read at; one that grew is read on from where it was read to. The cache
 * is untrusted bytes too: a damaged record is dropped (its file is read
 * again), a damaged or foreign cache is no cache. */

#define MAGIC "cairn-usage-index\n"
#define VERSION 3
#define FILE_TYPE "(ttsttuuasasasay)"
/* size, time, then the path's bytes: a path is shorter than this */
#define PREFIX_BYTES (16 + 4096 + 1)
#define FIRST_READ 512
/* bigger than any real index (a few hundred bytes a request) */
#define MAX_CACHE_BYTES (G_GUINT64_CONSTANT (2) << 30)

char *
cairn_usage_cache_path (void)
{
  return g_build_filename (g_get_user_cache_dir (), "cairn", "usage-1", NULL);
}

static GPtrArray *
strings_of (GVariant *array)
{
  GPtrArray *strings = g_ptr_array_new_with_free_func (g_free);
  gsize n = g_variant_n_children (array);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (array, i);
      g_ptr_array_add (strings, g_variant_dup_string (child, NULL));
    }
  return strings;
}

/* Every entry's indices name a model and a session of the record, and
 * its figures and time are ones a line could have given. */
static gboolean
entries_valid (CairnUsageFile *file)
{
  for (guint i = 0; i < file->entries->len; i++)
    {
      CairnUsageEntry *entry = &g_array_index (file->entries, CairnUsageEntry, i);
      if (entry->model >= file->models->len || entry->session >= file->sessions->len ||
          entry->input > CAIRN_USAGE_MAX_TOKENS || entry->output > CAIRN_USAGE_MAX_TOKENS ||
          entry->cache_write > CAIRN_USAGE_MAX_TOKENS || entry->cache_read > CAIRN_USAGE_MAX_TOKENS ||
          entry->cache_write_1h > entry->cache_write || !(entry->cost_usd < 1e6) ||
          !cairn_usage_time_valid (entry->time_us))
        return FALSE;
    }
  return file->cwds->len == file->sessions->len && file->read_to <= file->size;
}

static CairnUsageFile *
file_of (GVariant *record)
{
  g_autoptr(GVariant) models = g_variant_get_child_value (record, 7);
  g_autoptr(GVariant) sessions = g_variant_get_child_value (record, 8);
  g_autoptr(GVariant) cwds = g_variant_get_child_value (record, 9);
  g_autoptr(GVariant) entries = g_variant_get_child_value (record, 10);
  g_autoptr(CairnUsageFile) file = NULL;
  const char *path;
  gsize length;
  gconstpointer bytes;

  g_variant_get_child (record, 2, "&s", &path);
  file = cairn_usage_file_new (path);
  g_variant_get_child (record, 0, "t", &file->size);
  g_variant_get_child (record, 1, "t", &file->mtime_us);
  g_variant_get_child (record, 3, "t", &file->read_to);
  g_variant_get_child (record, 4, "t", &file->tail_hash);
  g_variant_get_child (record, 5, "u", &file->bad_lines);
  g_variant_get_child (record, 6, "u", &file->synthetic);
  g_ptr_array_unref (file->models);
  g_ptr_array_unref (file->sessions);
  g_ptr_array_unref (file->cwds);
  file->models = strings_of (models);
  file->sessions = strings_of (sessions);
  file->cwds = strings_of (cwds);
  bytes = g_variant_get_fixed_array (entries, &length, 1);
  if (length % sizeof (CairnUsageEntry) != 0)
    return NULL;
  g_array_append_vals (file->entries, bytes, length / sizeof (CairnUsageEntry));
  return entries_valid (file) ? g_steal_pointer (&file) : NULL;
}

typedef struct
{
  char    magic[18];
  char    pad[2];
  guint32 version;
  guint32 entry_size;
  guint32 pad2;
} Header;

G_STATIC_ASSERT (sizeof (Header) == 32);

/**
 * cairn_usage_cache_parse:
 *
 * Reads index bytes whole (the fuzz target's way in; a run reads the
 * index with cairn_usage_cache_load_records()).
 * Returns: (transfer full): path → CairnUsageFile, empty when @bytes
 *   are no index or can't be trusted; a damaged frame ends the reading
 */
GHashTable *
cairn_usage_cache_parse (GBytes *bytes)
{
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                             (GDestroyNotify)cairn_usage_file_free);
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  Header header;
  gsize offset = sizeof header;

  if (size < sizeof header)
    return files;
  memcpy (&header, data, sizeof header);
  if (memcmp (header.magic, MAGIC, sizeof header.magic) != 0 || header.version != VERSION ||
      header.entry_size != sizeof (CairnUsageEntry))
    return files;
  while (size - offset >= sizeof (guint64))
    {
      guint64 length;
      g_autoptr(GBytes) frame = NULL;
      g_autoptr(GVariant) record = NULL;
      CairnUsageFile *file;

      memcpy (&length, data + offset, sizeof length);
      offset += sizeof length;
      if (length > size - offset)
        break;
      frame = g_bytes_new_from_bytes (bytes, offset, length);
      record = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (FILE_TYPE), frame, FALSE));
      if ((file = file_of (record)) != NULL)
        g_hash_table_replace (files, file->path, file);
      offset += length + (8 - length % 8) % 8;
      if (offset > size)
        break;
    }
  return files;
}

/* The index file the records are read from, shared by them. */
typedef struct
{
  int fd;
} IndexFd;

static void
index_fd_clear (IndexFd *index)
{
  close (index->fd);
}

struct _CairnUsageCacheRecord
{
  IndexFd *index;     /* a g_rc_box */
  char    *path;      /* what its frame begins with */
  guint64  offset;    /* of its GVariant in the file */
  guint64  length;
  guint64  size;      /* what its file was read at */
  guint64  mtime_us;
};

static void
record_free (CairnUsageCacheRecord *record)
{
  g_rc_box_release_full (record->index, (GDestroyNotify)index_fd_clear);
  g_free (record->path);
  g_free (record);
}

/* The record's bytes, read again from the index. */
static GBytes *
record_bytes (CairnUsageCacheRecord *record)
{
  g_autofree guint8 *data = g_try_malloc (MAX (record->length, 1));

  if (data == NULL || pread (record->index->fd, data, record->length, record->offset) != (gssize)record->length)
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&data), record->length);
}

/* The frame's first bytes, up to its path's nul (FILE_TYPE's size and
 * time are 8 bytes each and aligned, the string follows them), read in
 * one small read for a usual path. */
static gssize
read_prefix (IndexFd *index,
             guint64  offset,
             guint64  length,
             char     prefix[PREFIX_BYTES])
{
  gsize want = MIN (length, FIRST_READ);
  gssize got = pread (index->fd, prefix, want, offset);

  if (got == (gssize)want && memchr (prefix + 16, '\0', MAX (got, 16) - 16) == NULL && length > want)
    got = pread (index->fd, prefix, MIN (length, PREFIX_BYTES), offset);
  return got;
}

/* Notes the frame at @offset: its path, size and time, from its first
 * bytes only. A frame damaged past them is found when it is merged
 * (cairn_usage_cache_record_file ()). */
static gboolean
note_frame (GHashTable *records,
            IndexFd    *index,
            guint64     offset,
            guint64     length)
{
  char prefix[PREFIX_BYTES];
  gssize got = read_prefix (index, offset, length, prefix);
  const char *end = got > 16 ? memchr (prefix + 16, '\0', got - 16) : NULL;
  CairnUsageCacheRecord *record;

  if (end == NULL || !g_utf8_validate (prefix + 16, end - (prefix + 16), NULL))
    return FALSE;
  record = g_new0 (CairnUsageCacheRecord, 1);
  record->index = g_rc_box_acquire (index);
  record->offset = offset;
  record->length = length;
  record->path = g_strdup (prefix + 16);
  memcpy (&record->size, prefix, sizeof record->size);
  memcpy (&record->mtime_us, prefix + 8, sizeof record->mtime_us);
  g_hash_table_replace (records, g_strdup (record->path), record);
  return TRUE;
}

/**
 * cairn_usage_cache_load_records:
 *
 * The index at @path as records not yet read: only each file's path,
 * size and time are kept, and its requests are read again from the index
 * (cairn_usage_cache_record_file()) when it is merged, so a run never
 * holds the whole index.
 * Returns: (transfer full): path → CairnUsageCacheRecord, empty when
 *   there is no index or it can't be trusted
 */
GHashTable *
cairn_usage_cache_load_records (const char *path)
{
  GHashTable *records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)record_free);
  IndexFd *index = g_rc_box_new0 (IndexFd);
  struct stat st;
  Header header;
  guint64 offset = sizeof header, length;

  index->fd = open (path, O_RDONLY | O_CLOEXEC);
  if (index->fd < 0 || fstat (index->fd, &st) != 0 || !S_ISREG (st.st_mode) ||
      (guint64)st.st_size > MAX_CACHE_BYTES ||
      pread (index->fd, &header, sizeof header, 0) != sizeof header ||
      memcmp (header.magic, MAGIC, sizeof header.magic) != 0 || header.version != VERSION ||
      header.entry_size != sizeof (CairnUsageEntry))
    {
      if (index->fd < 0)
        index->fd = open ("/dev/null", O_RDONLY | O_CLOEXEC);
      g_rc_box_release_full (index, (GDestroyNotify)index_fd_clear);
      return records;
    }
  while ((guint64)st.st_size - offset >= sizeof length &&
         pread (index->fd, &length, sizeof length, offset) == sizeof length &&
         length <= (guint64)st.st_size - offset - sizeof length &&
         note_frame (records, index, offset + sizeof length, length))
    offset += sizeof length + length + (8 - length % 8) % 8;
  g_rc_box_release_full (index, (GDestroyNotify)index_fd_clear);
  return records;
}

/**
 * cairn_usage_cache_record_stat:
 *
 * The size and modification time a record's file was read at.
 */
void
cairn_usage_cache_record_stat (CairnUsageCacheRecord *record,
                               guint64               *size,
                               guint64               *mtime_us)
{
  *size = record->size;
  *mtime_us = record->mtime_us;
}

/**
 * cairn_usage_cache_record_file:
 *
 * Returns: (transfer full) (nullable): what the record says, or %NULL
 *   when it is damaged (whole, it says another path, size or time than
 *   its first bytes did) or can't be read again
 */
CairnUsageFile *
cairn_usage_cache_record_file (CairnUsageCacheRecord *record)
{
  g_autoptr(GBytes) bytes = record_bytes (record);
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(CairnUsageFile) file = NULL;

  if (bytes == NULL)
    return NULL;
  variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (FILE_TYPE), bytes, FALSE));
  file = file_of (variant);
  if (file == NULL || !g_str_equal (file->path, record->path) || file->size != record->size ||
      file->mtime_us != record->mtime_us)
    return NULL;
  return g_steal_pointer (&file);
}

static GVariant *
strings_variant (GPtrArray *strings)
{
  return g_variant_new_strv ((const char *const *)strings->pdata, strings->len);
}

static GVariant *
record_of (CairnUsageFile *file)
{
  return g_variant_new ("(ttsttuu@as@as@as@ay)", file->size, file->mtime_us, file->path, file->read_to,
                        file->tail_hash, file->bad_lines, file->synthetic, strings_variant (file->models),
                        strings_variant (file->sessions), strings_variant (file->cwds),
                        /* not copied: @file outlives the index being written */
                        g_variant_new_from_data (G_VARIANT_TYPE_BYTESTRING, file->entries->data,
                                                 file->entries->len * sizeof (CairnUsageEntry), TRUE,
                                                 NULL, NULL));
}

static gboolean
write_frame (GOutputStream  *out,
             GVariant       *record,
             GError        **error)
{
  static const char zeros[8] = { 0 };
  guint64 length = g_variant_get_size (record);

  return g_output_stream_write_all (out, &length, sizeof length, NULL, NULL, error) &&
         g_output_stream_write_all (out, g_variant_get_data (record), length, NULL, NULL, error) &&
         g_output_stream_write_all (out, zeros, (8 - length % 8) % 8, NULL, NULL, error);
}

struct _CairnUsageCacheWriter
{
  GFileOutputStream *out;
};

/**
 * cairn_usage_cache_writer_new:
 *
 * Starts writing the index at @path, through a temporary file that
 * replaces it when finished (and is dropped when aborted).
 * Returns: (nullable): the writer, or %NULL with @error set
 */
CairnUsageCacheWriter *
cairn_usage_cache_writer_new (const char  *path,
                              GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GFile) target = g_file_new_for_path (path);
  g_autoptr(GFileOutputStream) out = NULL;
  Header header = { MAGIC, { 0 }, VERSION, sizeof (CairnUsageEntry), 0 };
  CairnUsageCacheWriter *writer;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", folder, g_strerror (saved));
      return NULL;
    }
  out = g_file_replace (target, NULL, FALSE, G_FILE_CREATE_PRIVATE | G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                        error);
  if (out == NULL || !g_output_stream_write_all (G_OUTPUT_STREAM (out), &header, sizeof header, NULL, NULL, error))
    return NULL;
  writer = g_new0 (CairnUsageCacheWriter, 1);
  writer->out = g_steal_pointer (&out);
  return writer;
}

/* Adds a record as it was in the index. */
gboolean
cairn_usage_cache_writer_add_record (CairnUsageCacheWriter  *writer,
                                     CairnUsageCacheRecord  *record,
                                     GError                **error)
{
  g_autoptr(GBytes) bytes = record_bytes (record);
  g_autoptr(GVariant) variant = NULL;

  if (bytes == NULL)
    return TRUE;   /* gone from the old index: read again next time */
  variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (FILE_TYPE), bytes, FALSE));
  return write_frame (G_OUTPUT_STREAM (writer->out), variant, error);
}

/* Adds @file's frame: only that file is serialized. */
gboolean
cairn_usage_cache_writer_add (CairnUsageCacheWriter  *writer,
                              CairnUsageFile         *file,
                              GError                **error)
{
  g_autoptr(GVariant) record = g_variant_ref_sink (record_of (file));

  return write_frame (G_OUTPUT_STREAM (writer->out), record, error);
}

/**
 * cairn_usage_cache_writer_finish:
 * @keep: replace the index with what was written, or drop it
 *
 * Frees @writer.
 */
gboolean
cairn_usage_cache_writer_finish (CairnUsageCacheWriter  *writer,
                                 gboolean                keep,
                                 GError                **error)
{
  g_autoptr(GCancellable) drop = g_cancellable_new ();
  gboolean ok;

  /* a cancelled close leaves the old file as it was */
  if (!keep)
    g_cancellable_cancel (drop);
  ok = g_output_stream_close (G_OUTPUT_STREAM (writer->out), drop, keep ? error : NULL);
  g_object_unref (writer->out);
  g_free (writer);
  return ok || !keep;
}

/**
 * cairn_usage_cache_save:
 * @files: (element-type CairnUsageFile)
 *
 * Writes the index, a file's frame at a time.
 */
gboolean
cairn_usage_cache_save (const char  *path,
                        GPtrArray   *files,
                        GError     **error)
{
  CairnUsageCacheWriter *writer = cairn_usage_cache_writer_new (path, error);

  for (guint i = 0; writer != NULL && i < files->len; i++)
    if (!cairn_usage_cache_writer_add (writer, g_ptr_array_index (files, i), error))
      {
        cairn_usage_cache_writer_finish (writer, FALSE, NULL);
        return FALSE;
      }
  return writer != NULL && cairn_usage_cache_writer_finish (writer, TRUE, error);
}
