/* bench-worktree.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <adwaita.h>

#include "git/cairn-git.h"
#include "git/cairn-git-diff.h"
#include "git/cairn-git-worktree.h"
#include "session/cairn-session.h"
#include "trust/cairn-trust-record.h"
#include "window/cairn-changes-pane.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"

/* Figures for issue 26, one line each:
 *   create:  a worktree made on a repository of 10,000 files, beside
 *            git's own `worktree add` of the same tree, and the real CLI
 *            started in it until it offers its models (the fake API);
 *   list:    the Changes pane from a refresh to the painted frame that
 *            lists 2,000 changed files;
 *   diff:    a 10,000-line diff selected to the painted frame showing it;
 *   scroll:  that diff scrolled a third of a page per frame to its end,
 *            the frame work (before-paint to after-paint).
 * "Painted" is the first frame that ends after the list or the text
 * last changed. */

#define N_FILES 10000
#define N_CHANGED 2000
#define DIFF_LINES 10000

/* the last frame: when it began and ended; and when the pane last changed */
static gint64 before_paint_us;
static gint64 painted_us;
static gint64 changed_us;

static void
before_paint_cb (GdkFrameClock *clock,
                 gpointer       data)
{
  before_paint_us = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  painted_us = g_get_monotonic_time ();
}

static void
changed_cb (gpointer data)
{
  changed_us = g_get_monotonic_time ();
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static int
compare_doubles_qsort (const void *a,
                       const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static gboolean
has_models (gpointer session)
{
  const char * const *models = cairn_session_get_model_values (session);

  return models != NULL && models[0] != NULL;
}

static char *
bench_create (const char *project)
{
  g_autofree char *plain = g_build_filename (project, "..", "plain-checkout", NULL);
  const char *add[] = { "git", "worktree", "add", "--quiet", "--detach", "--", plain, "HEAD", NULL };
  g_autoptr(CairnGitResult) result = NULL;
  g_autoptr(CairnGitWorktree) worktree = NULL;
  g_autoptr(CairnSession) session = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  double git_ms, create_ms, start_ms;

  result = cairn_git_run (project, add, NULL, NULL, &error);
  g_assert_no_error (error);
  git_ms = ms_since (start);
  start = g_get_monotonic_time ();
  worktree = cairn_git_worktree_create (project, "bench", NULL, NULL, &error);
  g_assert_no_error (error);
  create_ms = ms_since (start);
  start = g_get_monotonic_time ();
  session = cairn_session_new (worktree->path, cairn_test_cli_path ());
  g_assert_true (cairn_session_start (session));
  g_assert_true (cairn_test_wait_until (has_models, session, 60000));
  start_ms = ms_since (start);
  g_print ("bench-worktree create files=%d git-worktree-add-ms=%.0f cairn-create-ms=%.0f "
           "cairn-beyond-git-ms=%.0f cli-start-to-models-ms=%.0f\n",
           N_FILES, git_ms, create_ms, create_ms - git_ms, start_ms);
  cairn_session_close (session);
  cairn_test_run_for (200);
  return g_strdup (worktree->path);
}

/* What Cairn adds to git's checkout: the same steps on a one-file tree,
 * the median of 9 (the 10,000-file figures above vary by seconds on a
 * shared machine, git's own checkout with them). */
static void
bench_overhead (const char *dir)
{
  g_autofree char *small = g_build_filename (dir, "small", NULL);
  g_autofree char *real = NULL;
  double runs[9];

  g_assert_cmpint (g_mkdir_with_parents (small, 0700), ==, 0);
  cairn_test_sh (small, "git init -q -b main . && echo x > x && git add x && git commit -qm x");
  real = realpath (small, NULL);
  g_assert_true (cairn_trust_record_write (real, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *name = g_strdup_printf ("w%u", i);
      gint64 start = g_get_monotonic_time ();
      g_autoptr(CairnGitWorktree) worktree = cairn_git_worktree_create (small, name, NULL, NULL, NULL);

      g_assert_nonnull (worktree);
      runs[i] = ms_since (start);
    }
  qsort (runs, G_N_ELEMENTS (runs), sizeof (double), (GCompareFunc)compare_doubles_qsort);
  g_print ("bench-worktree overhead files=1 cairn-create-median-ms=%.0f\n", runs[G_N_ELEMENTS (runs) / 2]);
}

static guint
n_listed (CairnChangesPane *pane)
{
  GListModel *paths = G_LIST_MODEL (gtk_widget_get_template_child (GTK_WIDGET (pane), CAIRN_TYPE_CHANGES_PANE,
                                                                    "paths"));
  return g_list_model_get_n_items (paths);
}

static gboolean
lists_all (gpointer pane)
{
  return n_listed (pane) == N_CHANGED + 1 && painted_us > changed_us;
}

static GtkTextBuffer *
diff_buffer (CairnChangesPane *pane)
{
  return gtk_text_view_get_buffer (GTK_TEXT_VIEW (gtk_widget_get_template_child (
    GTK_WIDGET (pane), CAIRN_TYPE_CHANGES_PANE, "diff_view")));
}

static gboolean
shows_big_diff (gpointer pane)
{
  return gtk_text_buffer_get_line_count (diff_buffer (pane)) > DIFF_LINES && painted_us > changed_us;
}

static gboolean
after_paint (gpointer start)
{
  return painted_us > *(gint64 *)start;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static void
bench_scroll (CairnChangesPane *pane,
              GdkFrameClock    *clock)
{
  GtkWidget *view = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (pane), CAIRN_TYPE_CHANGES_PANE,
                                                               "diff_view"));
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scroller);
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (double));

  while (gtk_adjustment_get_value (adj) < cairn_test_scroll_end (adj) - 1)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj) / 3);
      gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
      g_assert_true (cairn_test_wait_until (after_paint, &start, 5000));
      ms = (painted_us - before_paint_us) / 1000.0;
      g_array_append_val (frames, ms);
    }
  g_array_sort (frames, compare_doubles);
  g_print ("bench-worktree scroll frames=%u p50-ms=%.2f p95-ms=%.2f max-ms=%.2f\n", frames->len,
           g_array_index (frames, double, frames->len / 2),
           g_array_index (frames, double, MIN (frames->len - 1, (guint)(frames->len * 0.95))),
           g_array_index (frames, double, frames->len - 1));
}

