/* fuzz-usage.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE   /* memrchr */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "usage/cairn-usage-cache.h"
#include "usage/cairn-usage-file.h"
#include "usage/cairn-usage-line.h"

/* Bytes as a session file's lines read for usage, and as the usage
 * index ($XDG_CACHE_HOME/cairn/usage-1), which anything can have
 * written. Properties: nothing fails; what is read stops at the last
 * newline; every request's counts are within bounds and its model and
 * session are the file's; each record of an index names its own. */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
check_file (CairnUsageFile *file)
{
  for (guint i = 0; i < file->entries->len; i++)
    {
      CairnUsageEntry *entry = &g_array_index (file->entries, CairnUsageEntry, i);
      g_assert_cmpuint (entry->model, <, file->models->len);
      g_assert_cmpuint (entry->session, <, file->sessions->len);
      g_assert_cmpuint (entry->input, <=, CAIRN_USAGE_MAX_TOKENS);
      g_assert_cmpuint (entry->output, <=, CAIRN_USAGE_MAX_TOKENS);
      g_assert_cmpuint (entry->cache_write_1h, <=, entry->cache_write);
    }
  g_assert_cmpuint (file->cwds->len, ==, file->sessions->len);
}

/* The same bytes as an index file, the way a run reads it: each record
 * read again from the file. */
static void
check_index_file (const guint8 *data,
                  size_t        size)
{
  static char *path;
  g_autoptr(GHashTable) records = NULL;
  GHashTableIter iter;
  CairnUsageCacheRecord *record;

  if (path == NULL)
    {
      int fd = g_file_open_tmp ("fuzz-usage-XXXXXX", &path, NULL);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  g_assert_true (g_file_set_contents (path, (const char *)data, size, NULL));
  records = cairn_usage_cache_load_records (path);
  g_hash_table_iter_init (&iter, records);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&record))
    {
      g_autoptr(CairnUsageFile) file = cairn_usage_cache_record_file (record);
      if (file != NULL)
        check_file (file);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(CairnUsageFile) file = cairn_usage_file_new ("/fuzz/projects/-p/s.jsonl");
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GHashTable) index = cairn_usage_cache_parse (bytes);
  const char *last = size ? memrchr (data, '\n', size) : NULL;
  GHashTableIter iter;
  CairnUsageFile *record;

  cairn_usage_file_take_bytes (file, (const char *)data, size);
  g_assert_cmpuint (file->read_to, ==, last ? (gsize)(last - (const char *)data) + 1 : 0);
  check_file (file);
  g_hash_table_iter_init (&iter, index);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&record))
    check_file (record);
  check_index_file (data, size);
  return 0;
}
