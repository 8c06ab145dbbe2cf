/* test-widgets.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The widget smoke test (STYLE rule 34): every templated type is built
 * under G_DEBUG=fatal-warnings, so a template that names a class this
 * GTK/libadwaita does not have aborts here rather than in a user's hands;
 * and the preferences window (src/ui/app). The other widget tests follow
 * src/ui's folders: test-widgets-rows.c, test-widgets-page.c (with
 * test-widgets-composer.c) and test-widgets-window.c; what they share is
 * in cairn-test-ui.c. Runs on Xvfb (tests/run-headless.sh). */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <adwaita.h>
#include <vte/vte.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gtksourceview/gtksource.h>

#include "cairn-application.h"
#include "page/cairn-attachment-chip.h"
#include "page/cairn-attachment-tray.h"
#include "page/cairn-composer.h"
#include "rows/cairn-changes-row.h"
#include "rows/cairn-hook-row.h"
#include "rows/cairn-message-row.h"
#include "window/cairn-missing-cli-page.h"
#include "rows/cairn-notice-row.h"
#include "rows/cairn-result-row.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-start-page.h"
#include "rows/cairn-thinking-row.h"
#include "rows/cairn-todo-list.h"
#include "transcript/cairn-todo.h"
#include "rows/cairn-tool-call-row.h"
#include "widgets/cairn-thumbnail.h"
#include "rows/cairn-transcript-row.h"
#include "page/cairn-trust-page.h"
#include "app/cairn-preferences-window.h"
#include "cairn-test-ui.h"
#include "widgets/cairn-terminal.h"
#include "widgets/cairn-working-indicator.h"
#include "window/cairn-changes-pane.h"
#include "window/cairn-worktree-dialog.h"

static void
test_instantiate_types (void)
{
  const GType types[] = {
    CAIRN_TYPE_COMPOSER,
    CAIRN_TYPE_MESSAGE_ROW,
    CAIRN_TYPE_RESULT_ROW,
    CAIRN_TYPE_NOTICE_ROW,
    CAIRN_TYPE_HOOK_ROW,
    CAIRN_TYPE_CHANGES_ROW,
    CAIRN_TYPE_TRANSCRIPT_ROW,
    CAIRN_TYPE_MISSING_CLI_PAGE,
    CAIRN_TYPE_TRUST_PAGE,
    CAIRN_TYPE_THINKING_ROW,
    CAIRN_TYPE_TOOL_CALL_ROW,
    CAIRN_TYPE_TODO_LIST,
    CAIRN_TYPE_SIDEBAR,
    CAIRN_TYPE_START_PAGE,
    CAIRN_TYPE_WORKING_INDICATOR,
    CAIRN_TYPE_TERMINAL,
    CAIRN_TYPE_CHANGES_PANE,
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GtkWidget *widget = g_object_ref_sink (g_object_new (types[i], NULL));

      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (widget, types[i]));
      g_object_unref (widget);
    }
}

/* The worktree dialog: its name from the first prompt when none is given,
 * Create off while the name won't do. */
static void
test_worktree_dialog (void)
{
  CairnWorktreeDialog *dialog = cairn_worktree_dialog_new (NULL, "/repo", "main", TRUE);
  GtkWidget *dirty = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), CAIRN_TYPE_WORKTREE_DIALOG,
                                                                "dirty_label"));
  GtkEditable *name = GTK_EDITABLE (gtk_widget_get_template_child (GTK_WIDGET (dialog), CAIRN_TYPE_WORKTREE_DIALOG,
                                                                   "name_row"));
  GtkTextView *prompt = GTK_TEXT_VIEW (gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                                     CAIRN_TYPE_WORKTREE_DIALOG, "prompt_view"));
  g_autofree char *base = cairn_worktree_dialog_dup_base (dialog);
  g_autofree char *from_prompt = NULL;
  g_autofree char *given = NULL;

  g_assert_cmpstr (base, ==, "main");
  g_assert_true (gtk_widget_get_visible (dirty));   /* uncommitted changes stay in main: said */
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "create"));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (prompt), "Add a dark theme", -1);
  from_prompt = cairn_worktree_dialog_dup_name (dialog);
  g_assert_cmpstr (from_prompt, ==, "add-a-dark-theme");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "create"));
  gtk_editable_set_text (name, "no spaces please");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "create"));
  gtk_editable_set_text (name, "dark");
  given = cairn_worktree_dialog_dup_name (dialog);
  g_assert_cmpstr (given, ==, "dark");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "create"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
