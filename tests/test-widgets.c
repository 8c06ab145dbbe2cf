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
#include <time.h>

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
#include "window/cairn-usage-window.h"
#include "window/cairn-worktree-dialog.h"
#include "widgets/cairn-usage-bar.h"
#include "widgets/cairn-usage-chart.h"
#include "cairn-test-harness.h"

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
    CAIRN_TYPE_USAGE_BAR,
    CAIRN_TYPE_USAGE_CHART,
    CAIRN_TYPE_USAGE_SCALE,
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

/* A reply line of the usage chart's test: what the chart needs of one. */
static char *
usage_line (const char *id,
            const char *model,
            const char *time,
            int         input,
            int         output)
{
  return g_strdup_printf ("{\"type\":\"assistant\",\"message\":{\"id\":\"%s\",\"role\":\"assistant\","
                          "\"model\":\"%s\",\"usage\":{\"input_tokens\":%d,\"output_tokens\":%d}},"
                          "\"requestId\":\"r%s\",\"timestamp\":\"%s\",\"sessionId\":\"s\"}\n",
                          id, model, input, output, id, time);
}

static gboolean
usage_loaded (gpointer window)
{
  return cairn_usage_window_is_loaded (window);
}

static void
screenshot (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("CAIRN_TEST_SHOTS"), name, NULL);
  const char *argv[] = { "import", "-window", "root", path, NULL };

  cairn_test_run_for (500);
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
}

/* With CAIRN_TEST_SHOTS=DIR and CAIRN_TEST_USAGE_CORPUS=CONFIG (a corpus
 * of tests/history-corpus.py --usage), the window on it, light and dark:
 * DIR/usage-light.png, DIR/usage-dark.png, the blocks, by project, by
 * month. */
