/* cairn-usage-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "history/cairn-history-paths.h"
#include "usage/cairn-usage-data.h"
#include "usage/cairn-usage-format.h"
#include "usage/cairn-usage-names.h"
#include "usage/cairn-usage-report.h"
#include "widgets/cairn-usage-bar.h"
#include "widgets/cairn-usage-chart.h"
#include "window/cairn-usage-window.h"
#include "window/cairn-window.h"

/* Usage over time: a bar a day, week or month, its tokens stacked by
 * model or by project, and the same figures in a table beside it. The history is read
 * in a thread (with the usage index, so a second opening reads only what
 * changed); what could not be read is said under the chart. */

struct _CairnUsageWindow
{
  AdwWindow       parent_instance;

  GtkDropDown    *period;
  GtkDropDown    *split;
  CairnUsageChart *bars;
  CairnUsageScale *scale;
  GtkScrolledWindow *chart_scroller;
  GtkFlowBox     *legend;
  GtkColumnView  *table;
  GtkLabel       *notes;
  GtkLabel       *plan;
  GtkDropDown    *model_filter;
  GtkDropDown    *project_filter;
  GtkEntry       *since;
  GtkEntry       *until;

  GCancellable   *cancellable;
  CairnUsageData *data;
  CairnUsageNames *names;  /* the projects as the user knows them: by their folders */
  GPtrArray      *rows;     /* CairnUsageRow of the period shown, by model: the table's */
  GPtrArray      *chart_rows; /* the same rows split as the chart is */
  GPtrArray      *models;   /* char *: every model, for the filter */
  GPtrArray      *keys;     /* char *: the models or projects with a colour of their own */
  gboolean        other;    /* and the rest, in grey */
  GtkStringList  *indices;  /* the table's items: each a row's index */
  GFile          *projects;
  guint           reload_id;
  GtkFileChooserNative *chooser;
  guint           grouping;  /* the dropdown's: an index into groupings */
  char           *plan_limit;
  gboolean        filling;   /* the filters are being refilled: no redraw for each */
  gboolean        to_latest; /* scroll the chart to its last bar once it is laid out */
  guint           scroll_id;
};

/* the last one, the 5-hour blocks, lists blocks rather than grouping */
static const CairnUsageGrouping groupings[] = { CAIRN_USAGE_DAILY, CAIRN_USAGE_WEEKLY, CAIRN_USAGE_MONTHLY,
                                                CAIRN_USAGE_PROJECT, CAIRN_USAGE_SESSION, CAIRN_USAGE_DAILY };
#define BLOCKS 5
/* the JSON export's report names, as cairn --usage names them */
static const char *const report_names[] = { "daily", "weekly", "monthly", "projects", "session", "blocks" };

/* While conversations run their files grow: the window reads again every
 * few seconds, which with the index costs a stat a file and the new
 * bytes, in a thread. */
#define RELOAD_SECONDS 5

G_DEFINE_FINAL_TYPE (CairnUsageWindow, cairn_usage_window, ADW_TYPE_WINDOW)

static guint
key_color (CairnUsageWindow *self,
           const char       *key)
{
  for (guint i = 0; i < self->keys->len; i++)
    if (g_str_equal (g_ptr_array_index (self->keys, i), key))
      return i;
  return CAIRN_USAGE_BAR_OTHER;
}

static CairnUsageSplit
split_by (CairnUsageWindow *self)
{
  return gtk_drop_down_get_selected (self->split) == 1 ? CAIRN_USAGE_SPLIT_PROJECT : CAIRN_USAGE_SPLIT_MODEL;
}

/* A row's or part's name as shown: a project by its folder ("~/src/cairn",
 * or only "cairn" where room is tight); a model, day or conversation as
 * it is keyed. */
static const char *
shown_name (CairnUsageWindow *self,
            const char       *key,
            gboolean          is_project,
            gboolean          tight)
{
  if (!is_project || self->names == NULL)
    return key;
  return tight ? cairn_usage_names_short (self->names, key) : cairn_usage_names_full (self->names, key);
}

static gboolean
rows_are_projects (CairnUsageWindow *self)
{
  return self->grouping != BLOCKS && groupings[self->grouping] == CAIRN_USAGE_PROJECT;
}

