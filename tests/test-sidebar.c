/* test-sidebar.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The sidebar with a big history (issue 27), through a real window: it
 * makes rows for the conversations in view only, whatever their number;
 * the newest is at the top under its day heading and scrolling to the end
 * shows the oldest; and while the list is read it says so, never "No
 * Conversations Yet". */

#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <utime.h>

#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "cairn-application.h"
#include "window/cairn-conversation-row.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-window.h"
#include "widgets/cairn-working-indicator.h"

#define N_CONVERSATIONS 2000
/* conversations two hours apart: 2,000 reach back 166 days, over all
 * four day groups */
#define STEP_S (2 * 3600)
/* GTK 4.8's list view keeps up to 200 list items around the view
 * (GTK_LIST_VIEW_MAX_LIST_ITEMS in gtklistview.c), whatever the list's
 * length; the list box had one for each conversation */
#define MAX_ROWS 210

typedef CairnTestHistory History;

/* Conversation @i, "Conversation @i", last active at @when. */
static void
write_conversation (History *history,
                    guint    i,
                    gint64   when)
{
  g_autofree char *name = g_strdup_printf ("00000000-0000-4000-8000-%012u.jsonl", i);
  g_autofree char *path = g_build_filename (history->folder, name, NULL);
  g_autofree char *line = g_strdup_printf (
    "{\"type\":\"user\",\"cwd\":\"%s\",\"timestamp\":\"2020-01-01T00:00:00Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"Conversation %u\"}}\n", history->cwd, i);
  struct utimbuf times = { when, when };

  g_assert_true (g_file_set_contents (path, line, -1, NULL));
  g_assert_cmpint (utime (path, &times), ==, 0);
}

/* A project of @n small conversations, "Conversation 0" the newest; their
 * lines are older than their files, whose times make the order. Only
 * conversation 0 is today's, whatever the time of day: the others go back
 * from a minute before midnight, so "Yesterday" is the second heading,
 * at the top (with 2-hour steps from now it was the 13th conversation
 * at 22:00, out of the rows made). */
static void
history_init (History *history,
              guint    n)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) midnight = g_date_time_new_local (g_date_time_get_year (now), g_date_time_get_month (now),
                                                         g_date_time_get_day_of_month (now), 0, 0, 0);
  gint64 before_midnight = g_date_time_to_unix (midnight) - 60;

  cairn_test_history_init (history, "sidebar");
  for (guint i = 0; i < n; i++)
    write_conversation (history, i, i == 0 ? g_date_time_to_unix (now) : before_midnight - (i - 1) * STEP_S);
}

static void
history_clear (History *history)
{
  cairn_test_history_clear (history);
}

static gboolean
listed (gpointer cwd)
{
  CairnApplication *app = cairn_test_shared_app ();

  return cairn_history_index_get_listed (cairn_application_get_history (app), cwd);
}

static guint
count_of_type (GtkWidget *root,
               GType      type)
{
  guint n = G_TYPE_CHECK_INSTANCE_TYPE (root, type);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    n += count_of_type (child, type);
  return n;
}

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* The label saying @text is on screen: shown, and inside the scrolled
 * window's view. */
static gboolean
in_view (GtkWidget  *scroller,
         const char *text)
{
  GtkWidget *label = cairn_test_find_shown (scroller, GTK_TYPE_LABEL, cairn_test_label_is, text);
  graphene_rect_t bounds;

  if (label == NULL || !gtk_widget_compute_bounds (label, scroller, &bounds))
    return FALSE;
  /* (a row bound in this frame has no size until it is laid out) */
  return bounds.size.height > 0 && bounds.origin.y >= 0 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller);
}

static gboolean
any (GtkWidget *widget)
{
  return TRUE;
}

/* (also before the window is shown) */
static GtkWidget *
sidebar_of (CairnWindow *window)
{
  return cairn_test_find_where (GTK_WIDGET (window), any, CAIRN_TYPE_SIDEBAR, NULL, NULL);
}

