/* cairn-page-scroll.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include "page/cairn-page-private.h"

/* Where the transcript is scrolled to: following the end while the user
 * is at the bottom, or an item asked for (a search hit, a version of a
 * prompt); a scroll asked of a page not laid out yet waits for it. */

/* Within this many pixels of the end, the view counts as "at the bottom"
 * and keeps following new output. */
#define FOLLOW_SLACK_PX 24.0

static gboolean pin_to_end_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data);
static gboolean show_item_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data);

/* The scrolls asked of the page run on its next frames, once it is laid
 * out; a page in the background asks for no frames (a tick keeps the
 * frame clock running), its scrolls wait until it is shown. */
static void history_painted_cb (CairnPage *self, GdkFrameClock *clock);

void
_cairn_page_arm_ticks (CairnPage *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  if (self->holding_history && self->history_clock == NULL)
    {
      self->history_clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
      g_signal_connect_swapped (self->history_clock, "after-paint", G_CALLBACK (history_painted_cb), self);
    }
  if (self->pin_pending && self->pin_tick == 0)
    self->pin_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), pin_to_end_tick, NULL, NULL);
  if (self->show_pending && self->show_tick == 0)
    self->show_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), show_item_tick, NULL, NULL);
}

void
_cairn_page_disarm_ticks (CairnPage *self)
{
  if (self->pin_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->pin_tick);
  if (self->show_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->show_tick);
  self->pin_tick = self->show_tick = 0;
  /* a hidden page draws nothing: it lets the rest come */
  cairn_page_release_history (self);
}

/* A conversation read from its file shows its last screen once the page
 * has drawn a frame: the window's first frame builds none of its rows.
 * The rest waits (cairn_session_hold_history()) until the frame that
 * draws that screen, or until the user scrolls away from it. */
static void
history_painted_cb (CairnPage     *self,
                    GdkFrameClock *clock)
{
  cairn_session_show_history (self->session);
  if (cairn_page_shows_end (self) || !self->follow_output)
    cairn_page_release_history (self);
}

/**
 * cairn_page_release_history:
 *
 * Lets the rest of the conversation come (cairn_page_hold_history())
 * before its last screen is drawn: one with nothing to show.
 */
void
cairn_page_release_history (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  if (!self->holding_history)
    return;
  self->holding_history = FALSE;
  if (self->history_clock != NULL)
    g_signal_handlers_disconnect_by_func (self->history_clock, history_painted_cb, self);
  g_clear_object (&self->history_clock);
  cairn_session_release_history (self->session);
  _cairn_page_update_transcript (self);
}

/**
 * cairn_page_hold_history:
 *
 * The conversation about to be read into the page shows its last screen
 * after the page's first frame, and builds the rest only once that screen
 * is drawn: building it (seconds for a conversation of hundreds of
 * megabytes) doesn't slow the first screen down, nor the last screen's
 * rows the window's first frame.
 */
void
cairn_page_hold_history (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  self->holding_history = TRUE;
  cairn_session_hold_history (self->session);
  _cairn_page_update_transcript (self);
  _cairn_page_arm_ticks (self);
}

/* Whether the list has its size: a page just shown gets it in the layout
 * after its first tick, and a scroll asked of it before is lost. */
static gboolean
laid_out (CairnPage *self)
{
  return gtk_widget_get_mapped (GTK_WIDGET (self->list_view)) &&
         gtk_widget_get_height (GTK_WIDGET (self->list_view)) > 0;
}

/* Through the list view's own action: it keeps a scroll anchor and would
 * undo a plain change of the adjustment. An item below the view is aligned
 * at its end, so a reply that keeps growing stays in view. */
static gboolean
pin_to_end_tick (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  CairnPage *self = CAIRN_PAGE (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scroller);

  if (!laid_out (self))
    return G_SOURCE_CONTINUE;
  self->pin_tick = 0;
  self->pin_pending = FALSE;
  if (self->follow_output)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  return G_SOURCE_REMOVE;
}

/* Scroll-to-item may judge a just-added row visible from its estimated
 * height; a frame later the sizes are real and the end can be pinned. */
void
_cairn_page_scroll_to_end (CairnPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", n - 1);
  /* a page not shown yet pins its end once it is */
  self->pin_pending = TRUE;
  _cairn_page_arm_ticks (self);
}

void
_cairn_page_set_follow_output (CairnPage *self,
                               gboolean   follow)
{
  self->follow_output = follow;
  gtk_widget_set_visible (self->jump_button, !follow);
}

/**
 * cairn_page_follow_output:
 *
 * Shows the conversation's end and keeps following what comes.
 */
void
cairn_page_follow_output (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  _cairn_page_set_follow_output (self, TRUE);
  _cairn_page_scroll_to_end (self);
}

/**
 * cairn_page_shows_end:
 *
 * Whether the page, laid out, shows the end of a transcript that holds
 * something: its last item is in view.
 */
gboolean
cairn_page_shows_end (CairnPage *self)
{
  GtkAdjustment *adj;

  g_return_val_if_fail (CAIRN_IS_PAGE (self), FALSE);

  adj = gtk_scrolled_window_get_vadjustment (self->scroller);
  return laid_out (self) && !self->pin_pending &&
         g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0 &&
         gtk_adjustment_get_value (adj) >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
}

static gboolean
show_item_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  CairnPage *self = CAIRN_PAGE (widget);

  if (!laid_out (self))
    return G_SOURCE_CONTINUE;
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", self->shown_item);
  self->show_tick = 0;
  self->show_pending = FALSE;
  return G_SOURCE_REMOVE;
}

/**
 * cairn_page_show_item:
 *
 * Scrolls to the item at @position and stops following the end there.
 */
void
cairn_page_show_item (CairnPage *self,
                      guint      position)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  _cairn_page_set_follow_output (self, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
  /* a page just made or shown has no size yet: once it has, again */
  self->shown_item = position;
  self->show_pending = TRUE;
  _cairn_page_arm_ticks (self);
}

/* Follow new output only while the user is at the bottom, so scrolling up
 * to read is never yanked away. The list view also moves the adjustment
 * itself when its row height estimates change; only a move up while the
 * content size stayed the same is the user leaving the bottom. */
static void
vadjustment_value_changed_cb (CairnPage     *self,
                              GtkAdjustment *adj)
{
  double value = gtk_adjustment_get_value (adj);
  double upper = gtk_adjustment_get_upper (adj);
  double end = upper - gtk_adjustment_get_page_size (adj);

  if (value >= end - FOLLOW_SLACK_PX)
    _cairn_page_set_follow_output (self, TRUE);
  else if (upper == self->last_upper && value < self->last_value - 1)
    _cairn_page_set_follow_output (self, FALSE);
  self->last_value = value;
  self->last_upper = upper;
}

static void
vadjustment_upper_changed_cb (CairnPage     *self,
                              GParamSpec    *pspec,
                              GtkAdjustment *adj)
{
  if (self->follow_output)
    _cairn_page_scroll_to_end (self);
  self->last_upper = gtk_adjustment_get_upper (adj);
  self->last_value = gtk_adjustment_get_value (adj);
}

/**
 * _cairn_page_init_scroll:
 *
 * The page follows the end until the user scrolls up.
 */
void
_cairn_page_init_scroll (CairnPage *self)
{
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (self->scroller);

  self->follow_output = TRUE;
  g_signal_connect_object (vadj, "value-changed",
                           G_CALLBACK (vadjustment_value_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (vadj, "notify::upper",
                           G_CALLBACK (vadjustment_upper_changed_cb), self, G_CONNECT_SWAPPED);
}
