/* test-widgets-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The window's chrome (src/ui/window): the missing-CLI and start pages,
 * the sidebar, search, the header's mode, limits and effort, and what the
 * window keeps of its state. Runs on Xvfb. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include <adwaita.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gtksourceview/gtksource.h>

#include "cairn-application.h"
#include "window/cairn-missing-cli-page.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-day-group.h"
#include "window/cairn-start-page.h"
#include "window/cairn-usage-panel.h"
#include "window/cairn-window.h"
#include "page/cairn-page.h"
#include "session/cairn-session-private.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "window/cairn-usage-window.h"

/* ... through visible ones, also off screen (a popover's content) */
static GtkWidget *
find_widget_anywhere (GtkWidget     *root,
                      GType          type,
                      CairnTestMatch match,
                      gconstpointer  data)
{
  return cairn_test_find_where (root, gtk_widget_get_visible, type, match, data);
}

static gboolean
stack_has_page (GtkWidget     *stack,
                gconstpointer  name)
{
  return gtk_stack_get_child_by_name (GTK_STACK (stack), name) != NULL;
}

static void
test_missing_cli_page (void)
{
  g_autoptr(CairnMissingCliPage) page = NULL;

  page = g_object_ref_sink (g_object_new (CAIRN_TYPE_MISSING_CLI_PAGE, NULL));

  cairn_missing_cli_page_set_problem (page, "“/opt/claude” does not exist");
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), "“/opt/claude” does not exist"));
  g_assert_nonnull (cairn_test_button_for (GTK_WIDGET (page), "page.retry"));
  g_assert_nonnull (cairn_test_button_for (GTK_WIDGET (page), "page.choose"));

  /* the Flatpak refused flatpak-spawn: only a permission helps, and the
   * page gives the command that grants it, with no Install or Choose */
  cairn_missing_cli_page_set_host_refused (page, TRUE);
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), "Cairn May Not Start Claude Code"));
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (page), GTK_TYPE_LABEL, cairn_test_label_contains,
                                           "flatpak override --user --talk-name=org.freedesktop.Flatpak " APP_ID));
  g_assert_false (gtk_widget_get_visible (cairn_test_button_for (GTK_WIDGET (page), "page.install")));
  g_assert_false (gtk_widget_get_visible (cairn_test_button_for (GTK_WIDGET (page), "page.choose")));
  g_assert_true (gtk_widget_get_visible (cairn_test_button_for (GTK_WIDGET (page), "page.retry")));
  cairn_missing_cli_page_set_host_refused (page, FALSE);
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), "Claude Code Is Not Installed"));
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (page), GTK_TYPE_LABEL, cairn_test_label_contains,
                                           "@anthropic-ai/claude-code"));
  g_assert_true (gtk_widget_get_visible (cairn_test_button_for (GTK_WIDGET (page), "page.install")));
}

static void
test_window_without_cli (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  GtkWidget *stack;

  g_setenv ("CAIRN_CLAUDE", "/nonexistent/claude", TRUE);

  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();

  g_assert_null (cairn_window_get_session (window));
  stack = cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_STACK, stack_has_page,
                                 "missing-cli");
  g_assert_nonnull (stack);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "missing-cli");
  g_assert_true (CAIRN_IS_MISSING_CLI_PAGE (gtk_stack_get_visible_child (GTK_STACK (stack))));
  g_assert_nonnull (cairn_test_find_shown (stack, GTK_TYPE_LABEL, cairn_test_label_contains,
                                           "/nonexistent/claude"));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The cli-path setting comes first, before CAIRN_CLAUDE (which would work
 * here): the window must read the settings when it starts its session. */
static void
test_window_uses_cli_path_setting (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  g_autoptr(GSettings) settings = cairn_test_keys ();
  CairnWindow *window;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  g_settings_set_string (settings, "cli-path", "/from/the/setting/claude");
  g_assert_cmpstr (cairn_settings_get_cli_path (cairn_application_get_settings (app)), ==,
                   "/from/the/setting/claude");

  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();

  g_assert_null (cairn_window_get_session (window));
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                           cairn_test_label_contains,
                                           "/from/the/setting/claude"));

  g_settings_reset (settings, "cli-path");
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

