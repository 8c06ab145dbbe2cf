/* cairn-usage-format.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "protocol/cairn-json.h"
#include "usage/cairn-usage-format.h"
#include "usage/cairn-usage-pricing.h"

/* The reports as text: JSON with ccusage's field names, or a table. */

static char *
iso_time (gint64 time_us)
{
  time_t seconds = time_us / G_USEC_PER_SEC;
  struct tm tm;

  gmtime_r (&seconds, &tm);
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                          tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(time_us % G_USEC_PER_SEC / 1000));
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_tokens (JsonBuilder          *builder,
            const CairnUsageSums *sums,
            const char           *cost_name)
{
  add_int (builder, "inputTokens", sums->input);
  add_int (builder, "outputTokens", sums->output);
  add_int (builder, "cacheCreationTokens", sums->cache_write);
  add_int (builder, "cacheReadTokens", sums->cache_read);
  if (g_str_equal (cost_name, "totalCost"))
    add_int (builder, "totalTokens", cairn_usage_sums_tokens (sums));
  json_builder_set_member_name (builder, cost_name);
  json_builder_add_double_value (builder, sums->cost);
  if (sums->unpriced > 0)
    add_int (builder, "unpricedRequests", sums->unpriced);
}

static void
add_models (JsonBuilder *builder,
            GPtrArray   *models,
            const char  *used_name)
{
  json_builder_set_member_name (builder, used_name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < models->len; i++)
    json_builder_add_string_value (builder, ((CairnUsageModelSums *)g_ptr_array_index (models, i))->model);
  json_builder_end_array (builder);
}

static void
add_breakdowns (JsonBuilder *builder,
                GPtrArray   *models)
{
  json_builder_set_member_name (builder, "modelBreakdowns");
  json_builder_begin_array (builder);
  for (guint i = 0; i < models->len; i++)
    {
      CairnUsageModelSums *sums = g_ptr_array_index (models, i);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "modelName");
      json_builder_add_string_value (builder, sums->model);
      add_tokens (builder, &sums->sums, "cost");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* What Cairn adds: what it could not count, and why. */
static void
add_notes (JsonBuilder    *builder,
           CairnUsageData *data)
{
  json_builder_set_member_name (builder, "cairn");
  json_builder_begin_object (builder);
  add_int (builder, "files", data->files);
  add_int (builder, "unreadableFiles", data->unreadable_files);
  add_int (builder, "unreadableLines", data->bad_lines);
  add_int (builder, "duplicateRequests", data->duplicates);
  add_int (builder, "syntheticReplies", data->synthetic);
  add_int (builder, "futureRequests", data->future);
  add_int (builder, "unpricedRequests", data->unpriced);
  json_builder_set_member_name (builder, "unpricedModels");
  json_builder_begin_array (builder);
  for (guint i = 0; i < data->models->len; i++)
    if (cairn_usage_price_lookup (g_ptr_array_index (data->models, i)) == NULL)
      json_builder_add_string_value (builder, g_ptr_array_index (data->models, i));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "pricingDate");
  json_builder_add_string_value (builder, cairn_usage_pricing_date ());
  json_builder_end_object (builder);
}

static void
print_json (JsonBuilder *builder,
            GString     *out)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = cairn_json_to_string (root, TRUE);

  g_string_append (out, text);
  g_string_append_c (out, '\n');
}

static void
add_row_key (JsonBuilder   *builder,
             const char    *report,
             CairnUsageRow *row)
{
  static const char *const keys[][2] = { { "daily", "date" }, { "weekly", "week" }, { "monthly", "month" },
                                         { "session", "sessionId" }, { "projects", "project" } };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (report, keys[i][0]))
      {
        json_builder_set_member_name (builder, keys[i][1]);
        json_builder_add_string_value (builder, row->key);
      }
  if (row->project != NULL)
    {
      g_autofree char *first = iso_time (row->first_us);
      g_autofree char *last = iso_time (row->last_us);
      json_builder_set_member_name (builder, "projectPath");
      json_builder_add_string_value (builder, row->project);
      json_builder_set_member_name (builder, "firstActivity");
      json_builder_add_string_value (builder, first);
      json_builder_set_member_name (builder, "lastActivity");
      json_builder_add_string_value (builder, last);
    }
}