/* A colour each for the models (or projects) with the most tokens over
 * the whole history, so that one keeps its colour whatever is shown;
 * past the palette, the rest are "Other". */
static void
choose_keys (CairnUsageWindow *self)
{
  g_clear_pointer (&self->keys, g_ptr_array_unref);
  self->keys = cairn_usage_top_keys (self->data, split_by (self), CAIRN_USAGE_BAR_COLORS + 1);
  self->other = self->keys->len > CAIRN_USAGE_BAR_COLORS;
  if (self->other)
    g_ptr_array_set_size (self->keys, CAIRN_USAGE_BAR_COLORS - 1);
}

/* A row's figures in words: the tooltip, and what a screen reader says. */
static char *
describe_row (CairnUsageWindow *self,
              CairnUsageRow    *row)
{
  GString *text = g_string_new (NULL);
  g_autofree char *total = cairn_usage_format_tokens (cairn_usage_sums_tokens (&row->sums));
  g_autofree char *cost = cairn_usage_format_cost (&row->sums);

  /* Translators: a period's tokens and cost, e.g. "2026-11-24: 1,234 tokens, $0.52" */
  g_string_append_printf (text, _("%s: %s tokens, %s"), shown_name (self, row->key, rows_are_projects (self), FALSE),
                          total, cost);
  for (guint i = 0; i < row->models->len; i++)
    {
      CairnUsageModelSums *model = g_ptr_array_index (row->models, i);
      g_autofree char *tokens = cairn_usage_format_tokens (cairn_usage_sums_tokens (&model->sums));
      g_autofree char *model_cost = cairn_usage_format_cost (&model->sums);
      g_string_append_printf (text, "\n%s: %s, %s",
                              shown_name (self, model->model, split_by (self) == CAIRN_USAGE_SPLIT_PROJECT, FALSE),
                              tokens, model_cost);
    }
  return g_string_free (text, FALSE);
}

/* A project's name under its bar: at most this many characters, the
 * first AXIS_LABEL_HEAD of them from its start. */
#define AXIS_LABEL_CHARS 12
#define AXIS_LABEL_HEAD  5

/* A bar's date under it, in the desktop's locale (the keys are days in
 * its time zone already), or a project's folder's name (its end when
 * long: the whole path is in the bar's tooltip); a conversation's id
 * would say nothing. */
static char *
axis_label (CairnUsageWindow *self,
            const char       *key)
{
  int year = 0, month = 0, day = 1, hour = 0, minute = 0;
  g_autoptr(GDateTime) date = NULL;
  glong length;

  if (self->grouping == BLOCKS)
    {
      if (sscanf (key, "%d-%d-%d %d:%d", &year, &month, &day, &hour, &minute) == 5 &&
          (date = g_date_time_new_local (year, month, day, hour, minute, 0)) != NULL)
        /* Translators: a 5-hour block's start under a chart's bar (strftime; %-d: no padding) */
        return g_date_time_format (date, _("%b %-d %H:%M"));
      return NULL;
    }
  switch (groupings[self->grouping])
    {
    case CAIRN_USAGE_DAILY:
    case CAIRN_USAGE_WEEKLY:
      if (sscanf (key, "%d-%d-%d", &year, &month, &day) == 3 &&
          (date = g_date_time_new_local (year, month, day, 0, 0, 0)) != NULL)
        /* Translators: a day under a chart's bar (strftime; %-d: no padding) */
        return g_date_time_format (date, _("%b %-d"));
      return NULL;
    case CAIRN_USAGE_MONTHLY:
      if (sscanf (key, "%d-%d", &year, &month) == 2 && (date = g_date_time_new_local (year, month, 1, 0, 0, 0)) != NULL)
        /* Translators: a month under a chart's bar (strftime) */
        return g_date_time_format (date, _("%b %Y"));
      return NULL;
    case CAIRN_USAGE_PROJECT:
      /* the short name's start tells projects apart ("src/project-28",
       * "work/project-28"), its end is the folder: both, around an
       * ellipsis, when it is too long (its end alone repeated) */
      key = shown_name (self, key, TRUE, TRUE);
      length = g_utf8_strlen (key, -1);
      if (length <= AXIS_LABEL_CHARS)
        return g_strdup (key);
      return g_strdup_printf ("%.*s…%s", (int)(g_utf8_offset_to_pointer (key, AXIS_LABEL_HEAD) - key), key,
                              g_utf8_offset_to_pointer (key, length - (AXIS_LABEL_CHARS - 1 - AXIS_LABEL_HEAD)));
    case CAIRN_USAGE_SESSION:
    case CAIRN_USAGE_MODEL:
    default:
      return NULL;
    }
}

