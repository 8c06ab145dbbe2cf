/* test-terminal-mouse.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A program in the terminal that asks for mouse reports gets them (issue
 * 23): Cairn reads the child's PTY itself, so what VTE sends goes through
 * Cairn, and VTE 0.70 sends legacy (X10 encoded) reports only when it
 * has a PTY of its own. A child turns on mouse tracking, legacy
 * (`CSI ?1000h`) or SGR (`CSI ?1000h CSI ?1006h`), and records the bytes
 * it reads; a real click (xdotool on Xvfb, through X and GTK's gesture
 * into VTE) on a known cell must reach it as `CSI M` + button, column,
 * row (each plus 32) for press and release, or as `CSI < 0;col;row M/m`.
 * Runs on Xvfb. */

#include "config.h"

#include <adwaita.h>
#include <vte/vte.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "widgets/cairn-terminal.h"

/* 0-based: column 5, row 3 in the reports (1-based) */
#define CLICK_COLUMN 4
#define CLICK_ROW 2

typedef struct
{
  CairnTerminal *terminal;
  const char    *log;
  gsize          want;
} Mouse;

static gboolean
shows_ready (gpointer data)
{
  Mouse *m = data;
  g_autofree char *text = cairn_terminal_dup_text (m->terminal);

  return strstr (text, "ready") != NULL;
}

static gboolean
log_has (gpointer data)
{
  Mouse *m = data;
  g_autofree char *text = NULL;
  gsize length = 0;

  return g_file_get_contents (m->log, &text, &length, NULL) && length >= m->want;
}

/* A user's click over the cell's middle. */
static void
click_cell (GtkWindow   *window,
            VteTerminal *vte)
{
  cairn_test_click_at (window, GTK_WIDGET (vte), (CLICK_COLUMN + 0.5) * vte_terminal_get_char_width (vte),
                       (CLICK_ROW + 0.5) * vte_terminal_get_char_height (vte));
}

/* @data: the escape sequences that turn tracking on */
static void
test_mouse_report (gconstpointer data)
{
  const char *modes = data;
  gboolean sgr = strstr (modes, "1006") != NULL;
  g_autofree char *dir = cairn_test_make_dir ("mouse");
  g_autofree char *log = g_build_filename (dir, "read.bin", NULL);
  /* raw: every byte as sent, none echoed */
  g_autofree char *script = g_strdup_printf ("stty raw -echo; printf '%s'; echo ready; "
                                             "head -c %d > '%s'; sleep 60", modes, sgr ? 18 : 12, log);
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnTerminal *terminal = cairn_terminal_new ();
  VteTerminal *vte = VTE_TERMINAL (cairn_terminal_get_vte (terminal));
  Mouse m = { terminal, log, 0 };
  g_autofree char *got = NULL;
  gsize length = 0;

  gtk_window_set_default_size (window, 800, 500);
  gtk_window_set_child (window, GTK_WIDGET (terminal));
  cairn_test_present (window);
  cairn_terminal_spawn (terminal, argv, dir, FALSE);
  g_assert_true (cairn_test_poll_until (shows_ready, &m, 10000));
  cairn_test_drain_main_context ();

  click_cell (window, vte);
  /* press and release */
  m.want = sgr ? 18 : 12;
  g_assert_true (cairn_test_poll_until (log_has, &m, 10000));
  g_assert_true (g_file_get_contents (log, &got, &length, NULL));
  if (sgr)
    g_assert_cmpstr (got, ==, "\033[<0;5;3M\033[<0;5;3m");
  else
    {
      /* button 1 (0), then a release (3); column 5 and row 3; each + 32 */
      const char expected[] = "\033[M\x20\x25\x23\033[M\x23\x25\x23";

      g_assert_cmpmem (got, length, expected, 12);
    }
  cairn_terminal_terminate (terminal);
  gtk_window_destroy (window);
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_data_func ("/cairn/terminal/mouse-x10", "\\033[?1000h", test_mouse_report);
  g_test_add_data_func ("/cairn/terminal/mouse-sgr", "\\033[?1000h\\033[?1006h", test_mouse_report);
  return g_test_run ();
}