/* A window on @history's project, its list read; returns the sidebar's
 * list view. */
static GtkWidget *
open_listed (History      *history,
             CairnWindow **out_window)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (history->project);
  CairnWindow *window = cairn_application_new_window (app, folder);
  GtkWidget *list;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  cairn_test_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_poll_until (listed, history->cwd, 30000));
  list = cairn_test_find_shown (sidebar_of (window), GTK_TYPE_LIST_VIEW, NULL, NULL);
  for (guint i = 0; i < 100 && !in_view (gtk_widget_get_parent (list), "Conversation 0"); i++)
    cairn_test_run_for (50);
  *out_window = window;
  return list;
}

/* Scrolls @list to its end until @done says so: its height is estimated
 * from the rows made, so it grows as it scrolls, and the end is where it
 * stops. */
static void
scroll_to_end_until (GtkWidget  *list,
                     gboolean  (*done) (GtkWidget *list, const char *text),
                     const char *text)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));

  /* frames come from the frame clock: the loop runs a while for each,
   * and the end is where two frames agree */
  for (guint i = 0, done_in_a_row = 0; i < 100 && done_in_a_row < 2; i++)
    {
      gtk_adjustment_set_value (adjustment, cairn_test_scroll_end (adjustment));
      cairn_test_run_for (50);
      done_in_a_row = done (list, text) ? done_in_a_row + 1 : 0;
    }
}

/* (for scroll_to_end_until) */
static gboolean
in_list_view (GtkWidget  *list,
              const char *text)
{
  return in_view (gtk_widget_get_parent (list), text);
}

/* 2,000 conversations: a bounded number of rows (and of the list items
 * a screen reader walks), at the top and at the end. */