static void
add_bar (CairnUsageWindow *self,
         CairnUsageRow    *row,
         double            max)
{
  GtkWidget *bar = cairn_usage_bar_new ();
  double values[CAIRN_USAGE_BAR_OTHER + 1] = { 0 };
  g_autofree char *description = describe_row (self, row);
  g_autofree char *label = axis_label (self, row->key);

  for (guint i = 0; i < row->models->len; i++)
    {
      CairnUsageModelSums *part = g_ptr_array_index (row->models, i);
      values[key_color (self, part->model)] += cairn_usage_sums_tokens (&part->sums);
    }
  cairn_usage_bar_set (CAIRN_USAGE_BAR (bar), values, G_N_ELEMENTS (values), max,
                       shown_name (self, row->key, rows_are_projects (self), FALSE), description);
  cairn_usage_chart_append (self->bars, bar, label);
}

/* A legend's model or project (its folder's name; the whole path in the
 * tooltip and for a screen reader). */
static void
add_legend_item (CairnUsageWindow *self,
                 guint             color,
                 const char       *name,
                 const char       *full)
{
  GtkWidget *item = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);

  if (full != NULL && !g_str_equal (full, name))
    {
      gtk_widget_set_tooltip_text (label, full);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, full, -1);
    }
  gtk_box_append (GTK_BOX (item), cairn_usage_bar_new_swatch (color));
  gtk_box_append (GTK_BOX (item), label);
  gtk_flow_box_append (self->legend, item);
}

static void
show_legend (CairnUsageWindow *self)
{
  GtkWidget *child;
  gboolean projects = split_by (self) == CAIRN_USAGE_SPLIT_PROJECT;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend))) != NULL)
    gtk_flow_box_remove (self->legend, child);
  for (guint i = 0; i < self->keys->len; i++)
    {
      const char *key = g_ptr_array_index (self->keys, i);
      add_legend_item (self, i, shown_name (self, key, projects, TRUE), shown_name (self, key, projects, FALSE));
    }
  if (self->other)
    /* Translators: the models or projects past the chart's colours, together */
    add_legend_item (self, CAIRN_USAGE_BAR_OTHER, _("Other"), NULL);
}

static void
show_chart (CairnUsageWindow *self)
{
  GPtrArray *rows = self->chart_rows;
  double max = 0;

  cairn_usage_chart_clear (self->bars);
  for (guint i = 0; i < rows->len; i++)
    max = MAX (max, cairn_usage_sums_tokens (&((CairnUsageRow *)g_ptr_array_index (rows, i))->sums));
  max = cairn_usage_chart_set_max (self->bars, max);
  for (guint i = 0; i < rows->len; i++)
    add_bar (self, g_ptr_array_index (rows, i), max);
}

static void
show_table (CairnUsageWindow *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->rows->len; i++)
    g_ptr_array_add (names, g_strdup_printf ("%u", i));
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->indices, 0, g_list_model_get_n_items (G_LIST_MODEL (self->indices)),
                          (const char *const *)names->pdata);
}

static void
show_notes (CairnUsageWindow *self)
{
  g_autoptr(GString) notes = g_string_new (NULL);

  cairn_usage_format_notes (self->data, notes);
  g_strchomp (notes->str);
  gtk_label_set_text (self->notes, notes->str);
  gtk_widget_set_visible (GTK_WIDGET (self->notes), notes->str[0] != '\0');
}

/* The key of the filter's choice (a model, a project folder's name), or
 * NULL for its first item (all). */
static const char *
filter_choice (GtkDropDown *filter)
{
  GPtrArray *keys = g_object_get_data (G_OBJECT (filter), "keys");
  guint selected = gtk_drop_down_get_selected (filter);

  return keys != NULL && selected > 0 && selected <= keys->len ? g_ptr_array_index (keys, selected - 1) : NULL;
}

/* Fills a filter with "all" and @shown, keyed by @keys (taken), keeping
 * what was chosen. */
