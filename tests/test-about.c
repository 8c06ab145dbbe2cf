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

#include <glib/gstdio.h>

#include "cairn-application.h"
#include "cairn-test-harness.h"
#include "window/cairn-window.h"

/* One application for the whole run: a second would find the first's
 * objects still on the bus. */
static CairnApplication *app;

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
  /* the real CLI says how it is signed in: here by a key (which it reads
   * from its environment, not from a file) */
  g_setenv ("ANTHROPIC_API_KEY", "sk-about-test", TRUE);
  window = cairn_application_new_window (app, folder);
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
  g_assert_nonnull (strstr (info, "Signed in: signed in (api_key from ANTHROPIC_API_KEY, firstParty)"));
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

static gboolean
version_asked (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* A window whose claude says @version; the script notes that it was asked
 * (in @asked) and answers nothing else. Returns whether the banner shows,
 * once the answer is in. */
static gboolean
banner_for_version (const char *version,
                    char      **banner_text)
{
  g_autofree char *dir = g_dir_make_tmp ("cairn-old-cli-XXXXXX", NULL);
  g_autofree char *cli = g_build_filename (dir, "claude", NULL);
  g_autofree char *asked = g_build_filename (dir, "asked", NULL);
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\n"
                                             "[ \"$1\" = --version ] || exec sleep 30\n"
                                             "touch '%s'\necho '%s (Claude Code)'\n", asked, version);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkRevealer *banner;
  CairnWindow *window;
  gboolean shown;

  g_assert_true (g_file_set_contents (cli, script, -1, NULL));
  g_assert_cmpint (g_chmod (cli, 0755), ==, 0);
  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_wait_until (version_asked, asked, 10000));
  cairn_test_run_for (300);   /* the answer's way back to the window */

  banner = GTK_REVEALER (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_WINDOW,
                                                        "old_cli_banner"));
  shown = gtk_revealer_get_reveal_child (banner);
  *banner_text = g_strdup (gtk_label_get_label (GTK_LABEL (gtk_revealer_get_child (banner))));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("CAIRN_CLAUDE");
  return shown;
}

/* A claude older than the suite covers gets a banner that names the
 * version needed; a covered one doesn't. */
static void
test_old_cli_banner (void)
{
  g_autofree char *old_text = NULL;
  g_autofree char *current_text = NULL;

  g_assert_true (banner_for_version ("2.0.5", &old_text));
  g_assert_nonnull (strstr (old_text, "Claude Code 2.0.5 is older"));
  g_assert_nonnull (strstr (old_text, "Update it to 2.1.197 or newer"));
  g_assert_false (banner_for_version (g_getenv ("CAIRN_TEST_CLI_VERSION"), &current_text));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = cairn_application_new (TRUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_test_add_func ("/cairn/about/debug-info", test_about_debug_info);
  g_test_add_func ("/cairn/about/old-cli-banner", test_old_cli_banner);
  return g_test_run ();
}
