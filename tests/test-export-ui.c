/* test-export-ui.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Export from the window, as a user does it: the sidebar row's menu
 * (Shift+F10) → Export… → the file chooser (GtkFileChooserNative, which
 * without a portal is GTK's own dialog) → a name ending in .html: the
 * recorded conversation is written there as HTML. And the main menu's
 * Export Conversation… for the conversation shown, to Markdown by the
 * chosen filter when the name has no extension. */

#include "config.h"

#include <string.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "cairn-application.h"
#include "window/cairn-conversation-row.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-window.h"

typedef struct
{
  CairnTestHistory base;
  char            *out;
} History;

/* The recorded every-row conversation, moved into a fresh project. */
static void
history_init (History *history)
{
  g_autofree char *contents = cairn_test_rows_contents ();
  g_autoptr(GString) moved = g_string_new (contents);

  cairn_test_history_init (&history->base, "export-ui");
  history->out = cairn_test_make_dir ("export-ui-out");
  g_string_replace (moved, "/tmp/rowsproj", history->base.cwd, 0);
  cairn_test_write_file (history->base.folder, CAIRN_TEST_ROWS_ID ".jsonl", moved->str);
}

static void
history_clear (History *history)
{
  cairn_test_history_clear (&history->base);
  cairn_test_remove_dir (history->out);
  g_free (history->out);
}

static gboolean
listed (gpointer cwd)
{
  CairnApplication *app = cairn_test_shared_app ();

  return cairn_history_index_get_listed (cairn_application_get_history (app), cwd);
}

static gboolean
any (GtkWidget *widget)
{
  return TRUE;
}

/* GtkFileChooserNative's own dialog, once it is up. */
static GtkWidget *
chooser_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_visible (window))
        return window;
    }
  return NULL;
}

static gboolean
has_chooser (gpointer data)
{
  return chooser_dialog () != NULL;
}

static gboolean
in_folder (gpointer dialog)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (dialog);
  const char *wanted = g_object_get_data (dialog, "wanted");

  return folder != NULL && g_str_equal (g_file_peek_path (folder), wanted);
}

/* Chooses @name in @folder, with the filter called @filter_name. */
static void
choose (const char *folder,
        const char *name,
        const char *filter_name)
{
  GtkWidget *dialog;
  g_autoptr(GFile) where = g_file_new_for_path (folder);
  g_autoptr(GListModel) filters = NULL;

  g_assert_true (cairn_test_poll_until (has_chooser, NULL, 10000));
  dialog = chooser_dialog ();
  /* shown whole first: mapping it sets its name and folder */
  for (guint i = 0; i < 100 && !gtk_widget_get_mapped (dialog); i++)
    cairn_test_run_for (50);
  cairn_test_run_for (300);
  cairn_test_screenshot (filter_name ? "export-chooser-md.png" : "export-chooser.png");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export Conversation");
  /* suggested: the conversation's title, as Markdown */
  g_assert_true (g_str_has_suffix (gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (dialog)), ".md"));
  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 3);
  for (guint i = 0; filter_name != NULL && i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);
      if (g_strcmp0 (gtk_file_filter_get_name (filter), filter_name) == 0)
        gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), filter);
    }
  g_object_set_data_full (G_OBJECT (dialog), "wanted", g_file_get_path (where), g_free);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), where, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  /* the folder is loaded, and the name taken, from the main loop */
  g_assert_true (cairn_test_poll_until (in_folder, dialog, 10000));
  cairn_test_run_for (300);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
}

static gboolean
exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

static char *
read_export (const char *folder,
             const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  char *contents = NULL;

  g_assert_true (cairn_test_poll_until (exists, path, 20000));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static void
test_export_from_menus (void)
{
  History history;
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) project = NULL;
  CairnWindow *window;
  GtkWidget *sidebar, *list, *label, *row, *popover;
  g_autofree char *html = NULL;
  g_autofree char *md = NULL;

  history_init (&history);
  project = g_file_new_for_path (history.base.project);
  window = cairn_application_new_window (app, project);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  cairn_test_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_poll_until (listed, history.base.cwd, 30000));
  sidebar = cairn_test_find_where (GTK_WIDGET (window), any, CAIRN_TYPE_SIDEBAR, NULL, NULL);
  list = cairn_test_find_shown (sidebar, GTK_TYPE_LIST_VIEW, NULL, NULL);
  for (guint i = 0; i < 100 && !cairn_test_find_shown (list, CAIRN_TYPE_CONVERSATION_ROW, NULL, NULL); i++)
    cairn_test_run_for (50);

  /* the row's menu: Shift+F10 on the focused row, then Export… */
  row = cairn_test_find_shown (list, CAIRN_TYPE_CONVERSATION_ROW, NULL, NULL);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_grab_focus (gtk_widget_get_parent (row)));
  g_assert_true (gtk_widget_activate_action (sidebar, "sidebar.context-menu", NULL));
  popover = cairn_test_find_shown (row, GTK_TYPE_POPOVER_MENU, NULL, NULL);
  g_assert_nonnull (popover);
  label = cairn_test_find_where (popover, any, GTK_TYPE_LABEL, cairn_test_label_is, "Export…");
  g_assert_nonnull (label);
  cairn_test_screenshot ("export-menu.png");
  g_assert_true (gtk_widget_activate_action (popover, "sidebar.export", NULL));
  gtk_popover_popdown (GTK_POPOVER (popover));
  choose (history.out, "tour.html", NULL);
  html = read_export (history.out, "tour.html");
  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>"));
  g_assert_nonnull (strstr (html, "Please do everything"));
  g_assert_nonnull (strstr (html, "All done."));

  /* the main menu's, for the conversation shown (the project's last) */
  gtk_widget_activate_action (list, "list.activate-item", "u", 0);
  for (guint i = 0; i < 100 && !cairn_test_shows_text (GTK_WIDGET (window), "All done."); i++)
    cairn_test_run_for (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-conversation", NULL));
  choose (history.out, "shown", "Markdown");
  md = read_export (history.out, "shown.md");
  g_assert_true (g_str_has_prefix (md, "# "));
  g_assert_nonnull (strstr (md, "> Please do everything"));
  g_assert_nonnull (strstr (md, "<details>\n<summary>Bash"));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/export/from-menus", test_export_from_menus);

  return g_test_run ();
}
