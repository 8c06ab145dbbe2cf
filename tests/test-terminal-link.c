/* test-terminal-link.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A web address in the terminal is a link (the sign-in page, issue 23):
 * a click on it, through the terminal's own click handler, opens exactly
 * the address shown, with the desktop's default browser: here a stand-in
 * that records what it was given (a desktop file and mimeapps.list of the
 * test's own, set before GIO reads them). An address with markup
 * characters is opened as written, a control character the terminal
 * swallows is not in it, and a hidden OSC 8 target is never opened.
 * Runs on Xvfb. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <vte/vte.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "widgets/cairn-terminal.h"

#define SIGNIN_URL "https://claude.ai/oauth/authorize?code=true&client_id=9d1c250a-e61b-44d9-88ed-5944d1962f5e" \
                   "&response_type=code&redirect_uri=https%3A%2F%2Fconsole.anthropic.com%2Foauth%2Fcode%2Fcallback" \
                   "&scope=org%3Acreate_api_key+user%3Aprofile&state=Zx_9-aB"

static char *opened_log;

/* The browser: a desktop file for http and https whose program appends
 * its argument to opened_log. */
static void
install_browser (const char *home)
{
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *apps = g_build_filename (data, "applications", NULL);
  g_autofree char *program = g_build_filename (home, "record-url", NULL);
  g_autofree char *script = NULL;
  g_autofree char *desktop = NULL;

  opened_log = g_build_filename (home, "opened.txt", NULL);
  script = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" >> '%s'\n", opened_log);
  g_assert_true (g_file_set_contents (program, script, -1, NULL));
  g_chmod (program, 0755);
  desktop = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Recorder\nExec=%s %%u\nNoDisplay=true\n"
                             "MimeType=x-scheme-handler/http;x-scheme-handler/https;\n", program);
  cairn_test_write_file (apps, "cairn-test-browser.desktop", desktop);
  cairn_test_write_file (config, "mimeapps.list",
                         "[Default Applications]\nx-scheme-handler/http=cairn-test-browser.desktop\n"
                         "x-scheme-handler/https=cairn-test-browser.desktop\n");
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
}

static char *
read_opened (void)
{
  char *text = NULL;

  if (!g_file_get_contents (opened_log, &text, NULL, NULL))
    return g_strdup ("");
  return text;
}

static gboolean
all_printed (gpointer terminal)
{
  g_autofree char *text = cairn_terminal_dup_text (terminal);

  return strstr (text, "all-printed") != NULL;
}

static gboolean
log_has_lines (gpointer data)
{
  g_autofree char *text = read_opened ();
  guint n = 0;

  for (const char *p = text; (p = strchr (p, '\n')) != NULL; p++)
    n++;
  return n >= GPOINTER_TO_UINT (data);
}

/* What the user's click on @row's fourth cell does: the handler the
 * terminal's click gesture runs, at that cell's middle. */
static void
click_row (CairnTerminal *terminal,
           int            row)
{
  VteTerminal *vte = VTE_TERMINAL (cairn_terminal_get_vte (terminal));
  GtkEventController *link = NULL;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (vte));
  double x = 3.5 * vte_terminal_get_char_width (vte);
  double y = (row + 0.5) * vte_terminal_get_char_height (vte);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "cairn-terminal-link") == 0)
        link = controller;
    }
  g_assert_nonnull (link);
  g_signal_emit_by_name (link, "released", 1, x, y);
}