static gboolean
session_exited (gpointer data)
{
  return cairn_session_get_state (data) == CAIRN_SESSION_STATE_EXITED;
}

/* Shift+Tab in the composer moves to the next permission mode; the header
 * shows the mode. (With no CLI process the mode is the next start's.) */
static void
test_shift_tab_cycles_mode (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;
  GtkWidget *view;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_nonnull (session);
  g_assert_true (cairn_test_poll_until (session_exited, session, 10000));
  view = cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_TEXT_VIEW, NULL, NULL);

  cairn_test_press_key (view, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "acceptEdits");
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                           cairn_test_label_is, "Accept Edits"));
  cairn_test_press_key (view, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "plan");
  cairn_test_press_key (view, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "default");

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The Supervised toggle sits in the mode menu (win.supervised, a check
 * item with its own name), follows the conversation, and the mode button
 * says so; the default comes from the "supervised" setting. */
static void
test_supervised_toggle (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GSettings) settings = cairn_test_keys ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;
  GMenuModel *menu;
  GtkWidget *mode_button;
  g_autofree char *label = NULL;
  g_autoptr(GVariant) state = NULL;

  g_settings_set_boolean (settings, "supervised", TRUE);
  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_true (cairn_session_get_supervised (session));
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                           cairn_test_label_is, "Ask Before Edits, Supervised"));

  mode_button = (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_WINDOW, "mode_button");
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (mode_button));
  menu = g_menu_model_get_item_link (menu, g_menu_model_get_n_items (menu) - 1, G_MENU_LINK_SECTION);
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr (label, ==, "Supervised: Ask for Every Change");
  g_object_unref (menu);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.supervised", NULL);
  g_assert_false (cairn_session_get_supervised (session));
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                           cairn_test_label_is, "Ask Before Edits"));
  cairn_session_set_supervised (session, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.supervised", NULL));
  g_assert_false (cairn_session_get_supervised (session));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
  g_settings_reset (settings, "supervised");
}

/* The plan's limits (rate_limit_event lines built to CLI 2.1.330's
 * schema, see test-session's rate-limits): near the limit the header says
 * so beside the cost; the usage popover lists both windows. */