/**
 * cairn_usage_format_json:
 * @report: daily, weekly, monthly or session
 */
void
cairn_usage_format_json (CairnUsageData *data,
                         const char     *report,
                         GPtrArray      *rows,
                         GString        *out)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  CairnUsageSums total = cairn_usage_total (rows);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, g_str_equal (report, "session") ? "sessions" : report);
  json_builder_begin_array (builder);
  for (guint i = 0; i < rows->len; i++)
    {
      CairnUsageRow *row = g_ptr_array_index (rows, i);
      json_builder_begin_object (builder);
      add_row_key (builder, report, row);
      add_tokens (builder, &row->sums, "totalCost");
      add_models (builder, row->models, "modelsUsed");
      add_breakdowns (builder, row->models);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "totals");
  json_builder_begin_object (builder);
  add_tokens (builder, &total, "totalCost");
  json_builder_end_object (builder);
  add_notes (builder, data);
  json_builder_end_object (builder);
  print_json (builder, out);
}

/**
 * cairn_usage_block_burn:
 *
 * The running block's burn rate (over the time between its first and
 * last request) and where it ends at that rate, as ccusage works them
 * out; a finished block has neither.
 */
CairnUsageBurn
cairn_usage_block_burn (const CairnUsageBlock *block,
                        gint64                 now_us)
{
  CairnUsageBurn burn = { 0 };
  double minutes = (block->last_us - block->first_us) / (60.0 * G_USEC_PER_SEC);

  /* ccusage gives the running block's only */
  if (!block->is_active || block->is_gap || block->sums.requests < 2 || minutes <= 0)
    return burn;
  burn.has_rate = TRUE;
  burn.tokens_per_minute = cairn_usage_sums_tokens (&block->sums) / minutes;
  burn.cost_per_hour = block->sums.cost / minutes * 60;
  burn.has_projection = TRUE;
  burn.remaining_minutes = MAX (0, (block->end_us - now_us) / (60.0 * G_USEC_PER_SEC));
  burn.projected_tokens = cairn_usage_sums_tokens (&block->sums) + burn.tokens_per_minute * burn.remaining_minutes;
  burn.projected_cost = block->sums.cost + burn.cost_per_hour / 60 * burn.remaining_minutes;
  return burn;
}

static void
add_time (JsonBuilder *builder,
          const char  *name,
          gint64       time_us)
{
  g_autofree char *text = iso_time (time_us);

  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, text);
}

static void
add_double (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

static void
add_burn (JsonBuilder           *builder,
          const CairnUsageBlock *block,
          gint64                 now_us)
{
  CairnUsageBurn burn = cairn_usage_block_burn (block, now_us);

  json_builder_set_member_name (builder, "burnRate");
  if (!burn.has_rate)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      add_double (builder, "tokensPerMinute", burn.tokens_per_minute);
      add_double (builder, "costPerHour", burn.cost_per_hour);
      json_builder_end_object (builder);
    }
  json_builder_set_member_name (builder, "projection");
  if (!burn.has_projection)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      add_int (builder, "totalTokens", (gint64)(burn.projected_tokens + 0.5));
      add_double (builder, "totalCost", burn.projected_cost);
      add_int (builder, "remainingMinutes", (gint64)(burn.remaining_minutes + 0.5));
      json_builder_end_object (builder);
    }
}