static void
test_link_opens_what_is_shown (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnTerminal *terminal = cairn_terminal_new ();
  /* the sign-in address, wrapped over rows (each opens all of it); then
   * markup characters, cut at the first '<'; a BEL inside (not shown, so
   * not in the link); an OSC 8 hyperlink hiding another target; a file:
   * address */
  const char *argv[] = {
    "/bin/sh", "-c",
    "printf '%s\\n' '" SIGNIN_URL "';"
    "printf '%s\\n' 'https://example.com/a&amp;b=\"c\"<b>bold</b>';"
    "printf 'https://example.com/be\\007ll\\n';"
    "printf '\\033]8;;https://evil.example/\\033\\\\https://example.com/shown\\033]8;;\\033\\\\\\n';"
    "printf '%s\\n' 'file:///etc/passwd';"
    "echo all-printed; sleep 60",
    NULL,
  };
  g_autofree char *opened = NULL;
  g_autoptr(GString) expected = g_string_new (NULL);
  glong columns, wrapped;

  gtk_window_set_default_size (window, 1200, 500);
  gtk_window_set_child (window, GTK_WIDGET (terminal));
  cairn_test_present (window);
  cairn_terminal_spawn (terminal, argv, g_get_tmp_dir (), FALSE);
  g_assert_true (cairn_test_poll_until (all_printed, terminal, 10000));
  cairn_test_drain_main_context ();

  columns = vte_terminal_get_column_count (VTE_TERMINAL (cairn_terminal_get_vte (terminal)));
  wrapped = (strlen (SIGNIN_URL) + columns - 1) / columns;
  g_assert_cmpint (wrapped, >=, 2);
  for (int row = 0; row < wrapped + 3; row++)
    {
      click_row (terminal, row);
      g_assert_true (cairn_test_poll_until (log_has_lines, GUINT_TO_POINTER (row + 1), 10000));
    }
  /* not a web address: nothing opens */
  click_row (terminal, wrapped + 3);
  cairn_test_poll_until (log_has_lines, GUINT_TO_POINTER (wrapped + 4), 1000);
  for (int row = 0; row < wrapped; row++)
    g_string_append (expected, SIGNIN_URL "\n");
  g_string_append (expected, "https://example.com/a&amp;b=\n"
                             "https://example.com/bell\n"
                             "https://example.com/shown\n");

  opened = read_opened ();
  g_test_message ("opened:\n%s", opened);
  g_assert_cmpstr (opened, ==, expected->str);
  cairn_terminal_terminate (terminal);
  gtk_window_destroy (window);
}

/* The same with a real click (xdotool through X, GTK and VTE's own
 * gestures), on the sign-in address's first row: the handler above must
 * be reached by a user's click, not only by its signal. */
static void
test_link_real_click (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnTerminal *terminal = cairn_terminal_new ();
  VteTerminal *vte = VTE_TERMINAL (cairn_terminal_get_vte (terminal));
  const char *argv[] = { "/bin/sh", "-c", "printf '%s\\n' '" SIGNIN_URL "'; echo all-printed; sleep 60", NULL };
  g_autofree char *before = read_opened ();
  guint lines = 0;
  g_autofree char *opened = NULL;

  for (const char *c = before; *c; c++)
    lines += *c == '\n';
  gtk_window_set_default_size (window, 1200, 500);
  gtk_window_set_child (window, GTK_WIDGET (terminal));
  cairn_test_present (window);
  cairn_terminal_spawn (terminal, argv, g_get_tmp_dir (), FALSE);
  g_assert_true (cairn_test_poll_until (all_printed, terminal, 10000));
  cairn_test_drain_main_context ();
  cairn_test_click_at (window, GTK_WIDGET (vte), 3.5 * vte_terminal_get_char_width (vte),
                       0.5 * vte_terminal_get_char_height (vte));
  g_assert_true (cairn_test_poll_until (log_has_lines, GUINT_TO_POINTER (lines + 1), 10000));
  opened = read_opened ();
  g_assert_cmpstr (opened + strlen (before), ==, SIGNIN_URL "\n");
  cairn_terminal_terminate (terminal);
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = cairn_test_make_dir ("link");
  int status;

  /* before GIO reads the desktop's applications */
  install_browser (home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/terminal/link-opens-what-is-shown", test_link_opens_what_is_shown);
  g_test_add_func ("/cairn/terminal/link-real-click", test_link_real_click);
  status = g_test_run ();
  cairn_test_remove_dir (home);
  return status;
}