static void
test_sidebar_recycles (void)
{
  History history;
  CairnWindow *window;
  GtkWidget *list, *scroller;
  g_autofree char *oldest = g_strdup_printf ("Conversation %u", N_CONVERSATIONS - 1);

  history_init (&history, N_CONVERSATIONS);
  list = open_listed (&history, &window);
  g_assert_nonnull (list);
  scroller = gtk_widget_get_parent (list);
  g_assert_true (in_view (scroller, "Conversation 0"));
  g_assert_true (in_view (scroller, "Today"));
  /* conversations 1 and on are yesterday's and before */
  g_assert_nonnull (cairn_test_find_shown (list, GTK_TYPE_LABEL, cairn_test_label_is, "Yesterday"));
  g_test_message ("%u rows, %u list items at the top", count_of_type (list, CAIRN_TYPE_CONVERSATION_ROW),
                  count_children (list));
  g_assert_cmpuint (count_of_type (list, CAIRN_TYPE_CONVERSATION_ROW), <=, MAX_ROWS);
  g_assert_cmpuint (count_children (list), <=, MAX_ROWS);

  scroll_to_end_until (list, in_list_view, oldest);
  g_assert_true (in_view (scroller, oldest));
  /* the heading is the group's first row's only */
  g_assert_null (cairn_test_find_shown (list, GTK_TYPE_LABEL, cairn_test_label_is, "Older"));
  g_assert_false (in_view (scroller, "Conversation 0"));
  g_test_message ("%u rows, %u list items at the end", count_of_type (list, CAIRN_TYPE_CONVERSATION_ROW),
                  count_children (list));
  g_assert_cmpuint (count_of_type (list, CAIRN_TYPE_CONVERSATION_ROW), <=, MAX_ROWS);
  g_assert_cmpuint (count_children (list), <=, MAX_ROWS);

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

/* The row showing @text, or NULL. */
static GtkWidget *
row_showing (GtkWidget  *list,
             const char *text)
{
  GtkWidget *label = cairn_test_find_shown (list, GTK_TYPE_LABEL, cairn_test_label_is, text);

  g_assert_nonnull (label);
  return gtk_widget_get_ancestor (label, CAIRN_TYPE_CONVERSATION_ROW);
}

/* An open conversation's mark goes with it as rows are recycled: set
 * while its row is not made, it shows when it is scrolled to; and the
 * list item a screen reader reads is named by the title. */
static void
test_sidebar_marks (void)
{
  History history;
  CairnWindow *window;
  GtkWidget *list, *row;
  CairnSidebar *sidebar;

  history_init (&history, 400);
  list = open_listed (&history, &window);
  sidebar = CAIRN_SIDEBAR (sidebar_of (window));

  cairn_sidebar_set_state (sidebar, "00000000-0000-4000-8000-000000000000", CAIRN_CONVERSATION_WORKING);
  cairn_sidebar_set_state (sidebar, "00000000-0000-4000-8000-000000000399", CAIRN_CONVERSATION_WAITING);
  cairn_test_run_for (100);
  row = row_showing (list, "Conversation 0");
  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (gtk_widget_get_parent (row)),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL, "Conversation 0"));
  g_assert_null (cairn_test_find_shown (row_showing (list, "Conversation 1"), GTK_TYPE_IMAGE, NULL, NULL));
  /* the conversation shown is selected, by its session id */
  cairn_sidebar_select_session_id (sidebar, "00000000-0000-4000-8000-000000000007");
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (
                      GTK_LIST_VIEW (list)))), ==, 7);
  cairn_test_screenshot ("sidebar-marks.png");

  scroll_to_end_until (list, in_list_view, "Conversation 399");
  g_assert_true (in_list_view (list, "Conversation 399"));
  row = row_showing (list, "Conversation 399");
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_IMAGE, NULL, NULL));
  g_assert_null (cairn_test_find_shown (row_showing (list, "Conversation 398"), GTK_TYPE_IMAGE, NULL, NULL));
  g_assert_null (cairn_test_find_shown (row_showing (list, "Conversation 398"), CAIRN_TYPE_WORKING_INDICATOR,
                                        NULL, NULL));
  cairn_test_screenshot ("sidebar-end.png");

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

static void
remember_title_cb (CairnSidebar *sidebar,
                   GObject      *item,
                   char        **title)
{
  g_free (*title);
  g_object_get (item, "title", title, NULL);
}

/* The keyboard: Enter on a row opens its conversation; Shift+F10 (or the
 * Menu key) opens the row's menu, whose Rename renames that one. */
static void
test_sidebar_keyboard (void)
{
  History history;
  CairnWindow *window;
  GtkWidget *list, *row, *popover;
  CairnSidebar *sidebar;
  g_autofree char *activated = NULL;
  g_autofree char *renamed = NULL;

  history_init (&history, 50);
  list = open_listed (&history, &window);
  sidebar = CAIRN_SIDEBAR (sidebar_of (window));
  g_signal_connect (sidebar, "activated", G_CALLBACK (remember_title_cb), &activated);
  g_signal_connect (sidebar, "rename", G_CALLBACK (remember_title_cb), &renamed);
  /* the rename dialog is the window's: not here */
  g_signal_handlers_disconnect_matched (sidebar, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, window);

  g_assert_true (gtk_widget_activate_action (list, "list.activate-item", "u", 3));
  g_assert_cmpstr (activated, ==, "Conversation 3");

  row = row_showing (list, "Conversation 2");
  g_assert_true (gtk_widget_grab_focus (gtk_widget_get_parent (row)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sidebar), "sidebar.context-menu", NULL));
  popover = cairn_test_find_shown (row, GTK_TYPE_POPOVER_MENU, NULL, NULL);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_activate_action (popover, "sidebar.rename", NULL));
  g_assert_cmpstr (renamed, ==, "Conversation 2");
  gtk_popover_popdown (GTK_POPOVER (popover));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

