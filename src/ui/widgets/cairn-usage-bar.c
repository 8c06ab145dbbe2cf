/* cairn-usage-bar.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage-bar"

#include "config.h"

#include "widgets/cairn-usage-bar.h"

/* One bar of the usage chart: its segments stacked from the bottom, in
 * the GNOME palette's colours (readable on the light and the dark
 * background alike), drawn with GtkSnapshot. To a screen reader it is an
 * image named by its period whose description is its figures, which are
 * also its tooltip. */

struct _CairnUsageBar
{
  GtkWidget  parent_instance;
  double    *values;
  guint      n_values;
  double     max;
  char      *description;
  gboolean   swatch;     /* a legend's square: 12 px, whatever it is given */
};

G_DEFINE_FINAL_TYPE (CairnUsageBar, cairn_usage_bar, GTK_TYPE_WIDGET)

/* GNOME's palette (blue 3, green 4, yellow 5, orange 3, purple 3, red 3,
 * brown 3), and light 5 for "Other" */
static const char *const colors[CAIRN_USAGE_BAR_COLORS + 1] = {
  "#3584e4", "#2ec27e", "#e5a50a", "#ff7800", "#9141ac", "#e01b24", "#986a44", "#9a9996",
};

static void
cairn_usage_bar_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  CairnUsageBar *self = CAIRN_USAGE_BAR (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double bottom = height;

  for (guint i = 0; i < self->n_values && self->max > 0; i++)
    {
      double h = self->values[i] / self->max * height;
      GdkRGBA color;

      gdk_rgba_parse (&color, colors[MIN (i, CAIRN_USAGE_BAR_OTHER)]);
      gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (0, bottom - h, width, h));
      bottom -= h;
    }
}

static void
cairn_usage_bar_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  CairnUsageBar *self = CAIRN_USAGE_BAR (widget);
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;

  *minimum = 12;
  *natural = self->swatch ? 12 : horizontal ? 24 : 240;
}

static void
cairn_usage_bar_finalize (GObject *object)
{
  CairnUsageBar *self = CAIRN_USAGE_BAR (object);

  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->description, g_free);
  G_OBJECT_CLASS (cairn_usage_bar_parent_class)->finalize (object);
}

static void
cairn_usage_bar_class_init (CairnUsageBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = cairn_usage_bar_finalize;
  widget_class->snapshot = cairn_usage_bar_snapshot;
  widget_class->measure = cairn_usage_bar_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "usagebar");
}

static void
cairn_usage_bar_init (CairnUsageBar *self)
{
}

GtkWidget *
cairn_usage_bar_new (void)
{
  return g_object_new (CAIRN_TYPE_USAGE_BAR, NULL);
}

/**
 * cairn_usage_bar_set:
 * @values: each segment's height, bottom first, in the units of @max;
 *   the n-th in the palette's n-th colour (the last: the rest's grey)
 * @label: what the bar is (a day, a week, a month)
 * @description: its figures, for the tooltip and screen readers
 */
void
cairn_usage_bar_set (CairnUsageBar *self,
                     const double  *values,
                     guint          n_values,
                     double         max,
                     const char    *label,
                     const char    *description)
{
  g_return_if_fail (CAIRN_IS_USAGE_BAR (self));

  g_free (self->values);
  self->values = g_memdup2 (values, n_values * sizeof (double));
  self->n_values = n_values;
  self->max = max;
  g_free (self->description);
  self->description = g_strdup (description);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
cairn_usage_bar_get_description (CairnUsageBar *self)
{
  g_return_val_if_fail (CAIRN_IS_USAGE_BAR (self), NULL);
  return self->description;
}

/**
 * cairn_usage_bar_get_values:
 *
 * Returns: (array length=n_values): the segments, bottom first
 */
const double *
cairn_usage_bar_get_values (CairnUsageBar *self,
                            guint         *n_values)
{
  g_return_val_if_fail (CAIRN_IS_USAGE_BAR (self), NULL);
  *n_values = self->n_values;
  return self->values;
}

/**
 * cairn_usage_bar_new_swatch:
 *
 * Returns: a small square of @color, for the chart's legend
 */
GtkWidget *
cairn_usage_bar_new_swatch (guint color)
{
  CairnUsageBar *swatch = g_object_new (CAIRN_TYPE_USAGE_BAR, "valign", GTK_ALIGN_CENTER,
                                       "halign", GTK_ALIGN_CENTER, NULL);
  g_autofree double *values = g_new0 (double, color + 1);

  values[color] = 1;
  swatch->swatch = TRUE;
  swatch->values = g_steal_pointer (&values);
  swatch->n_values = color + 1;
  swatch->max = 1;
  gtk_accessible_update_state (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return GTK_WIDGET (swatch);
}