static void
test_window_limits (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;
  GtkWidget *headline;
  GtkWidget *panel;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_true (cairn_test_poll_until (session_exited, session, 10000));
  g_assert_null (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                        cairn_test_label_contains, "limit"));

  cairn_test_handle_line (session, "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"allowed_warning\","
                                   "\"rateLimitType\":\"five_hour\",\"unifiedWindows\":{\"five_hour\":{\"utilization\":0.85,"
                                   "\"resetsAt\":1795252310},\"seven_day\":{\"utilization\":0.4,\"resetsAt\":1795900000}}},"
                                   "\"uuid\":\"u1\",\"session_id\":\"s1\"}");
  headline = cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, cairn_test_label_is,
                                    "5-hour limit 85%");
  g_assert_nonnull (headline);
  g_assert_false (gtk_widget_has_css_class (headline, "error"));

  panel = (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_WINDOW, "usage_panel");
  cairn_usage_panel_refresh (CAIRN_USAGE_PANEL (panel));
  g_assert_nonnull (find_widget_anywhere (panel, GTK_TYPE_LABEL, cairn_test_label_is,
                                          "5-hour window"));
  g_assert_nonnull (find_widget_anywhere (panel, GTK_TYPE_LABEL, cairn_test_label_contains,
                                          "85% used · resets "));
  g_assert_nonnull (find_widget_anywhere (panel, GTK_TYPE_LABEL, cairn_test_label_contains,
                                          "40% used · resets "));

  cairn_test_handle_line (session, "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"rejected\","
                                   "\"rateLimitType\":\"five_hour\",\"utilization\":1,\"resetsAt\":1795252310},"
                                   "\"uuid\":\"u2\",\"session_id\":\"s1\"}");
  headline = cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, cairn_test_label_is,
                                    "Usage limit reached");
  g_assert_nonnull (headline);
  g_assert_true (gtk_widget_has_css_class (headline, "error"));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The model button names the reasoning effort when the CLI says one
 * (init.effort in CLI 2.1.330's schema, or get_settings); the subtitle
 * the model in full. */
static void
test_window_effort (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_true (cairn_test_poll_until (session_exited, session, 10000));

  cairn_test_handle_line (session, "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\","
                                   "\"model\":\"claude-opus-5-5\",\"permissionMode\":\"default\",\"effort\":\"high\"}");
  g_assert_cmpstr (cairn_session_get_effort (session), ==, "high");
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                           cairn_test_label_is, "opus-5-5 · high"));
  /* the subtitle names the folder and the model (both bound in cairn-window.ui) */
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                           cairn_test_label_contains, " · claude-opus-5-5"));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The sidebar's headings and times, against a fixed "now". */
static void
test_sidebar_day_groups (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_local (2026, 11, 24, 15, 0, 0);
  gint64 t = g_date_time_to_unix (now);
  g_autofree char *minutes = cairn_relative_time (now, t - 5 * 60);
  g_autofree char *hours = cairn_relative_time (now, t - 3 * 3600);
  g_autofree char *yesterday = cairn_relative_time (now, t - 20 * 3600);
  g_autofree char *days = cairn_relative_time (now, t - 3 * 86400);
  g_autofree char *date = cairn_relative_time (now, t - 40 * 86400);

  g_assert_cmpint (cairn_day_group (now, t - 60), ==, CAIRN_DAY_GROUP_TODAY);
  g_assert_cmpint (cairn_day_group (now, t - 14 * 3600), ==, CAIRN_DAY_GROUP_TODAY);
  g_assert_cmpint (cairn_day_group (now, t - 16 * 3600), ==, CAIRN_DAY_GROUP_YESTERDAY);
  g_assert_cmpint (cairn_day_group (now, t - 6 * 86400), ==, CAIRN_DAY_GROUP_PREVIOUS_7_DAYS);
  g_assert_cmpint (cairn_day_group (now, t - 8 * 86400), ==, CAIRN_DAY_GROUP_OLDER);
  g_assert_cmpstr (minutes, ==, "5 minutes ago");
  g_assert_cmpstr (hours, ==, "3 hours ago");
  g_assert_cmpstr (yesterday, ==, "Yesterday");
  g_assert_cmpstr (days, ==, "3 days ago");
  g_assert_cmpstr (date, ==, "15 October 2026");
}

/* Started without a folder, the window shows the start page and nothing of
 * a conversation; choosing a folder there opens a conversation in it. */
static void
test_window_start_page (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  GtkWidget *stack, *page;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();

  g_assert_null (cairn_window_get_session (window));
  stack = cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_STACK, stack_has_page, "start");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "start");
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON,
                                           cairn_test_has_action, "start.open-folder"));
  g_assert_null (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON,
                                        cairn_test_has_action, "win.new-conversation"));

  page = gtk_stack_get_visible_child (GTK_STACK (stack));
  g_assert_true (CAIRN_IS_START_PAGE (page));
  g_signal_emit_by_name (page, "folder-chosen", folder);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "chat");
  g_assert_nonnull (cairn_window_get_session (window));
  g_assert_cmpstr (cairn_session_get_cwd (cairn_window_get_session (window)), ==, g_get_tmp_dir ());
  g_assert_nonnull (cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON,
                                           cairn_test_has_action, "win.new-conversation"));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* Runs what the window's key binding for @keyval + @modifiers runs, the
 * way a key press would, and fails when there is no such binding. */
static void
press_window_key (GtkWidget      *window,
                  guint           keyval,
                  GdkModifierType modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, window,
                                                           gtk_shortcut_get_arguments (shortcut)));
              return;
            }
        }
    }
  g_error ("no key binding for %s", gdk_keyval_name (keyval));
}

