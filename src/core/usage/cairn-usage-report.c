/* cairn-usage-report.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <glib/gi18n.h>

#include "usage/cairn-usage-report.h"

/* The figures by day, week, month (in the local time zone, TZ honoured),
 * session, project or model, and the 5-hour blocks, counted the way
 * ccusage counts them so that its users' scripts read the same figures. */

void
cairn_usage_sums_add (CairnUsageSums       *sums,
                      const CairnUsageSums *more)
{
  sums->input += more->input;
  sums->output += more->output;
  sums->cache_write += more->cache_write;
  sums->cache_read += more->cache_read;
  sums->cost += more->cost;
  sums->requests += more->requests;
  sums->unpriced += more->unpriced;
}

guint64
cairn_usage_sums_tokens (const CairnUsageSums *sums)
{
  return sums->input + sums->output + sums->cache_write + sums->cache_read;
}

static void
sums_add_entry (CairnUsageSums        *sums,
                const CairnUsageEntry *entry)
{
  CairnUsageSums one = { entry->input, entry->output, entry->cache_write, entry->cache_read,
                         isnan (entry->cost_usd) ? 0 : entry->cost_usd, 1, isnan (entry->cost_usd) };

  cairn_usage_sums_add (sums, &one);
}

static void
model_sums_free (CairnUsageModelSums *sums)
{
  g_free (sums->model);
  g_free (sums);
}

static int
model_sums_by_name (gconstpointer a,
                    gconstpointer b)
{
  return strcmp ((*(CairnUsageModelSums **)a)->model, (*(CairnUsageModelSums **)b)->model);
}

/* Adds @sums to @model's in @models. */
static void
models_add (GPtrArray            *models,
            const char           *model,
            const CairnUsageSums *sums)
{
  CairnUsageModelSums *found = NULL;

  for (guint i = 0; i < models->len && found == NULL; i++)
    if (g_str_equal (((CairnUsageModelSums *)g_ptr_array_index (models, i))->model, model))
      found = g_ptr_array_index (models, i);
  if (found == NULL)
    {
      found = g_new0 (CairnUsageModelSums, 1);
      found->model = g_strdup (model);
      g_ptr_array_add (models, found);
    }
  cairn_usage_sums_add (&found->sums, sums);
}

static void
row_free (CairnUsageRow *row)
{
  g_free (row->key);
  g_free (row->project);
  g_free (row->cwd);
  g_ptr_array_unref (row->models);
  g_free (row);
}

/* Takes @key. */
static CairnUsageRow *
row_new_take (char *key)
{
  CairnUsageRow *row = g_new0 (CairnUsageRow, 1);

  row->key = key;
  row->models = g_ptr_array_new_with_free_func ((GDestroyNotify)model_sums_free);
  return row;
}

static CairnUsageRow *
row_new (const char *key)
{
  return row_new_take (g_strdup (key));
}

/* The name of @entry's part of a row: its model, or its project. */
static const char *
part_name (CairnUsageData        *data,
           CairnUsageSplit        split,
           const CairnUsageEntry *entry)
{
  if (split == CAIRN_USAGE_SPLIT_PROJECT)
    return ((CairnUsageSession *)g_ptr_array_index (data->sessions, entry->session))->project;
  return g_ptr_array_index (data->models, entry->model);
}

static void
row_add (CairnUsageRow         *row,
         CairnUsageData        *data,
         CairnUsageSplit        split,
         const CairnUsageEntry *entry)
{
  CairnUsageSums one = { 0 };

  sums_add_entry (&one, entry);
  if (row->sums.requests == 0)
    row->first_us = entry->time_us;
  row->last_us = entry->time_us;
  cairn_usage_sums_add (&row->sums, &one);
  models_add (row->models, part_name (data, split, entry), &one);
}

/* The local day of a time, with the bounds of the last day found: the
 * entries come in time order, so localtime_r runs about once a day. */
typedef struct
{
  gint64    start_us;
  gint64    end_us;
  struct tm tm;
} DayCache;

static const struct tm *
local_day (DayCache *cache,
           gint64    time_us)
{
  time_t seconds = time_us / G_USEC_PER_SEC - (time_us < 0 && time_us % G_USEC_PER_SEC != 0);
  struct tm midnight;

  if (time_us >= cache->start_us && time_us < cache->end_us)
    return &cache->tm;
  localtime_r (&seconds, &cache->tm);
  midnight = cache->tm;
  midnight.tm_hour = midnight.tm_min = midnight.tm_sec = 0;
  midnight.tm_isdst = -1;
  cache->start_us = (gint64)mktime (&midnight) * G_USEC_PER_SEC;
  midnight = cache->tm;
  midnight.tm_mday++;
  midnight.tm_hour = midnight.tm_min = midnight.tm_sec = 0;
  midnight.tm_isdst = -1;
  cache->end_us = (gint64)mktime (&midnight) * G_USEC_PER_SEC;
  /* a day that mktime can't bound (far off, or a zone gap): no caching */
  if (cache->start_us > time_us || cache->end_us <= time_us)
    cache->start_us = cache->end_us = 0;
  return &cache->tm;
}

