/* test-flood.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A CLI that floods its output (tests/fault-cli.py, CAIRN_FAULT=flood:
 * short text deltas as fast as a pipe takes them) must not hold the
 * window: the real CairnWindow on Xvfb keeps painting frames while the
 * lines come in, a prompt typed meanwhile reaches the CLI before the flood
 * is over, and every delta ends up in the reply. Frame gaps are printed
 * (the bar is a benchmark's: tests/bench-faults.sh); the assertions are
 * behaviour: frames happen, the prompt goes out, nothing is lost. */

#include <adwaita.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "cairn-application.h"
#include "page/cairn-composer.h"
#include "window/cairn-window.h"
#include "transcript/cairn-text-item.h"

#define FLOOD_LINES  200000
#define DELTA_TEXT   "flood "

typedef struct
{
  CairnWindow *window;
  char        *log_path;
  GArray      *frames;   /* gint64 µs of each after-paint */
  gboolean     flooding;
} Fixture;

static void
after_paint_cb (GdkFrameClock *clock,
                Fixture       *f)
{
  gint64 now = g_get_monotonic_time ();

  if (f->flooding)
    g_array_append_val (f->frames, now);
}

static CairnSession *
session (Fixture *f)
{
  return cairn_window_get_session (f->window);
}

static gsize
reply_length (Fixture *f)
{
  CairnItem *item = cairn_test_find_item (cairn_session_get_transcript (session (f)),
                                          CAIRN_ITEM_KIND_ASSISTANT, 0);

  return item ? strlen (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item))) : 0;
}

static gboolean
flood_started (gpointer data)
{
  return reply_length (data) > 1000 * strlen (DELTA_TEXT);
}

static gboolean
cli_got_prompt (gpointer data)
{
  Fixture *f = data;
  g_autofree char *log = NULL;

  return g_file_get_contents (f->log_path, &log, NULL, NULL) && strstr (log, "meanwhile") != NULL;
}

static gboolean
second_reply_shown (gpointer data)
{
  return cairn_test_transcript_mentions (cairn_session_get_transcript (session (data)), "pong 2") &&
         cairn_test_session_idle (session (data));
}

static void
test_flood_keeps_window_drawing (void)
{
  g_autofree char *dir = cairn_test_make_dir ("flood");
  g_autofree char *cli = g_test_build_filename (G_TEST_DIST, "fault-cli.py", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(CairnApplication) app = cairn_application_new (TRUE);
  Fixture f = { 0 };
  gint64 start, sent_at;
  double seconds;

  f.log_path = g_build_filename (dir, "prompts.log", NULL);
  f.frames = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  g_setenv ("CAIRN_FAULT", "flood", TRUE);
  g_setenv ("CAIRN_FAULT_LOG", f.log_path, TRUE);
  g_setenv ("CAIRN_FAULT_LINES", G_STRINGIFY (FLOOD_LINES), TRUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  f.window = cairn_application_new_window (app, folder);
  cairn_test_present (GTK_WINDOW (f.window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (f.window)), "after-paint",
                    G_CALLBACK (after_paint_cb), &f);

  start = g_get_monotonic_time ();
  f.flooding = TRUE;
  cairn_test_type_and_send (GTK_WIDGET (f.window), "go");
  g_assert_true (cairn_test_wait_until (flood_started, &f, 30000));
  sent_at = g_get_monotonic_time ();
  cairn_test_type_and_send (GTK_WIDGET (f.window), "meanwhile");
  g_assert_true (cairn_test_wait_until (cli_got_prompt, &f, 30000));
  /* the prompt went out while the flood was still coming in */
  g_assert_cmpuint (reply_length (&f), <, FLOOD_LINES * strlen (DELTA_TEXT));
  g_test_message ("prompt typed during the flood reached the CLI after %.0f ms",
                  (g_get_monotonic_time () - sent_at) / 1000.0);

  g_assert_true (cairn_test_wait_until (second_reply_shown, &f, 120000));
  f.flooding = FALSE;
  seconds = (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC;
  g_test_message ("%u lines in %.1f s (%.0f lines/s), %u frames, longest gap %.0f ms",
                  FLOOD_LINES, seconds, FLOOD_LINES / seconds, f.frames->len,
                  cairn_test_longest_gap_ms (f.frames));
  /* nothing lost, and the window drew all along */
  g_assert_cmpuint (reply_length (&f), ==, FLOOD_LINES * strlen (DELTA_TEXT));
  g_assert_cmpuint (f.frames->len, >=, (guint)(seconds * 5));

  gtk_window_destroy (GTK_WINDOW (f.window));
  g_array_unref (f.frames);
  g_free (f.log_path);
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/faults/flood-keeps-window-drawing", test_flood_keeps_window_drawing);
  return g_test_run ();
}