static void
usage_screenshots (void)
{
  const char *corpus = g_getenv ("CAIRN_TEST_USAGE_CORPUS");
  g_autofree char *path = corpus ? g_build_filename (corpus, "projects", NULL) : NULL;
  g_autoptr(GFile) projects = path ? g_file_new_for_path (path) : NULL;
  CairnUsageWindow *window;

  if (g_getenv ("CAIRN_TEST_SHOTS") == NULL || corpus == NULL)
    return;
  for (int run = 0; run < 2; run++)
    {
      gint64 start = g_get_monotonic_time ();

      /* the first run may build the index; the second is warm */
      window = cairn_usage_window_new (NULL);
      gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
      cairn_usage_window_load (window, projects);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (cairn_test_wait_until (usage_loaded, window, 60000));
      g_test_message ("usage window, run %d: chart after %.3f s", run + 1,
                      (g_get_monotonic_time () - start) / 1e6);
      if (run == 0)
        gtk_window_destroy (GTK_WINDOW (window));
    }
  screenshot ("usage-light.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  screenshot ("usage-dark.png");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "period")), 5);
  screenshot ("usage-blocks-dark.png");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "period")), 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "split")), 1);
  screenshot ("usage-projects-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  screenshot ("usage-projects-light.png");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "period")), 2);
  screenshot ("usage-months-light.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The usage window (a templated class, so built here too): a bar a day,
 * each bar's figures its tooltip and its accessible description, worked
 * out here: opus-4-8 at $5/$25 a million, sonnet-5 at $2/$10. */
static void
test_usage_window (void)
{
  g_autofree char *dir = cairn_test_make_dir ("usage-window");
  g_autofree char *folder = g_build_filename (dir, "-p", NULL);
  g_autofree char *day1 = usage_line ("m1", "claude-opus-4-8", "2026-03-10T10:00:00.000Z", 2000, 400);
  g_autofree char *day2 = usage_line ("m2", "claude-sonnet-5", "2026-03-11T10:00:00.000Z", 100000, 100);
  g_autofree char *both = g_strconcat (day1, day2, day1, NULL);   /* m1 twice: counted once */
  g_autoptr(GFile) projects = g_file_new_for_path (dir);
  CairnUsageWindow *window;
  GtkDropDown *period;
  GtkLabel *plan;
  GtkWidget *bar;
  GtkColumnView *table;
  GtkDropDown *filter;
  GtkEditable *since;
  g_autoptr(GtkColumnViewColumn) column = NULL;
  g_autoptr(GtkStringObject) first = NULL;

  g_setenv ("TZ", "UTC", TRUE);
  tzset ();
  cairn_test_write_file (folder, "s.jsonl", both);
  window = cairn_usage_window_new (NULL);
  cairn_usage_window_load (window, projects);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_wait_until (usage_loaded, window, 5000));
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_true (CAIRN_IS_USAGE_BAR (bar));
  g_assert_cmpstr (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), ==,
                   "2026-03-10: 2,400 tokens, $0.02\nclaude-opus-4-8: 2,400, $0.02");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (bar), ==, cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)));
  bar = gtk_widget_get_next_sibling (bar);
  g_assert_cmpstr (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), ==,
                   "2026-03-11: 100,100 tokens, $0.20\nclaude-sonnet-5: 100,100, $0.20");
  g_assert_null (gtk_widget_get_next_sibling (bar));
  /* the table sorts by a column: the dearer day first */
  table = GTK_COLUMN_VIEW (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "table"));
  column = g_list_model_get_item (gtk_column_view_get_columns (table), 5);
  gtk_column_view_sort_by_column (table, column, GTK_SORT_DESCENDING);
  first = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (table)), 0);
  g_assert_cmpstr (gtk_string_object_get_string (first), ==, "1");   /* the second day's row */
  gtk_column_view_sort_by_column (table, column, GTK_SORT_ASCENDING);
  g_clear_object (&first);
  first = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (table)), 0);
  g_assert_cmpstr (gtk_string_object_get_string (first), ==, "0");
  /* filters: a model, a first day */
  filter = GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW,
                                                         "model_filter"));
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (filter))), ==,
                   "All Models");
  gtk_drop_down_set_selected (filter, 2);
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_true (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), "2026-03-11: 100,100 tokens"));
  g_assert_null (gtk_widget_get_next_sibling (bar));
  gtk_drop_down_set_selected (filter, 0);
  since = GTK_EDITABLE (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "since"));
  gtk_editable_set_text (since, "2026-03-11");
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_true (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), "2026-03-11:"));
  g_assert_null (gtk_widget_get_next_sibling (bar));
  gtk_editable_set_text (since, "");
  /* per project: one bar, both days' figures */
  period = GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "period"));
  gtk_drop_down_set_selected (period, 3);
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_true (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), "-p: 102,500 tokens, $0.22"));
  g_assert_null (gtk_widget_get_next_sibling (bar));
  /* the 5-hour blocks, beside the plan's own window */
  cairn_usage_window_set_plan_limit (window, "85% used · resets 14:30");
  gtk_drop_down_set_selected (period, 5);
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_true (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)),
                                   "2026-03-10 10:00: 2,400 tokens, $0.02"));
  g_assert_nonnull (gtk_widget_get_next_sibling (bar));
  g_assert_null (gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (bar)));
  plan = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "plan"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plan)));
  g_assert_cmpstr (gtk_label_get_text (plan), ==, "The plan’s 5-hour window: 85% used · resets 14:30");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "usage.export", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_remove_dir (dir);
}

/* The first bar's segments, bottom first, as "8000 7000 … | other". */
static char *
first_bar_segments (CairnUsageWindow *window)
{
  GtkWidget *bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  GString *text = g_string_new (NULL);
  guint n = 0;
  const double *values = cairn_usage_bar_get_values (CAIRN_USAGE_BAR (bar), &n);

  g_assert_cmpuint (n, ==, CAIRN_USAGE_BAR_OTHER + 1);
  for (guint i = 0; i < CAIRN_USAGE_BAR_OTHER; i++)
    g_string_append_printf (text, "%.0f ", values[i]);
  g_string_append_printf (text, "| %.0f", values[CAIRN_USAGE_BAR_OTHER]);
  return g_string_free (text, FALSE);
}

