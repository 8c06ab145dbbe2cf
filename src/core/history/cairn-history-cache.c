/* cairn-history-cache.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "history/cairn-history-cache.h"

/* The list cache: one file per project folder, a GVariant of what each
 * conversation file showed (or that it showed nothing: empty, or only a
 * subagent's steps), with the size and modification time it was read at.
 * The file is untrusted input like the session files: GVariant reads any
 * bytes safely (a damaged part reads as empty values), a file too big is
 * not read, an entry out of bounds is dropped, and an entry counts only
 * for a file whose size and time still match. A new format is a new
 * folder name (FORMAT), so an old file is never misread. */

#define FORMAT "history-1"
#define ENTRY_TYPE "(sttbsmsmsxx)"
#define CACHE_TYPE "(sa" ENTRY_TYPE ")"
/* 100,000 conversations take about 20 MB */
#define MAX_CACHE_BYTES (64 * 1024 * 1024)
#define MAX_FIELD_BYTES 4096

typedef struct
{
  guint64                size;
  guint64                mtime_us;
  CairnConversationInfo *info;   /* NULL: the file holds no conversation */
  GVariant              *stored;   /* or what the cache file says of it, made an info when asked */
} Entry;

struct _CairnHistoryCache
{
  GFile      *folder;
  char       *folder_path;
  GHashTable *entries;   /* file name → Entry */
};

static void
entry_free (Entry *entry)
{
  g_clear_object (&entry->info);
  g_clear_pointer (&entry->stored, g_variant_unref);
  g_free (entry);
}

/**
 * cairn_history_cache_file:
 *
 * Returns: (transfer full): where @folder's list is cached: named by a
 *   hash of its path, so two config folders never share one
 */
GFile *
cairn_history_cache_file (GFile *folder)
{
  g_autofree char *path = g_file_get_path (folder);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, path ? path : "", -1);

  return g_file_new_build_filename (g_get_user_cache_dir (), "cairn", FORMAT, hash, NULL);
}

CairnHistoryCache *
cairn_history_cache_new (GFile *folder)
{
  CairnHistoryCache *self = g_new0 (CairnHistoryCache, 1);

  self->folder = g_object_ref (folder);
  self->folder_path = g_file_get_path (folder);
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)entry_free);
  return self;
}

void
cairn_history_cache_free (CairnHistoryCache *self)
{
  g_hash_table_unref (self->entries);
  g_object_unref (self->folder);
  g_free (self->folder_path);
  g_free (self);
}

static gboolean
field_ok (const char *text)
{
  return text == NULL || strnlen (text, MAX_FIELD_BYTES + 1) <= MAX_FIELD_BYTES;
}

/* A conversation file's own name: no folder, no way out of the folder. */
static gboolean
name_ok (const char *name)
{
  return g_str_has_suffix (name, ".jsonl") && strchr (name, '/') == NULL && field_ok (name);
}

/* An entry of the file, checked; made an info only when looked up, so a
 * cache of 100,000 conversations costs little more than the file. */
static void
add_entry (CairnHistoryCache *self,
           GVariant          *stored)
{
  const char *name, *title, *cwd, *branch;
  guint64 size, mtime_us;
  gboolean listed;
  gint64 created, modified;
  Entry *entry;

  g_variant_get (stored, "(&sttb&sm&sm&sxx)", &name, &size, &mtime_us, &listed, &title, &cwd, &branch,
                 &created, &modified);
  if (!name_ok (name) || !field_ok (title) || !field_ok (cwd) || !field_ok (branch) ||
      (listed && *title == '\0') || created < 0 || modified < 0)
    return;
  entry = g_new0 (Entry, 1);
  entry->size = size;
  entry->mtime_us = mtime_us;
  entry->stored = listed ? g_variant_ref (stored) : NULL;
  g_hash_table_replace (self->entries, g_strdup (name), entry);
}

static void
make_info (CairnHistoryCache *self,
           Entry             *entry)
{
  const char *name, *title, *cwd, *branch;
  guint64 size, mtime_us;
  gboolean listed;
  gint64 created, modified;
  g_autoptr(GFile) file = NULL;

  g_variant_get (entry->stored, "(&sttb&sm&sm&sxx)", &name, &size, &mtime_us, &listed, &title, &cwd, &branch,
                 &created, &modified);
  file = g_file_get_child (self->folder, name);
  entry->info = cairn_conversation_info_new (file, title, cwd, branch, created, modified, size, mtime_us);
  g_clear_pointer (&entry->stored, g_variant_unref);
}

/**
 * cairn_history_cache_parse:
 *
 * Reads a cache file's bytes, whatever they are: what can't be read as
 * @folder's cache is left out (all of it, when it is another folder's or
 * not a cache at all).
 * Returns: (transfer full): the cache, perhaps empty
 */
