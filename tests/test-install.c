/* test-install.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Install on the "Claude Code Is Not Installed" page (issue 23), with
 * nothing downloaded: a stand-in `npm` first on PATH records its argv and
 * controlling terminal and puts a `claude` that answers --version where
 * `npm install --global --prefix=~/.local` would. Install runs it in the
 * page's terminal, and once it has ended and claude answers, the page
 * asks the window to try again. A failing npm leaves the page saying so.
 * HOME is a throwaway folder, set before GLib reads it. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "widgets/cairn-terminal.h"
#include "window/cairn-missing-cli-page.h"

static char *home;
static char *bin;

static void
write_npm (int exit_status)
{
  g_autofree char *body = g_strdup_printf (
    "#!/bin/sh\n"
    "{ echo \"$*\"; tty; } > '%s/npm.log'\n"
    "[ %d = 0 ] || { echo 'npm ERR! network'; exit %d; }\n"
    "prefix=${3#--prefix=}\n"
    "mkdir -p \"$prefix/bin\"\n"
    "printf '#!/bin/sh\\necho \"2.1.330 (Claude Code)\"\\n' > \"$prefix/bin/claude\"\n"
    "chmod +x \"$prefix/bin/claude\"\n"
    "echo 'added 1 package'\n",
    home, exit_status, exit_status);
  g_autofree char *npm = g_build_filename (bin, "npm", NULL);

  g_assert_true (g_file_set_contents (npm, body, -1, NULL));
  g_assert_cmpint (g_chmod (npm, 0755), ==, 0);
}

static void
retry_cb (CairnMissingCliPage *page,
          gboolean            *retried)
{
  *retried = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *)data;
}

static gboolean
terminal_ended (gpointer data)
{
  CairnTerminal *terminal = cairn_missing_cli_page_get_terminal (data);

  return terminal != NULL && !cairn_terminal_get_running (terminal) && cairn_terminal_get_pid (terminal) == 0;
}

static CairnMissingCliPage *
show_page (GtkWindow *window)
{
  CairnMissingCliPage *page = g_object_new (CAIRN_TYPE_MISSING_CLI_PAGE, NULL);

  gtk_window_set_default_size (window, 900, 700);
  gtk_window_set_child (window, GTK_WIDGET (page));
  cairn_test_present (window);
  return page;
}

static void
test_install (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnMissingCliPage *page = show_page (window);
  g_autofree char *log_path = g_build_filename (home, "npm.log", NULL);
  g_autofree char *claude = g_build_filename (home, ".local", "bin", "claude", NULL);
  g_autofree char *expected = g_strdup_printf ("install --global --prefix=%s/.local @anthropic-ai/claude-code", home);
  g_autofree char *log = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean retried = FALSE;

  write_npm (0);
  g_signal_connect (page, "retry", G_CALLBACK (retry_cb), &retried);
  g_assert_nonnull (cairn_test_button_for (GTK_WIDGET (page), "page.install"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.install", NULL));
  g_assert_true (cairn_test_poll_until (flag_set, &retried, 20000));
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  lines = g_strsplit (log, "\n", -1);
  g_assert_cmpstr (lines[0], ==, expected);
  g_assert_true (g_str_has_prefix (lines[1], "/dev/pts/"));
  g_assert_true (g_file_test (claude, G_FILE_TEST_IS_EXECUTABLE));
  gtk_window_destroy (window);
  g_unlink (claude);
}

static void
test_install_fails (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnMissingCliPage *page = show_page (window);
  gboolean retried = FALSE;

  write_npm (1);
  g_signal_connect (page, "retry", G_CALLBACK (retry_cb), &retried);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.install", NULL));
  g_assert_true (cairn_test_poll_until (terminal_ended, page, 20000));
  cairn_test_run_for (300);
  g_assert_false (retried);
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), "The installation did not succeed; its output is below."));
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), "The process ended with exit status 1."));
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  int status;

  home = cairn_test_make_dir ("install-home");
  bin = g_build_filename (home, "fake-bin", NULL);
  g_mkdir_with_parents (bin, 0700);
  g_setenv ("HOME", home, TRUE);
  g_unsetenv ("CAIRN_CLAUDE");
  path = g_strdup_printf ("%s:/usr/bin:/bin", bin);
  g_setenv ("PATH", path, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/install/runs-and-goes-on", test_install);
  g_test_add_func ("/cairn/install/fails", test_install_fails);
  status = g_test_run ();
  cairn_test_remove_dir (home);
  return status;
}
