/* bench-list-gaps.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Benchmark (prints figures, asserts nothing): the window while a project
 * folder of 100,000 files is listed (issue 27, bad input). The folder
 * (under /tmp, made and removed here) holds small conversations and,
 * one file in ten, junk: an empty file, a line that is no JSON, a link to
 * nothing. While the list is read a thread writes new conversations into
 * it and removes them again. The window's frame clock's "after-paint"
 * times give the longest gap between two frames from the window's first
 * frame until the list is read whole (and re-read after the churn), with
 * the number of frames and of changes the sidebar's list got, and for each
 * gap over 100 ms where it went: before the frame (the main loop's other
 * work), laying the frame out, painting it, and ending it (GDK's own
 * after-paint: on X11 it talks to the X server).
 *
 *   bench-list-gaps [N_FILES]   (under Xvfb: tests/run-headless.sh) */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "cairn-application.h"
#include "history/cairn-history-index.h"
#include "window/cairn-window.h"

typedef struct
{
  GArray  *frames;   /* µs of each after-paint */
  GArray  *changed;   /* µs of each change of the list */
  guint    changes;
  guint    most_added;
  /* of the frame being drawn, and of each drawn (4 gint64 a frame: its
   * start, layout's end, paint's end, after-paint) */
  gint64   phase[3];
  GArray  *phases;
} Watch;

static void
write_conversation (const char *folder,
                    const char *cwd,
                    const char *name,
                    guint       i)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  FILE *file = fopen (path, "w");

  g_assert_nonnull (file);
  fprintf (file, "{\"type\":\"user\",\"cwd\":\"%s\",\"timestamp\":\"2026-01-01T00:00:00Z\","
           "\"message\":{\"role\":\"user\",\"content\":\"Conversation %u\"}}\n", cwd, i);
  fclose (file);
}

/* One file in ten is junk: empty, no JSON, or a link to nothing. */
static void
write_file (const char *folder,
            const char *cwd,
            guint       i)
{
  g_autofree char *name = g_strdup_printf ("00000000-0000-4000-8000-%012u.jsonl", i);
  g_autofree char *path = g_build_filename (folder, name, NULL);

  switch (i % 30)
    {
    case 9:
      g_assert_true (g_file_set_contents (path, "", 0, NULL));
      break;
    case 19:
      g_assert_true (g_file_set_contents (path, "not json at all\n", -1, NULL));
      break;
    case 29:
      g_assert_cmpint (symlink ("nowhere.jsonl", path), ==, 0);
      break;
    default:
      write_conversation (folder, cwd, name, i);
    }
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Watch         *watch)
{
  watch->phase[0] = watch->phase[1] = watch->phase[2] = g_get_monotonic_time ();
}

static void
layout_cb (GdkFrameClock *clock,
           Watch         *watch)
{
  watch->phase[1] = watch->phase[2] = g_get_monotonic_time ();
}

static void
paint_cb (GdkFrameClock *clock,
          Watch         *watch)
{
  watch->phase[2] = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Watch         *watch)
{
  gint64 now = g_get_monotonic_time ();

  g_array_append_val (watch->frames, now);
  g_array_append_vals (watch->phases, watch->phase, 3);
  g_array_append_val (watch->phases, now);
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Watch      *watch)
{
  gint64 now = g_get_monotonic_time ();

  g_array_append_val (watch->changed, now);
  watch->changes++;
  watch->most_added = MAX (watch->most_added, added);
}

/* Where the gaps over 100 ms were: from the first frame, and how many
 * changes of the list came in them. */