static void
fill_filter (GtkDropDown *filter,
             const char  *all,
             GPtrArray   *shown,
             GPtrArray   *keys)
{
  g_autofree char *chosen = g_strdup (filter_choice (filter));
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint selected = 0;

  gtk_string_list_append (list, all);
  for (guint i = 0; i < shown->len; i++)
    {
      gtk_string_list_append (list, g_ptr_array_index (shown, i));
      if (g_strcmp0 (chosen, g_ptr_array_index (keys, i)) == 0)
        selected = i + 1;
    }
  g_object_set_data_full (G_OBJECT (filter), "keys", keys, (GDestroyNotify)g_ptr_array_unref);
  gtk_drop_down_set_model (filter, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (filter, selected);
}

typedef struct
{
  const char *shown;
  const char *key;
} Choice;

static int
compare_choices (gconstpointer a,
                 gconstpointer b)
{
  return g_utf8_collate (((const Choice *)a)->shown, ((const Choice *)b)->shown);
}

/* The projects by their folders, in order; each filters by its key. */
static void
fill_project_filter (CairnUsageWindow *self)
{
  g_autoptr(GArray) choices = g_array_new (FALSE, FALSE, sizeof (Choice));
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->data->sessions->len; i++)
    {
      CairnUsageSession *session = g_ptr_array_index (self->data->sessions, i);
      Choice choice = { shown_name (self, session->project, TRUE, FALSE), session->project };
      if (g_hash_table_add (seen, session->project))
        g_array_append_val (choices, choice);
    }
  g_array_sort (choices, compare_choices);
  for (guint i = 0; i < choices->len; i++)
    {
      g_ptr_array_add (shown, (gpointer)g_array_index (choices, Choice, i).shown);
      g_ptr_array_add (keys, g_strdup (g_array_index (choices, Choice, i).key));
    }
  fill_filter (self->project_filter, _("All Projects"), shown, keys);
}

static void
fill_filters (CairnUsageWindow *self)
{
  GPtrArray *models = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->models->len; i++)
    g_ptr_array_add (models, g_strdup (g_ptr_array_index (self->models, i)));
  fill_filter (self->model_filter, _("All Models"), self->models, models);
  fill_project_filter (self);
}

static GPtrArray *
query_rows (CairnUsageWindow      *self,
            const CairnUsageQuery *query)
{
  if (self->grouping == BLOCKS)
    return cairn_usage_block_rows (self->data, query, g_get_real_time ());
  return cairn_usage_report (self->data, query);
}

static void
show_period (CairnUsageWindow *self)
{
  const char *titles[] = { _("Day"), _("Week"), _("Month"), _("Project"), _("Conversation"), _("Block Start") };
  guint selected = MIN (gtk_drop_down_get_selected (self->period), G_N_ELEMENTS (groupings) - 1);
  CairnUsageQuery query = { groupings[selected], 0, 0, G_DATE_SUNDAY, NULL, NULL };
  g_autoptr(GtkColumnViewColumn) first = g_list_model_get_item (gtk_column_view_get_columns (self->table), 0);

  self->grouping = selected;
  gtk_column_view_column_set_title (first, titles[selected]);
  if (self->data == NULL)
    return;
  query.model = filter_choice (self->model_filter);
  query.project = filter_choice (self->project_filter);
  /* a day not written whole yet (or not a day) is no bound */
  cairn_usage_parse_day (gtk_editable_get_text (GTK_EDITABLE (self->since)), &query.since);
  cairn_usage_parse_day (gtk_editable_get_text (GTK_EDITABLE (self->until)), &query.until);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->chart_rows, g_ptr_array_unref);
  /* the table (and its export) by model; the chart as it is split */
  self->rows = query_rows (self, &query);
  query.split = split_by (self);
  self->chart_rows = query.split == CAIRN_USAGE_SPLIT_MODEL ? g_ptr_array_ref (self->rows) : query_rows (self, &query);
  /* the blocks beside the plan's own 5-hour window, when the CLI said it */
  gtk_widget_set_visible (GTK_WIDGET (self->plan), selected == BLOCKS && self->plan_limit != NULL);
  show_chart (self);
  show_table (self);
}

