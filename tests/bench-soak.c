/* bench-soak.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A long day in one window: 500 turns, each with thinking, text, a tool
 * call approved through the session (its dialog opens and closes), a
 * 50 KB tool output and a reply, played by tests/soak-cli.py (the real
 * CLI's recorded turn, fast). It prints the window's memory after turn 50
 * and after turn 500, the growth per turn, and the file descriptors and
 * child processes before the first start and after the window is gone.
 * The goal: RSS at turn 500 within 10% of turn 50 once rows are recycled,
 * nothing left behind. Figures, not assertions (README.md "Tests" and "Figures");
 * it asserts only that every turn was answered.
 *
 * CAIRN_SOAK_TURNS (500) and CAIRN_SOAK_OUTPUT_KB (50) change the load. */

#include <adwaita.h>
#include <malloc.h>

#include "cairn-test-harness.h"
#include "cairn-application.h"
#include "window/cairn-window.h"
#include "page/cairn-approval-dialog.h"
#include "approvals/cairn-permission-request.h"

typedef struct
{
  CairnWindow *window;
  guint        approvals;
  gint         live_dialogs;
  guint        dialogs;
} Soak;

static guint
env_uint (const char *name,
          guint       fallback)
{
  const char *value = g_getenv (name);

  return value ? (guint)g_ascii_strtoull (value, NULL, 10) : fallback;
}

/* The open file descriptors, each as "fd→target". */
static GHashTable *
open_fds (void)
{
  GHashTable *fds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (path, NULL);

      /* not the one g_dir_open holds */
      if (target != NULL && !g_str_has_suffix (target, "/fd"))
        g_hash_table_add (fds, g_strdup_printf ("%s→%s", name, target));
    }
  return fds;
}

/* Those in @after and not in @before, for the printout. */
static char *
new_fds (GHashTable *before,
         GHashTable *after)
{
  GString *names = g_string_new (NULL);
  GHashTableIter iter;
  gpointer fd;

  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &fd, NULL))
    if (!g_hash_table_contains (before, fd))
      g_string_append_printf (names, "%s%s", names->len ? "," : "", (char *)fd);
  return g_string_free (names, FALSE);
}

/* Processes whose parent is this one (living or not yet reaped). */
static guint
count_children (void)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  g_autofree char *me = g_strdup_printf ("%d", getpid ());
  const char *name;
  guint n = 0;

  while (proc != NULL && (name = g_dir_read_name (proc)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      g_auto(GStrv) fields = NULL;
      const char *after_name;

      if (!g_ascii_isdigit (*name) || !g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      /* pid (comm) state ppid: comm may hold spaces, so split after ')' */
      after_name = strrchr (stat, ')');
      fields = after_name ? g_strsplit (after_name + 2, " ", 3) : NULL;
      n += fields && g_strv_length (fields) >= 2 && g_strcmp0 (fields[1], me) == 0;
    }
  return n;
}

static double
rss_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  malloc_trim (0);
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      !(line = strstr (status, "VmRSS:")))
    return 0;
  return g_ascii_strtod (line + 6, NULL) / 1024.0;
}

static void
dialog_finalized_cb (gpointer  data,
                     GObject  *where_the_object_was)
{
  ((Soak *)data)->live_dialogs--;
}

/* Follows each approval dialog to its end: one that outlives its answer
 * keeps its whole widget tree. */
static void
track_dialogs (Soak *soak)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (CAIRN_IS_APPROVAL_DIALOG (l->data) && !g_object_get_data (l->data, "soak-tracked"))
      {
        g_object_set_data (l->data, "soak-tracked", GINT_TO_POINTER (TRUE));
        g_object_weak_ref (l->data, dialog_finalized_cb, soak);
        soak->live_dialogs++;
        soak->dialogs++;
      }
}

/* Bytes malloc hands out now (what RSS holds beyond it is free space the
 * allocator keeps, slices, and mappings). */
static double
heap_mb (void)
{
  struct mallinfo2 info = mallinfo2 ();

  return (info.uordblks + info.hblkhd) / (1024.0 * 1024.0);
}

static gboolean
allow_cb (gpointer data)
{
  CairnPermissionRequest *request = data;
  CairnWindow *window = g_object_get_data (G_OBJECT (request), "soak-window");

  track_dialogs (g_object_get_data (G_OBJECT (request), "soak"));

  if (cairn_permission_request_get_state (request) == CAIRN_PERMISSION_PENDING)
    cairn_session_allow (cairn_window_get_session (window), request, NULL, NULL);
  return G_SOURCE_REMOVE;
}

/* The user's answer, a moment after the dialog has opened. */
static void
requested_cb (CairnSession           *session,
              CairnPermissionRequest *request,
              Soak                   *soak)
{
  soak->approvals++;
  g_object_set_data (G_OBJECT (request), "soak-window", soak->window);
  g_object_set_data (G_OBJECT (request), "soak", soak);
  g_idle_add_full (G_PRIORITY_LOW, allow_cb, g_object_ref (request), g_object_unref);
}