static guint
legend_items (CairnUsageWindow *window)
{
  GtkWidget *legend = (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "legend");
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (legend); child; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* Coloured by model or by project: eight projects on one day, project i
 * with (i + 1) thousand tokens, opus for the even ones (1+3+5+7 = 16K),
 * sonnet for the odd (20K). By project the six biggest have a colour
 * each, the most first, and the two smallest are "Other" together. Under
 * the bars, their days. */
static void
test_usage_window_split (void)
{
  g_autofree char *dir = cairn_test_make_dir ("usage-split");
  g_autoptr(GFile) projects = g_file_new_for_path (dir);
  CairnUsageWindow *window;
  GtkDropDown *split;
  GtkWidget *chart;
  g_autofree char *by_model = NULL, *by_project = NULL;

  g_setenv ("TZ", "UTC", TRUE);
  tzset ();
  for (int i = 0; i < 8; i++)
    {
      g_autofree char *folder = g_strdup_printf ("%s/-p%d", dir, i);
      g_autofree char *id = g_strdup_printf ("m%d", i);
      g_autofree char *line = usage_line (id, i % 2 ? "claude-sonnet-5" : "claude-opus-4-8",
                                          "2026-03-10T10:00:00.000Z", (i + 1) * 1000, 0);
      g_autofree char *later = usage_line ("late", "claude-opus-4-8", "2026-03-11T10:00:00.000Z", 1, 0);
      g_autofree char *text = g_strconcat (line, i == 0 ? later : "", NULL);

      cairn_test_write_file (folder, "s.jsonl", text);
    }
  window = cairn_usage_window_new (NULL);
  cairn_usage_window_load (window, projects);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_wait_until (usage_loaded, window, 5000));
  chart = cairn_usage_window_get_bars (window);
  g_assert_cmpstr (cairn_usage_chart_get_label (CAIRN_USAGE_CHART (chart), 0), ==, "Mar 10");
  g_assert_cmpstr (cairn_usage_chart_get_label (CAIRN_USAGE_CHART (chart), 1), ==, "Mar 11");
  g_assert_cmpuint (cairn_usage_chart_get_label_step (CAIRN_USAGE_CHART (chart)), >=, 1);
  by_model = first_bar_segments (window);
  g_assert_cmpstr (by_model, ==, "20000 16000 0 0 0 0 0 | 0");
  g_assert_cmpuint (legend_items (window), ==, 2);
  gtk_test_accessible_assert_property (chart, GTK_ACCESSIBLE_PROPERTY_LABEL, "Tokens by Period and Model");
  split = GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "split"));
  gtk_test_accessible_assert_property (split, GTK_ACCESSIBLE_PROPERTY_LABEL, "Colour the Bars By");
  gtk_drop_down_set_selected (split, 1);
  by_project = first_bar_segments (window);
  g_assert_cmpstr (by_project, ==, "8000 7000 6000 5000 4000 3000 0 | 3000");
  g_assert_cmpuint (legend_items (window), ==, 7);
  gtk_test_accessible_assert_property (chart, GTK_ACCESSIBLE_PROPERTY_LABEL, "Tokens by Period and Project");
  g_assert_true (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (gtk_widget_get_first_child (chart))),
                                   "2026-03-10: 36,000 tokens"));
  /* the table stays by model: its export says the models */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (
                      gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "table"))))), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_remove_dir (dir);
  usage_screenshots ();
}

/* Whether the chart has been laid out where its view is scrolled to. */
static gboolean
chart_scrolled (gpointer chart)
{
  GtkWidget *viewport = gtk_widget_get_parent (chart);
  GtkAdjustment *adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (viewport));
  double x = 0, y = 0;

  return gtk_widget_translate_coordinates (viewport, chart, 0, 0, &x, &y) &&
         G_APPROX_VALUE (x, gtk_adjustment_get_value (adjustment), 0.5);
}

/* Scrolled to anywhere, the labels under the bars drawn are in view
 * whole, none over another (one at an edge moves in, or is left out). */
static void
test_usage_window_labels_in_view (void)
{
  g_autofree char *dir = cairn_test_make_dir ("usage-labels");
  g_autofree char *folder = g_build_filename (dir, "-p", NULL);
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GFile) projects = g_file_new_for_path (dir);
  CairnUsageWindow *window;
  CairnUsageChart *chart;
  GtkAdjustment *adjustment;
  guint drawn = 0;

  g_setenv ("TZ", "UTC", TRUE);
  tzset ();
  for (int day = 1; day <= 60; day++)
    {
      g_autofree char *id = g_strdup_printf ("d%d", day);
      g_autofree char *time = g_strdup_printf ("2026-%02d-%02dT10:00:00.000Z", day <= 31 ? 1 : 2,
                                               day <= 31 ? day : day - 31);
      g_autofree char *line = usage_line (id, "claude-opus-4-8", time, 1000 * day, 0);
      g_string_append (lines, line);
    }
  cairn_test_write_file (folder, "s.jsonl", lines->str);
  window = cairn_usage_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  cairn_usage_window_load (window, projects);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_wait_until (usage_loaded, window, 5000));
  cairn_test_run_for (300);
  chart = CAIRN_USAGE_CHART (cairn_usage_window_get_bars (window));
  adjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_template_child (
                 GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "chart_scroller")));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  for (double value = 0; value <= gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
       value += 9)
    {
      double lo, hi, right = -1;

      gtk_adjustment_set_value (adjustment, value);
      g_assert_true (cairn_test_wait_until (chart_scrolled, chart, 5000));
      lo = gtk_adjustment_get_value (adjustment);
      hi = lo + gtk_adjustment_get_page_size (adjustment);
      for (guint i = 0; i < 60; i++)
        {
          double x, width;
          if (!cairn_usage_chart_get_label_place (chart, i, &x, &width))
            continue;
          g_assert_cmpfloat (x, >=, lo);
          g_assert_cmpfloat (x + width, <=, hi);
          g_assert_cmpfloat (x, >, right);
          right = x + width;
          drawn++;
        }
      g_assert_cmpfloat (right, >, 0);   /* some drawn */
    }
  g_assert_cmpuint (drawn, >, 0);
  if (g_getenv ("CAIRN_TEST_SHOTS") != NULL)
    {
      gtk_adjustment_set_value (adjustment, 3 * 28 + 14);   /* mid-bar at the left edge */
      screenshot ("usage-labels-scrolled.png");
    }
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_remove_dir (dir);
}