static void
add_block (JsonBuilder           *builder,
           const CairnUsageBlock *block,
           gint64                 now_us)
{
  g_autofree char *start = iso_time (block->start_us);
  g_autofree char *id = block->is_gap ? g_strconcat ("gap-", start, NULL) : g_strdup (start);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, id);
  add_time (builder, "startTime", block->start_us);
  add_time (builder, "endTime", block->end_us);
  if (!block->is_gap)
    add_time (builder, "actualEndTime", block->last_us);
  json_builder_set_member_name (builder, "isActive");
  json_builder_add_boolean_value (builder, block->is_active);
  json_builder_set_member_name (builder, "isGap");
  json_builder_add_boolean_value (builder, block->is_gap);
  add_int (builder, "entries", block->sums.requests);
  json_builder_set_member_name (builder, "tokenCounts");
  json_builder_begin_object (builder);
  add_int (builder, "inputTokens", block->sums.input);
  add_int (builder, "outputTokens", block->sums.output);
  add_int (builder, "cacheCreationInputTokens", block->sums.cache_write);
  add_int (builder, "cacheReadInputTokens", block->sums.cache_read);
  json_builder_end_object (builder);
  add_int (builder, "totalTokens", cairn_usage_sums_tokens (&block->sums));
  add_double (builder, "costUSD", block->sums.cost);
  if (block->sums.unpriced > 0)
    add_int (builder, "unpricedRequests", block->sums.unpriced);
  add_models (builder, block->models, "models");
  add_burn (builder, block, now_us);
  json_builder_end_object (builder);
}

void
cairn_usage_format_blocks_json (CairnUsageData *data,
                                GPtrArray      *blocks,
                                gint64          now_us,
                                GString        *out)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "blocks");
  json_builder_begin_array (builder);
  for (guint i = 0; i < blocks->len; i++)
    add_block (builder, g_ptr_array_index (blocks, i), now_us);
  json_builder_end_array (builder);
  add_notes (builder, data);
  json_builder_end_object (builder);
  print_json (builder, out);
}

char *
cairn_usage_format_tokens (guint64 tokens)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, tokens);
  GString *text = g_string_new (NULL);
  gsize length = strlen (digits);

  for (gsize i = 0; i < length; i++)
    {
      if (i > 0 && (length - i) % 3 == 0)
        g_string_append_c (text, ',');
      g_string_append_c (text, digits[i]);
    }
  return g_string_free (text, FALSE);
}

/**
 * cairn_usage_format_tokens_short:
 *
 * A chart axis's figure: "0", "750", "2.5K", "40M", "1.2B".
 */
char *
cairn_usage_format_tokens_short (double tokens)
{
  double scale = 1000;
  g_autofree char *figure = NULL;
  guint unit = 0;

  if (tokens < 1000)
    return g_strdup_printf ("%.0f", tokens);
  while (unit < 2 && tokens >= scale * 1000)
    {
      scale *= 1000;
      unit++;
    }
  /* one decimal below 10 unless it is .0: 2.5K, 2K, 40K */
  if (tokens / scale < 10 && fmod (tokens / scale, 1) >= 0.05)
    figure = g_strdup_printf ("%.1f", tokens / scale);
  else
    figure = g_strdup_printf ("%.0f", tokens / scale);
  switch (unit)
    {
    case 0:
      /* Translators: a short token count on a chart's axis, in thousands */
      return g_strdup_printf (_("%sK"), figure);
    case 1:
      /* Translators: a short token count on a chart's axis, in millions */
      return g_strdup_printf (_("%sM"), figure);
    default:
      /* Translators: a short token count on a chart's axis, in billions */
      return g_strdup_printf (_("%sB"), figure);
    }
}

/* A cost, never $0 for what has no price. */
char *
cairn_usage_format_cost (const CairnUsageSums *sums)
{
  g_autofree char *cost = g_strdup_printf ("$%.2f", sums->cost);

  if (sums->unpriced > 0 && sums->unpriced == sums->requests)
    return g_strdup (_("price unknown"));
  if (sums->unpriced > 0)
    /* Translators: a cost, and requests of a model without a price */
    return g_strdup_printf (_("%s + price unknown"), cost);
  return g_steal_pointer (&cost);
}