static void
print_long_gaps (Watch *watch)
{
  gint64 *frames = (gint64 *)watch->frames->data;

  for (guint i = 1; i < watch->frames->len; i++)
    {
      gint64 *phase = &g_array_index (watch->phases, gint64, 4 * i);
      guint changes = 0;

      if (frames[i] - frames[i - 1] <= 100 * 1000)
        continue;
      for (guint j = 0; j < watch->changed->len; j++)
        changes += g_array_index (watch->changed, gint64, j) > frames[i - 1] &&
                   g_array_index (watch->changed, gint64, j) <= frames[i];
      g_print ("# a gap of %.0f ms at %.0f ms after the first frame, frame %u, %u changes of the list in it: "
               "%.0f ms before the frame, %.0f to lay it out, %.0f to paint it, %.0f to end it\n",
               (frames[i] - frames[i - 1]) / 1e3, (frames[i - 1] - frames[0]) / 1e3, i, changes,
               (phase[0] - frames[i - 1]) / 1e3, (phase[1] - phase[0]) / 1e3, (phase[2] - phase[1]) / 1e3,
               (frames[i] - phase[2]) / 1e3);
    }
}

static gboolean
listed (gpointer cwd)
{
  return cairn_history_index_get_listed (cairn_application_get_history (cairn_test_shared_app ()), cwd);
}

int
main (int   argc,
      char *argv[])
{
  guint n = argc > 1 ? atoi (argv[1]) : 100000;
  g_autofree char *config = NULL, *project = NULL, *folder_name = NULL, *folder = NULL;
  char *cwd;
  g_autoptr(GFile) project_file = NULL;
  CairnApplication *app;
  CairnWindow *window;
  GListModel *model;
  Watch watch = { g_array_new (FALSE, FALSE, sizeof (gint64)), g_array_new (FALSE, FALSE, sizeof (gint64)) };
  GdkFrameClock *clock;
  CairnTestChurn *churn;
  g_autofree char *churn_line = NULL;
  guint churned;
  gint64 start, made;

  gtk_init ();
  adw_init ();
  config = cairn_test_make_dir ("gaps-config");
  project = cairn_test_make_dir ("gaps-project");
  cwd = realpath (project, NULL);
  folder_name = g_strcanon (g_strdup (cwd), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", '-');
  folder = g_build_filename (config, "projects", folder_name, NULL);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  made = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    write_file (folder, cwd, i);
  g_print ("# %u files (%u junk) made in %.1f s\n", n, n / 10, (g_get_monotonic_time () - made) / 1e6);
  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  g_setenv ("XDG_CACHE_HOME", config, TRUE);   /* no list cache: the cold case */

  app = cairn_test_shared_app ();
  project_file = g_file_new_for_path (project);
  start = g_get_monotonic_time ();
  window = cairn_application_new_window (app, project_file);
  model = cairn_history_index_get_conversations (cairn_application_get_history (app), cwd);
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &watch);
  churn_line = g_strdup_printf ("{\"type\":\"user\",\"cwd\":\"%s\",\"message\":"
                                "{\"role\":\"user\",\"content\":\"churn\"}}\n", cwd);
  churn = cairn_test_churn_start (folder, churn_line);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  watch.phases = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &watch);
  g_signal_connect_after (clock, "layout", G_CALLBACK (layout_cb), &watch);
  g_signal_connect_after (clock, "paint", G_CALLBACK (paint_cb), &watch);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &watch);
  while (!listed (cwd))
    g_main_context_iteration (NULL, TRUE);
  churned = cairn_test_churn_stop (churn);
  /* the churn's last changes are listed again */
  cairn_test_run_for (1500);
  g_print ("list-gaps files %u listed-ms %.0f conversations %u frames %u longest-gap-ms %.0f "
           "list-changes %u most-added-at-once %u churned %u\n",
           n, (g_get_monotonic_time () - start) / 1e3, g_list_model_get_n_items (model), watch.frames->len,
           cairn_test_longest_gap_ms (watch.frames), watch.changes, watch.most_added, churned);
  print_long_gaps (&watch);
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
  free (cwd);
  g_array_unref (watch.frames);
  g_array_unref (watch.changed);
  g_array_unref (watch.phases);
  return 0;
}