static guint
day_number (const struct tm *tm)
{
  return (tm->tm_year + 1900) * 10000 + (tm->tm_mon + 1) * 100 + tm->tm_mday;
}

/* The first day of @tm's week, as YYYY-MM-DD. */
static char *
week_key (const struct tm *tm,
          GDateWeekday     week_start)
{
  g_autoptr(GDate) date = g_date_new_dmy (tm->tm_mday, tm->tm_mon + 1, tm->tm_year + 1900);
  char buffer[16];

  g_date_subtract_days (date, (g_date_get_weekday (date) - week_start + 7) % 7);
  g_snprintf (buffer, sizeof buffer, "%04d-%02d-%02d", g_date_get_year (date), g_date_get_month (date),
              g_date_get_day (date));
  return g_strdup (buffer);
}

static char *
row_key (CairnUsageData        *data,
         const CairnUsageQuery *query,
         const CairnUsageEntry *entry,
         const struct tm       *tm)
{
  CairnUsageSession *session = g_ptr_array_index (data->sessions, entry->session);

  switch (query->grouping)
    {
    case CAIRN_USAGE_DAILY:
      return g_strdup_printf ("%04d-%02d-%02d", tm->tm_year + 1900, tm->tm_mon + 1, tm->tm_mday);
    case CAIRN_USAGE_WEEKLY:
      return week_key (tm, query->week_start);
    case CAIRN_USAGE_MONTHLY:
      return g_strdup_printf ("%04d-%02d", tm->tm_year + 1900, tm->tm_mon + 1);
    case CAIRN_USAGE_SESSION:
      return g_strconcat (session->project, "\n", session->id, NULL);
    case CAIRN_USAGE_PROJECT:
      return g_strdup (session->project);
    case CAIRN_USAGE_MODEL:
    default:
      return g_strdup (g_ptr_array_index (data->models, entry->model));
    }
}

static gboolean
entry_wanted (CairnUsageData        *data,
              const CairnUsageQuery *query,
              const CairnUsageEntry *entry,
              const struct tm       *tm)
{
  guint day = day_number (tm);
  CairnUsageSession *session = g_ptr_array_index (data->sessions, entry->session);

  if ((query->since != 0 && day < query->since) || (query->until != 0 && day > query->until))
    return FALSE;
  if (query->project != NULL && !g_str_equal (session->project, query->project))
    return FALSE;
  return query->model == NULL || g_str_equal (g_ptr_array_index (data->models, entry->model), query->model);
}

static int
row_by_key (gconstpointer a,
            gconstpointer b)
{
  return strcmp ((*(CairnUsageRow **)a)->key, (*(CairnUsageRow **)b)->key);
}

static int
row_by_last (gconstpointer a,
             gconstpointer b)
{
  const CairnUsageRow *x = *(CairnUsageRow **)a, *y = *(CairnUsageRow **)b;

  return x->last_us < y->last_us ? -1 : x->last_us > y->last_us ? 1 : strcmp (x->key, y->key);
}

/* A session row's key is its id; it says its project and folder. */
static void
name_session_row (CairnUsageData        *data,
                  CairnUsageRow         *row,
                  const CairnUsageEntry *entry)
{
  CairnUsageSession *session = g_ptr_array_index (data->sessions, entry->session);

  g_free (row->key);
  row->key = g_strdup (session->id);
  row->project = g_strdup (session->project);
  row->cwd = session->cwd[0] ? g_strdup (session->cwd) : NULL;
}

/**
 * cairn_usage_report:
 *
 * Returns: (transfer full) (element-type CairnUsageRow): the rows, by
 *   date or name (sessions: by their last request), each with its models
 *   by name
 */