static gboolean reload_cb (gpointer user_data);

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  CairnUsageData *data = cairn_usage_data_load_finish (result, &error);
  CairnUsageWindow *self;

  if (data == NULL)
    return;   /* cancelled: the window is gone */
  self = CAIRN_USAGE_WINDOW (user_data);
  g_clear_pointer (&self->data, cairn_usage_data_free);
  self->data = data;
  g_clear_pointer (&self->names, cairn_usage_names_free);
  self->names = cairn_usage_names_new (data, g_get_home_dir ());
  g_ptr_array_set_size (self->models, 0);
  for (guint i = 0; i < data->models->len; i++)
    g_ptr_array_add (self->models, g_strdup (g_ptr_array_index (data->models, i)));
  choose_keys (self);
  show_legend (self);
  show_notes (self);
  self->filling = TRUE;
  fill_filters (self);
  self->filling = FALSE;
  show_period (self);
  if (self->reload_id == 0)
    self->reload_id = g_timeout_add_seconds (RELOAD_SECONDS, reload_cb, self);
}

/**
 * cairn_usage_window_load:
 * @projects: the CLI's projects folder
 *
 * Reads the usage in a thread and shows it.
 */
void
cairn_usage_window_load (CairnUsageWindow *self,
                         GFile            *projects)
{
  g_return_if_fail (CAIRN_IS_USAGE_WINDOW (self));
  g_set_object (&self->projects, projects);
  cairn_usage_data_load_async (projects, NULL, self->cancellable, loaded_cb, self);
}

static gboolean
reload_cb (gpointer user_data)
{
  CairnUsageWindow *self = user_data;

  self->reload_id = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    cairn_usage_data_load_async (self->projects, NULL, self->cancellable, loaded_cb, self);
  else
    self->reload_id = g_timeout_add_seconds (RELOAD_SECONDS, reload_cb, self);
  return G_SOURCE_REMOVE;
}

gboolean
cairn_usage_window_is_loaded (CairnUsageWindow *self)
{
  return self->data != NULL;
}

GtkWidget *
cairn_usage_window_get_bars (CairnUsageWindow *self)
{
  return GTK_WIDGET (self->bars);
}

typedef enum
{
  COLUMN_PERIOD,
  COLUMN_INPUT,
  COLUMN_OUTPUT,
  COLUMN_CACHE_WRITE,
  COLUMN_CACHE_READ,
  COLUMN_COST,
} Column;

static char *
cell_text (CairnUsageWindow *self,
           CairnUsageRow    *row,
           Column            column)
{
  switch (column)
    {
    case COLUMN_PERIOD:
      return g_strdup (shown_name (self, row->key, rows_are_projects (self), FALSE));
    case COLUMN_INPUT:
      return cairn_usage_format_tokens (row->sums.input);
    case COLUMN_OUTPUT:
      return cairn_usage_format_tokens (row->sums.output);
    case COLUMN_CACHE_WRITE:
      return cairn_usage_format_tokens (row->sums.cache_write);
    case COLUMN_CACHE_READ:
      return cairn_usage_format_tokens (row->sums.cache_read);
    case COLUMN_COST:
    default:
      return cairn_usage_format_cost (&row->sums);
    }
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_INT (user_data) == COLUMN_PERIOD ? 0 : 1);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              CairnUsageWindow         *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  guint index = atoi (gtk_string_object_get_string (gtk_list_item_get_item (item)));
  g_autofree char *text = NULL;

  if (self->rows == NULL || index >= self->rows->len)
    return;
  text = cell_text (self, g_ptr_array_index (self->rows, index), column);
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static CairnUsageRow *
row_of_item (CairnUsageWindow *self,
             gpointer          item)
{
  guint index = atoi (gtk_string_object_get_string (item));

  return self->rows != NULL && index < self->rows->len ? g_ptr_array_index (self->rows, index) : NULL;
}

typedef struct
{
  CairnUsageWindow *self;
  Column            column;
} SortBy;

static int
compare_numbers (double x,
                 double y)
{
  return x < y ? -1 : x > y;
}