/* A table: the first two columns left, the figures right-aligned. */
static void
print_table (GPtrArray *rows,
             GString   *out)
{
  guint n = rows->len ? g_strv_length (g_ptr_array_index (rows, 0)) : 0;
  g_autofree glong *widths = g_new0 (glong, n);

  for (guint r = 0; r < rows->len; r++)
    for (guint c = 0; c < n; c++)
      widths[c] = MAX (widths[c], g_utf8_strlen (((char **)g_ptr_array_index (rows, r))[c], -1));
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);
      for (guint c = 0; c < n; c++)
        {
          glong pad = widths[c] - g_utf8_strlen (cells[c], -1);
          gboolean left = c < 2;   /* the period and the models */

          if (c > 0)
            g_string_append (out, "  ");
          if (left)
            g_string_append (out, cells[c]);
          for (glong i = 0; i < pad && (!left || c + 1 < n); i++)
            g_string_append_c (out, ' ');
          if (!left)
            g_string_append (out, cells[c]);
        }
      g_string_append_c (out, '\n');
    }
}

static char **
sums_cells (const char           *first,
            const char           *models,
            const CairnUsageSums *sums)
{
  char **cells = g_new0 (char *, 9);

  cells[0] = g_strdup (first);
  cells[1] = g_strdup (models);
  cells[2] = cairn_usage_format_tokens (sums->input);
  cells[3] = cairn_usage_format_tokens (sums->output);
  cells[4] = cairn_usage_format_tokens (sums->cache_write);
  cells[5] = cairn_usage_format_tokens (sums->cache_read);
  cells[6] = cairn_usage_format_tokens (cairn_usage_sums_tokens (sums));
  cells[7] = cairn_usage_format_cost (sums);
  return cells;
}

static char *
models_list (GPtrArray *models)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;

  for (guint i = 0; i < models->len; i++)
    g_strv_builder_add (names, ((CairnUsageModelSums *)g_ptr_array_index (models, i))->model);
  list = g_strv_builder_end (names);
  return g_strjoinv (", ", list);
}

static void
add_breakdown_rows (GPtrArray *table,
                    GPtrArray *models)
{
  for (guint i = 0; i < models->len; i++)
    {
      CairnUsageModelSums *sums = g_ptr_array_index (models, i);
      g_autofree char *name = g_strconcat ("  └ ", sums->model, NULL);
      g_ptr_array_add (table, sums_cells (name, "", &sums->sums));
    }
}

static const char *
first_heading (CairnUsageGrouping grouping)
{
  switch (grouping)
    {
    case CAIRN_USAGE_WEEKLY:
      return _("Week");
    case CAIRN_USAGE_MONTHLY:
      return _("Month");
    case CAIRN_USAGE_SESSION:
      return _("Session");
    case CAIRN_USAGE_PROJECT:
      return _("Project");
    case CAIRN_USAGE_MODEL:
      return _("Model");
    case CAIRN_USAGE_DAILY:
    default:
      return _("Date");
    }
}

static char **
heading_cells (const char *first)
{
  const char *cells[] = { first, _("Models"), _("Input"), _("Output"), _("Cache Write"), _("Cache Read"),
                          _("Total Tokens"), _("Cost (USD)"), NULL };

  return g_strdupv ((char **)cells);
}

void
cairn_usage_format_table (CairnUsageGrouping  grouping,
                          GPtrArray          *rows,
                          gboolean            breakdown,
                          GString            *out)
{
  g_autoptr(GPtrArray) table = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  CairnUsageSums total = cairn_usage_total (rows);

  g_ptr_array_add (table, heading_cells (first_heading (grouping)));
  for (guint i = 0; i < rows->len; i++)
    {
      CairnUsageRow *row = g_ptr_array_index (rows, i);
      g_autofree char *models = models_list (row->models);
      g_ptr_array_add (table, sums_cells (row->key, models, &row->sums));
      if (breakdown)
        add_breakdown_rows (table, row->models);
    }
  g_ptr_array_add (table, sums_cells (_("Total"), "", &total));
  print_table (table, out);
}

