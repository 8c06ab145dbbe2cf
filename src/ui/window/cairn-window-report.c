/* cairn-window-report.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include "window/cairn-window-private.h"

/* For the benches (tests/bench-startup.sh, tests/bench-reopen.sh): with
 * CAIRN_REPORT_FIRST_FRAME set, Cairn prints "<event>-realtime-us N", in
 * g_get_real_time() microseconds, after the frame that shows each moment
 * a user waits for, so a bench can time it from outside. It quits after
 * the event the variable names ("1" is the first frame); with another
 * value it goes on. */

gboolean
_cairn_window_reporting (void)
{
  return g_getenv ("CAIRN_REPORT_FIRST_FRAME") != NULL;
}

/**
 * _cairn_window_report:
 * @event: "first-frame", "last-screen", …
 *
 * Prints the moment of @event, just after the frame that showed it was
 * painted.
 */
void
_cairn_window_report (CairnWindow *self,
                      const char  *event)
{
  const char *until = g_getenv ("CAIRN_REPORT_FIRST_FRAME");

  if (until == NULL)
    return;
  g_print ("%s-realtime-us %" G_GINT64_FORMAT "\n", event, g_get_real_time ());
  if (g_str_equal (until, event) || (g_str_equal (until, "1") && g_str_equal (event, "first-frame")))
    g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

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
  _cairn_window_report (self, "last-screen");
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

  if (!_cairn_window_reporting () || watched)
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

  if (!_cairn_window_reporting () || reported)
    return;
  reported = TRUE;
  _cairn_window_report (self, "reopen-complete");
}
