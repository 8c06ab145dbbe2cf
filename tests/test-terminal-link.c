/* test-terminal-link.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A web address in the terminal is a link (the sign-in page, issue 23):
 * a click on it opens exactly the address shown, with the desktop's
 * default browser: here a stand-in that records what it was given (a
 * desktop file and mimeapps.list of the test's own, set before GIO reads
 * them). An address with markup
 * characters is opened as written, a control character the terminal
 * swallows is not in it, and a hidden OSC 8 target is never opened.
 * A link is text too: a drag that starts on it selects (and opens
 * nothing), a double or triple click on it selects the word or the line
 * (and opens nothing). Every click and drag is a user's, through X
 * (xdotool), GTK and VTE's own gestures. Runs on Xvfb. */

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

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *c = text; *c; c++)
    n += *c == '\n';
  return n;
}

static guint
opened_lines (void)
{
  g_autofree char *text = read_opened ();

  return count_lines (text);
}

/* Nothing more opens in longer than a click waits out the double-click
 * time before it opens. */
static void
assert_nothing_opens (guint lines)
{
  g_assert_false (cairn_test_poll_until (log_has_lines, GUINT_TO_POINTER (lines + 1), 1500));
}

static gboolean
has_selection (gpointer vte)
{
  return vte_terminal_get_has_selection (vte);
}

/* A window with a terminal running @script, once it printed all-printed. */
static CairnTerminal *
show_terminal (GtkWindow  **window,
               const char  *script)
{
  CairnTerminal *terminal = cairn_terminal_new ();
  const char *argv[] = { "/bin/sh", "-c", script, NULL };

  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (*window, 1200, 500);
  gtk_window_set_child (*window, GTK_WIDGET (terminal));
  cairn_test_present (*window);
  cairn_terminal_spawn (terminal, argv, g_get_tmp_dir (), FALSE);
  g_assert_true (cairn_test_poll_until (all_printed, terminal, 10000));
  cairn_test_drain_main_context ();
  return terminal;
}

/* The user's hand at @row's fourth cell's middle, doing @actions. */
static void
pointer_at_row (GtkWindow          *window,
                CairnTerminal      *terminal,
                int                 row,
                const char * const *actions)
{
  VteTerminal *vte = VTE_TERMINAL (cairn_terminal_get_vte (terminal));

  cairn_test_pointer_at (window, GTK_WIDGET (vte), 3.5 * vte_terminal_get_char_width (vte),
                         (row + 0.5) * vte_terminal_get_char_height (vte), actions);
}

static void
click_row (GtkWindow     *window,
           CairnTerminal *terminal,
           int            row)
{
  const char *click[] = { "click", "1", NULL };

  pointer_at_row (window, terminal, row, click);
}