static char *
block_status (const CairnUsageBlock *block,
              gint64                 now_us)
{
  CairnUsageBurn burn = cairn_usage_block_burn (block, now_us);
  g_autofree char *projected = NULL;

  if (block->is_gap)
    return g_strdup (_("gap"));
  if (!block->is_active)
    return g_strdup ("");
  if (!burn.has_projection)
    return g_strdup (_("running"));
  projected = cairn_usage_format_tokens ((guint64)burn.projected_tokens);
  /* Translators: the running 5-hour block: its tokens at its end, at the rate so far */
  return g_strdup_printf (_("running, %s tokens by its end"), projected);
}

void
cairn_usage_format_blocks_table (GPtrArray *blocks,
                                 gint64     now_us,
                                 gboolean   breakdown,
                                 GString   *out)
{
  g_autoptr(GPtrArray) table = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);

  g_ptr_array_add (table, heading_cells (_("Block Start")));
  for (guint i = 0; i < blocks->len; i++)
    {
      CairnUsageBlock *block = g_ptr_array_index (blocks, i);
      g_autoptr(GDateTime) start = g_date_time_new_from_unix_local (block->start_us / G_USEC_PER_SEC);
      g_autofree char *when = g_date_time_format (start, "%Y-%m-%d %H:%M");
      g_autofree char *status = block_status (block, now_us);
      g_autofree char *first = status[0] ? g_strdup_printf ("%s (%s)", when, status) : g_strdup (when);
      g_autofree char *models = models_list (block->models);

      g_ptr_array_add (table, sums_cells (first, models, &block->sums));
      if (breakdown)
        add_breakdown_rows (table, block->models);
    }
  print_table (table, out);
}

/**
 * cairn_usage_format_notes:
 *
 * What was not counted, said under a table: never a silent total.
 */
void
cairn_usage_format_notes (CairnUsageData *data,
                          GString        *out)
{
  if (data->bad_lines > 0)
    g_string_append_printf (out, ngettext ("%u line could not be read\n", "%u lines could not be read\n",
                                           data->bad_lines), data->bad_lines);
  if (data->unreadable_files > 0)
    g_string_append_printf (out, ngettext ("%u file could not be read\n", "%u files could not be read\n",
                                           data->unreadable_files), data->unreadable_files);
  if (data->future > 0)
    g_string_append_printf (out, ngettext ("%u request is dated in the future\n",
                                           "%u requests are dated in the future\n", data->future),
                            data->future);
  if (data->unpriced > 0)
    g_string_append_printf (out, ngettext ("%u request has a model without a known price: not in the cost\n",
                                           "%u requests have a model without a known price: not in the cost\n",
                                           data->unpriced), data->unpriced);
}

/* A CSV field: quoted when it holds a separator, a quote or a line end. */
static void
append_csv_field (GString    *out,
                  const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/**
 * cairn_usage_format_csv:
 *
 * The rows as CSV, a model's figures under its row, with the column
 * names of the JSON.
 */
void
cairn_usage_format_csv (GPtrArray *rows,
                        GString   *out)
{
  g_string_append (out, "key,project,model,inputTokens,outputTokens,cacheCreationTokens,cacheReadTokens,"
                        "totalTokens,totalCost,unpricedRequests\n");
  for (guint i = 0; i < rows->len; i++)
    {
      CairnUsageRow *row = g_ptr_array_index (rows, i);
      for (guint j = 0; j <= row->models->len; j++)
        {
          CairnUsageModelSums *model = j > 0 ? g_ptr_array_index (row->models, j - 1) : NULL;
          const CairnUsageSums *sums = model ? &model->sums : &row->sums;
          char cost[G_ASCII_DTOSTR_BUF_SIZE];

          append_csv_field (out, row->key);
          g_string_append_c (out, ',');
          append_csv_field (out, row->project ? row->project : "");
          g_string_append_c (out, ',');
          append_csv_field (out, model ? model->model : "");
          g_string_append_printf (out, ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                                  ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%s,%u\n",
                                  sums->input, sums->output, sums->cache_write, sums->cache_read,
                                  cairn_usage_sums_tokens (sums),
                                  g_ascii_formatd (cost, sizeof cost, "%.6f", sums->cost), sums->unpriced);
        }
    }
}
