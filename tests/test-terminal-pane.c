/* test-terminal-pane.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The terminal pane in a real CairnWindow (issue 23), with a shell in it
 * and a CLI that does nothing. Its header says what runs: Claude Code or
 * Shell, a linked pair of toggles, the running one pressed; pressing the
 * other runs that. A conversation whose pane still runs something is not
 * cut off without asking: closing the window and Delete in the sidebar
 * ask first, naming it; Cancel leaves the child running, the destructive
 * answer stops it (and Delete then moves the file to the Trash). Runs on
 * Xvfb. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "cairn-application.h"
#include "history/cairn-conversation-info.h"
#include "page/cairn-page.h"
#include "widgets/cairn-terminal.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-window.h"

#define CLOSE_ID "5d0c3f4e-8a52-4b8e-9a8e-0c1d2e3f4a5b"
#define CLOSE_LINES \
  "{\"parentUuid\":null,\"isSidechain\":false,\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"" CLOSE_ID "\"," \
  "\"message\":{\"role\":\"user\",\"content\":\"Close me gently\"}}\n"

typedef struct
{
  char        *config;
  char        *project;
  char        *path;
  CairnWindow *window;
  CairnPage   *page;
  GPid         child;
} Fixture;

static gboolean
has_session_id (gpointer data)
{
  Fixture *f = data;

  f->page = CAIRN_PAGE (cairn_test_find_shown (GTK_WIDGET (f->window), CAIRN_TYPE_PAGE, NULL, NULL));
  return f->page != NULL && cairn_session_get_session_id (cairn_page_get_session (f->page)) != NULL;
}

static gboolean
terminal_runs (gpointer page)
{
  return cairn_page_get_terminal_running (page);
}

/* Reaped now, or already (by VTE's child watch). */
static gboolean
child_gone (gpointer data)
{
  Fixture *f = data;
  int status;

  return waitpid (f->child, &status, WNOHANG) != 0;
}

/* The window is gone once its last reference is: a probe still running
 * (claude --version, auth status, git; each holds the window until it
 * answers) keeps it a moment longer on a loaded machine. */
static gboolean
window_gone (gpointer data)
{
  Fixture *f = data;

  return f->window == NULL;
}

/* A window on the project with the stored conversation open and a shell
 * running in its terminal pane. */
static void
fixture_set_up (Fixture *f)
{
  g_autofree char *real = NULL;
  g_autofree char *folder_name = NULL;
  g_autofree char *session_dir = NULL;
  g_autofree char *cli = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) file = NULL;

  f->config = cairn_test_make_dir ("close-config");
  f->project = cairn_test_make_dir ("close-project");
  real = realpath (f->project, NULL);
  folder_name = g_strdup (real);
  for (char *p = folder_name; *p; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  session_dir = g_build_filename (f->config, "projects", folder_name, NULL);
  cairn_test_write_file (session_dir, CLOSE_ID ".jsonl", CLOSE_LINES);
  f->path = g_build_filename (session_dir, CLOSE_ID ".jsonl", NULL);
  cli = cairn_test_write_quiet_cli (f->project);
  g_setenv ("CLAUDE_CONFIG_DIR", f->config, TRUE);
  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  g_setenv ("SHELL", "/bin/sh", TRUE);

  folder = g_file_new_for_path (f->project);
  file = g_file_new_for_path (f->path);
  f->window = cairn_application_new_window (cairn_test_shared_app (), folder);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  cairn_test_present (GTK_WINDOW (f->window));
  cairn_window_open_conversation (f->window, file);
  g_assert_true (cairn_test_poll_until (has_session_id, f, 10000));
  cairn_page_open_terminal (f->page, CAIRN_TERMINAL_SHELL, CAIRN_LOGIN_CLAUDEAI);
  g_assert_true (cairn_test_poll_until (terminal_runs, f->page, 10000));
  f->child = cairn_terminal_get_pid (cairn_page_get_terminal (f->page));
  g_assert_cmpint (f->child, >, 0);
}

static void
fixture_tear_down (Fixture *f)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (f->config);
  cairn_test_remove_dir (f->project);
  g_free (f->config);
  g_free (f->project);
  g_free (f->path);
}

/* The dialog names the conversation and its terminal; Cancel closes it
 * and leaves everything running. */
static GtkWidget *
ask_and_cancel_once (Fixture *f,
                     void   (*ask) (Fixture *f))
{
  GtkWidget *dialog;

  ask (f);
  g_assert_true (cairn_test_poll_until (cairn_test_has_message_dialog, NULL, 10000));
  dialog = cairn_test_message_dialog ();
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "• Close me gently (terminal)"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  cairn_test_drain_main_context ();
  g_assert_nonnull (f->window);
  g_assert_true (cairn_page_get_terminal_running (f->page));
  g_assert_cmpint (kill (f->child, 0), ==, 0);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));

  ask (f);
  g_assert_true (cairn_test_poll_until (cairn_test_has_message_dialog, NULL, 10000));
  return cairn_test_message_dialog ();
}

