/* cairn-usage-chart.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage-chart"

#include "config.h"

#include <math.h>

#include "usage/cairn-usage-format.h"
#include "widgets/cairn-usage-chart.h"

/* The usage chart: its bars (children, each its own accessible image
 * with its figures) side by side over a few gridlines, and each bar's
 * date under it, thinned so that none overlap; beside it (outside its
 * scrolled window, so that it stays in view) a CairnUsageScale with the
 * gridlines' values. The values and the dates are drawn, not widgets: a
 * screen reader hears them once, in the bars' names and descriptions,
 * not twice. */

#define BAR_WIDTH 24
#define BAR_GAP 4
#define PITCH (BAR_WIDTH + BAR_GAP)
#define MAX_PITCH 72   /* a few bars widen to fill the room, up to this */
#define PLOT_HEIGHT 240
#define TEXT_GAP 6
#define MAX_LINES 4

struct _CairnUsageChart
{
  GtkWidget  parent_instance;
  GPtrArray *labels;   /* char *, nullable: each bar's, in order */
  double     top;      /* the scale's top, the bars' full height */
  double     step;     /* between gridlines; 0: none */
  int        left;     /* the first bar's x, as allocated */
  int        pitch;    /* from a bar's x to the next one's */
  GtkWidget *scale;    /* (weak): its values, drawn beside it */
};

struct _CairnUsageScale
{
  GtkWidget        parent_instance;
  CairnUsageChart *chart;   /* (weak) */
};

G_DEFINE_FINAL_TYPE (CairnUsageChart, cairn_usage_chart, GTK_TYPE_WIDGET)
G_DEFINE_FINAL_TYPE (CairnUsageScale, cairn_usage_scale, GTK_TYPE_WIDGET)

static PangoLayout *
text_layout (gpointer    widget,
             const char *text,
             int        *width,
             int        *height)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (widget), text);

  pango_layout_get_pixel_size (layout, width, height);
  return layout;
}

/* How many gridlines above zero. */
static guint
n_lines (CairnUsageChart *self)
{
  return self->step > 0 ? (guint)round (self->top / self->step) : 0;
}

/* The widest of the scale's values, and room beside it. */
static int
axis_width (CairnUsageChart *self)
{
  int widest = 0;

  for (guint i = 0; i <= n_lines (self); i++)
    {
      g_autofree char *text = cairn_usage_format_tokens_short (i * self->step);
      int width, height;
      g_autoptr(PangoLayout) layout = text_layout (self, text, &width, &height);
      widest = MAX (widest, width);
    }
  return widest + 2 * TEXT_GAP;
}

static int
label_height (CairnUsageChart *self)
{
  int width, height;
  g_autoptr(PangoLayout) layout = text_layout (self, "0", &width, &height);

  return height + TEXT_GAP;
}

static void
cairn_usage_chart_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  CairnUsageChart *self = CAIRN_USAGE_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = BAR_GAP + self->labels->len * PITCH;
  else
    {
      *minimum = PLOT_HEIGHT / 2 + label_height (self);
      *natural = PLOT_HEIGHT + label_height (self);
    }
}

static void
cairn_usage_chart_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  CairnUsageChart *self = CAIRN_USAGE_CHART (widget);
  int plot = MAX (height - label_height (self), 0), x;
  guint n = self->labels->len;

  /* given more room than they need, a few bars widen, and they keep to
   * the right, where the latest is */
  self->pitch = n > 0 ? CLAMP ((width - BAR_GAP) / (int)n, PITCH, MAX_PITCH) : PITCH;
  self->left = x = MAX (width - (int)n * self->pitch, BAR_GAP);
  for (GtkWidget *bar = gtk_widget_get_first_child (widget); bar != NULL; bar = gtk_widget_get_next_sibling (bar))
    {
      gtk_widget_size_allocate (bar, &(GtkAllocation){ x, 0, self->pitch - BAR_GAP, plot }, -1);
      x += self->pitch;
    }
}

