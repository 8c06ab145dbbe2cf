/* cairn-usage-cache.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <errno.h>
#include <string.h>

#include "usage/cairn-usage-cache.h"
#include "usage/cairn-usage-line.h"

/* The usage index: what each session file held of usage, as read
 * (CairnUsageFile), kept in $XDG_CACHE_HOME/cairn/usage-1 as one
 * GVariant. A file is trusted at the size and modification time it was
 * read at; one that grew is read on from where it was read to. The cache
 * is untrusted bytes too: a damaged record is dropped (its file is read
 * again), a damaged or foreign cache is no cache. */

#define MAGIC "cairn-usage"
#define VERSION 1
#define FILE_TYPE "(sttttuuasasasay)"
#define CACHE_TYPE "(suua" FILE_TYPE ")"
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
 * its figures are ones a line could have given. */
static gboolean
entries_valid (CairnUsageFile *file)
{
  for (guint i = 0; i < file->entries->len; i++)
    {
      CairnUsageEntry *entry = &g_array_index (file->entries, CairnUsageEntry, i);
      if (entry->model >= file->models->len || entry->session >= file->sessions->len ||
          entry->input > CAIRN_USAGE_MAX_TOKENS || entry->output > CAIRN_USAGE_MAX_TOKENS ||
          entry->cache_write > CAIRN_USAGE_MAX_TOKENS || entry->cache_read > CAIRN_USAGE_MAX_TOKENS ||
          entry->cache_write_1h > entry->cache_write || !(entry->cost_usd < 1e6))
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

  g_variant_get_child (record, 0, "&s", &path);
  file = cairn_usage_file_new (path);
  g_variant_get_child (record, 1, "t", &file->size);
  g_variant_get_child (record, 2, "t", &file->mtime_us);
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

/**
 * cairn_usage_cache_parse:
 *
 * Returns: (transfer full): path → CairnUsageFile, empty when @bytes
 *   are no index or can't be trusted
 */
GHashTable *
cairn_usage_cache_parse (GBytes *bytes)
{
  GHashTable *files = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                             (GDestroyNotify)cairn_usage_file_free);
  g_autoptr(GVariant) cache = NULL;
  g_autoptr(GVariant) records = NULL;
  const char *magic;
  guint32 version, entry_size;

  cache = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (CACHE_TYPE), bytes, FALSE));
  g_variant_get_child (cache, 0, "&s", &magic);
  g_variant_get_child (cache, 1, "u", &version);
  g_variant_get_child (cache, 2, "u", &entry_size);
  if (!g_str_equal (magic, MAGIC) || version != VERSION || entry_size != sizeof (CairnUsageEntry))
    return files;
  records = g_variant_get_child_value (cache, 3);
  for (gsize i = 0, n = g_variant_n_children (records); i < n; i++)
    {
      g_autoptr(GVariant) record = g_variant_get_child_value (records, i);
      CairnUsageFile *file = file_of (record);
      if (file != NULL)
        g_hash_table_replace (files, file->path, file);
    }
  return files;
}

/**
 * cairn_usage_cache_load:
 *
 * Returns: (transfer full): path → CairnUsageFile, empty when there is
 *   no index at @path or it can't be trusted
 */
GHashTable *
cairn_usage_cache_load (const char *path)
{
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, NULL);
  g_autoptr(GBytes) bytes = NULL;

  if (mapped == NULL || g_mapped_file_get_length (mapped) > MAX_CACHE_BYTES)
    bytes = g_bytes_new (NULL, 0);
  else
    bytes = g_mapped_file_get_bytes (mapped);
  return cairn_usage_cache_parse (bytes);
}

static GVariant *
strings_variant (GPtrArray *strings)
{
  return g_variant_new_strv ((const char *const *)strings->pdata, strings->len);
}

static GVariant *
record_of (CairnUsageFile *file)
{
  return g_variant_new ("(sttttuu@as@as@as@ay)", file->path, file->size, file->mtime_us, file->read_to,
                        file->tail_hash, file->bad_lines, file->synthetic, strings_variant (file->models),
                        strings_variant (file->sessions), strings_variant (file->cwds),
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, file->entries->data,
                                                   file->entries->len * sizeof (CairnUsageEntry), 1));
}

/**
 * cairn_usage_cache_save:
 * @files: (element-type CairnUsageFile)
 *
 * Writes the index through a temporary file renamed over it.
 */
gboolean
cairn_usage_cache_save (const char  *path,
                        GPtrArray   *files,
                        GError     **error)
{
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE ("a" FILE_TYPE));
  g_autoptr(GVariant) cache = NULL;
  g_autofree char *folder = g_path_get_dirname (path);

  for (guint i = 0; i < files->len; i++)
    g_variant_builder_add_value (builder, record_of (g_ptr_array_index (files, i)));
  cache = g_variant_ref_sink (g_variant_new ("(suua" FILE_TYPE ")", MAGIC, VERSION,
                                             (guint32)sizeof (CairnUsageEntry), builder));
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", folder, g_strerror (saved));
      return FALSE;
    }
  return g_file_set_contents_full (path, g_variant_get_data (cache), g_variant_get_size (cache),
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
