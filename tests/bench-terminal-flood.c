/* bench-terminal-flood.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where a terminal flood's frame gaps go (issue 23): the same flood in a
 * bare VteTerminal and in CairnTerminal, each alone in an 800×600 window.
 * For each: frames, the longest gap between two, the longest layout and
 * paint inside a frame, and the longest stretch outside any frame (the
 * main loop busy elsewhere: VTE reading and parsing the PTY). Prints
 * TAP comments; run with `nice` on a release build:
 *
 *   meson test -C _release --benchmark bench-terminal-flood
 *
 * CAIRN_BENCH_FLOOD_MB sets the size (default 30). */

#include "config.h"

#include <adwaita.h>
#include <vte/vte.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "widgets/cairn-terminal.h"

typedef struct
{
  GArray  *starts;
  gint64   frame_start, layout_end, frame_end;
  double   layout_max, paint_max, outside_max;
  gboolean done;
} Frames;

static void
before_paint_cb (GdkFrameClock *clock,
                 Frames        *f)
{
  gint64 now = g_get_monotonic_time ();

  if (f->done)
    return;
  if (f->frame_end != 0)
    f->outside_max = MAX (f->outside_max, (now - f->frame_end) / 1000.0);
  g_array_append_val (f->starts, now);
  f->frame_start = now;
}

static void
layout_cb (GdkFrameClock *clock,
           Frames        *f)
{
  f->layout_end = g_get_monotonic_time ();
  f->layout_max = MAX (f->layout_max, (f->layout_end - f->frame_start) / 1000.0);
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frames        *f)
{
  gint64 now = g_get_monotonic_time ();

  if (f->done)
    return;
  if (f->layout_end >= f->frame_start)
    f->paint_max = MAX (f->paint_max, (now - f->layout_end) / 1000.0);
  f->frame_end = now;
}

static void
ended_cb (Frames *f)
{
  f->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Frames *)data)->done;
}

/* @cairn: CairnTerminal, else a bare VteTerminal */
static void
flood (gboolean    cairn,
       const char *command)
{
  const char *argv[] = { "/bin/sh", "-c", command, NULL };
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  Frames f = { g_array_new (FALSE, FALSE, sizeof (gint64)), 0 };
  GtkWidget *widget = cairn ? GTK_WIDGET (cairn_terminal_new ()) : vte_terminal_new ();
  GdkFrameClock *clock;
  gint64 start;

  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, widget);
  cairn_test_present (window);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &f);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), &f);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &f);
  g_signal_connect_swapped (widget, cairn ? "exited" : "child-exited", G_CALLBACK (ended_cb), &f);
  start = g_get_monotonic_time ();
  if (cairn)
    cairn_terminal_spawn (CAIRN_TERMINAL (widget), argv, g_get_tmp_dir (), FALSE);
  else
    vte_terminal_spawn_async (VTE_TERMINAL (widget), VTE_PTY_DEFAULT, g_get_tmp_dir (), (char **)argv, NULL,
                              0, NULL, NULL, NULL, -1, NULL, NULL, NULL);
  g_assert_true (cairn_test_poll_until (is_done, &f, 300000));
  g_print ("# %-14s %5.1f s %4u frames, longest gap %4.0f ms; longest layout %3.0f ms, paint %3.0f ms, "
           "outside frames %4.0f ms\n", cairn ? "CairnTerminal" : "VteTerminal",
           (g_get_monotonic_time () - start) / 1e6, f.starts->len, cairn_test_longest_gap_ms (f.starts),
           f.layout_max, f.paint_max, f.outside_max);
  g_array_unref (f.starts);
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  const char *mb = g_getenv ("CAIRN_BENCH_FLOOD_MB");
  g_autofree char *command = g_strdup_printf ("yes 'a line of text in a flood' | head -c %d000000",
                                              mb ? atoi (mb) : 30);

  gtk_init ();
  adw_init ();
  g_print ("# %s\n", command);
  for (int round = 0; round < 2; round++)
    {
      flood (FALSE, command);
      flood (TRUE, command);
    }
  g_print ("1..0\n");
  return 0;
}