exited_cb (CairnTerminal *terminal,
           int            status,
           int           *out)
{
  *out = status;
}

static void
wait_exit (CairnTerminal *terminal,
           int           *status)
{
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  *status = -1;
  while (*status == -1 && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (*status, !=, -1);
  /* VTE shows what it read in its own time */
  until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
has_visible_text (GtkWidget  *widget,
                  const char *needle)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if ((GTK_IS_LABEL (child) && gtk_widget_is_visible (child) &&
         strstr (gtk_label_get_text (GTK_LABEL (child)), needle) != NULL) ||
        has_visible_text (child, needle))
      return TRUE;
  return FALSE;
}

/* A child on a PTY (its stdin a terminal), its output on screen, its exit
 * status said, and Restart running it again; named for screen readers. */
static void
test_terminal (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnTerminal *terminal = cairn_terminal_new ();
  const char *argv[] = { "/bin/sh", "-c", "test -t 0 && echo on-a-tty; echo https://example.com/oauth?code=1; exit 3", NULL };
  g_autofree char *text = NULL;
  int status = -1;

  gtk_window_set_child (window, GTK_WIDGET (terminal));
  gtk_window_present (window);
  g_signal_connect (terminal, "exited", G_CALLBACK (exited_cb), &status);
  cairn_terminal_spawn (terminal, argv, g_get_tmp_dir (), FALSE);
  wait_exit (terminal, &status);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 3);
  g_assert_false (cairn_terminal_get_running (terminal));
  text = cairn_terminal_dup_text (terminal);
  g_test_message ("terminal: %s", text);
  g_assert_nonnull (strstr (text, "on-a-tty"));
  g_assert_nonnull (strstr (text, "https://example.com/oauth?code=1"));
  g_assert_true (has_visible_text (GTK_WIDGET (terminal), "exit status 3"));

  cairn_terminal_restart (terminal);
  wait_exit (terminal, &status);
  g_clear_pointer (&text, g_free);
  text = cairn_terminal_dup_text (terminal);
  g_assert_nonnull (strstr (strstr (text, "on-a-tty") + 1, "on-a-tty"));
  gtk_window_destroy (window);
}

static gboolean
shows_ready (gpointer terminal)
{
  g_autofree char *text = cairn_terminal_dup_text (terminal);

  return strstr (text, "ready") != NULL;
}

/* Ended, a child that ignores SIGHUP is still there a second later, and
 * killed after three. */
static void
test_terminal_ignoring_hangup (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnTerminal *terminal = cairn_terminal_new ();
  const char *argv[] = { "/bin/sh", "-c", "trap '' HUP; echo ready; read line", NULL };
  int status = -1;

  gtk_window_set_child (window, GTK_WIDGET (terminal));
  gtk_window_present (window);
  g_signal_connect (terminal, "exited", G_CALLBACK (exited_cb), &status);
  cairn_terminal_spawn (terminal, argv, g_get_tmp_dir (), FALSE);
  g_assert_true (cairn_test_poll_until (shows_ready, terminal, 10000));
  cairn_terminal_terminate (terminal);
  g_usleep (G_USEC_PER_SEC);
  cairn_test_drain_main_context ();
  g_assert_true (cairn_terminal_get_running (terminal));
  wait_exit (terminal, &status);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  gtk_window_destroy (window);
}

typedef struct
{
  VteTerminal *vte;
  glong        columns;
} Grid;

static gboolean
grid_changed (gpointer data)
{
  Grid *grid = data;

  return vte_terminal_get_column_count (grid->vte) != grid->columns;
}

/* Cairn reads the PTY for VTE (widgets/cairn-terminal-pty.c), so what VTE
 * did with it Cairn does: the grid's size reaches the child (zoomed in,
 * fewer columns: `stty size` says so) and what is typed reaches it, in
 * order (the tty's erase character, ^?, erasing the c). */
