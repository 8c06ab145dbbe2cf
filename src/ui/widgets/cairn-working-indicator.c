/* cairn-working-indicator.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-working-indicator"

#include "config.h"

#include <glib/gi18n.h>

#include "widgets/cairn-working-indicator.h"

/* "Working": three dots, one of them lit, the light moving on three times
 * a second; what Cairn shows instead of GtkSpinner.
 *
 * GtkSpinner turns by a CSS animation, which runs the frame clock at 60
 * frames a second for as long as it spins. GTK's GL renderer on software
 * GL (llvmpipe: virtual machines, remote desktops) then draws the whole
 * window each frame: Cairn took 175 % of a core while an approval waited
 * (tests/bench-idle.py). Here a timer asks for a frame three times a
 * second, and only this widget is drawn anew. While its window is not
 * the active one, or not shown, the dots stand still: nobody looks, and
 * a still frame of lit dot still says "working". */

#define STEP_MS  333
#define N_DOTS   3
#define DOT_SIZE 4.f

struct _CairnWorkingIndicator
{
  GtkWidget  parent_instance;

  gboolean   working;
  guint      step;
  guint      step_id;
  GtkWindow *window;      /* followed for is-active while mapped */
};

G_DEFINE_FINAL_TYPE (CairnWorkingIndicator, cairn_working_indicator, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_WORKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
step_cb (gpointer data)
{
  CairnWorkingIndicator *self = data;

  self->step = (self->step + 1) % N_DOTS;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_CONTINUE;
}

static gboolean
should_animate (CairnWorkingIndicator *self)
{
  return self->working
         && self->window != NULL
         && gtk_widget_get_mapped (GTK_WIDGET (self))
         && gtk_window_is_active (self->window);
}

/* Starts or stops the timer to match what should be. */
static void
sync_timer (CairnWorkingIndicator *self)
{
  gboolean animate = should_animate (self);

  if (animate && self->step_id == 0)
    self->step_id = g_timeout_add (STEP_MS, step_cb, self);
  else if (!animate)
    g_clear_handle_id (&self->step_id, g_source_remove);
}

static void
active_changed_cb (CairnWorkingIndicator *self)
{
  sync_timer (self);
}

static void
follow_window (CairnWorkingIndicator *self,
               GtkWindow             *window)
{
  if (self->window == window)
    return;
  if (self->window != NULL)
    g_signal_handlers_disconnect_by_func (self->window, active_changed_cb, self);
  self->window = window;
  if (window != NULL)
    g_signal_connect_object (window, "notify::is-active", G_CALLBACK (active_changed_cb), self,
                             G_CONNECT_SWAPPED);
}

static void
cairn_working_indicator_map (GtkWidget *widget)
{
  CairnWorkingIndicator *self = CAIRN_WORKING_INDICATOR (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  GTK_WIDGET_CLASS (cairn_working_indicator_parent_class)->map (widget);
  follow_window (self, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  sync_timer (self);
}

static void
cairn_working_indicator_unmap (GtkWidget *widget)
{
  CairnWorkingIndicator *self = CAIRN_WORKING_INDICATOR (widget);

  follow_window (self, NULL);
  sync_timer (self);
  GTK_WIDGET_CLASS (cairn_working_indicator_parent_class)->unmap (widget);
}

static void
cairn_working_indicator_measure (GtkWidget      *widget,
                                 GtkOrientation  orientation,
                                 int             for_size,
                                 int            *minimum,
                                 int            *natural,
                                 int            *minimum_baseline,
                                 int            *natural_baseline)
{
  /* the size of the spinner it replaces */
  *minimum = *natural = 16;
}

static void
cairn_working_indicator_snapshot (GtkWidget   *widget,
                                  GtkSnapshot *snapshot)
{
  CairnWorkingIndicator *self = CAIRN_WORKING_INDICATOR (widget);
  float width = gtk_widget_get_width (widget);
  float gap = (width - N_DOTS * DOT_SIZE) / (N_DOTS - 1);
  float y = (gtk_widget_get_height (widget) - DOT_SIZE) / 2;
  GdkRGBA color;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  for (guint i = 0; i < N_DOTS; i++)
    {
      graphene_rect_t dot = GRAPHENE_RECT_INIT (i * (DOT_SIZE + gap), y, DOT_SIZE, DOT_SIZE);
      GdkRGBA shade = color;
      GskRoundedRect rounded;

      if (i != self->step)
        shade.alpha *= 0.3f;
      gsk_rounded_rect_init_from_rect (&rounded, &dot, DOT_SIZE / 2);
      gtk_snapshot_push_rounded_clip (snapshot, &rounded);
      gtk_snapshot_append_color (snapshot, &shade, &dot);
      gtk_snapshot_pop (snapshot);
    }
}

static void
cairn_working_indicator_dispose (GObject *object)
{
  CairnWorkingIndicator *self = CAIRN_WORKING_INDICATOR (object);

  g_clear_handle_id (&self->step_id, g_source_remove);
  follow_window (self, NULL);
  G_OBJECT_CLASS (cairn_working_indicator_parent_class)->dispose (object);
}

static void
cairn_working_indicator_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CairnWorkingIndicator *self = CAIRN_WORKING_INDICATOR (object);

  switch (prop_id)
    {
    case PROP_WORKING:
      g_value_set_boolean (value, self->working);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_working_indicator_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  CairnWorkingIndicator *self = CAIRN_WORKING_INDICATOR (object);

  switch (prop_id)
    {
    case PROP_WORKING:
      cairn_working_indicator_set_working (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_working_indicator_class_init (CairnWorkingIndicatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_working_indicator_dispose;
  object_class->get_property = cairn_working_indicator_get_property;
  object_class->set_property = cairn_working_indicator_set_property;
  widget_class->map = cairn_working_indicator_map;
  widget_class->unmap = cairn_working_indicator_unmap;
  widget_class->measure = cairn_working_indicator_measure;
  widget_class->snapshot = cairn_working_indicator_snapshot;

  properties[PROP_WORKING] =
    g_param_spec_boolean ("working", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* what GtkSpinner is to a screen reader */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PROGRESS_BAR);
  gtk_widget_class_set_css_name (widget_class, "working-indicator");
}

static void
cairn_working_indicator_init (CairnWorkingIndicator *self)
{
  /* a name of its own where the .ui gives none */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Working"), -1);
}

GtkWidget *
cairn_working_indicator_new (void)
{
  return g_object_new (CAIRN_TYPE_WORKING_INDICATOR, NULL);
}

gboolean
cairn_working_indicator_get_working (CairnWorkingIndicator *self)
{
  g_return_val_if_fail (CAIRN_IS_WORKING_INDICATOR (self), FALSE);

  return self->working;
}

/**
 * cairn_working_indicator_set_working:
 *
 * Lights the dots in turn while @working (and shown in the active
 * window); otherwise they stand still, the first one lit.
 */
void
cairn_working_indicator_set_working (CairnWorkingIndicator *self,
                                     gboolean               working)
{
  g_return_if_fail (CAIRN_IS_WORKING_INDICATOR (self));

  working = !!working;
  if (self->working == working)
    return;
  self->working = working;
  if (!working && self->step != 0)
    {
      self->step = 0;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_BUSY, working, -1);
  sync_timer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKING]);
}

/**
 * cairn_working_indicator_is_animating:
 *
 * Returns: whether the dots move now (a timer runs): for the tests
 */
gboolean
cairn_working_indicator_is_animating (CairnWorkingIndicator *self)
{
  g_return_val_if_fail (CAIRN_IS_WORKING_INDICATOR (self), FALSE);

  return self->step_id != 0;
}
