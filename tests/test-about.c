/* test-about.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* About → Troubleshooting → Debug Info holds what a bug report needs. Run
 * against the pinned real CLI: the version it reports must be there. */

#include "config.h"

#include <adwaita.h>

#include "cairn-application.h"
#include "cairn-window.h"

static AdwAboutWindow *
find_about (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_ABOUT_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
test_about_debug_info (void)
{
  const char *cli = g_getenv ("CAIRN_TEST_CLI");
  g_autoptr(CairnApplication) app = cairn_application_new (TRUE);
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  g_autoptr(GError) error = NULL;
  g_autofree char *info = NULL;
  g_autofree char *expected = NULL;
  CairnWindow *window;
  AdwAboutWindow *about;
  gboolean timed_out = FALSE;
  guint timeout;

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the pinned CLI is not installed (tests/install-cli.sh)");
      return;
    }
  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  g_setenv ("CAIRN_DEBUG_PROTOCOL", "/tmp/cairn-protocol-logs", TRUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = cairn_window_new (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  timeout = g_timeout_add (20000, timeout_cb, &timed_out);
  while ((about = find_about ()) == NULL && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (about);
  if (!timed_out)
    g_source_remove (timeout);

  info = g_strdup (adw_about_window_get_debug_info (about));
  g_test_message ("%s", info);
  expected = g_strdup_printf ("Claude Code version: %s", g_getenv ("CAIRN_TEST_CLI_VERSION"));
  g_assert_nonnull (strstr (info, expected));
  g_assert_nonnull (strstr (info, cli));
  g_assert_nonnull (strstr (info, "GTK 4.8."));
  g_assert_nonnull (strstr (info, "libadwaita 1.2."));
  g_assert_nonnull (strstr (info, "GtkSourceView 5.6."));
  g_assert_nonnull (strstr (info, "Renderer: Gsk"));
  g_assert_nonnull (strstr (info, "Flatpak: no"));
  g_assert_nonnull (strstr (info, "Protocol log: /tmp/cairn-protocol-logs"));
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);

  gtk_window_destroy (GTK_WINDOW (about));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("CAIRN_DEBUG_PROTOCOL");
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/about/debug-info", test_about_debug_info);
  return g_test_run ();
}