/* Ctrl+N starts a fresh conversation; F9 folds the sidebar away and back. */
static void
test_window_new_conversation_and_sidebar (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *first;
  AdwFlap *flap;
  gboolean revealed;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  first = cairn_window_get_session (window);
  cairn_session_send_prompt (first, "an earlier conversation");

  press_window_key (GTK_WIDGET (window), GDK_KEY_n, GDK_CONTROL_MASK);
  g_assert_nonnull (cairn_window_get_session (window));
  g_assert_true (cairn_window_get_session (window) != first);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (
    cairn_session_get_transcript (cairn_window_get_session (window)))), ==, 0);

  flap = ADW_FLAP (cairn_test_find_shown (GTK_WIDGET (window), ADW_TYPE_FLAP, NULL, NULL));
  revealed = adw_flap_get_reveal_flap (flap);
  press_window_key (GTK_WIDGET (window), GDK_KEY_F9, 0);
  g_assert_cmpint (adw_flap_get_reveal_flap (flap), !=, revealed);
  press_window_key (GTK_WIDGET (window), GDK_KEY_F9, 0);
  g_assert_cmpint (adw_flap_get_reveal_flap (flap), ==, revealed);

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

static gboolean
has_highlighted_item (gpointer window)
{
  CairnSession *session = cairn_window_get_session (window);
  GListModel *items = session ? G_LIST_MODEL (cairn_session_get_transcript (session)) : NULL;

  for (guint i = 0; items != NULL && i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);
      if (cairn_item_get_highlighted (item))
        return TRUE;
    }
  return FALSE;
}

/* The search field waits for typing to pause, then the results show. */
static gboolean
search_finished_with_hits (gpointer entry)
{
  GtkWidget *sidebar = gtk_widget_get_ancestor (entry, CAIRN_TYPE_SIDEBAR);

  return cairn_test_find_shown (sidebar, GTK_TYPE_LABEL, cairn_test_label_contains,
                                "Found in 1 conversation") != NULL;
}

/* A project folder and the CLI's history of it, in a config folder of
 * its own (CLAUDE_CONFIG_DIR), with the conversation @session_id holding
 * @contents. Returns: the project folder */
static GFile *
make_project (const char *session_id,
              const char *contents)
{
  g_autofree char *config = g_dir_make_tmp ("cairn-config-XXXXXX", NULL);
  g_autofree char *project = g_dir_make_tmp ("cairn-project-XXXXXX", NULL);
  g_autofree char *folder_name = realpath (project, NULL);
  g_autofree char *session_dir = NULL;
  g_autofree char *name = g_strdup_printf ("%s.jsonl", session_id);
  g_autofree char *target = NULL;

  for (char *p = folder_name; *p; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  session_dir = g_build_filename (config, "projects", folder_name, NULL);
  g_assert_cmpint (g_mkdir_with_parents (session_dir, 0700), ==, 0);
  target = g_build_filename (session_dir, name, NULL);
  g_assert_true (g_file_set_contents (target, contents, -1, NULL));
  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  return g_file_new_for_path (project);
}

/* Ctrl+K, a word of an old conversation's tool output, Enter: the
 * conversation opens at the row that shows it, marked. */
static void
test_window_search_opens_match (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "history", "rows",
                                                   "47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) folder = NULL;
  CairnWindow *window;
  GtkWidget *entry;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  folder = make_project ("47c0592a-2c45-496d-86b9-83bc29cb1971", contents);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  press_window_key (GTK_WIDGET (window), GDK_KEY_k, GDK_CONTROL_MASK);
  entry = cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, NULL, NULL);
  g_assert_nonnull (entry);
  /* the search field has the keyboard */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == entry ||
                 gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)), entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "BETA NEEDLE");
  g_assert_true (cairn_test_poll_until (search_finished_with_hits, entry, 10000));
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (cairn_test_poll_until (has_highlighted_item, window, 10000));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
}

static gboolean
usage_window_loaded (gpointer window)
{
  return cairn_usage_window_is_loaded (window);
}

static gboolean
shows_conversation (gpointer window)
{
  CairnSession *session = cairn_window_get_session (window);

  return session != NULL &&
         g_strcmp0 (cairn_session_get_session_id (session), "47c0592a-2c45-496d-86b9-83bc29cb1971") == 0;
}