/* Every how many bars a date fits without touching the next one shown. */
guint
cairn_usage_chart_get_label_step (CairnUsageChart *self)
{
  int widest = 0;

  for (guint i = 0; i < self->labels->len; i++)
    {
      const char *label = g_ptr_array_index (self->labels, i);
      int width = 0, height;
      g_autoptr(PangoLayout) layout = label ? text_layout (self, label, &width, &height) : NULL;
      widest = MAX (widest, width);
    }
  return MAX (1, (widest + 2 * TEXT_GAP + self->pitch - 1) / self->pitch);
}

/**
 * cairn_usage_chart_get_label:
 *
 * Returns: (nullable): the date under the @index-th bar, shown or not
 */
const char *
cairn_usage_chart_get_label (CairnUsageChart *self,
                             guint            index)
{
  g_return_val_if_fail (CAIRN_IS_USAGE_CHART (self), NULL);
  return index < self->labels->len ? g_ptr_array_index (self->labels, index) : NULL;
}

static void
draw_text (GtkSnapshot   *snapshot,
           PangoLayout   *layout,
           double         x,
           double         y,
           const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* The @i-th gridline's height in a plot @plot pixels high. */
static double
line_y (CairnUsageChart *self,
        guint            i,
        int              plot)
{
  return plot - i * self->step / self->top * (plot - 1) - 1;
}

static void
draw_lines (CairnUsageChart *self,
            GtkSnapshot     *snapshot,
            const GdkRGBA   *line,
            int              plot)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (self->step <= 0 || plot <= 1)
    return;   /* nothing to scale */
  for (guint i = 0; i <= n_lines (self); i++)
    gtk_snapshot_append_color (snapshot, line, &GRAPHENE_RECT_INIT (0, line_y (self, i, plot), width, 1));
}

static void
widget_colors (GtkWidget *widget,
               GdkRGBA   *line,
               GdkRGBA   *text)
{
  GdkRGBA color;

  /* GTK 4.8 has no gtk_widget_get_color () yet */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  *line = *text = color;
  line->alpha *= 0.15;
  text->alpha *= 0.7;
}

/* The part of the chart in view, in its own coordinates: the scrolled
 * window's viewport's, else all of it. */
static void
visible_range (CairnUsageChart *self,
               double          *left,
               double          *right)
{
  GtkWidget *viewport = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_VIEWPORT);
  double x = 0, y = 0;

  *left = 0;
  *right = gtk_widget_get_width (GTK_WIDGET (self));
  if (viewport == NULL || !gtk_widget_translate_coordinates (viewport, GTK_WIDGET (self), 0, 0, &x, &y))
    return;
  *left = MAX (*left, x);
  *right = MIN (*right, x + gtk_widget_get_width (viewport));
}

static gboolean
label_shown (CairnUsageChart *self,
             guint            index,
             guint            step)
{
  guint n = self->labels->len;

  return index < n && g_ptr_array_index (self->labels, index) != NULL && (n - 1 - index) % step == 0;
}

static double
label_width (CairnUsageChart *self,
             guint            index)
{
  int w = 0, h;
  g_autoptr(PangoLayout) layout = text_layout (self, g_ptr_array_index (self->labels, index), &w, &h);

  return w;
}

/* Where the @index-th bar's label goes: centred under the bar, or moved
 * into view when part of it would be scrolled out (": 17" for "Nov 17");
 * FALSE when it does not fit there: moved off its bar or onto the next
 * label. Labels go every @step bars, the last bar's always: the latest is
 * what one looks for. */