GPtrArray *
cairn_usage_report (CairnUsageData        *data,
                    const CairnUsageQuery *query)
{
  g_autoptr(GHashTable) rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify)row_free);
  DayCache days = { 0 };

  for (guint i = 0; i < data->entries->len; i++)
    {
      const CairnUsageEntry *entry = &g_array_index (data->entries, CairnUsageEntry, i);
      const struct tm *tm = local_day (&days, entry->time_us);
      g_autofree char *key = NULL;
      CairnUsageRow *row;

      if (!entry_wanted (data, query, entry, tm))
        continue;
      key = row_key (data, query, entry, tm);
      row = g_hash_table_lookup (rows, key);
      if (row == NULL)
        {
          row = row_new (key);
          if (query->grouping == CAIRN_USAGE_SESSION)
            name_session_row (data, row, entry);
          g_hash_table_insert (rows, g_steal_pointer (&key), row);
          g_ptr_array_add (list, row);
        }
      row_add (row, data, query->split, entry);
    }
  for (guint i = 0; i < list->len; i++)
    g_ptr_array_sort (((CairnUsageRow *)g_ptr_array_index (list, i))->models, model_sums_by_name);
  g_ptr_array_sort (list, query->grouping == CAIRN_USAGE_SESSION ? row_by_last : row_by_key);
  return list;
}

CairnUsageSums
cairn_usage_total (GPtrArray *rows)
{
  CairnUsageSums total = { 0 };

  for (guint i = 0; i < rows->len; i++)
    cairn_usage_sums_add (&total, &((CairnUsageRow *)g_ptr_array_index (rows, i))->sums);
  return total;
}

/**
 * cairn_usage_total_models:
 *
 * Returns: (transfer full) (element-type CairnUsageModelSums): each
 *   model's sums over @rows
 */
GPtrArray *
cairn_usage_total_models (GPtrArray *rows)
{
  GPtrArray *models = g_ptr_array_new_with_free_func ((GDestroyNotify)model_sums_free);

  for (guint i = 0; i < rows->len; i++)
    {
      CairnUsageRow *row = g_ptr_array_index (rows, i);
      for (guint j = 0; j < row->models->len; j++)
        {
          CairnUsageModelSums *sums = g_ptr_array_index (row->models, j);
          models_add (models, sums->model, &sums->sums);
        }
    }
  g_ptr_array_sort (models, model_sums_by_name);
  return models;
}

typedef struct
{
  const char *name;
  guint64     tokens;
} KeyTokens;

static int
key_by_tokens (gconstpointer a,
               gconstpointer b)
{
  const KeyTokens *x = a, *y = b;

  return x->tokens > y->tokens ? -1 : x->tokens < y->tokens ? 1 : strcmp (x->name, y->name);
}

/**
 * cairn_usage_top_keys:
 * @n: how many at most
 *
 * The models (or projects) with the most tokens over the whole history,
 * whatever is filtered: a chart's colours go by this order, so a model
 * keeps its colour from one view to the next.
 * Returns: (transfer full) (element-type utf8): the first @n names, the
 *   most tokens first (ties by name)
 */
GPtrArray *
cairn_usage_top_keys (CairnUsageData  *data,
                      CairnUsageSplit  split,
                      guint            n)
{
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (KeyTokens));
  GPtrArray *top = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < data->entries->len; i++)
    {
      const CairnUsageEntry *entry = &g_array_index (data->entries, CairnUsageEntry, i);
      const char *name = part_name (data, split, entry);
      gpointer at;
      CairnUsageSums one = { 0 };

      if (!g_hash_table_lookup_extended (index, name, NULL, &at))
        {
          KeyTokens key = { name, 0 };
          at = GUINT_TO_POINTER (keys->len);
          g_array_append_val (keys, key);
          g_hash_table_insert (index, (gpointer)name, at);
        }
      sums_add_entry (&one, entry);
      g_array_index (keys, KeyTokens, GPOINTER_TO_UINT (at)).tokens += cairn_usage_sums_tokens (&one);
    }
  g_array_sort (keys, key_by_tokens);
  for (guint i = 0; i < keys->len && i < n; i++)
    g_ptr_array_add (top, g_strdup (g_array_index (keys, KeyTokens, i).name));
  return top;
}

/**
 * cairn_usage_parse_day:
 *
 * Reads YYYY-MM-DD (or YYYYMMDD, as ccusage takes it) into YYYYMMDD.
 */
gboolean
cairn_usage_parse_day (const char *text,
                       guint      *day)
{
  guint y, m, d;
  char tail;

  if (text == NULL)
    return FALSE;
  if (sscanf (text, "%4u-%2u-%2u%c", &y, &m, &d, &tail) != 3 &&
      (strlen (text) != 8 || sscanf (text, "%4u%2u%2u%c", &y, &m, &d, &tail) != 3))
    return FALSE;
  if (!g_date_valid_dmy (d, m, y))
    return FALSE;
  *day = y * 10000 + m * 100 + d;
  return TRUE;
}

static void
block_free (CairnUsageBlock *block)
{
  g_ptr_array_unref (block->models);
  g_free (block);
}

