/* cairn-paint-report.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-paint-report"

#include "config.h"

#include "widgets/cairn-paint-report.h"

/* For the benchmarks (tests/bench-startup.sh, tests/bench-window.sh): with
 * CAIRN_REPORT_FIRST_FRAME set, Cairn prints "EVENT-realtime-us N" on
 * stdout when the frame that shows an event was painted (the frame
 * clock's "after-paint"), in g_get_real_time() microseconds, so the time
 * from launch to what a user sees is measured from outside. Each event is
 * printed once. Cairn quits after the event the variable names ("1" is
 * the first frame, for bench-startup; "reopen-complete" for bench-reopen);
 * with another value ("all", for bench-window) it goes on. */

typedef struct
{
  GdkFrameClock *clock;
  char          *event;
  gulong         handler;
} Pending;

static GHashTable *
reported (void)
{
  static GHashTable *events;

  if (events == NULL)
    events = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return events;
}

gboolean
cairn_paint_report_enabled (void)
{
  return g_getenv ("CAIRN_REPORT_FIRST_FRAME") != NULL;
}

/* Whether @event ends the run. */
static gboolean
quits_after (const char *event)
{
  const char *until = g_getenv ("CAIRN_REPORT_FIRST_FRAME");

  return g_strcmp0 (until, event) == 0 ||
         (g_strcmp0 (until, "1") == 0 && g_str_equal (event, "first-frame"));
}

/* Prints @event's line at once: for what happens outside a frame (a
 * search starting). */
void
cairn_paint_report_now (const char *event)
{
  if (!cairn_paint_report_enabled () || !g_hash_table_add (reported (), g_strdup (event)))
    return;
  g_print ("%s-realtime-us %" G_GINT64_FORMAT "\n", event, g_get_real_time ());
  if (quits_after (event) && g_application_get_default () != NULL)
    g_application_quit (g_application_get_default ());
}

static void
after_paint_cb (GdkFrameClock *clock,
                Pending       *pending)
{
  g_signal_handler_disconnect (clock, pending->handler);
  g_hash_table_remove (reported (), pending->event);
  cairn_paint_report_now (pending->event);
  g_free (pending->event);
  g_free (pending);
}

/**
 * cairn_paint_report_at_next_paint:
 * @widget: a widget that now shows @event (mapped, or about to be in this
 *   frame)
 *
 * Prints @event's line after the next frame of @widget's window is
 * painted; nothing unless CAIRN_REPORT_FIRST_FRAME is set.
 */
void
cairn_paint_report_at_next_paint (GtkWidget  *widget,
                                  const char *event)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native ? gtk_native_get_surface (native) : NULL;
  Pending *pending;

  if (!cairn_paint_report_enabled () || surface == NULL || g_hash_table_contains (reported (), event))
    return;
  /* held as reported while pending: asked again, it stays one line */
  g_hash_table_add (reported (), g_strdup (event));
  pending = g_new0 (Pending, 1);
  pending->clock = gdk_surface_get_frame_clock (surface);
  pending->event = g_strdup (event);
  pending->handler = g_signal_connect (pending->clock, "after-paint", G_CALLBACK (after_paint_cb), pending);
  gtk_widget_queue_draw (widget);
}
