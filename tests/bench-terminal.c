/* bench-terminal.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What opening the terminal pane costs (issue 23): the RSS it adds to
 * Cairn (the child's own memory is not Cairn's) and the time from asking
 * for it to the first frame that shows it. A conversation page in a
 * window, settled; then the pane opens with a shell in it. Run in a
 * release build: `meson test -C _release --benchmark bench-terminal`. */

#include "config.h"

#include <adwaita.h>
#include <unistd.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "page/cairn-page.h"
#include "widgets/cairn-terminal.h"

typedef struct
{
  CairnPage *page;
  gint64     asked;
  gint64     shown;
} Bench;

static long
rss_kb (void)
{
  g_autofree char *statm = NULL;
  long pages = 0, resident = 0;

  if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    sscanf (statm, "%ld %ld", &pages, &resident);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

static void
after_paint_cb (GdkFrameClock *clock,
                Bench         *bench)
{
  CairnTerminal *terminal = cairn_page_get_terminal (bench->page);

  if (bench->asked != 0 && bench->shown == 0 && terminal != NULL &&
      gtk_widget_get_mapped (cairn_terminal_get_vte (terminal)))
    bench->shown = g_get_monotonic_time ();
}

static gboolean
shown (gpointer data)
{
  return ((Bench *)data)->shown != 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autoptr(CairnSession) session = NULL;
  g_autoptr(CairnDraftStore) drafts = NULL;
  GtkWindow *window;
  Bench bench = { 0 };
  long before, after;

  gtk_init ();
  adw_init ();
  g_setenv ("SHELL", "/bin/sh", TRUE);
  dir = cairn_test_make_dir ("bench-terminal");
  session = cairn_session_new (dir, "/bin/true");
  drafts = cairn_draft_store_new (dir);
  bench.page = cairn_page_new (session, drafts, NULL);
  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_set_child (window, GTK_WIDGET (bench.page));
  cairn_test_present (window);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), &bench);
  cairn_test_run_for (2000);
  before = rss_kb ();

  bench.asked = g_get_monotonic_time ();
  cairn_page_open_terminal (bench.page, CAIRN_TERMINAL_SHELL, CAIRN_LOGIN_CLAUDEAI);
  if (!cairn_test_poll_until (shown, &bench, 10000))
    g_error ("the terminal never showed");
  cairn_test_run_for (2000);
  after = rss_kb ();
  g_print ("bench-terminal first-frame-ms=%.1f rss-before-kb=%ld rss-after-kb=%ld added-kb=%ld\n",
           (bench.shown - bench.asked) / 1000.0, before, after, after - before);

  gtk_window_destroy (window);
  cairn_test_remove_dir (dir);
  return 0;
}