/* The pane's read alone, off any main loop: the git commands that list
 * the changes (probe, base, numstat, untracked, base moved), so the
 * list's figure below splits into git's part and the pane's. */
static void
bench_read (const char *worktree)
{
  double runs[5];
  guint files = 0;

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(CairnGitChanges) changes = cairn_git_changes_read (worktree, NULL, NULL);

      g_assert_nonnull (changes);
      runs[i] = ms_since (start);
      files = changes->files->len;
    }
  qsort (runs, G_N_ELEMENTS (runs), sizeof (double), (GCompareFunc)compare_doubles_qsort);
  g_print ("bench-worktree read files=%u git-read-median-ms=%.0f min-ms=%.0f\n", files,
           runs[G_N_ELEMENTS (runs) / 2], runs[0]);
}

static void
bench_pane (const char *worktree)
{
  GtkWidget *window = gtk_window_new ();
  CairnChangesPane *pane = g_object_new (CAIRN_TYPE_CHANGES_PANE, NULL);
  g_autoptr(CairnSession) session = cairn_session_new (worktree, cairn_test_cli_path ());
  GdkFrameClock *clock;
  gint64 start;

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 760);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (pane));
  cairn_test_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
  g_signal_connect_swapped (gtk_widget_get_template_child (GTK_WIDGET (pane), CAIRN_TYPE_CHANGES_PANE, "paths"),
                            "items-changed", G_CALLBACK (changed_cb), NULL);
  g_signal_connect_swapped (diff_buffer (pane), "changed", G_CALLBACK (changed_cb), NULL);
  cairn_changes_pane_set_session (pane, session);

  painted_us = 0;
  start = g_get_monotonic_time ();
  cairn_changes_pane_set_active (pane, TRUE);
  g_assert_true (cairn_test_wait_until (lists_all, pane, 60000));
  g_print ("bench-worktree list files=%u to-painted-ms=%.0f\n", n_listed (pane), (painted_us - start) / 1000.0);

  cairn_test_run_for (300);
  painted_us = 0;
  start = g_get_monotonic_time ();
  g_assert_true (cairn_changes_pane_select_path (pane, "big.txt"));
  g_assert_true (cairn_test_wait_until (shows_big_diff, pane, 60000));
  g_print ("bench-worktree diff lines=%d to-painted-ms=%.0f\n", gtk_text_buffer_get_line_count (diff_buffer (pane)),
           (painted_us - start) / 1000.0);
  cairn_test_run_for (300);
  bench_scroll (pane, clock);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CairnTestFakeApi) api = NULL;
  g_autofree char *worktree = NULL;
  g_autofree char *real = NULL;
  g_autofree char *script = g_strdup_printf (
    "import os\n"
    "for i in range(%d):\n"
    "    os.makedirs('d%%d' %% (i // 100), exist_ok=True)\n"
    "    open('d%%d/f%%d.txt' %% (i // 100, i), 'w').write('%%d\\nline\\n' %% i)\n", N_FILES);
  g_autofree char *make = NULL;
  g_autofree char *change = g_strdup_printf (
    "python3 -c \"\nfor i in range(%d):\n    open('d%%d/f%%d.txt' %% (i // 100, i), 'a').write('more\\\\n')\n"
    "open('big.txt', 'w').write(''.join('line %%d\\\\n' %% n for n in range(%d)))\n\"", N_CHANGED, DIFF_LINES);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_setenv ("GIT_AUTHOR_NAME", "Bench", TRUE);
  g_setenv ("GIT_AUTHOR_EMAIL", "bench@example.org", TRUE);
  g_setenv ("GIT_COMMITTER_NAME", "Bench", TRUE);
  g_setenv ("GIT_COMMITTER_EMAIL", "bench@example.org", TRUE);
  api = cairn_test_fake_api_start ("{}");
  make = g_strdup_printf ("git init -q -b main . && python3 -c \"%s\" && git add . && git commit -qm files", script);
  cairn_test_sh (api->project, make);
  real = realpath (api->project, NULL);
  g_assert_true (cairn_trust_record_write (real, NULL));
  worktree = bench_create (api->project);
  bench_overhead (api->dir);
  cairn_test_sh (worktree, change);
  bench_read (worktree);
  bench_pane (worktree);
  return 0;
}