/* Usage from the primary menu: a window of its own over the window's
 * history; Per Conversation, a row activated, opens that conversation in
 * the window it was opened from. */
static void
test_window_usage_opens_conversation (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "history", "rows",
                                                   "47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GList) toplevels = NULL;
  CairnUsageWindow *usage = NULL;
  CairnWindow *window;
  GtkWidget *table;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  folder = make_project ("47c0592a-2c45-496d-86b9-83bc29cb1971", contents);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_assert_false (shows_conversation (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-usage", NULL));
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (CAIRN_IS_USAGE_WINDOW (l->data))
      usage = l->data;
  g_assert_nonnull (usage);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (usage)) == GTK_WINDOW (window));
  g_assert_true (cairn_test_poll_until (usage_window_loaded, usage, 10000));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_template_child (GTK_WIDGET (usage),
                                                                            CAIRN_TYPE_USAGE_WINDOW, "period")), 4);
  table = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (usage), CAIRN_TYPE_USAGE_WINDOW, "table"));
  g_signal_emit_by_name (table, "activate", 0);
  g_assert_true (cairn_test_poll_until (shows_conversation, window, 10000));

  gtk_window_destroy (GTK_WINDOW (usage));
  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
}

#define REOPENED_ID "5f0c7f1e-3a47-4c1b-9d52-2b6a0d7e9c10"
#define REOPENED_TURNS 800

typedef struct
{
  CairnWindow *window;
  int          items_at_end;   /* when the end was first drawn; -1 before */
  gboolean     asked;          /* a new conversation's "Ask Claude" drawn before */
} Reopen;

static GListModel *
shown_transcript (CairnWindow *window)
{
  return G_LIST_MODEL (cairn_session_get_transcript (cairn_window_get_session (window)));
}

static void
reopen_painted_cb (GdkFrameClock *clock,
                   Reopen        *reopen)
{
  GtkWidget *page = cairn_test_find_shown (GTK_WIDGET (reopen->window), CAIRN_TYPE_PAGE, NULL, NULL);

  if (reopen->items_at_end >= 0)
    return;
  if (page != NULL && cairn_page_shows_end (CAIRN_PAGE (page)))
    reopen->items_at_end = g_list_model_get_n_items (shown_transcript (reopen->window));
  reopen->asked |= cairn_test_shows_text (GTK_WIDGET (reopen->window), "Ask Claude");
}

static gboolean
end_drawn (gpointer data)
{
  return ((Reopen *)data)->items_at_end >= 0;
}

static gboolean
reopened_whole (gpointer window)
{
  return g_list_model_get_n_items (shown_transcript (window)) == 2 * REOPENED_TURNS;
}

/* Up, a screen at a time, until the first prompt shows. */
static gboolean
scrolled_to_first_prompt (gpointer window)
{
  GtkWidget *scroller = cairn_test_find_shown (window, GTK_TYPE_SCROLLED_WINDOW, NULL, NULL);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) - gtk_adjustment_get_page_size (adj));
  return cairn_test_shows_text (window, "the first prompt");
}

/* The project's last conversation opens with it: the frame that first
 * shows its end holds its last screen only, not every item; the frames
 * before show no new conversation ("Ask Claude"); the rest comes after,
 * and scrolling up reaches its first prompt. */