static void
test_terminal_size_and_keys (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CairnTerminal *terminal = cairn_terminal_new ();
  const char *argv[] = { "/bin/sh", "-c", "echo ready; read line; stty size; echo \"got:$line|\"", NULL };
  Grid grid = { VTE_TERMINAL (cairn_terminal_get_vte (terminal)), 0 };
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  int status = -1;

  gtk_window_set_default_size (window, 800, 600);
  gtk_window_set_child (window, GTK_WIDGET (terminal));
  gtk_window_present (window);
  g_signal_connect (terminal, "exited", G_CALLBACK (exited_cb), &status);
  cairn_terminal_spawn (terminal, argv, g_get_tmp_dir (), FALSE);
  g_assert_true (cairn_test_poll_until (shows_ready, terminal, 10000));
  grid.columns = vte_terminal_get_column_count (grid.vte);
  gtk_widget_activate_action (GTK_WIDGET (terminal), "terminal.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (terminal), "terminal.zoom-in", NULL);
  g_assert_true (cairn_test_poll_until (grid_changed, &grid, 10000));
  g_assert_cmpint (vte_terminal_get_column_count (grid.vte), <, grid.columns);
  /* (the exit bar, shown later, takes rows) */
  expected = g_strdup_printf ("%ld %ld\ngot:abd|", vte_terminal_get_row_count (grid.vte),
                              vte_terminal_get_column_count (grid.vte));
  cairn_terminal_feed_child (terminal, "abc\177d\r");
  wait_exit (terminal, &status);
  text = cairn_terminal_dup_text (terminal);
  g_test_message ("terminal: %s", text);
  g_assert_nonnull (strstr (text, expected));
  gtk_window_destroy (window);
}

static void
test_preferences_supervised (void)
{
  g_autoptr(GSettings) settings = cairn_test_keys ();
  CairnPreferencesWindow *prefs = cairn_preferences_window_new (NULL, cairn_application_get_settings (cairn_test_shared_app ()));
  GtkSwitch *toggle = GTK_SWITCH (gtk_widget_get_template_child (GTK_WIDGET (prefs), CAIRN_TYPE_PREFERENCES_WINDOW,
                                                                  "supervised_switch"));

  gtk_test_accessible_assert_property (toggle, GTK_ACCESSIBLE_PROPERTY_LABEL, "Supervise new conversations");
  g_assert_false (gtk_switch_get_active (toggle));
  gtk_switch_set_active (toggle, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "supervised"));
  g_settings_reset (settings, "supervised");
  g_assert_false (gtk_switch_get_active (toggle));
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* The default mode for new conversations is a setting, chosen in the
 * preferences. */
static void
test_preferences_mode (void)
{
  g_autoptr(GSettings) settings = cairn_test_keys ();
  CairnPreferencesWindow *prefs = cairn_preferences_window_new (NULL, cairn_application_get_settings (cairn_test_shared_app ()));
  AdwComboRow *row = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (prefs),
                                                                   CAIRN_TYPE_PREFERENCES_WINDOW,
                                                                   "mode_row"));

  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  adw_combo_row_set_selected (row, 1);
  g_assert_cmpstr (g_settings_get_string (settings, "default-permission-mode"), ==, "acceptEdits");
  g_settings_set_string (settings, "default-permission-mode", "plan");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 2);
  g_settings_reset (settings, "default-permission-mode");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

static void
test_instantiate_attachment_types (void)
{
  const GType types[] = {
    CAIRN_TYPE_ATTACHMENT_TRAY,
    CAIRN_TYPE_ATTACHMENT_CHIP,
    CAIRN_TYPE_THUMBNAIL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GtkWidget *widget = g_object_ref_sink (g_object_new (types[i], NULL));

      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (widget, types[i]));
      g_object_unref (widget);
    }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/widgets/instantiate", test_instantiate_types);
  g_test_add_func ("/cairn/widgets/terminal", test_terminal);
  g_test_add_func ("/cairn/widgets/terminal/ignoring-hangup", test_terminal_ignoring_hangup);
  g_test_add_func ("/cairn/widgets/terminal/size-and-keys", test_terminal_size_and_keys);
  g_test_add_func ("/cairn/widgets/worktree-dialog", test_worktree_dialog);
  g_test_add_func ("/cairn/widgets/preferences/mode", test_preferences_mode);
  g_test_add_func ("/cairn/widgets/preferences/supervised", test_preferences_supervised);
  g_test_add_func ("/cairn/widgets/instantiate-attachment-types",
                   test_instantiate_attachment_types);

  return g_test_run ();
}