static gboolean
selected_first (gpointer list)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (list));

  return gtk_single_selection_get_selected (selection) == 0;
}

/* The conversation shown is new: it is selected once it is listed, at
 * the top, where the Today heading moves to it from the row below. */
static void
test_sidebar_new_conversation (void)
{
  History history;
  CairnWindow *window;
  GtkWidget *list;

  history_init (&history, 20);
  list = open_listed (&history, &window);
  cairn_sidebar_select_session_id (CAIRN_SIDEBAR (sidebar_of (window)), "00000000-0000-4000-8000-000000000099");
  write_conversation (&history, 99, g_get_real_time () / G_USEC_PER_SEC + 60);
  g_assert_true (cairn_test_poll_until (selected_first, list, 10000));
  for (guint i = 0; i < 100 && !in_view (gtk_widget_get_parent (list), "Conversation 99"); i++)
    cairn_test_run_for (50);
  g_assert_true (in_view (gtk_widget_get_parent (list), "Conversation 99"));
  g_assert_nonnull (cairn_test_find_shown (row_showing (list, "Conversation 99"), GTK_TYPE_LABEL,
                                           cairn_test_label_is, "Today"));
  g_assert_null (cairn_test_find_shown (row_showing (list, "Conversation 0"), GTK_TYPE_LABEL,
                                        cairn_test_label_is, "Today"));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

static gboolean
says_no_conversations (CairnWindow *window)
{
  return cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, cairn_test_label_is,
                                "No Conversations Yet") != NULL;
}

static gboolean
shows_unreadable (gpointer window)
{
  return cairn_test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, cairn_test_label_contains,
                                "could not be read") != NULL;
}

static gboolean
hides_unreadable (gpointer window)
{
  return !shows_unreadable (window);
}