CairnHistoryCache *
cairn_history_cache_parse (GFile  *folder,
                           GBytes *bytes)
{
  CairnHistoryCache *self = cairn_history_cache_new (folder);
  g_autoptr(GVariant) cache = NULL;
  g_autoptr(GVariant) entries = NULL;
  const char *path;
  gsize n;

  if (bytes == NULL || g_bytes_get_size (bytes) > MAX_CACHE_BYTES)
    return self;
  cache = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (CACHE_TYPE), bytes, FALSE));
  g_variant_get_child (cache, 0, "&s", &path);
  if (g_strcmp0 (path, self->folder_path) != 0)
    return self;
  entries = g_variant_get_child_value (cache, 1);
  n = g_variant_n_children (entries);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (entries, i);
      add_entry (self, entry);
    }
  return self;
}

/**
 * cairn_history_cache_load:
 *
 * Reads @folder's cache file (blocking: call it in a thread).
 * Returns: (transfer full): the cache; empty when there is none, or it
 *   is damaged or too big
 */
CairnHistoryCache *
cairn_history_cache_load (GFile *folder)
{
  g_autoptr(GFile) file = cairn_history_cache_file (folder);
  g_autoptr(GFileInputStream) stream = g_file_read (file, NULL, NULL);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (stream == NULL ||
      (info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, NULL)) == NULL ||
      g_file_info_get_size (info) > MAX_CACHE_BYTES)
    return cairn_history_cache_new (folder);
  /* one byte more than allowed: a file that grew since is refused too */
  bytes = g_input_stream_read_bytes (G_INPUT_STREAM (stream), MAX_CACHE_BYTES + 1, NULL, NULL);
  return cairn_history_cache_parse (folder, bytes);
}

/**
 * cairn_history_cache_lookup:
 * @info: (out) (transfer full) (nullable): what the file showed, %NULL
 *   when it holds no conversation
 *
 * Returns: whether the file @name is known at this size and time
 */
gboolean
cairn_history_cache_lookup (CairnHistoryCache      *self,
                            const char             *name,
                            guint64                 size,
                            guint64                 mtime_us,
                            CairnConversationInfo **info)
{
  Entry *entry = g_hash_table_lookup (self->entries, name);

  *info = NULL;
  if (entry == NULL || entry->size != size || entry->mtime_us != mtime_us)
    return FALSE;
  if (entry->stored != NULL)
    make_info (self, entry);
  *info = entry->info ? g_object_ref (entry->info) : NULL;
  return TRUE;
}

/**
 * cairn_history_cache_add:
 * @info: (nullable): what @name showed, %NULL when no conversation
 */
void
cairn_history_cache_add (CairnHistoryCache     *self,
                         const char            *name,
                         guint64                size,
                         guint64                mtime_us,
                         CairnConversationInfo *info)
{
  Entry *entry = g_new0 (Entry, 1);

  entry->size = size;
  entry->mtime_us = mtime_us;
  entry->info = info ? g_object_ref (info) : NULL;
  g_hash_table_replace (self->entries, g_strdup (name), entry);
}

void
cairn_history_cache_remove (CairnHistoryCache *self,
                            const char        *name)
{
  g_hash_table_remove (self->entries, name);
}

/**
 * cairn_history_cache_same:
 *
 * Returns: whether both know the same files at the same sizes and times,
 *   with the same infos (so nothing needs writing)
 */
gboolean
cairn_history_cache_same (CairnHistoryCache *self,
                          CairnHistoryCache *other)
{
  GHashTableIter iter;
  const char *name;
  Entry *entry;

  if (g_hash_table_size (self->entries) != g_hash_table_size (other->entries))
    return FALSE;
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, (gpointer *)&name, (gpointer *)&entry))
    {
      Entry *twin = g_hash_table_lookup (other->entries, name);
      if (twin == NULL || twin->size != entry->size || twin->mtime_us != entry->mtime_us ||
          twin->info != entry->info || twin->stored != NULL || entry->stored != NULL)
        return FALSE;
    }
  return TRUE;
}

/**
 * cairn_history_cache_get_infos:
 *
 * Returns: (transfer full) (element-type CairnConversationInfo): what
 *   every file known to hold a conversation showed
 */
GPtrArray *
cairn_history_cache_get_infos (CairnHistoryCache *self)
{
  GPtrArray *infos = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  Entry *entry;

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&entry))
    {
      if (entry->stored != NULL)
        make_info (self, entry);
      if (entry->info != NULL)
        g_ptr_array_add (infos, g_object_ref (entry->info));
    }
  return infos;
}

guint
cairn_history_cache_get_n (CairnHistoryCache *self)
{
  return g_hash_table_size (self->entries);
}