static CairnUsageBlock *
block_new (gint64 start_us)
{
  CairnUsageBlock *block = g_new0 (CairnUsageBlock, 1);

  block->start_us = start_us;
  block->end_us = start_us + CAIRN_USAGE_BLOCK_US;
  block->models = g_ptr_array_new_with_free_func ((GDestroyNotify)model_sums_free);
  return block;
}

/* ccusage's block starts at its first request's hour, in UTC. */
static gint64
floor_hour (gint64 time_us)
{
  gint64 hour = G_TIME_SPAN_HOUR;

  return time_us >= 0 ? time_us - time_us % hour : time_us - ((time_us % hour) + hour) % hour;
}

/* Closes @block, and when the next request comes more than a block's
 * length after its last, puts a gap between them. */
static void
block_close (GPtrArray       *blocks,
             CairnUsageBlock *block,
             gint64           next_us)
{
  CairnUsageBlock *gap;

  g_ptr_array_add (blocks, block);
  if (next_us - block->last_us <= CAIRN_USAGE_BLOCK_US)
    return;
  gap = block_new (block->last_us + CAIRN_USAGE_BLOCK_US);
  gap->end_us = next_us;
  gap->first_us = gap->start_us;
  gap->last_us = next_us;
  gap->is_gap = TRUE;
  g_ptr_array_add (blocks, gap);
}

/**
 * cairn_usage_blocks:
 *
 * The 5-hour blocks as ccusage counts them: a block starts at the hour
 * of a request that comes more than 5 hours after its block's start or
 * its last request; a gap longer than that is a block of its own. The
 * block still open at @now_us is active.
 * Returns: (transfer full) (element-type CairnUsageBlock)
 */
GPtrArray *
cairn_usage_blocks (CairnUsageData        *data,
                    const CairnUsageQuery *query,
                    gint64                 now_us)
{
  GPtrArray *blocks = g_ptr_array_new_with_free_func ((GDestroyNotify)block_free);
  CairnUsageBlock *block = NULL;
  DayCache days = { 0 };

  for (guint i = 0; i < data->entries->len; i++)
    {
      const CairnUsageEntry *entry = &g_array_index (data->entries, CairnUsageEntry, i);
      CairnUsageSums one = { 0 };

      if (!entry_wanted (data, query, entry, local_day (&days, entry->time_us)))
        continue;
      if (block != NULL && (entry->time_us - block->start_us > CAIRN_USAGE_BLOCK_US ||
                            entry->time_us - block->last_us > CAIRN_USAGE_BLOCK_US))
        {
          block_close (blocks, block, entry->time_us);
          block = NULL;
        }
      if (block == NULL)
        {
          block = block_new (floor_hour (entry->time_us));
          block->first_us = entry->time_us;
        }
      block->last_us = entry->time_us;
      sums_add_entry (&one, entry);
      cairn_usage_sums_add (&block->sums, &one);
      models_add (block->models, part_name (data, query->split, entry), &one);
    }
  if (block != NULL)
    {
      block->is_active = now_us - block->last_us < CAIRN_USAGE_BLOCK_US && now_us < block->end_us;
      g_ptr_array_add (blocks, block);
    }
  for (guint i = 0; i < blocks->len; i++)
    g_ptr_array_sort (((CairnUsageBlock *)g_ptr_array_index (blocks, i))->models, model_sums_by_name);
  return blocks;
}

/**
 * cairn_usage_block_rows:
 *
 * The 5-hour blocks as rows (gaps left out), each named by its start in
 * local time, the running one marked, for a chart and a table.
 * Returns: (transfer full) (element-type CairnUsageRow)
 */
GPtrArray *
cairn_usage_block_rows (CairnUsageData        *data,
                        const CairnUsageQuery *query,
                        gint64                 now_us)
{
  g_autoptr(GPtrArray) blocks = cairn_usage_blocks (data, query, now_us);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)row_free);

  for (guint i = 0; i < blocks->len; i++)
    {
      CairnUsageBlock *block = g_ptr_array_index (blocks, i);
      g_autoptr(GDateTime) start = g_date_time_new_from_unix_local (block->start_us / G_USEC_PER_SEC);
      g_autofree char *when = g_date_time_format (start, "%Y-%m-%d %H:%M");
      CairnUsageRow *row;

      if (block->is_gap)
        continue;
      /* Translators: the 5-hour block still running, by its start */
      row = row_new_take (block->is_active ? g_strdup_printf (_("%s (running)"), when) : g_steal_pointer (&when));
      row->first_us = block->first_us;
      row->last_us = block->last_us;
      row->sums = block->sums;
      g_ptr_array_extend_and_steal (row->models, g_steal_pointer (&block->models));
      block->models = g_ptr_array_new ();
      g_ptr_array_add (rows, row);
    }
  return rows;
}