static const char *
sidebar_page (CairnWindow *window)
{
  GtkWidget *stack = cairn_test_find_where (sidebar_of (window), any, GTK_TYPE_STACK, NULL, NULL);

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

/* From the window's first frame until the first conversations are read,
 * the sidebar says it is loading; then it shows the list, never "No
 * Conversations Yet" while the list is still being read. */
static void
test_sidebar_loading (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  History history;
  g_autoptr(GFile) folder = NULL;
  CairnWindow *window;
  guint loading_iterations = 0;

  history_init (&history, N_CONVERSATIONS);
  folder = g_file_new_for_path (history.project);
  window = cairn_application_new_window (app, folder);
  /* the list is read in a thread, whose end the main loop hears of */
  g_assert_false (listed (history.cwd));
  g_assert_cmpstr (sidebar_page (window), ==, "loading");
  gtk_window_present (GTK_WINDOW (window));
  /* the index hands the list over in batches, newest first: the first
   * one ends the loading state, and "empty" never shows before the end */
  while (!listed (history.cwd))
    {
      const char *page = sidebar_page (window);

      g_assert_false (says_no_conversations (window));
      if (g_str_equal (page, "loading"))
        {
          g_assert_true (cairn_test_shows_text (GTK_WIDGET (window), "Loading Conversations…"));
          loading_iterations++;
        }
      else
        g_assert_cmpstr (page, ==, "list");
      g_main_context_iteration (NULL, TRUE);
    }
  g_test_message ("%u main loop iterations while loading", loading_iterations);
  cairn_test_drain_main_context ();
  g_assert_cmpstr (sidebar_page (window), ==, "list");
  g_assert_false (says_no_conversations (window));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

/* An empty project says so once it is read. */
static void
test_sidebar_empty_once_read (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  History history;
  g_autoptr(GFile) folder = NULL;
  CairnWindow *window;

  history_init (&history, 0);
  folder = g_file_new_for_path (history.project);
  window = cairn_application_new_window (app, folder);
  g_assert_cmpstr (sidebar_page (window), ==, "loading");
  cairn_test_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_poll_until (listed, history.cwd, 10000));
  cairn_test_drain_main_context ();
  g_assert_cmpstr (sidebar_page (window), ==, "empty");
  g_assert_true (says_no_conversations (window));
  g_assert_false (shows_unreadable (window));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

/* What the list could not read is said under it, with a button that
 * names the files (as plain text): a link to nothing, a link to itself
 * and a pipe, which the index counts as unreadable also when the test
 * runs as root (root reads a chmod 000 file). Once they are gone, so is
 * the line. */
static void
test_sidebar_unreadable (void)
{
  History history;
  CairnWindow *window;
  GtkWidget *button, *names;
  g_autofree char *dangling = NULL, *loop = NULL, *pipe = NULL;

  history_init (&history, 3);
  dangling = g_build_filename (history.folder, "dangling.jsonl", NULL);
  loop = g_build_filename (history.folder, "loop <b>.jsonl", NULL);
  pipe = g_build_filename (history.folder, "pipe.jsonl", NULL);
  g_assert_cmpint (symlink ("nowhere.jsonl", dangling), ==, 0);
  g_assert_cmpint (symlink ("loop <b>.jsonl", loop), ==, 0);
  g_assert_cmpint (mkfifo (pipe, 0600), ==, 0);
  open_listed (&history, &window);
  cairn_test_drain_main_context ();
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (window), "3 conversations could not be read"));
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (window), "Conversation 0"));
  button = cairn_test_find_shown (sidebar_of (window), GTK_TYPE_MENU_BUTTON, NULL, NULL);
  g_assert_nonnull (button);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "3 conversations could not be read");
  g_assert_true (gtk_widget_get_focusable (button) || gtk_widget_get_focusable (gtk_widget_get_first_child (button)));

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  cairn_test_run_for (100);
  names = cairn_test_find_shown (button, GTK_TYPE_LABEL, cairn_test_label_contains, "could not be read:");
  g_assert_nonnull (names);
  g_assert_true (cairn_test_label_contains (names, "dangling.jsonl"));
  g_assert_true (cairn_test_label_contains (names, "pipe.jsonl"));
  /* a name is text, never markup */
  g_assert_true (cairn_test_label_contains (names, "loop <b>.jsonl"));
  g_assert_false (gtk_label_get_use_markup (GTK_LABEL (names)));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));

  /* the folder is watched: listed again without them, the line goes */
  g_assert_cmpint (g_unlink (dangling), ==, 0);
  g_assert_cmpint (g_unlink (loop), ==, 0);
  g_assert_cmpint (g_unlink (pipe), ==, 0);
  g_assert_true (cairn_test_poll_until (hides_unreadable, window, 10000));

  gtk_window_destroy (GTK_WINDOW (window));
  cairn_test_drain_main_context ();
  history_clear (&history);
}

#define MANY_FILES 10000
/* the index's batches: what it hands the list at once, at most */
#define MAX_BATCH 500

typedef struct
{
  guint    changes;
  guint    most_added;
  guint    most_removed;
  gboolean listed;
} Changes;

/* (the first listing is over: the churn's own re-lists come next) */
static void
first_listed_cb (CairnHistoryIndex *index,
                 const char        *cwd,
                 Changes           *changes)
{
  changes->listed = TRUE;
}

static void
count_change_cb (GListModel *model,
                 guint       position,
                 guint       removed,
                 guint       added,
                 Changes    *changes)
{
  if (changes->listed)
    return;
  changes->changes++;
  changes->most_added = MAX (changes->most_added, added);
  changes->most_removed = MAX (changes->most_removed, removed);
}

static const char *
first_title_but_churn (GListModel *model)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CairnConversationInfo) info = g_list_model_get_item (model, i);

      if (!g_str_equal (cairn_conversation_info_get_title (info), "churn"))
        return cairn_conversation_info_get_title (info);
    }
  return NULL;
}

