/* cairn-usage-snapshot.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <math.h>
#include <string.h>

#include "usage/cairn-usage-line.h"
#include "usage/cairn-usage-snapshot.h"

/* The last load's result, kept beside the index: every request once, in
 * time order, with the models, the sessions and the counters, so that a
 * run that finds every file as it was (the key: a digest of the files'
 * paths, sizes and times, the pricing table and this format) skips
 * merging the files' requests, dropping the duplicates and both sorts.
 * One GVariant of SNAPSHOT_TYPE. It is untrusted bytes: every index and
 * count is checked, and the order; anything wrong and it is no snapshot
 * (the files are merged from the index as usual). */

#define MAGIC "cairn-usage-snapshot 1"
/* magic, key, files, unreadable files, bad lines, duplicates, synthetic,
 * models, sessions (id, project, cwd), the entries' bytes */
#define SNAPSHOT_TYPE "(ssuuuuuasa(sss)ay)"
#define MAX_SNAPSHOT_BYTES (G_GUINT64_CONSTANT (2) << 30)

char *
cairn_usage_snapshot_path (const char *index_path)
{
  return g_strconcat (index_path, "-result", NULL);
}

/* What a kept request can be: its model and session named, counts and
 * a time a line could give, a cost or none, after the one before it
 * (time, then its file's place, of which there were @files). */
static gboolean
entry_valid (const CairnUsageData  *data,
             const CairnUsageEntry *entry,
             const CairnUsageEntry *before)
{
  if (entry->model >= data->models->len || entry->session >= data->sessions->len ||
      entry->input > CAIRN_USAGE_MAX_TOKENS || entry->output > CAIRN_USAGE_MAX_TOKENS ||
      entry->cache_write > CAIRN_USAGE_MAX_TOKENS || entry->cache_read > CAIRN_USAGE_MAX_TOKENS ||
      entry->cache_write_1h > entry->cache_write || (entry->flags >> 1) >= data->files ||
      !cairn_usage_time_valid (entry->time_us) ||
      !(isnan (entry->cost_usd) || (entry->cost_usd >= 0 && isfinite (entry->cost_usd))))
    return FALSE;
  if (before == NULL || before->time_us < entry->time_us)
    return TRUE;
  return before->time_us == entry->time_us && (before->flags >> 1) <= (entry->flags >> 1);
}

static void
take_sessions (CairnUsageData *data,
               GVariant       *sessions)
{
  GVariantIter iter;
  const char *id, *project, *cwd;

  g_variant_iter_init (&iter, sessions);
  while (g_variant_iter_next (&iter, "(&s&s&s)", &id, &project, &cwd))
    {
      CairnUsageSession *session = g_new0 (CairnUsageSession, 1);
      session->id = g_strdup (id);
      session->project = g_strdup (project);
      session->cwd = g_strdup (cwd);
      g_ptr_array_add (data->sessions, session);
    }
}

static gboolean
take_entries (CairnUsageData *data,
              GVariant       *entries)
{
  gsize length;
  gconstpointer bytes = g_variant_get_fixed_array (entries, &length, 1);
  const CairnUsageEntry *entry;

  if (length % sizeof (CairnUsageEntry) != 0)
    return FALSE;
  g_array_set_size (data->entries, length / sizeof (CairnUsageEntry));
  /* an empty array's bytes may be NULL, which memcpy may not be given */
  if (length > 0)
    memcpy (data->entries->data, bytes, length);
  entry = (const CairnUsageEntry *)data->entries->data;
  for (guint i = 0; i < data->entries->len; i++)
    if (!entry_valid (data, &entry[i], i > 0 ? &entry[i - 1] : NULL))
      return FALSE;
  return TRUE;
}

/**
 * cairn_usage_snapshot_parse:
 * @key: (nullable): what the files are now (their digest), or %NULL
 *   for any (the fuzz target's way in)
 *
 * Returns: (transfer full) (nullable): the result kept in @bytes, or
 *   %NULL when they are no snapshot, one of other files, or damaged
 */
CairnUsageData *
cairn_usage_snapshot_parse (GBytes     *bytes,
                            const char *key)
{
  g_autoptr(GVariant) snapshot = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (SNAPSHOT_TYPE),
                                                                               bytes, FALSE));
  g_autoptr(GVariant) models = NULL, sessions = NULL, entries = NULL;
  g_autoptr(CairnUsageData) data = cairn_usage_data_new ();
  const char *magic, *its_key;
  const char **names;
  gsize n;

  g_variant_get (snapshot, "(&s&suuuuu@as@a(sss)@ay)", &magic, &its_key, &data->files, &data->unreadable_files,
                 &data->bad_lines, &data->duplicates, &data->synthetic, &models, &sessions, &entries);
  if (!g_str_equal (magic, MAGIC) || (key != NULL && !g_str_equal (its_key, key)))
    return NULL;
  names = g_variant_get_strv (models, &n);
  for (gsize i = 0; i < n; i++)
    g_ptr_array_add (data->models, g_strdup (names[i]));
  g_free (names);
  take_sessions (data, sessions);
  if (!take_entries (data, entries))
    return NULL;
  return g_steal_pointer (&data);
}

/**
 * cairn_usage_snapshot_load:
 *
 * Returns: (transfer full) (nullable): the result kept at @path for
 *   @key, or %NULL (none, another, damaged)
 */
CairnUsageData *
cairn_usage_snapshot_load (const char *path,
                           const char *key)
{
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, NULL);
  g_autoptr(GBytes) bytes = NULL;

  if (mapped == NULL || g_mapped_file_get_length (mapped) > MAX_SNAPSHOT_BYTES)
    return NULL;
  bytes = g_mapped_file_get_bytes (mapped);
  return cairn_usage_snapshot_parse (bytes, key);
}

static GVariant *
sessions_variant (GPtrArray *sessions)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sss)"));
  for (guint i = 0; i < sessions->len; i++)
    {
      CairnUsageSession *session = g_ptr_array_index (sessions, i);
      g_variant_builder_add (&builder, "(sss)", session->id, session->project, session->cwd);
    }
  return g_variant_builder_end (&builder);
}

/**
 * cairn_usage_snapshot_save:
 * @data: a load's result before the counts that depend on the clock
 *
 * Keeps @data at @path for @key: written to a temporary file that
 * replaces it.
 */
gboolean
cairn_usage_snapshot_save (const char      *path,
                           const char      *key,
                           CairnUsageData  *data,
                           GError         **error)
{
  g_autoptr(GVariant) snapshot = NULL;
  g_autoptr(GBytes) bytes = NULL;

  snapshot = g_variant_ref_sink (g_variant_new (
    "(ssuuuuu@as@a(sss)@ay)", MAGIC, key, data->files, data->unreadable_files, data->bad_lines,
    data->duplicates, data->synthetic,
    g_variant_new_strv ((const char *const *)data->models->pdata, data->models->len),
    sessions_variant (data->sessions),
    /* not copied here: @data outlives the snapshot */
    g_variant_new_from_data (G_VARIANT_TYPE_BYTESTRING, data->entries->data,
                             data->entries->len * sizeof (CairnUsageEntry), TRUE, NULL, NULL)));
  bytes = g_variant_get_data_as_bytes (snapshot);
  return g_file_set_contents_full (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
