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
#include "usage/cairn-usage-report.h"
#include "usage/cairn-usage-snapshot.h"

/* Bytes as a session file's lines read for usage, as the usage index
 * ($XDG_CACHE_HOME/cairn/usage-1) and as the last result kept beside it
 * (usage-1-result), which anything can have written. Properties: nothing
 * fails; what is read stops at the last newline; every request's counts
 * and time are within bounds and its model and session are the file's; each
 * record of an index names its own; a result taken has its requests in
 * time order, each naming a model and a session it has, reports by day
 * and by week without failing, and kept again reads back the same. tests/data/usage-result
 * seeds it (the index and result of a run on tests/data/history). */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* A request's counts and time within bounds, its model and session known. */
static void
check_entry (const CairnUsageEntry *entry,
             guint                  n_models,
             guint                  n_sessions)
{
  g_assert_cmpuint (entry->model, <, n_models);
  g_assert_cmpuint (entry->session, <, n_sessions);
  g_assert_cmpuint (entry->input, <=, CAIRN_USAGE_MAX_TOKENS);
  g_assert_cmpuint (entry->output, <=, CAIRN_USAGE_MAX_TOKENS);
  g_assert_cmpuint (entry->cache_write_1h, <=, entry->cache_write);
  g_assert_true (cairn_usage_time_valid (entry->time_us));
}

static void
check_file (CairnUsageFile *file)
{
  for (guint i = 0; i < file->entries->len; i++)
    check_entry (&g_array_index (file->entries, CairnUsageEntry, i), file->models->len, file->sessions->len);
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

static void
check_snapshot_entries (CairnUsageData *data)
{
  for (guint i = 0; i < data->entries->len; i++)
    {
      check_entry (&g_array_index (data->entries, CairnUsageEntry, i), data->models->len, data->sessions->len);
      if (i > 0)
        g_assert_cmpint (g_array_index (data->entries, CairnUsageEntry, i - 1).time_us, <=,
                         g_array_index (data->entries, CairnUsageEntry, i).time_us);
    }
}

/* The same bytes as a kept result: checked, reported, kept again. */
static void
check_snapshot (GBytes *bytes)
{
  static char *path;
  g_autoptr(CairnUsageData) data = cairn_usage_snapshot_parse (bytes, NULL);
  g_autoptr(CairnUsageData) again = NULL;
  CairnUsageQuery daily = { CAIRN_USAGE_DAILY, 0, 0, G_DATE_SUNDAY, NULL };
  CairnUsageQuery weekly = { CAIRN_USAGE_WEEKLY, 0, 0, G_DATE_MONDAY, NULL };
  g_autoptr(GPtrArray) days = NULL, weeks = NULL;

  if (data == NULL)
    return;
  check_snapshot_entries (data);
  days = cairn_usage_report (data, &daily);
  weeks = cairn_usage_report (data, &weekly);
  if (path == NULL)
    {
      int fd = g_file_open_tmp ("fuzz-usage-result-XXXXXX", &path, NULL);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  g_assert_true (cairn_usage_snapshot_save (path, "key", data, NULL));
  again = cairn_usage_snapshot_load (path, "key");
  g_assert_nonnull (again);
  g_assert_cmpuint (again->entries->len, ==, data->entries->len);
  g_assert_cmpmem (again->entries->data, again->entries->len * sizeof (CairnUsageEntry), data->entries->data,
                   data->entries->len * sizeof (CairnUsageEntry));
  g_assert_cmpuint (again->sessions->len, ==, data->sessions->len);
  g_assert_cmpuint (again->duplicates, ==, data->duplicates);
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
  check_snapshot (bytes);
  return 0;
}