static gboolean
place_label (CairnUsageChart *self,
             guint            index,
             guint            step,
             double          *x,
             double          *width)
{
  double lo, hi, centre = self->left + index * self->pitch + (self->pitch - BAR_GAP) / 2.0, natural;

  if (!label_shown (self, index, step))
    return FALSE;
  visible_range (self, &lo, &hi);
  *width = label_width (self, index);
  natural = centre - *width / 2;
  *x = CLAMP (natural, lo, MAX (hi - *width, lo));
  if (centre < *x || centre > *x + *width || *x + *width > hi)
    return FALSE;
  if (*x > natural && label_shown (self, index + step, step))
    return *x + *width + TEXT_GAP <= self->left + (index + step) * self->pitch + (self->pitch - BAR_GAP) / 2.0 -
                                      label_width (self, index + step) / 2;
  if (*x < natural && index >= step && label_shown (self, index - step, step))
    return *x - TEXT_GAP >= self->left + (index - step) * self->pitch + (self->pitch - BAR_GAP) / 2.0 +
                            label_width (self, index - step) / 2;
  return TRUE;
}

/**
 * cairn_usage_chart_get_label_place:
 * @x: (out): its left, in the chart's coordinates
 * @width: (out): its width
 *
 * Returns: whether the @index-th bar's label is drawn, where it is
 */
gboolean
cairn_usage_chart_get_label_place (CairnUsageChart *self,
                                   guint            index,
                                   double          *x,
                                   double          *width)
{
  g_return_val_if_fail (CAIRN_IS_USAGE_CHART (self), FALSE);
  return place_label (self, index, cairn_usage_chart_get_label_step (self), x, width);
}

static void
draw_labels (CairnUsageChart *self,
             GtkSnapshot     *snapshot,
             const GdkRGBA   *color,
             int              plot)
{
  guint step = cairn_usage_chart_get_label_step (self);

  for (guint i = 0; i < self->labels->len; i++)
    {
      double x, width;
      int w, h;
      g_autoptr(PangoLayout) layout = NULL;

      if (!place_label (self, i, step, &x, &width))
        continue;
      layout = text_layout (self, g_ptr_array_index (self->labels, i), &w, &h);
      draw_text (snapshot, layout, x, plot + TEXT_GAP / 2.0, color);
    }
}

static void
cairn_usage_chart_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  CairnUsageChart *self = CAIRN_USAGE_CHART (widget);
  int plot = MAX (gtk_widget_get_height (widget) - label_height (self), 0);
  GdkRGBA line, text;

  widget_colors (widget, &line, &text);
  draw_lines (self, snapshot, &line, plot);
  for (GtkWidget *bar = gtk_widget_get_first_child (widget); bar != NULL; bar = gtk_widget_get_next_sibling (bar))
    gtk_widget_snapshot_child (widget, bar, snapshot);
  draw_labels (self, snapshot, &text, plot);
}

static void
cairn_usage_chart_dispose (GObject *object)
{
  CairnUsageChart *self = CAIRN_USAGE_CHART (object);

  cairn_usage_chart_clear (self);
  g_clear_weak_pointer (&self->scale);
  G_OBJECT_CLASS (cairn_usage_chart_parent_class)->dispose (object);
}

static void
cairn_usage_chart_finalize (GObject *object)
{
  g_ptr_array_unref (CAIRN_USAGE_CHART (object)->labels);
  G_OBJECT_CLASS (cairn_usage_chart_parent_class)->finalize (object);
}

static void
cairn_usage_chart_class_init (CairnUsageChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cairn_usage_chart_dispose;
  G_OBJECT_CLASS (klass)->finalize = cairn_usage_chart_finalize;
  widget_class->measure = cairn_usage_chart_measure;
  widget_class->size_allocate = cairn_usage_chart_size_allocate;
  widget_class->snapshot = cairn_usage_chart_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "usagechart");
}

static void
cairn_usage_chart_init (CairnUsageChart *self)
{
  self->pitch = PITCH;
  self->labels = g_ptr_array_new_with_free_func (g_free);
}

GtkWidget *
cairn_usage_chart_new (void)
{
  return g_object_new (CAIRN_TYPE_USAGE_CHART, NULL);
}