static void
test_window_reopens_last_screen_first (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GSettings) settings = cairn_test_keys ();
  g_autoptr(GString) contents = g_string_new (NULL);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *real = NULL;
  Reopen reopen = { NULL, -1, FALSE };

  for (guint i = 0; i < REOPENED_TURNS; i++)
    {
      g_autofree char *parent = i ? g_strdup_printf ("\"a%u\"", i - 1) : g_strdup ("null");
      g_autofree char *text = i ? g_strdup_printf ("prompt %u", i) : g_strdup ("the first prompt");

      g_string_append_printf (contents, "{\"type\":\"user\",\"uuid\":\"u%u\",\"parentUuid\":%s,"
                              "\"message\":{\"role\":\"user\",\"content\":\"%s\"}}\n", i, parent, text);
      g_string_append_printf (contents, "{\"type\":\"assistant\",\"uuid\":\"a%u\",\"parentUuid\":\"u%u\","
                              "\"message\":{\"id\":\"m%u\",\"role\":\"assistant\","
                              "\"content\":[{\"type\":\"text\",\"text\":\"reply %u\"}]}}\n", i, i, i, i);
    }
  folder = make_project (REOPENED_ID, contents->str);
  cwd = g_file_get_path (folder);
  real = realpath (cwd, NULL);
  g_settings_set_value (settings, "last-conversations", g_variant_new_parsed ("{%s: %s}", real, REOPENED_ID));

  reopen.window = cairn_application_new_window (app, folder);
  gtk_widget_realize (GTK_WIDGET (reopen.window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (reopen.window)), "after-paint",
                    G_CALLBACK (reopen_painted_cb), &reopen);
  gtk_window_present (GTK_WINDOW (reopen.window));
  g_assert_true (cairn_test_poll_until (end_drawn, &reopen, 10000));
  g_assert_cmpint (reopen.items_at_end, >, 0);
  g_assert_cmpint (reopen.items_at_end, <, 100);
  g_assert_false (reopen.asked);
  g_assert_true (cairn_test_poll_until (reopened_whole, reopen.window, 10000));
  g_assert_true (cairn_test_poll_until (scrolled_to_first_prompt, reopen.window, 10000));

  g_signal_handlers_disconnect_by_func (gtk_widget_get_frame_clock (GTK_WIDGET (reopen.window)),
                                        reopen_painted_cb, &reopen);
  gtk_window_destroy (GTK_WINDOW (reopen.window));
  cairn_test_drain_main_context ();
  g_settings_reset (settings, "last-conversations");
  g_unsetenv ("CAIRN_CLAUDE");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
}

/* A window opens at the size the last one closed with. */
static void
test_window_size_is_kept (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  g_autoptr(GSettings) settings = cairn_test_keys ();
  CairnWindow *window;
  int width, height;

  g_setenv ("CAIRN_CLAUDE", "/nonexistent/claude", TRUE);
  g_settings_set_int (settings, "window-width", 700);
  g_settings_set_int (settings, "window-height", 500);
  window = cairn_application_new_window (app, folder);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 700);
  g_assert_cmpint (height, ==, 500);

  gtk_window_present (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  gtk_window_set_default_size (GTK_WINDOW (window), 810, 620);
  gtk_window_close (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 810);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 620);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_unsetenv ("CAIRN_CLAUDE");
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/widgets/missing-cli-page", test_missing_cli_page);
  g_test_add_func ("/cairn/widgets/window/without-cli", test_window_without_cli);
  g_test_add_func ("/cairn/widgets/window/cli-path-setting", test_window_uses_cli_path_setting);
  g_test_add_func ("/cairn/widgets/window/shift-tab-cycles-mode", test_shift_tab_cycles_mode);
  g_test_add_func ("/cairn/widgets/window/limits", test_window_limits);
  g_test_add_func ("/cairn/widgets/window/effort", test_window_effort);
  g_test_add_func ("/cairn/widgets/window/size-is-kept", test_window_size_is_kept);
  g_test_add_func ("/cairn/widgets/window/supervised-toggle", test_supervised_toggle);
  g_test_add_func ("/cairn/widgets/sidebar/day-groups", test_sidebar_day_groups);
  g_test_add_func ("/cairn/widgets/window/start-page", test_window_start_page);
  g_test_add_func ("/cairn/widgets/window/search-opens-match", test_window_search_opens_match);
  g_test_add_func ("/cairn/widgets/window/usage-opens-conversation", test_window_usage_opens_conversation);
  g_test_add_func ("/cairn/widgets/window/reopens-last-screen-first", test_window_reopens_last_screen_first);
  g_test_add_func ("/cairn/widgets/window/new-conversation-and-sidebar",
                   test_window_new_conversation_and_sidebar);

  return g_test_run ();
}
