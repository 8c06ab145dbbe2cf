/* cairn-window-report.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include "widgets/cairn-paint-report.h"
#include "window/cairn-window-private.h"

/* The moments of a reopened conversation the benchmarks time
 * (tests/bench-reopen.sh), printed by widgets/cairn-paint-report.c. */

/* The reopened conversation's last screen: the first painted frame in
 * which its page is shown, holds its items and is scrolled to the end. */
static void
last_screen_painted_cb (CairnWindow   *self,
                        GdkFrameClock *clock)
{
  CairnPage *page = g_object_get_data (G_OBJECT (self), "last-screen-page");

  if (page == NULL)
    {
      g_signal_handlers_disconnect_by_func (clock, last_screen_painted_cb, self);
      return;
    }
  if (self->page != page || !cairn_page_shows_end (page))
    return;
  g_signal_handlers_disconnect_by_func (clock, last_screen_painted_cb, self);
  g_object_set_data (G_OBJECT (self), "last-screen-page", NULL);
  cairn_paint_report_now ("last-screen");
}

static gboolean
watch_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       user_data)
{
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (last_screen_painted_cb), widget,
                           G_CONNECT_SWAPPED);
  return G_SOURCE_REMOVE;
}

/**
 * _cairn_window_watch_last_screen:
 * @page: the page the conversation reopened at launch is read into
 *
 * Reports "last-screen" once, when @page shows the conversation's end.
 */
void
_cairn_window_watch_last_screen (CairnWindow *self,
                                 CairnPage   *page)
{
  static gboolean watched;

  if (!cairn_paint_report_enabled () || watched)
    return;
  watched = TRUE;
  g_object_set_data_full (G_OBJECT (self), "last-screen-page", g_object_ref (page), g_object_unref);
  /* the frame clock is there once the window is mapped */
  gtk_widget_add_tick_callback (GTK_WIDGET (self), watch_tick_cb, NULL, NULL);
}

/**
 * _cairn_window_report_opened:
 *
 * Reports "reopen-complete" once, when the conversation whose last screen
 * was watched is read whole (tests/bench-reopen.sh: the memory it takes).
 */
void
_cairn_window_report_opened (CairnWindow *self)
{
  static gboolean reported;

  if (!cairn_paint_report_enabled () || reported)
    return;
  reported = TRUE;
  cairn_paint_report_now ("reopen-complete");
}