void
cairn_usage_chart_clear (CairnUsageChart *self)
{
  GtkWidget *bar;

  g_return_if_fail (CAIRN_IS_USAGE_CHART (self));

  while ((bar = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (bar);
  g_ptr_array_set_size (self->labels, 0);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * cairn_usage_chart_set_max:
 * @max: the tallest bar's tokens
 *
 * Picks the scale: gridlines a round step apart (1, 2 or 5 times a power
 * of ten), at most four above zero, the top one at or over @max.
 * Returns: the scale's top, which the bars are to be drawn against
 */
double
cairn_usage_chart_set_max (CairnUsageChart *self,
                           double           max)
{
  double raw, magnitude, norm;

  g_return_val_if_fail (CAIRN_IS_USAGE_CHART (self), max);

  self->top = self->step = 0;
  if (max > 0)
    {
      raw = max / MAX_LINES;
      magnitude = pow (10, floor (log10 (raw)));
      norm = raw / magnitude;
      self->step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
      self->top = ceil (max / self->step - 1e-9) * self->step;
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
  if (self->scale != NULL)
    gtk_widget_queue_resize (self->scale);
  return self->top;
}

/**
 * cairn_usage_chart_append:
 * @bar: (transfer floating): the next bar, to the right of the others
 * @label: (nullable): its date under it, when there is room
 */
void
cairn_usage_chart_append (CairnUsageChart *self,
                          GtkWidget       *bar,
                          const char      *label)
{
  g_return_if_fail (CAIRN_IS_USAGE_CHART (self));

  gtk_widget_set_parent (bar, GTK_WIDGET (self));
  g_ptr_array_add (self->labels, g_strdup (label));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The scale: the chart's gridlines' values, right-aligned, at the
 * heights the chart draws its lines at (it is as high as the chart's
 * scrolled window, beside it). */

static void
cairn_usage_scale_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  CairnUsageScale *self = CAIRN_USAGE_SCALE (widget);

  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL && self->chart ? axis_width (self->chart) : 0;
}

static void
cairn_usage_scale_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  CairnUsageChart *chart = CAIRN_USAGE_SCALE (widget)->chart;
  int width = gtk_widget_get_width (widget), plot;
  GdkRGBA line, text;

  if (chart == NULL || chart->step <= 0)
    return;
  plot = gtk_widget_get_height (widget) - label_height (chart);
  if (plot <= 1)
    return;
  widget_colors (widget, &line, &text);
  for (guint i = 0; i <= n_lines (chart); i++)
    {
      double y = line_y (chart, i, plot);
      g_autofree char *figure = cairn_usage_format_tokens_short (i * chart->step);
      int w, h;
      g_autoptr(PangoLayout) layout = text_layout (widget, figure, &w, &h);

      draw_text (snapshot, layout, width - TEXT_GAP - w, CLAMP (y - h / 2.0, 0, MAX (plot - h, 0)), &text);
    }
}

static void
cairn_usage_scale_dispose (GObject *object)
{
  g_clear_weak_pointer (&CAIRN_USAGE_SCALE (object)->chart);
  G_OBJECT_CLASS (cairn_usage_scale_parent_class)->dispose (object);
}

static void
cairn_usage_scale_class_init (CairnUsageScaleClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cairn_usage_scale_dispose;
  widget_class->measure = cairn_usage_scale_measure;
  widget_class->snapshot = cairn_usage_scale_snapshot;
  /* its figures are the bars' own, said with each bar */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
  gtk_widget_class_set_css_name (widget_class, "usagescale");
}

static void
cairn_usage_scale_init (CairnUsageScale *self)
{
}

/**
 * cairn_usage_chart_set_scale:
 * @scale: the CairnUsageScale to show this chart's values
 */
void
cairn_usage_chart_set_scale (CairnUsageChart *self,
                             CairnUsageScale *scale)
{
  g_return_if_fail (CAIRN_IS_USAGE_CHART (self));
  g_return_if_fail (CAIRN_IS_USAGE_SCALE (scale));

  g_set_weak_pointer (&self->scale, GTK_WIDGET (scale));
  g_set_weak_pointer (&scale->chart, self);
  gtk_widget_queue_resize (GTK_WIDGET (scale));
}