/* A column's order: the period's or name's, or the figure's. */
static int
compare_rows_cb (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  SortBy *by = user_data;
  CairnUsageRow *x = row_of_item (by->self, (gpointer)a), *y = row_of_item (by->self, (gpointer)b);

  if (x == NULL || y == NULL)
    return (x != NULL) - (y != NULL);
  switch (by->column)
    {
    case COLUMN_PERIOD:
      return g_utf8_collate (shown_name (by->self, x->key, rows_are_projects (by->self), FALSE),
                             shown_name (by->self, y->key, rows_are_projects (by->self), FALSE));
    case COLUMN_INPUT:
      return compare_numbers (x->sums.input, y->sums.input);
    case COLUMN_OUTPUT:
      return compare_numbers (x->sums.output, y->sums.output);
    case COLUMN_CACHE_WRITE:
      return compare_numbers (x->sums.cache_write, y->sums.cache_write);
    case COLUMN_CACHE_READ:
      return compare_numbers (x->sums.cache_read, y->sums.cache_read);
    case COLUMN_COST:
    default:
      return compare_numbers (x->sums.cost, y->sums.cost);
    }
}

static void
add_column (CairnUsageWindow *self,
            const char       *title,
            Column            column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) view_column = NULL;
  SortBy *by = g_new (SortBy, 1);
  g_autoptr(GtkSorter) sorter = NULL;

  by->self = self;
  by->column = column;
  sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows_cb, by, g_free));
  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (column));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GINT_TO_POINTER (column));
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_cell_cb), self, 0);
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (view_column, column == COLUMN_PERIOD);
  /* a click on the heading sorts by it */
  gtk_column_view_column_set_sorter (view_column, sorter);
  gtk_column_view_append_column (self->table, view_column);
}

static void
written_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    g_warning ("The usage table could not be exported: %s", error->message);
}

/* The table as shown, in JSON (ccusage's field names) when the name ends
 * in .json, else in CSV. */
static void
export_response_cb (GtkNativeDialog  *chooser,
                    int               response,
                    CairnUsageWindow *self)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = NULL;
  GBytes *bytes;

  if (response != GTK_RESPONSE_ACCEPT || file == NULL || self->rows == NULL)
    return;
  name = g_file_get_basename (file);
  if (g_str_has_suffix (name, ".json"))
    cairn_usage_format_json (self->data, report_names[self->grouping], self->rows, text);
  else
    cairn_usage_format_csv (self->rows, text);
  bytes = g_string_free_to_bytes (g_steal_pointer (&text));
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       written_cb, NULL);
  g_bytes_unref (bytes);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  CairnUsageWindow *self = CAIRN_USAGE_WINDOW (widget);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Export the Usage Table"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), "usage.csv");
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (export_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* A conversation's row opens it in the window the usage was opened from. */
static void
row_activated_cb (CairnUsageWindow *self,
                  guint             position)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (self->table)), position);
  CairnUsageRow *row = item ? row_of_item (self, item) : NULL;
  g_autoptr(GFile) file = NULL;

  if (groupings[self->grouping] != CAIRN_USAGE_SESSION || self->grouping == BLOCKS || row == NULL ||
      !CAIRN_IS_WINDOW (parent))
    return;
  file = cairn_history_find_conversation (row->key);
  if (file == NULL)
    return;
  cairn_window_open_conversation (CAIRN_WINDOW (parent), file);
  gtk_window_present (parent);
}

/**
 * cairn_usage_window_set_plan_limit:
 * @text: (nullable): the plan's 5-hour window as the CLI last said it
 *   ("85% used · resets 14:30")
 */
void
cairn_usage_window_set_plan_limit (CairnUsageWindow *self,
                                   const char       *text)
{
  g_return_if_fail (CAIRN_IS_USAGE_WINDOW (self));

  g_free (self->plan_limit);
  self->plan_limit = g_strdup (text);
  if (text != NULL)
    {
      /* Translators: the plan's own 5-hour window, beside the blocks counted here */
      g_autofree char *label = g_strdup_printf (_("The plan’s 5-hour window: %s"), text);
      gtk_label_set_text (self->plan, label);
    }
}

static void
period_changed_cb (CairnUsageWindow *self)
{
  if (self->filling)
    return;
  self->to_latest = TRUE;
  show_period (self);
}

/* A chart chosen anew shows its latest bars, the ones looked for; one
 * read again while it is shown stays where it was scrolled to. */
static gboolean
scroll_to_latest_cb (gpointer user_data)
{
  CairnUsageWindow *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->chart_scroller);

  self->scroll_id = 0;
  self->to_latest = FALSE;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                        gtk_adjustment_get_page_size (adjustment));
  return G_SOURCE_REMOVE;
}