static GVariant *
entry_variant (const char *name,
               Entry      *entry)
{
  CairnConversationInfo *info = entry->info;

  if (entry->stored != NULL)
    return g_variant_ref (entry->stored);
  return g_variant_new ("(sttbsmsmsxx)", name, entry->size, entry->mtime_us, info != NULL,
                        info ? cairn_conversation_info_get_title (info) : "",
                        info ? cairn_conversation_info_get_cwd (info) : NULL,
                        info ? cairn_conversation_info_get_git_branch (info) : NULL,
                        info ? cairn_conversation_info_get_created (info) : 0,
                        info ? cairn_conversation_info_get_modified (info) : 0);
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= n;
    }
  return TRUE;
}

static int
compare_names (const void *a,
               const void *b)
{
  return strcmp (*(const char **)a, *(const char **)b);
}

/* GVariant's framing offsets: little-endian, as wide as the container's
 * size needs (gvariant-serialiser.c). */
static guint
offset_size_for (gsize body,
                 gsize n_offsets)
{
  if (body + n_offsets <= G_MAXUINT8)
    return 1;
  if (body + 2 * n_offsets <= G_MAXUINT16)
    return 2;
  if (body + 4 * n_offsets <= G_MAXUINT32)
    return 4;
  return 8;
}

static void
append_offset (GByteArray *out,
               guint64     offset,
               guint       size)
{
  guint8 bytes[8];

  for (guint i = 0; i < size; i++)
    bytes[i] = (offset >> (8 * i)) & 0xff;
  g_byte_array_append (out, bytes, size);
}

static void
pad_to_8 (GByteArray *out)
{
  static const guint8 zeros[8] = { 0 };

  g_byte_array_append (out, zeros, (8 - out->len % 8) % 8);
}

/* The array of entries, serialised one entry at a time and framed by
 * hand: a GVariant tree of the whole list (a dozen GVariants and GBytes
 * an entry) took 17 MB at its peak for 10,000 conversations, and GSlice
 * kept it. The bytes are those GLib would make (the normal form). */
static GByteArray *
serialize_entries (CairnHistoryCache *self)
{
  guint n;
  g_autofree const char **names = (const char **)g_hash_table_get_keys_as_array (self->entries, &n);
  g_autofree guint64 *ends = g_new (guint64, MAX (n, 1));
  GByteArray *out = g_byte_array_new ();
  guint size;

  /* in name order: the same list makes the same bytes */
  qsort (names, n, sizeof *names, compare_names);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_ref_sink (entry_variant (names[i], g_hash_table_lookup (self->entries,
                                                                                                   names[i])));
      gsize length = g_variant_get_size (entry);

      pad_to_8 (out);
      g_byte_array_set_size (out, out->len + length);
      g_variant_store (entry, out->data + out->len - length);
      ends[i] = out->len;
    }
  size = offset_size_for (out->len, n);
  for (guint i = 0; i < n; i++)
    append_offset (out, ends[i], size);
  return out;
}

GBytes *
cairn_history_cache_serialize (CairnHistoryCache *self)
{
  g_autoptr(GByteArray) entries = serialize_entries (self);
  const char *path = self->folder_path ? self->folder_path : "";
  GByteArray *out = g_byte_array_new ();
  guint64 path_end = strlen (path) + 1;

  /* "(s a…)": the string, the array at its alignment, then the string's
   * end (the one member of variable size before the last) */
  g_byte_array_append (out, (const guint8 *)path, path_end);
  pad_to_8 (out);
  g_byte_array_append (out, entries->data, entries->len);
  append_offset (out, path_end, offset_size_for (out->len, 1));
  return g_byte_array_free_to_bytes (out);
}

/**
 * cairn_history_cache_save:
 *
 * Writes the cache file whole, through a temporary file renamed over it,
 * so a reader never sees half of one (blocking: call it in a thread). No
 * fsync: after a crash a cache may be old or empty, and either is read
 * as what it is.
 */
gboolean
cairn_history_cache_save (CairnHistoryCache  *self,
                          GError            **error)
{
  g_autoptr(GFile) folder = g_file_new_for_path (self->folder_path ? self->folder_path : "/");
  g_autoptr(GFile) file = cairn_history_cache_file (folder);
  g_autoptr(GBytes) bytes = cairn_history_cache_serialize (self);
  g_autofree char *dir = g_path_get_dirname (g_file_peek_path (file));
  g_autofree char *temp = g_strconcat (g_file_peek_path (file), ".XXXXXX", NULL);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  gboolean written;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0 || (fd = g_mkstemp_full (temp, O_WRONLY, 0600)) < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Can't write in %s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  written = write_all (fd, data, length);
  written &= close (fd) == 0;
  if (!written || g_rename (temp, g_file_peek_path (file)) != 0)
    {
      int saved = errno;
      g_unlink (temp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Can't write %s: %s",
                   g_file_peek_path (file), g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}
