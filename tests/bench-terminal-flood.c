/* bench-terminal-flood.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where a terminal flood's frame gaps go (issue 23): the same flood in a
 * bare VteTerminal (which reads its PTY itself) and in CairnTerminal
 * (which reads it for VTE, in bounded batches), each alone in an 800×600
 * window, then each with a strip that redraws every frame beside it (a
 * gap is then the loop held, not a terminal with nothing new to draw);
 * first, as the machine's floor, a window that only redraws. For each:
 * frames, the gaps between them (median, p95, longest), the longest
 * layout and paint inside a frame, the longest stretch outside any frame,
 * and the longest main-loop iteration in wall and in CPU time. Prints
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

static GtkWidget *
with_animation (GtkWidget *widget,
                gboolean   animate)
{
  return animate ? cairn_test_with_redraw_strip (widget) : widget;
}

/* @cairn: CairnTerminal, else a bare VteTerminal */
static void
flood (gboolean    cairn,
       gboolean    animate,
       const char *command)
{
  const char *argv[] = { "/bin/sh", "-c", command, NULL };
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  Frames f = { g_array_new (FALSE, FALSE, sizeof (gint64)), 0 };
  GtkWidget *widget = cairn ? GTK_WIDGET (cairn_terminal_new ()) : vte_terminal_new ();
  GdkFrameClock *clock;
  gint64 start;
  CairnTestLoop *loop;

  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, with_animation (widget, animate));
  cairn_test_present (window);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &f);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), &f);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &f);
  g_signal_connect_swapped (widget, cairn ? "exited" : "child-exited", G_CALLBACK (ended_cb), &f);
  start = g_get_monotonic_time ();
  loop = cairn_test_loop_watch ();
  if (cairn)
    cairn_terminal_spawn (CAIRN_TERMINAL (widget), argv, g_get_tmp_dir (), FALSE);
  else
    vte_terminal_spawn_async (VTE_TERMINAL (widget), VTE_PTY_DEFAULT, g_get_tmp_dir (), (char **)argv, NULL,
                              0, NULL, NULL, NULL, -1, NULL, NULL, NULL);
  g_assert_true (cairn_test_poll_until (is_done, &f, 300000));
  g_print ("# %-14s%s %5.1f s %4u frames, gap median %3.0f ms, p95 %3.0f ms, longest %4.0f ms; "
           "longest layout %3.0f ms, paint %3.0f ms, outside frames %4.0f ms; "
           "longest loop iteration %4.0f ms wall, %3.0f ms CPU\n",
           cairn ? "CairnTerminal" : "VteTerminal", animate ? " +anim" : "      ",
           (g_get_monotonic_time () - start) / 1e6, f.starts->len,
           cairn_test_gap_percentile_ms (f.starts, 50), cairn_test_gap_percentile_ms (f.starts, 95),
           cairn_test_longest_gap_ms (f.starts), f.layout_max, f.paint_max, f.outside_max,
           loop->wall_max, loop->cpu_max);
  cairn_test_loop_unwatch (loop);
  g_array_unref (f.starts);
  gtk_window_destroy (window);
}

static gboolean
stop_cb (gpointer data)
{
  ((Frames *)data)->done = TRUE;
  return G_SOURCE_REMOVE;
}

/* The machine's own floor: a window that only redraws, every frame, for
 * 5 s. What the load alone does to frame gaps. */
static void
redraw_only (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  Frames f = { g_array_new (FALSE, FALSE, sizeof (gint64)), 0 };
  GdkFrameClock *clock;

  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, cairn_test_with_redraw_strip (gtk_drawing_area_new ()));
  cairn_test_present (window);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &f);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), &f);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &f);
  g_timeout_add (5000, stop_cb, &f);
  g_assert_true (cairn_test_poll_until (is_done, &f, 60000));
  g_print ("# %-19s %5.1f s %4u frames, gap median %3.0f ms, p95 %3.0f ms, longest %4.0f ms\n", "redraw only", 5.0,
           f.starts->len, cairn_test_gap_percentile_ms (f.starts, 50), cairn_test_gap_percentile_ms (f.starts, 95),
           cairn_test_longest_gap_ms (f.starts));
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
      redraw_only ();
      for (int animate = 0; animate < 2; animate++)
        {
          flood (FALSE, animate, command);
          flood (TRUE, animate, command);
        }
    }
  g_print ("1..0\n");
  return 0;
}