/* A reply of conversation @session that ran in @cwd (NULL: no cwd
 * said; no quotes or backslashes in it). */
static char *
usage_line_in (const char *id,
               int         input,
               const char *session,
               const char *cwd)
{
  g_autofree char *line = usage_line (id, "claude-opus-4-8", "2026-03-10T10:00:00.000Z", input, 0);
  g_autofree char *placed = cwd ? g_strdup_printf ("\"cwd\":\"%s\",\"sessionId\":\"%s\"", cwd, session)
                                : g_strdup_printf ("\"sessionId\":\"%s\"", session);
  g_auto(GStrv) parts = g_strsplit (line, "\"sessionId\":\"s\"", 2);

  return g_strjoin (placed, parts[0], parts[1], NULL);
}

/* The texts of the labels under @widget, in order, one a line. */
static void
collect_labels (GtkWidget *widget,
                GString   *texts)
{
  if (GTK_IS_LABEL (widget))
    {
      g_assert_false (gtk_label_get_use_markup (GTK_LABEL (widget)));
      g_string_append_printf (texts, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static char *
labels_of (CairnUsageWindow *window,
           const char       *child)
{
  GString *texts = g_string_new (NULL);

  collect_labels (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, child)),
                  texts);
  return g_string_free (texts, FALSE);
}

/* The position of @text in @filter's list, or -1. */
static int
filter_position (GtkDropDown *filter,
                 const char  *text)
{
  GListModel *items = gtk_drop_down_get_model (filter);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (items, i);
      if (g_str_equal (gtk_string_object_get_string (item), text))
        return i;
    }
  return -1;
}

/* Projects named as the user knows them: by the folder their
 * conversations ran in (the lines' cwd), the home folder as "~"; in the
 * legend and under the bars the last components that tell two apart,
 * the whole path in the tooltip; a folder with markup characters as
 * written; one no line placed, by its key. The filter shows the paths and
 * still filters by the key. */