/* A folder of 10,000 conversations written in one second (a copied
 * history), newest first by their times to the microsecond, with junk among them (empty files, lines that are no JSON,
 * links to nothing), and files coming and going while it is read: the
 * list reaches the sidebar in batches of at most 500, each put after
 * what is there, never a change that replaces rows already listed (a
 * splice of thousands of rows held the window for 455 ms). What a change
 * costs the main loop grows with what it adds, so this bounds each
 * frame's work without timing it; bench-list-gaps prints the real gaps. */
static void
test_sidebar_many_files (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  History history;
  g_autoptr(GFile) folder = NULL;
  CairnWindow *window;
  GListModel *model;
  Changes changes = { 0 };
  CairnTestChurn *churn;
  g_autofree char *churn_line = NULL;
  guint churned;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  history_init (&history, 0);
  for (guint i = 0; i < MANY_FILES; i++)
    {
      g_autofree char *name = g_strdup_printf ("00000000-0000-4000-8000-%012u.jsonl", i);
      g_autofree char *path = g_build_filename (history.folder, name, NULL);
      /* one second for all, each newer than the one before by a
       * microsecond: read newest first, the last written comes first */
      struct timeval times[2] = { { now, i }, { now, i } };

      if (i % 10 == 9)
        {
          if (i % 30 == 29)
            g_assert_cmpint (symlink ("nowhere.jsonl", path), ==, 0);
          else
            g_assert_true (g_file_set_contents (path, i % 30 == 9 ? "" : "no json\n", -1, NULL));
          continue;
        }
      write_conversation (&history, i, now);
      g_assert_cmpint (utimes (path, times), ==, 0);
    }
  folder = g_file_new_for_path (history.project);
  window = cairn_application_new_window (app, folder);
  model = cairn_history_index_get_conversations (cairn_application_get_history (app), history.cwd);
  g_signal_connect (model, "items-changed", G_CALLBACK (count_change_cb), &changes);
  g_signal_connect (cairn_application_get_history (app), "conversations-listed", G_CALLBACK (first_listed_cb),
                    &changes);
  churn_line = g_strdup_printf ("{\"type\":\"user\",\"cwd\":\"%s\",\"message\":"
                                "{\"role\":\"user\",\"content\":\"churn\"}}\n", history.cwd);
  churn = cairn_test_churn_start (history.folder, churn_line);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (cairn_test_poll_until (listed, history.cwd, 60000));
  churned = cairn_test_churn_stop (churn);
  g_test_message ("%u changes, at most %u added and %u removed at once; %u files churned", changes.changes,
                  changes.most_added, changes.most_removed, churned);
  g_assert_cmpuint (changes.most_added, <=, MAX_BATCH);
  g_assert_cmpuint (changes.most_removed, <=, 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), >=, MANY_FILES * 9 / 10 - 333);
  g_assert_cmpstr (first_title_but_churn (model), ==, "Conversation 9998");
  cairn_test_drain_main_context ();
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (window), "333 conversations could not be read"));

  g_signal_handlers_disconnect_by_data (cairn_application_get_history (app), &changes);
  g_signal_handlers_disconnect_by_data (model, &changes);
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

  g_test_add_func ("/cairn/sidebar/recycles", test_sidebar_recycles);
  g_test_add_func ("/cairn/sidebar/marks", test_sidebar_marks);
  g_test_add_func ("/cairn/sidebar/keyboard", test_sidebar_keyboard);
  g_test_add_func ("/cairn/sidebar/new-conversation", test_sidebar_new_conversation);
  g_test_add_func ("/cairn/sidebar/loading", test_sidebar_loading);
  g_test_add_func ("/cairn/sidebar/empty-once-read", test_sidebar_empty_once_read);
  g_test_add_func ("/cairn/sidebar/unreadable", test_sidebar_unreadable);
  g_test_add_func ("/cairn/sidebar/many-files", test_sidebar_many_files);

  return g_test_run ();
}