static void
test_link_opens_what_is_shown (void)
{
  GtkWindow *window;
  CairnTerminal *terminal;
  /* the sign-in address, wrapped over rows (each opens all of it); then
   * markup characters, cut at the first '<'; a BEL inside (not shown, so
   * not in the link); an OSC 8 hyperlink hiding another target; a file:
   * address */
  const char *script =
    "printf '%s\\n' '" SIGNIN_URL "';"
    "printf '%s\\n' 'https://example.com/a&amp;b=\"c\"<b>bold</b>';"
    "printf 'https://example.com/be\\007ll\\n';"
    "printf '\\033]8;;https://evil.example/\\033\\\\https://example.com/shown\\033]8;;\\033\\\\\\n';"
    "printf '%s\\n' 'file:///etc/passwd';"
    "echo all-printed; sleep 60";
  g_autofree char *opened = NULL;
  g_autoptr(GString) expected = g_string_new (NULL);
  glong columns, wrapped;

  terminal = show_terminal (&window, script);
  columns = vte_terminal_get_column_count (VTE_TERMINAL (cairn_terminal_get_vte (terminal)));
  wrapped = (strlen (SIGNIN_URL) + columns - 1) / columns;
  g_assert_cmpint (wrapped, >=, 2);
  for (int row = 0; row < wrapped + 3; row++)
    {
      click_row (window, terminal, row);
      g_assert_true (cairn_test_poll_until (log_has_lines, GUINT_TO_POINTER (row + 1), 10000));
    }
  /* not a web address: nothing opens */
  click_row (window, terminal, wrapped + 3);
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

#define SIGNIN_SCRIPT "printf '%s\\n' '" SIGNIN_URL "'; echo all-printed; sleep 60"

/* A click on the sign-in address's first row opens it, once, and leaves
 * no selection behind. */
static void
test_link_real_click (void)
{
  GtkWindow *window;
  CairnTerminal *terminal = show_terminal (&window, SIGNIN_SCRIPT);
  g_autofree char *before = read_opened ();
  g_autofree char *opened = NULL;

  click_row (window, terminal, 0);
  g_assert_true (cairn_test_poll_until (log_has_lines, GUINT_TO_POINTER (count_lines (before) + 1), 10000));
  assert_nothing_opens (count_lines (before) + 1);
  opened = read_opened ();
  g_assert_cmpstr (opened + strlen (before), ==, SIGNIN_URL "\n");
  g_assert_false (vte_terminal_get_has_selection (VTE_TERMINAL (cairn_terminal_get_vte (terminal))));
  cairn_terminal_terminate (terminal);
  gtk_window_destroy (window);
}

/* @data: what the user's hand does on the link (xdotool's actions, a
 * string vector); then @check says whether the selection is right; with
 * CAIRN_TEST_SHOTS, a screenshot in @shot. */
typedef struct
{
  const char *actions[24];
  gboolean  (*check) (const char *selected);
  const char *shot;
} Selecting;

/* a piece of the address, from where the drag started */
static gboolean
dragged_over (const char *selected)
{
  return strlen (selected) >= 5 && strstr (SIGNIN_URL, selected) != NULL && !g_str_has_prefix (SIGNIN_URL, selected);
}

/* VTE's word: letters and digits, and a few marks, not ':' */
static gboolean
word (const char *selected)
{
  return g_str_equal (selected, "https");
}

/* the line: all the address, over the rows it wraps on */
static gboolean
line (const char *selected)
{
  return g_str_has_prefix (selected, SIGNIN_URL);
}

static const Selecting drag = {
  { "mousedown", "1", "sleep", "0.1", "mousemove_relative", "50", "0", "sleep", "0.1",
    "mousemove_relative", "50", "0", "sleep", "0.1", "mouseup", "1", NULL },
  dragged_over, "terminal-link-drag.png",
};
static const Selecting double_click = {
  { "click", "--repeat", "2", "--delay", "80", "1", NULL }, word, "terminal-link-double-click.png",
};
static const Selecting triple_click = {
  { "click", "--repeat", "3", "--delay", "80", "1", NULL }, line, "terminal-link-triple-click.png",
};

static void
test_link_selects (gconstpointer data)
{
  const Selecting *selecting = data;
  GtkWindow *window;
  CairnTerminal *terminal = show_terminal (&window, SIGNIN_SCRIPT);
  VteTerminal *vte = VTE_TERMINAL (cairn_terminal_get_vte (terminal));
  guint lines = opened_lines ();
  g_autofree char *selected = NULL;

  pointer_at_row (window, terminal, 0, selecting->actions);
  g_assert_true (cairn_test_poll_until (has_selection, vte, 10000));
  assert_nothing_opens (lines);
  selected = vte_terminal_get_text_selected (vte, VTE_FORMAT_TEXT);
  g_test_message ("selected: %s", selected);
  g_assert_nonnull (selected);
  g_assert_true (selecting->check (selected));
  cairn_test_screenshot (selecting->shot);
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
  g_test_add_data_func ("/cairn/terminal/link-drag-selects", &drag, test_link_selects);
  g_test_add_data_func ("/cairn/terminal/link-double-click-selects", &double_click, test_link_selects);
  g_test_add_data_func ("/cairn/terminal/link-triple-click-selects", &triple_click, test_link_selects);
  status = g_test_run ();
  cairn_test_remove_dir (home);
  return status;
}