static void
test_usage_window_project_names (void)
{
  g_autofree char *dir = cairn_test_make_dir ("usage-names");
  g_autoptr(GFile) projects = g_file_new_for_path (dir);
  g_autofree char *src = g_build_filename (g_get_home_dir (), "src", "project-28", NULL);
  g_autofree char *work = g_build_filename (g_get_home_dir (), "work", "project-28", NULL);
  const struct { const char *key, *cwd; int tokens; } made[] = {
    { "-h-src-project-28", src, 4000 }, { "-h-work-project-28", work, 3000 },
    { "-tmp-a----b-bold", "/tmp/a & <b>bold", 2000 }, { "-nocwd", NULL, 1000 } };
  CairnUsageWindow *window;
  GtkDropDown *filter;
  GtkWidget *legend, *bar;
  g_autofree char *legend_text = NULL, *table_text = NULL;
  gboolean found = FALSE;
  int position;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_null_terminated (4, g_free, TRUE);

  g_setenv ("TZ", "UTC", TRUE);
  tzset ();
  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    {
      g_autofree char *folder = g_build_filename (dir, made[i].key, NULL);
      g_autofree char *id = g_strdup_printf ("n%u", i);
      g_autofree char *session = g_strdup_printf ("s%u", i);
      g_autofree char *line = usage_line_in (id, made[i].tokens, session, made[i].cwd);
      g_autofree char *file = g_strdup_printf ("%s.jsonl", session);
      cairn_test_write_file (folder, file, line);
    }
  window = cairn_usage_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  cairn_usage_window_load (window, projects);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_wait_until (usage_loaded, window, 5000));
  /* coloured by project: the legend, most tokens first */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "split")), 1);
  legend_text = labels_of (window, "legend");
  g_assert_cmpstr (legend_text, ==, "src/project-28\nwork/project-28\na & <b>bold\n-nocwd\n");
  legend = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW, "legend"));
  /* the first item's label: flow box child > box > swatch, label */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (gtk_widget_get_last_child (gtk_widget_get_first_child (
                     gtk_widget_get_first_child (legend)))), ==, "~/src/project-28");
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_cmpstr (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), ==,
                   "2026-03-10: 10,000 tokens, $0.05\n~/src/project-28: 4,000, $0.02\n~/work/project-28: 3,000, $0.01\n"
                   "-nocwd: 1,000, $0.01\n/tmp/a & <b>bold: 2,000, $0.01");
  /* per project: the table's names and each bar's */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "period")), 3);
  cairn_test_run_for (300);
  table_text = labels_of (window, "table");
  g_assert_nonnull (strstr (table_text, "\n~/src/project-28\n"));
  g_assert_nonnull (strstr (table_text, "\n~/work/project-28\n"));
  g_assert_nonnull (strstr (table_text, "\n/tmp/a & <b>bold\n"));
  g_assert_nonnull (strstr (table_text, "\n-nocwd\n"));
  g_assert_null (strstr (table_text, "-h-src-project-28"));
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  for (; bar != NULL; bar = gtk_widget_get_next_sibling (bar))
    if (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)), "/tmp/a & <b>bold: 2,000 tokens"))
      break;
  g_assert_nonnull (bar);
  gtk_test_accessible_assert_property (bar, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)));
  /* under the bars: names as written, each its own (the long ones keep
   * the start that tells them apart) */
  for (guint i = 0; i < 4; i++)
    {
      const char *label = cairn_usage_chart_get_label (CAIRN_USAGE_CHART (cairn_usage_window_get_bars (window)), i);

      g_assert_nonnull (label);
      found |= g_str_equal (label, "a & <b>bold");
      g_assert_false (g_strv_contains ((const char * const *)labels->pdata, label));
      g_ptr_array_add (labels, g_strdup (label));
    }
  g_assert_true (found);
  g_assert_true (g_strv_contains ((const char * const *)labels->pdata, "src/p…ect-28"));
  g_assert_true (g_strv_contains ((const char * const *)labels->pdata, "work/…ect-28"));
  if (g_getenv ("CAIRN_TEST_SHOTS") != NULL)
    screenshot ("usage-project-names-light.png");
  /* the filter names the folders and filters by the key */
  filter = GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_USAGE_WINDOW,
                                                         "project_filter"));
  g_assert_cmpint (filter_position (filter, "-h-work-project-28"), ==, -1);
  g_assert_cmpint (filter_position (filter, "/tmp/a & <b>bold"), >, 0);
  position = filter_position (filter, "~/work/project-28");
  g_assert_cmpint (position, >, 0);
  gtk_drop_down_set_selected (filter, position);
  bar = gtk_widget_get_first_child (cairn_usage_window_get_bars (window));
  g_assert_true (g_str_has_prefix (cairn_usage_bar_get_description (CAIRN_USAGE_BAR (bar)),
                                   "~/work/project-28: 3,000 tokens"));
  g_assert_null (gtk_widget_get_next_sibling (bar));
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_remove_dir (dir);
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
  g_test_add_func ("/cairn/widgets/usage-window", test_usage_window);
  g_test_add_func ("/cairn/widgets/usage-window/split", test_usage_window_split);
  g_test_add_func ("/cairn/widgets/usage-window/project-names", test_usage_window_project_names);
  g_test_add_func ("/cairn/widgets/usage-window/labels-in-view", test_usage_window_labels_in_view);
  g_test_add_func ("/cairn/widgets/preferences/mode", test_preferences_mode);
  g_test_add_func ("/cairn/widgets/preferences/supervised", test_preferences_supervised);
  g_test_add_func ("/cairn/widgets/instantiate-attachment-types",
                   test_instantiate_attachment_types);

  return g_test_run ();
}