static void
close_window (Fixture *f)
{
  gtk_window_close (GTK_WINDOW (f->window));
}

static void
test_close_window_asks (void)
{
  Fixture f = { 0 };
  GtkWidget *dialog;

  fixture_set_up (&f);
  dialog = ask_and_cancel_once (&f, close_window);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_assert_true (cairn_test_poll_until (window_gone, &f, 10000));
  g_assert_true (cairn_test_poll_until (child_gone, &f, 10000));
  fixture_tear_down (&f);
}

static void
delete_conversation (Fixture *f)
{
  g_autoptr(GFile) file = g_file_new_for_path (f->path);
  g_autoptr(CairnConversationInfo) info = cairn_conversation_info_read (file, NULL, NULL);
  GtkWidget *sidebar = cairn_test_find_widget (GTK_WIDGET (f->window), CAIRN_TYPE_SIDEBAR);

  g_assert_nonnull (info);
  /* what the row menu's Delete emits */
  g_signal_emit_by_name (sidebar, "delete", info);
}

static gboolean
file_gone (gpointer path)
{
  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
test_delete_asks (void)
{
  Fixture f = { 0 };
  GtkWidget *dialog;

  fixture_set_up (&f);
  dialog = ask_and_cancel_once (&f, delete_conversation);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "delete");
  g_assert_true (cairn_test_poll_until (child_gone, &f, 10000));
  g_assert_true (cairn_test_poll_until (file_gone, f.path, 10000));
  g_assert_nonnull (f.window);
  fixture_tear_down (&f);
}

static gboolean
is_toggle_named (GtkWidget     *widget,
                 gconstpointer  label)
{
  return g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* A title, not a button's label. */
static gboolean
is_title (GtkWidget     *widget,
          gconstpointer  text)
{
  return cairn_test_label_is (widget, text) && gtk_widget_get_ancestor (widget, GTK_TYPE_BUTTON) == NULL;
}

static GtkToggleButton *
toggle (Fixture    *f,
        const char *label)
{
  GtkWidget *button = cairn_test_find_shown (GTK_WIDGET (f->page), GTK_TYPE_TOGGLE_BUTTON, is_toggle_named, label);

  g_assert_nonnull (button);
  return GTK_TOGGLE_BUTTON (button);
}

static gboolean
runs_cli (gpointer data)
{
  Fixture *f = data;
  const char * const *argv = cairn_terminal_get_argv (cairn_page_get_terminal (f->page));

  return cairn_page_get_terminal_running (f->page) && g_str_has_suffix (argv[0], "quiet-cli");
}

/* The pressed toggle is what runs; the title does not repeat it. */
static void
test_header_says_what_runs (void)
{
  Fixture f = { 0 };
  GtkWidget *pair;
  const char * const *argv;

  fixture_set_up (&f);
  g_assert_true (gtk_toggle_button_get_active (toggle (&f, "S_hell")));
  g_assert_false (gtk_toggle_button_get_active (toggle (&f, "_Claude Code")));
  pair = gtk_widget_get_parent (GTK_WIDGET (toggle (&f, "S_hell")));
  g_assert_true (gtk_widget_has_css_class (pair, "linked"));
  gtk_test_accessible_assert_property (pair, GTK_ACCESSIBLE_PROPERTY_LABEL, "What the Terminal Runs");
  gtk_test_accessible_assert_state (toggle (&f, "S_hell"), GTK_ACCESSIBLE_STATE_PRESSED, GTK_ACCESSIBLE_TRISTATE_TRUE);
  g_assert_null (cairn_test_find_shown (GTK_WIDGET (f.page), GTK_TYPE_LABEL, is_title, "Shell"));

  /* pressed, Claude Code runs on the conversation instead */
  gtk_toggle_button_set_active (toggle (&f, "_Claude Code"), TRUE);
  g_assert_true (cairn_test_poll_until (runs_cli, &f, 10000));
  argv = cairn_terminal_get_argv (cairn_page_get_terminal (f.page));
  g_assert_cmpstr (argv[1], ==, "--resume=" CLOSE_ID);
  g_assert_true (cairn_test_poll_until (child_gone, &f, 10000));
  g_assert_true (gtk_toggle_button_get_active (toggle (&f, "_Claude Code")));
  g_assert_false (gtk_toggle_button_get_active (toggle (&f, "S_hell")));
  fixture_tear_down (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = cairn_test_make_dir ("close-data");

  /* a Trash of its own, before anything reads where it is */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/terminal-pane/header-says-what-runs", test_header_says_what_runs);
  g_test_add_func ("/cairn/terminal-pane/close-window-asks", test_close_window_asks);
  g_test_add_func ("/cairn/terminal-pane/delete-asks", test_delete_asks);
  return g_test_run ();
}