static void
chart_width_cb (GtkAdjustment    *adjustment,
                CairnUsageWindow *self)
{
  double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

  if (!self->to_latest || gtk_adjustment_get_page_size (adjustment) <= 0 || end <= 0)
    return;   /* not laid out yet, or all of it in view */
  /* after the viewport has set the adjustment's value for this layout */
  if (self->scroll_id == 0)
    self->scroll_id = g_idle_add (scroll_to_latest_cb, self);
}

static void
split_changed_cb (CairnUsageWindow *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->bars), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  split_by (self) == CAIRN_USAGE_SPLIT_PROJECT ? _("Tokens by Period and Project")
                                                                              : _("Tokens by Period and Model"),
                                  -1);
  if (self->data == NULL)
    return;
  choose_keys (self);
  show_legend (self);
  self->to_latest = TRUE;
  show_period (self);
}

static void
cairn_usage_window_dispose (GObject *object)
{
  CairnUsageWindow *self = CAIRN_USAGE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->reload_id, g_source_remove);
  g_clear_handle_id (&self->scroll_id, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->projects);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_USAGE_WINDOW);
  G_OBJECT_CLASS (cairn_usage_window_parent_class)->dispose (object);
}

static void
cairn_usage_window_finalize (GObject *object)
{
  CairnUsageWindow *self = CAIRN_USAGE_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->data, cairn_usage_data_free);
  g_clear_pointer (&self->names, cairn_usage_names_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->chart_rows, g_ptr_array_unref);
  g_clear_pointer (&self->models, g_ptr_array_unref);
  g_clear_pointer (&self->keys, g_ptr_array_unref);
  g_clear_object (&self->indices);
  g_clear_pointer (&self->plan_limit, g_free);
  G_OBJECT_CLASS (cairn_usage_window_parent_class)->finalize (object);
}

static void
cairn_usage_window_class_init (CairnUsageWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cairn_usage_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = cairn_usage_window_finalize;
  g_type_ensure (CAIRN_TYPE_USAGE_CHART);
  g_type_ensure (CAIRN_TYPE_USAGE_SCALE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-usage-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, period);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, split);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, bars);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, chart_scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, scale);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, legend);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, table);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, notes);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, plan);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, model_filter);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, project_filter);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, since);
  gtk_widget_class_bind_template_child (widget_class, CairnUsageWindow, until);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_install_action (widget_class, "usage.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "usage.export", NULL);
}

static void
cairn_usage_window_init (CairnUsageWindow *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;
  GtkSortListModel *sorted;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->models = g_ptr_array_new_with_free_func (g_free);
  self->indices = gtk_string_list_new (NULL);
  add_column (self, _("Period"), COLUMN_PERIOD);
  add_column (self, _("Input"), COLUMN_INPUT);
  add_column (self, _("Output"), COLUMN_OUTPUT);
  add_column (self, _("Cache Write"), COLUMN_CACHE_WRITE);
  add_column (self, _("Cache Read"), COLUMN_CACHE_READ);
  add_column (self, _("Cost"), COLUMN_COST);
  sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->indices)),
                                    g_object_ref (gtk_column_view_get_sorter (self->table)));
  selection = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (selection));
  g_signal_connect_object (self->period, "notify::selected", G_CALLBACK (period_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->split, "notify::selected", G_CALLBACK (split_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model_filter, "notify::selected", G_CALLBACK (period_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->project_filter, "notify::selected", G_CALLBACK (period_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->since, "changed", G_CALLBACK (period_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->until, "changed", G_CALLBACK (period_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_set_visible (GTK_WIDGET (self->notes), FALSE);
  cairn_usage_chart_set_scale (self->bars, self->scale);
  self->to_latest = TRUE;
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (self->chart_scroller), "changed",
                           G_CALLBACK (chart_width_cb), self, 0);
  /* the labels at the edges of the view move into it as it scrolls */
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (self->chart_scroller), "value-changed",
                           G_CALLBACK (gtk_widget_queue_draw), self->bars, G_CONNECT_SWAPPED);
}

CairnUsageWindow *
cairn_usage_window_new (GtkWindow *parent)
{
  return g_object_new (CAIRN_TYPE_USAGE_WINDOW, "transient-for", parent, NULL);
}