static gboolean
turn_done (gpointer data)
{
  Soak *soak = data;
  CairnSession *session = cairn_window_get_session (soak->window);

  return session != NULL && cairn_session_get_state (session) != CAIRN_SESSION_STATE_STARTING &&
         !cairn_session_get_busy (session);
}

static void
play_turn (Soak  *soak,
           guint  turn)
{
  g_autofree char *prompt = g_strdup_printf ("Build step %u, please", turn);

  cairn_session_send_prompt (cairn_window_get_session (soak->window), prompt);
  if (!cairn_test_wait_until (turn_done, soak, 60000))
    g_error ("turn %u got no answer", turn);
  /* what a user sees: the newest rows, drawn */
  cairn_test_run_for (5);
}

static void
show_window (Soak             *soak,
             CairnApplication *app,
             GFile            *folder)
{
  soak->window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (soak->window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (soak->window)))
    g_main_context_iteration (NULL, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autofree char *cli = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(CairnApplication) app = NULL;
  guint turns = env_uint ("CAIRN_SOAK_TURNS", 500);
  g_autoptr(GHashTable) fds_before = NULL;
  g_autoptr(GHashTable) fds_after = NULL;
  g_autofree char *fds_new = NULL;
  guint children_before, children_during = 0;
  double rss_at_50 = 0, rss_end, start, heap_at_50 = 0, heap_end;
  Soak soak = { 0 };

  cairn_application_skip_gl_for_cairo ();   /* as src/main.c, before GTK opens the display */
  gtk_init ();
  adw_init ();
  /* Approvals in an unfocused window (Xvfb has no window manager) send
   * desktop notifications, and there is no notification service here: its
   * warning is expected. Criticals stay fatal. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  dir = cairn_test_make_dir ("soak");
  cli = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "soak-cli.py", NULL);
  folder = g_file_new_for_path (dir);
  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  app = cairn_application_new (TRUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  /* A first window opens what the process keeps for its life (the display
   * connection, GIO's one inotify descriptor): the baseline is taken after
   * it is gone, so what the soak leaves behind shows. */
  show_window (&soak, app, folder);
  gtk_window_destroy (GTK_WINDOW (soak.window));
  cairn_test_run_for (500);
  fds_before = open_fds ();
  children_before = count_children ();
  show_window (&soak, app, folder);
  g_signal_connect (cairn_window_get_session (soak.window), "permission-requested",
                    G_CALLBACK (requested_cb), &soak);

  start = g_get_monotonic_time ();
  for (guint turn = 1; turn <= turns; turn++)
    {
      play_turn (&soak, turn);
      if (turn % (turns >= 500 ? 100 : 10) == 0)
        g_print ("bench-soak at turn %u: rss-mb=%.1f heap-mb=%.1f\n", turn, rss_mb (), heap_mb ());
      if (turn == MIN (50, turns))
        {
          rss_at_50 = rss_mb ();
          heap_at_50 = heap_mb ();
          children_during = count_children ();
        }
    }
  rss_end = rss_mb ();
  heap_end = heap_mb ();
  g_print ("bench-soak heap-turn-50-mb=%.1f heap-turn-%u-mb=%.1f heap-per-turn-kb=%.1f\n",
           heap_at_50, turns, heap_end, turns > 50 ? (heap_end - heap_at_50) * 1024.0 / (turns - 50) : 0);
  g_assert_cmpuint (soak.approvals, ==, turns);
  g_print ("bench-soak approval-dialogs=%u still-alive=%d\n", soak.dialogs, soak.live_dialogs);

  g_print ("bench-soak turns=%u output-kb=%u seconds=%.1f rss-turn-50-mb=%.1f rss-turn-%u-mb=%.1f "
           "growth=%.1f%% per-turn-kb=%.1f\n",
           turns, env_uint ("CAIRN_SOAK_OUTPUT_KB", 50),
           (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC,
           rss_at_50, turns, rss_end, 100.0 * (rss_end - rss_at_50) / rss_at_50,
           turns > 50 ? (rss_end - rss_at_50) * 1024.0 / (turns - 50) : 0);

  gtk_window_destroy (GTK_WINDOW (soak.window));
  /* the CLI is ended and reaped on the main loop */
  cairn_test_run_for (1000);
  fds_after = open_fds ();
  fds_new = new_fds (fds_before, fds_after);
  g_print ("bench-soak fds-before=%u fds-after=%u new-fds=[%s] children-before=%u children-while-running=%u children-after=%u\n",
           g_hash_table_size (fds_before), g_hash_table_size (fds_after), fds_new,
           children_before, children_during, count_children ());
  cairn_test_remove_dir (dir);
  return 0;
}
