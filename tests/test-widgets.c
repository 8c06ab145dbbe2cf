/* test-widgets.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The widget smoke test (STYLE rule 34): every templated type is built
 * under G_DEBUG=fatal-warnings, so a template that names a class this
 * GTK/libadwaita does not have aborts here rather than in a user's hands.
 * Beyond that, each row shows what its item says, the composer sends, and
 * the window without a CLI shows the missing-CLI page. Runs on Xvfb
 * (tests/run-headless.sh). */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include <adwaita.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gtksourceview/gtksource.h>

#include "cairn-application.h"
#include "cairn-approval-dialog.h"
#include "cairn-attachment-chip.h"
#include "attachments/cairn-attachment-store.h"
#include "cairn-attachment-tray.h"
#include "cairn-composer.h"
#include "cairn-changes-row.h"
#include "cairn-hook-row.h"
#include "cairn-key-guard.h"
#include "cairn-message-row.h"
#include "transcript/cairn-changes-item.h"
#include "transcript/cairn-hook-item.h"
#include "cairn-missing-cli-page.h"
#include "transcript/cairn-notice-item.h"
#include "cairn-notice-row.h"
#include "transcript/cairn-result-item.h"
#include "cairn-result-row.h"
#include "cairn-working-indicator.h"
#include "cairn-sidebar.h"
#include "cairn-start-page.h"
#include "transcript/cairn-text-item.h"
#include "cairn-thinking-row.h"
#include "cairn-todo-list.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-tool-call-item.h"
#include "cairn-tool-call-row.h"
#include "cairn-thumbnail.h"
#include "cairn-transcript-row.h"
#include "cairn-plan-dialog.h"
#include "cairn-trust-page.h"
#include "cairn-preferences-window.h"
#include "cairn-question-dialog.h"
#include "cairn-usage-panel.h"
#include "cairn-window.h"
#include "session/cairn-session-private.h"
#include "cairn-test-ui.h"

/* Helpers: walking what is on screen */

static gboolean
is_shown (GtkWidget *widget)
{
  return gtk_widget_get_visible (widget) && gtk_widget_get_child_visible (widget);
}

typedef gboolean (*WidgetMatch) (GtkWidget     *widget,
                                 gconstpointer  data);

/* The first widget of @type under @root (included) for which @match
 * returns TRUE, looking only through widgets @seen lets through. */
static GtkWidget *
find_widget_where (GtkWidget     *root,
                   gboolean     (*seen) (GtkWidget *widget),
                   GType          type,
                   WidgetMatch    match,
                   gconstpointer  data)
{
  if (!seen (root))
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (match == NULL || match (root, data)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_where (child, seen, type, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* ... through shown widgets */
static GtkWidget *
find_widget (GtkWidget     *root,
             GType          type,
             WidgetMatch    match,
             gconstpointer  data)
{
  return find_widget_where (root, is_shown, type, match, data);
}

/* ... through visible ones, also off screen (a popover's content) */
static GtkWidget *
find_widget_anywhere (GtkWidget     *root,
                      GType          type,
                      WidgetMatch    match,
                      gconstpointer  data)
{
  return find_widget_where (root, gtk_widget_get_visible, type, match, data);
}

static gboolean
label_is (GtkWidget     *label,
          gconstpointer  text)
{
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
}

static gboolean
label_contains (GtkWidget     *label,
                gconstpointer  text)
{
  return strstr (gtk_label_get_text (GTK_LABEL (label)), text) != NULL;
}

static gboolean
has_action (GtkWidget     *widget,
            gconstpointer  action_name)
{
  return g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0;
}

static gboolean
stack_has_page (GtkWidget     *stack,
                gconstpointer  name)
{
  return gtk_stack_get_child_by_name (GTK_STACK (stack), name) != NULL;
}

static gboolean
shows_text (GtkWidget  *root,
            const char *text)
{
  return find_widget (root, GTK_TYPE_LABEL, label_is, text) != NULL;
}

static GtkWidget *
button_for (GtkWidget  *root,
            const char *action_name)
{
  /* Hidden buttons count too: look through the button's own visibility. */
  GtkWidget *found = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL && found == NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && has_action (child, action_name))
        found = child;
      else
        found = button_for (child, action_name);
    }
  return found;
}

static GtkWidget *
new_transcript_row (CairnItem *item)
{
  GtkWidget *row = g_object_ref_sink (g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, NULL));

  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), item);
  return row;
}

/* Instantiation */

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
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GtkWidget *widget = g_object_ref_sink (g_object_new (types[i], NULL));

      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (widget, types[i]));
      g_object_unref (widget);
    }
}

/* Rows */

static void
test_row_user_message (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Hello, Claude");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_nonnull (find_widget (row, CAIRN_TYPE_MESSAGE_ROW, NULL, NULL));
  g_assert_true (shows_text (row, "Hello, Claude"));
  g_assert_true (shows_text (row, "You"));
}

/* A prompt sent again in another version says which one it is, with
 * arrows to the others (page.previous-version / page.next-version); one
 * without versions has none. */
static void
test_row_user_versions (void)
{
  g_autoptr(CairnTextItem) plain = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Once");
  g_autoptr(CairnTextItem) edited = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Twice");
  g_autoptr(GtkWidget) plain_row = new_transcript_row (CAIRN_ITEM (plain));
  g_autoptr(GtkWidget) row = NULL;
  g_autoptr(CairnTextItem) first = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "One");
  g_autoptr(CairnTextItem) last = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Two");
  g_autoptr(GtkWidget) first_row = NULL;
  g_autoptr(GtkWidget) last_row = NULL;
  GtkWidget *previous, *next;

  g_assert_null (button_for (plain_row, "page.previous-version"));
  cairn_text_item_set_branch (edited, "parent-uuid", 1, 3);
  row = new_transcript_row (CAIRN_ITEM (edited));
  g_assert_true (shows_text (row, "2 / 3"));
  previous = button_for (row, "page.previous-version");
  next = button_for (row, "page.next-version");
  g_assert_nonnull (previous);
  g_assert_nonnull (next);
  g_assert_true (gtk_widget_get_sensitive (previous) && gtk_widget_get_sensitive (next));
  g_assert_cmpuint (g_variant_get_uint32 (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (next))), ==,
                    cairn_item_get_serial (CAIRN_ITEM (edited)));

  /* the first version has no way back, the last none forward */
  cairn_text_item_set_branch (first, "parent-uuid", 0, 2);
  first_row = new_transcript_row (CAIRN_ITEM (first));
  g_assert_true (shows_text (first_row, "1 / 2"));
  g_assert_null (button_for (first_row, "page.previous-version"));
  g_assert_nonnull (button_for (first_row, "page.next-version"));
  cairn_text_item_set_branch (last, "parent-uuid", 1, 2);
  last_row = new_transcript_row (CAIRN_ITEM (last));
  g_assert_nonnull (button_for (last_row, "page.previous-version"));
  g_assert_null (button_for (last_row, "page.next-version"));
}

static void
test_row_assistant_streaming (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "Once");
  g_autoptr(GtkWidget) row = NULL;

  cairn_text_item_set_streaming (item, TRUE);
  row = new_transcript_row (CAIRN_ITEM (item));
  g_assert_true (shows_text (row, "Claude"));
  g_assert_true (shows_text (row, "Once"));
  g_assert_nonnull (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));

  cairn_text_item_append (item, " upon a time");
  g_assert_true (shows_text (row, "Once upon a time"));
  g_assert_false (shows_text (row, "Once"));

  cairn_text_item_set_streaming (item, FALSE);
  g_assert_null (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
}

static void
test_row_result (void)
{
  const CairnTurnFigures figures = {
    .duration_ms = 1500, .input_tokens = 50, .output_tokens = 7, .cost_usd = 0.01,
  };
  g_autoptr(CairnResultItem) item = cairn_result_item_new (&figures);
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_nonnull (find_widget (row, CAIRN_TYPE_RESULT_ROW, NULL, NULL));
  g_assert_true (shows_text (row, "Done"));
  g_assert_nonnull (find_widget (row, GTK_TYPE_LABEL, label_contains, "50 tokens in, 7 out"));
}

static void
test_row_result_error (void)
{
  const CairnTurnFigures figures = {
    .is_error = TRUE, .duration_ms = 200, .message = "API Error: overloaded",
  };
  g_autoptr(CairnResultItem) item = cairn_result_item_new (&figures);
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  GtkWidget *retry;

  g_assert_true (shows_text (row, "API Error: overloaded"));
  g_assert_false (shows_text (row, "Done"));
  /* Retry (page.retry) shows while the turn is the latest failed one */
  retry = button_for (row, "page.retry");
  g_assert_nonnull (retry);
  g_assert_false (gtk_widget_get_visible (retry));
  cairn_result_item_set_retryable (item, TRUE);
  g_assert_true (gtk_widget_get_visible (retry));
  cairn_result_item_set_retryable (item, FALSE);
  g_assert_false (gtk_widget_get_visible (retry));
}

static void
test_row_notice (void)
{
  g_autoptr(CairnNoticeItem) item =
    cairn_notice_item_new (CAIRN_NOTICE_WARNING, "Claude Code stopped", "It exited with status 1");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_nonnull (find_widget (row, CAIRN_TYPE_NOTICE_ROW, NULL, NULL));
  g_assert_true (shows_text (row, "Claude Code stopped"));
  g_assert_true (shows_text (row, "It exited with status 1"));
}

/* A notice with an action (Retry on a lost turn) has a button that says
 * it and activates it. */
static void
test_row_notice_action (void)
{
  g_autoptr(CairnNoticeItem) item =
    cairn_notice_item_new (CAIRN_NOTICE_ERROR, "Claude Code exited with code 3", NULL);
  g_autoptr(GtkWidget) row = NULL;
  GtkWidget *button;

  cairn_notice_item_set_action (item, "Retry", "page.retry");
  row = new_transcript_row (CAIRN_ITEM (item));
  button = button_for (row, "page.retry");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Retry");
}

static void
test_row_notice_raw (void)
{
  g_autoptr(CairnNoticeItem) item =
    cairn_notice_item_new_raw (CAIRN_NOTICE_INFO, "Unknown message", "{\"type\":\"new\"}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_true (shows_text (row, "Unknown message"));
  /* The raw JSON waits behind the expander, closed. */
  g_assert_nonnull (find_widget (row, GTK_TYPE_EXPANDER, NULL, NULL));
  g_assert_false (shows_text (row, "{\"type\":\"new\"}"));
}

/* A recycled row bound to an item of another kind swaps its child. */
static void
test_row_rebind (void)
{
  const CairnTurnFigures figures = { .duration_ms = 10 };
  g_autoptr(CairnTextItem) text = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "First");
  g_autoptr(CairnResultItem) result = cairn_result_item_new (&figures);
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (text));

  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), CAIRN_ITEM (result));
  g_assert_true (shows_text (row, "Done"));
  g_assert_false (shows_text (row, "First"));
  g_assert_null (find_widget (row, CAIRN_TYPE_MESSAGE_ROW, NULL, NULL));
}

/* Composer */

static void
record_send_cb (CairnComposer *composer,
                const char    *text,
                GPtrArray     *images,
                GPtrArray     *sent)
{
  g_ptr_array_add (sent, g_strdup (text));
}

/* In a window, as in the app: an unrooted button does not follow the
 * enabled state of its action in GTK 4.8. */
static GtkWidget *
new_composer_in_window (GtkWindow **window)
{
  GtkWidget *composer = g_object_new (CAIRN_TYPE_COMPOSER, NULL);

  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (*window, composer);
  return composer;
}

static void
test_composer_send (void)
{
  g_autoptr(GPtrArray) sent = g_ptr_array_new_with_free_func (g_free);
  GtkWindow *window;
  GtkWidget *composer = new_composer_in_window (&window);
  GtkWidget *send = button_for (composer, "composer.send");
  GtkWidget *view = find_widget (composer, GTK_TYPE_TEXT_VIEW, NULL, NULL);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));

  g_assert_nonnull (send);
  g_signal_connect (composer, "send", G_CALLBACK (record_send_cb), sent);

  g_assert_false (gtk_widget_get_sensitive (send));
  gtk_text_buffer_set_text (buffer, "  \n ", -1);
  g_assert_false (gtk_widget_get_sensitive (send));
  gtk_text_buffer_set_text (buffer, "Explain this code", -1);
  g_assert_true (gtk_widget_get_sensitive (send));

  gtk_widget_activate_action (composer, "composer.send", NULL);
  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==, "Explain this code");
  g_assert_cmpint (gtk_text_buffer_get_char_count (buffer), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (send));

  gtk_window_destroy (window);
}

static void
test_composer_busy (void)
{
  GtkWindow *window;
  GtkWidget *composer = new_composer_in_window (&window);
  GtkWidget *stop = button_for (composer, "page.stop");

  g_assert_nonnull (stop);
  g_assert_false (gtk_widget_get_visible (stop));
  cairn_composer_set_busy (CAIRN_COMPOSER (composer), TRUE);
  g_assert_true (cairn_composer_get_busy (CAIRN_COMPOSER (composer)));
  g_assert_true (gtk_widget_get_visible (stop));
  cairn_composer_set_busy (CAIRN_COMPOSER (composer), FALSE);
  g_assert_false (gtk_widget_get_visible (stop));

  gtk_window_destroy (window);
}

/* Window */

static void
test_missing_cli_page (void)
{
  g_autoptr(CairnMissingCliPage) page = NULL;

  page = g_object_ref_sink (g_object_new (CAIRN_TYPE_MISSING_CLI_PAGE, NULL));

  cairn_missing_cli_page_set_problem (page, "“/opt/claude” does not exist");
  g_assert_true (shows_text (GTK_WIDGET (page), "“/opt/claude” does not exist"));
  g_assert_nonnull (button_for (GTK_WIDGET (page), "page.retry"));
  g_assert_nonnull (button_for (GTK_WIDGET (page), "page.choose"));
}

static gboolean
gate_asks (gpointer data)
{
  return cairn_trust_gate_get_state (data) == CAIRN_TRUST_GATE_ASKING;
}

/* The trust page names each thing with its exact text: a folder and a
 * command with markup characters show as they are (issue 21). */
static void
test_trust_page (void)
{
  g_autofree char *base = g_dir_make_tmp ("cairn-trust-page-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (base, "a & <b>bold", NULL);
  g_autofree char *settings = g_build_filename (folder, ".claude", "settings.json", NULL);
  g_autofree char *dir = g_path_get_dirname (settings);
  g_autoptr(CairnTrustGate) gate = cairn_trust_gate_new (folder);
  g_autoptr(CairnTrustPage) page = g_object_ref_sink (g_object_new (CAIRN_TYPE_TRUST_PAGE, NULL));
  g_autofree char *title = NULL;

  g_setenv ("HOME", base, TRUE);
  g_setenv ("CLAUDE_CONFIG_DIR", base, TRUE);
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (settings, "{\"hooks\": {\"SessionStart\": [{\"hooks\": "
                                      "[{\"type\": \"command\", \"command\": \"echo '<i>x</i>' && true\"}]}]}}",
                                      -1, NULL));
  cairn_trust_page_set_gate (page, gate);
  g_assert_false (cairn_trust_gate_allows_start (gate));
  for (guint i = 0; i < 500 && !gate_asks (gate); i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_true (gate_asks (gate));
  title = g_strdup_printf ("Trust “%s”?", "a & <b>bold");
  g_assert_true (shows_text (GTK_WIDGET (page), title));
  g_assert_true (shows_text (GTK_WIDGET (page), folder));
  g_assert_true (shows_text (GTK_WIDGET (page), "echo '<i>x</i>' && true"));
  g_assert_true (shows_text (GTK_WIDGET (page), "Hook · SessionStart · .claude/settings.json"));
  cairn_trust_gate_cancel (gate);
  g_assert_cmpint (cairn_trust_gate_get_state (gate), ==, CAIRN_TRUST_GATE_CANCELLED);
  g_unlink (settings);
  g_rmdir (dir);
  g_rmdir (folder);
  g_rmdir (base);
}

static void
drain_main_context (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop until condition holds, for up to 10 s. */
static gboolean
wait_until (gboolean (*condition) (gpointer),
            gpointer   data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!condition (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return condition (data);
}

/* The application's settings keys (in memory: GSETTINGS_BACKEND), as
 * dconf or another instance would change them: its CairnSettings follows. */
static GSettings *
keys (void)
{
  return g_settings_new (BASE_APP_ID);
}

static CairnApplication *
shared_app (void)
{
  return cairn_test_shared_app ();
}

static void
test_window_without_cli (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  GtkWidget *stack;

  g_setenv ("CAIRN_CLAUDE", "/nonexistent/claude", TRUE);

  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  drain_main_context ();

  g_assert_null (cairn_window_get_session (window));
  stack = find_widget (GTK_WIDGET (window), GTK_TYPE_STACK, stack_has_page, "missing-cli");
  g_assert_nonnull (stack);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "missing-cli");
  g_assert_true (CAIRN_IS_MISSING_CLI_PAGE (gtk_stack_get_visible_child (GTK_STACK (stack))));
  g_assert_nonnull (find_widget (stack, GTK_TYPE_LABEL, label_contains, "/nonexistent/claude"));

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

static GtkWidget *
find_popover (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = GTK_IS_POPOVER (child) ? child : find_popover (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
press_key (GtkWidget *text_view,
           guint      keyval)
{
  GtkEventController *keys = NULL;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (text_view);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && keys == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        keys = controller;
    }
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, 0, &handled);
  g_assert_true (handled);
}

/* Typing "/" offers the CLI's slash commands; Tab completes the choice. */
static void
test_composer_slash_completion (void)
{
  static const char *commands[] = { "compact", "cost", "review", NULL };
  GtkWidget *window = gtk_window_new ();
  CairnComposer *composer = g_object_new (CAIRN_TYPE_COMPOSER, NULL);
  GtkTextView *view;
  GtkWidget *popover;
  g_autofree char *text = NULL;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (composer));
  gtk_window_present (GTK_WINDOW (window));
  cairn_composer_set_commands (composer, commands);
  view = GTK_TEXT_VIEW (find_widget (GTK_WIDGET (composer), GTK_TYPE_TEXT_VIEW, NULL, NULL));
  popover = find_popover (GTK_WIDGET (composer));
  g_assert_nonnull (popover);

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "/co", -1);
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_nonnull (find_widget (popover, GTK_TYPE_LABEL, label_is, "/compact"));
  g_assert_nonnull (find_widget (popover, GTK_TYPE_LABEL, label_is, "/cost"));
  g_assert_null (find_widget (popover, GTK_TYPE_LABEL, label_is, "/review"));

  press_key (GTK_WIDGET (view), GDK_KEY_Down);
  press_key (GTK_WIDGET (view), GDK_KEY_Tab);
  text = cairn_composer_dup_text (composer);
  g_assert_cmpstr (text, ==, "/cost ");
  g_assert_false (gtk_widget_get_visible (popover));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "plain text", -1);
  g_assert_false (gtk_widget_get_visible (popover));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The cli-path setting comes first, before CAIRN_CLAUDE (which would work
 * here): the window must read the settings when it starts its session. */
static void
test_window_uses_cli_path_setting (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  g_autoptr(GSettings) settings = keys ();
  CairnWindow *window;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  g_settings_set_string (settings, "cli-path", "/from/the/setting/claude");
  g_assert_cmpstr (cairn_settings_get_cli_path (cairn_application_get_settings (app)), ==,
                   "/from/the/setting/claude");

  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  drain_main_context ();

  g_assert_null (cairn_window_get_session (window));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_contains,
                                 "/from/the/setting/claude"));

  g_settings_reset (settings, "cli-path");
  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
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
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;
  GtkWidget *view;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_nonnull (session);
  g_assert_true (wait_until (session_exited, session));
  view = find_widget (GTK_WIDGET (window), GTK_TYPE_TEXT_VIEW, NULL, NULL);

  press_key (view, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "acceptEdits");
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_is, "Accept Edits"));
  press_key (view, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "plan");
  press_key (view, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "default");

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The Supervised toggle sits in the mode menu (win.supervised, a check
 * item with its own name), follows the conversation, and the mode button
 * says so; the default comes from the "supervised" setting. */
static void
test_supervised_toggle (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GSettings) settings = keys ();
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
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_is, "Ask Before Edits, Supervised"));

  mode_button = (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_WINDOW, "mode_button");
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (mode_button));
  menu = g_menu_model_get_item_link (menu, g_menu_model_get_n_items (menu) - 1, G_MENU_LINK_SECTION);
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr (label, ==, "Supervised: Ask for Every Change");
  g_object_unref (menu);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.supervised", NULL);
  g_assert_false (cairn_session_get_supervised (session));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_is, "Ask Before Edits"));
  cairn_session_set_supervised (session, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.supervised", NULL));
  g_assert_false (cairn_session_get_supervised (session));

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
  g_settings_reset (settings, "supervised");
}

/* A settings hook's run: its name and how it ended, the output on expand,
 * an accessible name; the output is text, never markup. */
static void
test_row_hook (void)
{
  g_autoptr(CairnHookItem) item = cairn_hook_item_new ("h1", "PreToolUse", "PreToolUse:<b>Bash</b>");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));
  GtkWidget *hook_row = find_widget (row, CAIRN_TYPE_HOOK_ROW, NULL, NULL);

  g_assert_nonnull (hook_row);
  g_assert_true (shows_text (row, "Hook PreToolUse:<b>Bash</b>"));
  g_assert_true (shows_text (row, "running"));
  cairn_hook_item_finish (item, "error", TRUE, 2, "no <i>shell</i> here\n");
  g_assert_true (shows_text (row, "exit 2"));
  gtk_expander_set_expanded (GTK_EXPANDER (find_widget (row, GTK_TYPE_EXPANDER, NULL, NULL)), TRUE);
  g_assert_true (shows_text (row, "no <i>shell</i> here"));
  g_assert_true (gtk_widget_has_css_class (hook_row, "hook-failed"));
  gtk_test_accessible_assert_property (hook_row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Hook PreToolUse:<b>Bash</b>, exit 2");
  /* the command, once the settings named it: as written */
  g_assert_false (shows_text (row, "echo <b>no</b> & exit 2"));
  cairn_hook_item_set_command (item, "echo <b>no</b> & exit 2");
  g_assert_true (shows_text (row, "echo <b>no</b> & exit 2"));
  gtk_test_accessible_assert_property (hook_row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Hook PreToolUse:<b>Bash</b>, exit 2, runs echo <b>no</b> & exit 2");
}

/* The files a turn left uncommitted: a title with their number, a button
 * a file with an accessible name. */
static void
test_row_changes (void)
{
  const char *codes[] = { " M", "??", NULL };
  const char *paths[] = { "src/a&b.c", "<new>.txt", NULL };
  g_autoptr(CairnChangesItem) item = cairn_changes_item_new ("/repo", g_strdupv ((GStrv)codes),
                                                            g_strdupv ((GStrv)paths));
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));
  GtkWidget *changes_row = find_widget (row, CAIRN_TYPE_CHANGES_ROW, NULL, NULL);
  GtkWidget *button;

  g_assert_nonnull (changes_row);
  g_assert_true (shows_text (row, "2 files changed and not committed"));
  g_assert_true (shows_text (row, "??  <new>.txt"));
  gtk_test_accessible_assert_property (changes_row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "2 files changed and not committed");
  button = find_widget (changes_row, GTK_TYPE_BUTTON, NULL, NULL);
  gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Show the changes to src/a&b.c");
}

static void
test_preferences_supervised (void)
{
  g_autoptr(GSettings) settings = keys ();
  CairnPreferencesWindow *prefs = cairn_preferences_window_new (NULL, cairn_application_get_settings (shared_app ()));
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

static void
feed_line (CairnSession *session,
           const char   *line)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, strlen (line));

  _cairn_session_handle_message (session, message);
}

/* The plan's limits (rate_limit_event lines built to CLI 2.1.330's
 * schema, see test-session's rate-limits): near the limit the header says
 * so beside the cost; the usage popover lists both windows. */
static void
test_window_limits (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;
  GtkWidget *headline;
  GtkWidget *panel;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_true (wait_until (session_exited, session));
  g_assert_null (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_contains, "limit"));

  feed_line (session, "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"allowed_warning\","
                      "\"rateLimitType\":\"five_hour\",\"unifiedWindows\":{\"five_hour\":{\"utilization\":0.85,"
                      "\"resetsAt\":1795252310},\"seven_day\":{\"utilization\":0.4,\"resetsAt\":1795900000}}},"
                      "\"uuid\":\"u1\",\"session_id\":\"s1\"}");
  headline = find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_is, "5-hour limit 85%");
  g_assert_nonnull (headline);
  g_assert_false (gtk_widget_has_css_class (headline, "error"));

  panel = (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), CAIRN_TYPE_WINDOW, "usage_panel");
  cairn_usage_panel_refresh (CAIRN_USAGE_PANEL (panel));
  g_assert_nonnull (find_widget_anywhere (panel, GTK_TYPE_LABEL, label_is, "5-hour window"));
  g_assert_nonnull (find_widget_anywhere (panel, GTK_TYPE_LABEL, label_contains, "85% used · resets "));
  g_assert_nonnull (find_widget_anywhere (panel, GTK_TYPE_LABEL, label_contains, "40% used · resets "));

  feed_line (session, "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"rejected\","
                      "\"rateLimitType\":\"five_hour\",\"utilization\":1,\"resetsAt\":1795252310},"
                      "\"uuid\":\"u2\",\"session_id\":\"s1\"}");
  headline = find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_is, "Usage limit reached");
  g_assert_nonnull (headline);
  g_assert_true (gtk_widget_has_css_class (headline, "error"));

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The model button names the reasoning effort when the CLI says one
 * (init.effort in CLI 2.1.330's schema, or get_settings); the subtitle
 * the model in full. */
static void
test_window_effort (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *session;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  session = cairn_window_get_session (window);
  g_assert_true (wait_until (session_exited, session));

  feed_line (session, "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\","
                      "\"model\":\"claude-opus-5-5\",\"permissionMode\":\"default\",\"effort\":\"high\"}");
  g_assert_cmpstr (cairn_session_get_effort (session), ==, "high");
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_is, "opus-5-5 · high"));
  /* the subtitle names the folder and the model (both bound in cairn-window.ui) */
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, label_contains, " · claude-opus-5-5"));

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
}

/* An option's check button: its answer is its label (the child shows the
 * label and the description). */
static gboolean
check_is (GtkWidget     *widget,
          gconstpointer  label)
{
  return g_strcmp0 (g_object_get_data (G_OBJECT (widget), "answer"), label) == 0;
}

/* A can_use_tool line, as core reads it for the dialogs. */
static CairnPermissionRequest *
request_from (const char *line)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, strlen (line));

  return cairn_permission_request_new (cairn_message_get_object (message), "/p");
}

/* AskUserQuestion's dialog, from the questions core reads out of the
 * request: headers, texts and options; one choice is a radio group, a
 * multi-select question has independent checks. */
static void
test_question_dialog (void)
{
  const char *line =
    "{\"type\":\"control_request\",\"request_id\":\"q1\",\"request\":{\"subtype\":\"can_use_tool\","
    "\"tool_name\":\"AskUserQuestion\",\"tool_use_id\":\"toolu_q\",\"input\":{\"questions\":["
    "{\"question\":\"Which language should we use?\",\"header\":\"Language\",\"multiSelect\":false,"
    "\"options\":[{\"label\":\"Rust\",\"description\":\"Fast\"},{\"label\":\"C\",\"description\":\"Old\"}]},"
    "\"not a question\","
    "{\"question\":\"Which features do you want?\",\"header\":\"Features\",\"multiSelect\":true,"
    "\"options\":[{\"label\":\"Logging\",\"description\":\"\"},{\"label\":\"Tests\",\"description\":\"\"}]}]}}}";
  g_autoptr(CairnPermissionRequest) request = request_from (line);
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  CairnQuestionDialog *dialog = cairn_question_dialog_new (NULL, session, request);
  GtkWidget *root = GTK_WIDGET (dialog);
  GtkWidget *rust, *c, *logging, *tests;

  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_nonnull (find_widget (root, GTK_TYPE_LABEL, label_is, "Which language should we use?"));
  g_assert_nonnull (find_widget (root, GTK_TYPE_LABEL, label_is, "Features"));
  rust = find_widget (root, GTK_TYPE_CHECK_BUTTON, check_is, "Rust");
  c = find_widget (root, GTK_TYPE_CHECK_BUTTON, check_is, "C");
  logging = find_widget (root, GTK_TYPE_CHECK_BUTTON, check_is, "Logging");
  tests = find_widget (root, GTK_TYPE_CHECK_BUTTON, check_is, "Tests");
  g_assert_nonnull (rust);
  g_assert_nonnull (logging);
  /* one choice: choosing C unchooses Rust; several: both stay */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (rust), TRUE);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (c), TRUE);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (rust)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (logging), TRUE);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (tests), TRUE);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (logging)));

  gtk_window_destroy (GTK_WINDOW (dialog));
  drain_main_context ();
}

static gboolean
is_armed (gpointer widget)
{
  return cairn_key_guard_is_armed (widget);
}

/* The guard's key controller, as GTK hands it keys. */
static GtkEventController *
key_controller (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        return controller;
    }
  return NULL;
}

static void
run_for_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* No stray key allows: no default response, focus on the details, the
 * allowing responses off for half a second after the dialog shows and
 * while a key is held; the "always" button says what it allows. */
static void
test_approval_dialog_guard (void)
{
  const char *line =
    "{\"type\":\"control_request\",\"request_id\":\"r9\",\"request\":{\"subtype\":\"can_use_tool\","
    "\"tool_name\":\"Bash\",\"tool_use_id\":\"toolu_b\",\"input\":{\"command\":\"make check\"},"
    "\"decision_reason\":\"Hook PreToolUse said ask\",\"permission_suggestions\":[{\"type\":\"addRules\","
    "\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"make check *\"}],\"behavior\":\"allow\","
    "\"destination\":\"localSettings\"}]}}";
  g_autoptr(CairnPermissionRequest) request = request_from (line);
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  CairnApprovalDialog *dialog = cairn_approval_dialog_new (NULL, session, request);
  AdwMessageDialog *adw = ADW_MESSAGE_DIALOG (dialog);
  GtkEventController *keys;
  gboolean handled = FALSE;

  gtk_window_present (GTK_WINDOW (dialog));
  drain_main_context ();
  g_assert_null (adw_message_dialog_get_default_response (adw));
  g_assert_true (GTK_IS_TEXT_VIEW (gtk_window_get_focus (GTK_WINDOW (dialog))));
  g_assert_false (adw_message_dialog_get_response_enabled (adw, "allow"));
  g_assert_false (adw_message_dialog_get_response_enabled (adw, "always"));
  g_assert_false (adw_message_dialog_get_response_enabled (adw, "suggestion-0"));
  g_assert_true (adw_message_dialog_get_response_enabled (adw, "deny"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (adw, "always"), ==,
                   "Always Allow Commands Starting With “make check” (This Session)");
  g_assert_cmpstr (adw_message_dialog_get_response_label (adw, "suggestion-0"), ==,
                   "Always Allow Commands Starting With “make check” (This Project)");
  /* the hook's "ask" is shown */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (adw), "Hook PreToolUse said ask"));

  /* Return pressed as it shows (GTK hands the controller the key) and
   * held past the half second: still off; released: on */
  keys = key_controller (GTK_WIDGET (dialog));
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Return, 36, 0, &handled);
  g_assert_true (handled);
  g_signal_emit (dialog, g_signal_lookup ("response", ADW_TYPE_MESSAGE_DIALOG),
                 g_quark_from_static_string ("allow"), "allow");
  run_for_ms (CAIRN_KEY_GUARD_MS + 100);
  g_assert_false (adw_message_dialog_get_response_enabled (adw, "allow"));
  g_signal_emit_by_name (keys, "key-released", GDK_KEY_Return, 36, 0);
  g_assert_true (adw_message_dialog_get_response_enabled (adw, "allow"));
  g_assert_true (adw_message_dialog_get_response_enabled (adw, "always"));
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_PENDING);

  /* shown again: off again until the half second is over */
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_false (adw_message_dialog_get_response_enabled (adw, "allow"));
  g_assert_true (wait_until (is_armed, dialog));

  gtk_window_destroy (GTK_WINDOW (dialog));
  drain_main_context ();
}

static gboolean
button_says (GtkWidget     *widget,
             gconstpointer  label)
{
  return g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The plan dialog's choices (all approve but one) are off as it shows,
 * on after the half second; focus is on the plan, not a button. */
static void
test_plan_dialog_guard (void)
{
  const char *line =
    "{\"type\":\"control_request\",\"request_id\":\"p1\",\"request\":{\"subtype\":\"can_use_tool\","
    "\"tool_name\":\"ExitPlanMode\",\"tool_use_id\":\"toolu_p\",\"input\":{\"plan\":\"# Plan\\n1. Do it\"}}}";
  g_autoptr(CairnPermissionRequest) request = request_from (line);
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  CairnPlanDialog *dialog = cairn_plan_dialog_new (NULL, session, request);
  GtkWidget *focus, *approve;

  gtk_window_present (GTK_WINDOW (dialog));
  drain_main_context ();
  g_assert_false (cairn_key_guard_is_armed (GTK_WIDGET (dialog)));
  approve = find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, button_says, "Approve and Accept Edits");
  g_assert_nonnull (approve);
  g_assert_false (gtk_widget_is_sensitive (approve));
  /* not on a choice (the Edit toggle, or the plan, may have it) */
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (focus == NULL || !GTK_IS_ACTIONABLE (focus) ||
                 g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), "plan.choose") != 0);
  g_assert_true (wait_until (is_armed, dialog));
  g_assert_true (gtk_widget_is_sensitive (approve));
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_PENDING);

  gtk_window_destroy (GTK_WINDOW (dialog));
  drain_main_context ();
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
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  GtkWidget *stack, *page;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, NULL);
  gtk_window_present (GTK_WINDOW (window));
  drain_main_context ();

  g_assert_null (cairn_window_get_session (window));
  stack = find_widget (GTK_WIDGET (window), GTK_TYPE_STACK, stack_has_page, "start");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "start");
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, has_action, "start.open-folder"));
  g_assert_null (find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, has_action, "win.new-conversation"));

  page = gtk_stack_get_visible_child (GTK_STACK (stack));
  g_assert_true (CAIRN_IS_START_PAGE (page));
  g_signal_emit_by_name (page, "folder-chosen", folder);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "chat");
  g_assert_nonnull (cairn_window_get_session (window));
  g_assert_cmpstr (cairn_session_get_cwd (cairn_window_get_session (window)), ==, g_get_tmp_dir ());
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, has_action, "win.new-conversation"));

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
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
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  CairnSession *first;
  AdwFlap *flap;
  gboolean revealed;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  drain_main_context ();
  first = cairn_window_get_session (window);
  cairn_session_send_prompt (first, "an earlier conversation");

  press_window_key (GTK_WIDGET (window), GDK_KEY_n, GDK_CONTROL_MASK);
  g_assert_nonnull (cairn_window_get_session (window));
  g_assert_true (cairn_window_get_session (window) != first);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (
    cairn_session_get_transcript (cairn_window_get_session (window)))), ==, 0);

  flap = ADW_FLAP (find_widget (GTK_WIDGET (window), ADW_TYPE_FLAP, NULL, NULL));
  revealed = adw_flap_get_reveal_flap (flap);
  press_window_key (GTK_WIDGET (window), GDK_KEY_F9, 0);
  g_assert_cmpint (adw_flap_get_reveal_flap (flap), !=, revealed);
  press_window_key (GTK_WIDGET (window), GDK_KEY_F9, 0);
  g_assert_cmpint (adw_flap_get_reveal_flap (flap), ==, revealed);

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
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

  return find_widget (sidebar, GTK_TYPE_LABEL, label_contains, "Found in 1 conversation") != NULL;
}

/* Ctrl+K, a word of an old conversation's tool output, Enter: the
 * conversation opens at the row that shows it, marked. */
static void
test_window_search_opens_match (void)
{
  CairnApplication *app = shared_app ();
  g_autofree char *config = g_dir_make_tmp ("cairn-config-XXXXXX", NULL);
  g_autofree char *project = g_dir_make_tmp ("cairn-project-XXXXXX", NULL);
  g_autofree char *real = realpath (project, NULL);
  g_autofree char *folder_name = g_strdup (real);
  g_autofree char *session_dir = NULL;
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "history", "rows",
                                                   "47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl", NULL);
  g_autofree char *target = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (project);
  CairnWindow *window;
  GtkWidget *entry;

  for (char *p = folder_name; *p; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  session_dir = g_build_filename (config, "projects", folder_name, NULL);
  g_assert_cmpint (g_mkdir_with_parents (session_dir, 0700), ==, 0);
  target = g_build_filename (session_dir, "47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl", NULL);
  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (target, contents, -1, NULL));
  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);

  window = cairn_application_new_window (app, folder);
  gtk_window_present (GTK_WINDOW (window));
  drain_main_context ();
  press_window_key (GTK_WIDGET (window), GDK_KEY_k, GDK_CONTROL_MASK);
  entry = find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, NULL, NULL);
  g_assert_nonnull (entry);
  /* the search field has the keyboard */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == entry ||
                 gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)), entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "BETA NEEDLE");
  g_assert_true (wait_until (search_finished_with_hits, entry));
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (wait_until (has_highlighted_item, window));

  gtk_window_destroy (GTK_WINDOW (window));
  drain_main_context ();
  g_unsetenv ("CAIRN_CLAUDE");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
}

/* A window opens at the size the last one closed with. */
static void
test_window_size_is_kept (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  g_autoptr(GSettings) settings = keys ();
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
  drain_main_context ();
  gtk_window_set_default_size (GTK_WINDOW (window), 810, 620);
  gtk_window_close (GTK_WINDOW (window));
  drain_main_context ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 810);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 620);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_unsetenv ("CAIRN_CLAUDE");
}

/* The default mode for new conversations is a setting, chosen in the
 * preferences. */
static void
test_preferences_mode (void)
{
  g_autoptr(GSettings) settings = keys ();
  CairnPreferencesWindow *prefs = cairn_preferences_window_new (NULL, cairn_application_get_settings (shared_app ()));
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

/* Thinking, tool calls and the task list */

static JsonObject *
parse_object (const char *json)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

static void
set_result (CairnToolCallItem *item,
            const char        *content,
            gboolean           is_error)
{
  g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), content);

  cairn_tool_call_item_set_result (item, node, is_error, NULL);
}

static CairnToolCallItem *
new_tool_call (const char *name,
               const char *input_json)
{
  CairnToolCallItem *item = cairn_tool_call_item_new ("toolu_1", name, "/p");
  g_autoptr(JsonObject) input = parse_object (input_json);

  cairn_tool_call_item_set_input (item, input);
  return item;
}

static gboolean
image_is (GtkWidget     *image,
          gconstpointer  icon_name)
{
  return g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (image)), icon_name) == 0;
}

static gboolean
has_language (GtkWidget     *view,
              gconstpointer  language_id)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkSourceLanguage *language = gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (buffer));

  return language != NULL && g_strcmp0 (gtk_source_language_get_id (language), language_id) == 0;
}

static char *
text_of (GtkWidget *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
set_expanded (GtkWidget *root,
              gboolean   expanded)
{
  GtkWidget *expander = find_widget (root, GTK_TYPE_EXPANDER, NULL, NULL);

  g_assert_nonnull (expander);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), expanded);
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop (frames included) until @root shows @text, for at
 * most two seconds. */
static gboolean
wait_for_text (GtkWidget  *root,
               const char *text)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  guint wake_id = g_timeout_add (10, wake_cb, NULL);

  while (!shows_text (root, text) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
  return shows_text (root, text);
}

static GtkWindow *
new_window_with (GtkWidget *child)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_child (window, child);
  gtk_window_present (window);
  while (!gtk_widget_get_mapped (child))
    g_main_context_iteration (NULL, TRUE);
  return window;
}

static void
test_row_thinking (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_THINKING, "Let me see");
  g_autoptr(GtkWidget) row = NULL;
  GtkWidget *expander;

  cairn_text_item_set_streaming (item, TRUE);
  row = new_transcript_row (CAIRN_ITEM (item));
  g_assert_nonnull (find_widget (row, CAIRN_TYPE_THINKING_ROW, NULL, NULL));
  expander = find_widget (row, GTK_TYPE_EXPANDER, NULL, NULL);
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  g_assert_true (shows_text (row, "Thinking…"));
  g_assert_nonnull (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_false (shows_text (row, "Let me see"));

  /* Past a second, the duration shows with its tenth. */
  g_usleep (G_USEC_PER_SEC + 20000);
  cairn_text_item_set_streaming (item, FALSE);
  g_assert_false (shows_text (row, "Thinking…"));
  g_assert_nonnull (find_widget (row, GTK_TYPE_LABEL, label_contains, "Thought for 1"));
  g_assert_null (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));

  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  g_assert_true (shows_text (row, "Let me see"));
}

/* On screen, streamed text reaches the label once per frame. */
static void
test_row_thinking_streaming (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_THINKING, "First");
  g_autoptr(GtkWidget) row = NULL;
  GtkWindow *window;

  cairn_text_item_set_streaming (item, TRUE);
  row = new_transcript_row (CAIRN_ITEM (item));
  window = new_window_with (row);
  set_expanded (row, TRUE);
  g_assert_true (shows_text (row, "First"));

  cairn_text_item_append (item, ", then");
  cairn_text_item_append (item, " second");
  g_assert_true (shows_text (row, "First"));
  g_assert_true (wait_for_text (row, "First, then second"));

  gtk_window_destroy (window);
}

static void
test_row_tool_call_edit (void)
{
  g_autoptr(CairnToolCallItem) item =
    new_tool_call ("Edit", "{\"file_path\": \"/p/a.txt\", "
                           "\"old_string\": \"x\", \"new_string\": \"y\"}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));
  g_autofree char *diff = NULL;
  GtkWidget *view;

  g_assert_nonnull (find_widget (row, CAIRN_TYPE_TOOL_CALL_ROW, NULL, NULL));
  g_assert_true (shows_text (row, "Edit"));
  g_assert_true (shows_text (row, "a.txt"));
  g_assert_true (shows_text (row, "+1"));
  g_assert_true (shows_text (row, "−1"));
  g_assert_nonnull (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));

  /* The diff is the point of an edit: it shows without opening the card. */
  view = find_widget (row, GTK_SOURCE_TYPE_VIEW, has_language, "diff");
  g_assert_nonnull (view);
  diff = text_of (view);
  g_assert_nonnull (strstr (diff, "-x\n+y"));

  set_result (item, "ok", FALSE);
  g_assert_null (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_nonnull (find_widget (row, GTK_TYPE_IMAGE, image_is, "object-select-symbolic"));
  g_assert_null (find_widget (row, GTK_TYPE_IMAGE, image_is, "dialog-error-symbolic"));
}

static void
test_row_tool_call_error (void)
{
  g_autoptr(CairnToolCallItem) item =
    new_tool_call ("Bash", "{\"command\": \"make check\", \"description\": \"Run the tests\"}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_true (shows_text (row, "make check"));
  g_assert_true (shows_text (row, "Run the tests"));

  set_result (item, "Exit code 2\nmake: *** [check] Error 1", TRUE);
  g_assert_null (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_nonnull (find_widget (row, GTK_TYPE_IMAGE, image_is, "dialog-error-symbolic"));
  g_assert_nonnull (find_widget (row, GTK_TYPE_LABEL, label_contains, "Exit code 2"));
  g_assert_true (gtk_widget_has_css_class (find_widget (row, CAIRN_TYPE_TOOL_CALL_ROW, NULL, NULL),
                                           "tool-failed"));
}

static void
test_row_tool_call_not_run (void)
{
  g_autoptr(CairnToolCallItem) item = new_tool_call ("Read", "{\"file_path\": \"/p/b.c\"}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  cairn_tool_call_item_mark_not_run (item, "Interrupted");
  g_assert_true (shows_text (row, "not run"));
  g_assert_true (shows_text (row, "Interrupted"));
  g_assert_null (find_widget (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
}

/* A refused call: "not allowed" and why; its result (the refusal told to
 * the model) doesn't make it "done" or "failed". */
static void
test_row_tool_call_refused (void)
{
  g_autoptr(CairnToolCallItem) item = new_tool_call ("EnterPlanMode", "{}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  cairn_tool_call_item_mark_refused (item, "You did not allow it");
  set_result (item, "User declined to enter plan mode", FALSE);
  g_assert_true (shows_text (row, "not allowed"));
  g_assert_true (shows_text (row, "You did not allow it"));
  g_assert_false (shows_text (row, "done"));
  g_assert_cmpint (cairn_tool_call_item_get_status (item), ==, CAIRN_TOOL_STATUS_REFUSED);
}

/* The body is built only when the card is first opened. */
static void
test_row_tool_call_body (void)
{
  g_autoptr(CairnToolCallItem) shell = new_tool_call ("Bash", "{\"command\": \"ls\\n-la\"}");
  g_autoptr(CairnToolCallItem) mcp =
    new_tool_call ("mcp__github__create_issue", "{\"title\": \"Bug\"}");
  g_autoptr(GtkWidget) shell_row = new_transcript_row (CAIRN_ITEM (shell));
  g_autoptr(GtkWidget) mcp_row = new_transcript_row (CAIRN_ITEM (mcp));
  g_autofree char *output = NULL;
  g_autofree char *input = NULL;

  set_result (shell, "a.txt\nb.txt\n", FALSE);
  g_assert_null (find_widget (shell_row, GTK_SOURCE_TYPE_VIEW, NULL, NULL));
  set_expanded (shell_row, TRUE);
  g_assert_true (shows_text (shell_row, "ls\n-la"));
  output = text_of (find_widget (shell_row, GTK_SOURCE_TYPE_VIEW, NULL, NULL));
  g_assert_cmpstr (output, ==, "a.txt\nb.txt");

  g_assert_true (shows_text (mcp_row, "create_issue (github)"));
  set_expanded (mcp_row, TRUE);
  input = text_of (find_widget (mcp_row, GTK_SOURCE_TYPE_VIEW, has_language, "json"));
  g_assert_nonnull (strstr (input, "\"Bug\""));
}

static void
test_row_tool_call_agent (void)
{
  g_autoptr(CairnToolCallItem) item =
    new_tool_call ("Task", "{\"description\": \"Survey the tests\", "
                           "\"subagent_type\": \"Explore\"}");
  g_autoptr(CairnTextItem) first =
    cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "Looking around.");
  g_autoptr(CairnToolCallItem) nested = new_tool_call ("Glob", "{\"pattern\": \"tests/*.c\"}");
  CairnTranscript *children = cairn_tool_call_item_get_children (item);
  g_autoptr(GtkWidget) row = NULL;
  GtkWidget *card;

  cairn_transcript_append (children, CAIRN_ITEM (first));
  row = new_transcript_row (CAIRN_ITEM (item));
  card = find_widget (row, CAIRN_TYPE_TOOL_CALL_ROW, NULL, NULL);

  /* Open while running, with the subagent's messages in nested rows. */
  g_assert_true (shows_text (row, "Survey the tests"));
  g_assert_nonnull (find_widget (card, CAIRN_TYPE_TRANSCRIPT_ROW, NULL, NULL));
  g_assert_true (shows_text (card, "Looking around."));
  cairn_transcript_append (children, CAIRN_ITEM (nested));
  g_assert_true (shows_text (card, "tests/*.c"));

  set_result (item, "There are three test files.", FALSE);
  g_assert_false (shows_text (card, "Looking around."));
  set_expanded (card, TRUE);
  g_assert_true (shows_text (card, "There are three test files."));
}

static void
test_todo_list (void)
{
  g_autoptr(GListStore) store = g_list_store_new (CAIRN_TYPE_TODO);
  g_autoptr(CairnTodo) tests =
    cairn_todo_new ("1", "Write tests", "Writing tests", CAIRN_TODO_PENDING);
  g_autoptr(CairnTodo) fix =
    cairn_todo_new ("2", "Fix the bug", "Fixing the bug", CAIRN_TODO_IN_PROGRESS);
  g_autoptr(GtkWidget) list = g_object_ref_sink (cairn_todo_list_new ());

  cairn_todo_list_set_model (CAIRN_TODO_LIST (list), G_LIST_MODEL (store));
  g_assert_true (shows_text (list, "No tasks yet"));

  g_list_store_append (store, tests);
  g_list_store_append (store, fix);
  g_assert_false (shows_text (list, "No tasks yet"));
  g_assert_true (shows_text (list, "Write tests"));
  /* The task in progress says what is being done. */
  g_assert_true (shows_text (list, "Fixing the bug"));
  g_assert_false (shows_text (list, "Fix the bug"));

  cairn_todo_set_status (fix, CAIRN_TODO_DONE);
  cairn_todo_set_status (tests, CAIRN_TODO_IN_PROGRESS);
  g_assert_true (shows_text (list, "Fix the bug"));
  g_assert_true (shows_text (list, "Writing tests"));
  g_assert_nonnull (find_widget (list, GTK_TYPE_IMAGE, image_is, "object-select-symbolic"));

  cairn_todo_set_subject (fix, "Fix both bugs");
  g_assert_true (shows_text (list, "Fix both bugs"));
}

/* Image attachments, "@" completion and prompt history in the composer
 * (issue 5) */

static gboolean
wait_for (gboolean      (*condition) (gpointer data),
          gpointer        data,
          guint           timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (!condition (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return condition (data);
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

static GdkPixbuf *
new_picture (int width,
             int height)
{
  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, width, height);

  gdk_pixbuf_fill (pixbuf, 0x3584e4ff);
  return pixbuf;
}

static char *
write_png (const char *dir,
           const char *name,
           int         width,
           int         height)
{
  g_autoptr(GdkPixbuf) pixbuf = new_picture (width, height);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  gdk_pixbuf_save (pixbuf, path, "png", &error, NULL);
  g_assert_no_error (error);
  return path;
}

static char *
write_text_file (const char *dir,
                 const char *name,
                 const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *folder = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static void
remove_tree (const char *dir)
{
  const char *argv[] = { "/bin/rm", "-rf", "--", dir, NULL };

  g_assert_true (g_str_has_prefix (dir, g_get_tmp_dir ()));
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL);
}

/* A composer in a shown window, with a store for a fresh project. */
typedef struct
{
  char                 *project;
  CairnAttachmentStore *store;
  GtkWindow            *window;
  CairnComposer        *composer;
  CairnAttachmentTray  *tray;
  GtkTextView          *view;
  GPtrArray            *sent_texts;
  GPtrArray            *sent_images;
} ComposerFixture;

static void
fixture_send_cb (CairnComposer   *composer,
                 const char      *text,
                 GPtrArray       *images,
                 ComposerFixture *f)
{
  g_ptr_array_add (f->sent_texts, g_strdup (text));
  g_ptr_array_add (f->sent_images, images ? g_ptr_array_ref (images) : g_ptr_array_new ());
}

static void
composer_fixture_init (ComposerFixture *f)
{
  g_autoptr(GError) error = NULL;

  f->project = g_dir_make_tmp ("cairn-composer-XXXXXX", &error);
  g_assert_no_error (error);
  f->store = cairn_attachment_store_new (f->project);
  f->composer = CAIRN_COMPOSER (new_composer_in_window (&f->window));
  cairn_composer_set_attachment_store (f->composer, f->store);
  gtk_window_present (f->window);
  f->tray = CAIRN_ATTACHMENT_TRAY (find_widget (GTK_WIDGET (f->composer),
                                                CAIRN_TYPE_ATTACHMENT_TRAY, NULL, NULL));
  f->view = GTK_TEXT_VIEW (find_widget (GTK_WIDGET (f->composer), GTK_TYPE_TEXT_VIEW, NULL, NULL));
  f->sent_texts = g_ptr_array_new_with_free_func (g_free);
  f->sent_images = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  g_assert_nonnull (f->tray);
  g_signal_connect (f->composer, "send", G_CALLBACK (fixture_send_cb), f);
}

static void
composer_fixture_clear (ComposerFixture *f)
{
  gtk_window_destroy (f->window);
  drain_main_context ();
  g_clear_object (&f->store);
  remove_tree (f->project);
  g_free (f->project);
  g_ptr_array_unref (f->sent_texts);
  g_ptr_array_unref (f->sent_images);
}

static gboolean
tray_idle (gpointer data)
{
  return !cairn_attachment_tray_get_busy (data);
}

static void
add_files (ComposerFixture *f,
           const char      *first_path,
           ...)
{
  GSList *files = NULL;
  va_list args;

  va_start (args, first_path);
  for (const char *path = first_path; path != NULL; path = va_arg (args, const char *))
    files = g_slist_append (files, g_file_new_for_path (path));
  va_end (args);
  /* what a drop of a file list, or a paste of copied files, calls */
  cairn_composer_add_files (f->composer, files);
  g_slist_free_full (files, g_object_unref);
  g_assert_true (wait_for (tray_idle, f->tray, 10000));
}

static gboolean
message_revealed (gpointer tray)
{
  GtkWidget *revealer = find_widget (tray, GTK_TYPE_REVEALER, NULL, NULL);

  return revealer != NULL && gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

static guint
count_chips (GtkWidget *root)
{
  guint n = CAIRN_IS_ATTACHMENT_CHIP (root) && is_shown (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_chips (child);
  return n;
}

static gboolean
tooltip_is (GtkWidget     *widget,
            gconstpointer  text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

static void
click_remove (ComposerFixture *f,
              const char      *name)
{
  g_autofree char *tooltip = g_strdup_printf ("Remove %s", name);
  GtkWidget *button = find_widget (GTK_WIDGET (f->tray), GTK_TYPE_BUTTON, tooltip_is, tooltip);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

/* Dropped or pasted files: an image becomes a chip with its name and size;
 * a text file named .png gets a message and no chip. */
static void
test_composer_attach_files (void)
{
  ComposerFixture f = { 0 };
  g_autofree char *pictures = NULL;
  g_autofree char *png = NULL;
  g_autofree char *fake = NULL;
  g_autofree char *size = NULL;
  g_autofree char *details = NULL;
  GtkWidget *send;
  gsize length;

  composer_fixture_init (&f);
  send = button_for (GTK_WIDGET (f.composer), "composer.send");
  pictures = g_build_filename (f.project, "pictures", NULL);
  fake = write_text_file (pictures, "notes.png", "just some text\n");
  png = write_png (pictures, "shot.png", 64, 48);
  {
    g_autofree char *contents = NULL;
    g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  }

  add_files (&f, png, fake, NULL);
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 1);
  g_assert_true (shows_text (GTK_WIDGET (f.tray), "shot.png"));
  size = g_format_size (length);
  details = g_strdup_printf ("%s · 64 × 48", size);
  g_assert_true (shows_text (GTK_WIDGET (f.tray), details));
  g_assert_nonnull (cairn_attachment_tray_get_error (f.tray));
  g_assert_nonnull (strstr (cairn_attachment_tray_get_error (f.tray), "notes.png"));
  /* the message slides in */
  g_assert_true (wait_for (message_revealed, f.tray, 5000));
  g_assert_nonnull (find_widget (GTK_WIDGET (f.tray), GTK_TYPE_LABEL, label_contains, "notes.png"));
  g_assert_false (shows_text (GTK_WIDGET (f.tray), "notes.png"));
  /* an image alone can be sent */
  g_assert_true (gtk_widget_get_sensitive (send));

  /* the only image goes: nothing left to send */
  click_remove (&f, "shot.png");
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (send));

  /* a folder is not an image either */
  add_files (&f, pictures, NULL);
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 0);
  g_assert_nonnull (strstr (cairn_attachment_tray_get_error (f.tray), "pictures"));
  composer_fixture_clear (&f);
}

static gboolean
has_sent (gpointer data)
{
  return ((ComposerFixture *)data)->sent_texts->len > 0;
}

/* Pasted image data (a texture, as Ctrl+V or a drop from a browser gives
 * it) and a file, sent together: saved into the project, in order, and
 * the composer empties once they are. */
static void
test_composer_send_images (void)
{
  ComposerFixture f = { 0 };
  g_autoptr(GdkPixbuf) pixbuf = new_picture (32, 20);
  g_autoptr(GdkTexture) texture = gdk_texture_new_for_pixbuf (pixbuf);
  g_autofree char *png = NULL;
  g_autofree char *images_dir = NULL;
  g_autofree char *text = NULL;
  GPtrArray *images;

  composer_fixture_init (&f);
  png = write_png (f.project, "diagram.png", 64, 48);
  cairn_composer_add_texture (f.composer, texture, "Pasted image");
  g_assert_true (wait_for (tray_idle, f.tray, 10000));
  add_files (&f, png, NULL);
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 2);
  g_assert_true (shows_text (GTK_WIDGET (f.tray), "Pasted image"));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (f.view), "  What are these?  ", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  g_assert_true (wait_for (has_sent, &f, 10000));

  g_assert_cmpstr (g_ptr_array_index (f.sent_texts, 0), ==, "What are these?");
  images = g_ptr_array_index (f.sent_images, 0);
  g_assert_nonnull (images);
  g_assert_cmpuint (images->len, ==, 2);
  images_dir = cairn_attachment_store_dup_images_dir (f.store);
  for (guint i = 0; i < 2; i++)
    {
      const char *path = cairn_attachment_get_path (g_ptr_array_index (images, i));
      g_assert_true (g_str_has_prefix (path, images_dir));
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  g_assert_cmpstr (cairn_attachment_get_media_type (images->pdata[0]), ==, "image/png");
  g_assert_cmpint (cairn_attachment_get_width (g_ptr_array_index (images, 0)), ==, 32);
  g_assert_cmpint (cairn_attachment_get_width (g_ptr_array_index (images, 1)), ==, 64);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "");
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 0);
  composer_fixture_clear (&f);
}

static gboolean
tray_has_one (gpointer tray)
{
  return !cairn_attachment_tray_get_busy (tray) &&
         g_list_model_get_n_items (cairn_attachment_tray_get_attachments (tray)) == 1;
}

/* Pasted image data in a type the API takes reaches it byte for byte: a
 * PNG or JPEG on the clipboard is attached as it is, not decoded and
 * encoded again as PNG (a 6,321-byte PNG was sent as 138 bytes). So is a
 * dropped or picked file. */
static void
test_composer_paste_keeps_bytes (void)
{
  static const char *types[][2] = { { "png", "image/png" }, { "jpeg", "image/jpeg" } };
  ComposerFixture f = { 0 };
  g_autoptr(GdkPixbuf) pixbuf = new_picture (40, 30);

  composer_fixture_init (&f);
  /* some texture in it, so that a second encoding would differ */
  for (int y = 0; y < 30; y++)
    gdk_pixbuf_get_pixels (pixbuf)[y * gdk_pixbuf_get_rowstride (pixbuf) + y] = (guchar)(y * 7);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f.view));
      g_autoptr(GdkContentProvider) provider = NULL;
      g_autoptr(GBytes) original = NULL;
      g_autoptr(CairnAttachment) attachment = NULL;
      g_autoptr(GError) error = NULL;
      char *buffer;
      gsize size;

      g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, types[i][0], &error, NULL));
      g_assert_no_error (error);
      original = g_bytes_new_take (buffer, size);
      provider = gdk_content_provider_new_for_bytes (types[i][1], original);
      gdk_clipboard_set_content (clipboard, provider);
      cairn_attachment_tray_clear (f.tray);

      g_signal_emit_by_name (f.view, "paste-clipboard");
      /* the clipboard is read asynchronously, then the image prepared */
      g_assert_true (wait_for (tray_has_one, f.tray, 10000));
      g_assert_cmpuint (g_list_model_get_n_items (cairn_attachment_tray_get_attachments (f.tray)), ==, 1);
      attachment = g_list_model_get_item (cairn_attachment_tray_get_attachments (f.tray), 0);
      g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, types[i][1]);
      g_assert_true (g_bytes_equal (cairn_attachment_get_data (attachment), original));
    }
  /* a dropped or picked file goes byte for byte too */
  {
    g_autofree char *path = write_png (f.project, "dropped.png", 40, 30);
    g_autofree char *contents = NULL;
    g_autoptr(GBytes) file_bytes = NULL;
    g_autoptr(CairnAttachment) attachment = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    file_bytes = g_bytes_new (contents, length);
    cairn_attachment_tray_clear (f.tray);
    add_files (&f, path, NULL);
    attachment = g_list_model_get_item (cairn_attachment_tray_get_attachments (f.tray), 0);
    g_assert_true (g_bytes_equal (cairn_attachment_get_data (attachment), file_bytes));
  }
  composer_fixture_clear (&f);
}

static gboolean
send_enabled (gpointer data)
{
  return gtk_widget_get_sensitive (data);
}

/* When an image can't be saved, nothing is sent and nothing is lost. */
static void
test_composer_save_error_keeps_draft (void)
{
  ComposerFixture f = { 0 };
  g_autofree char *png = NULL;
  g_autofree char *blocker = NULL;
  g_autofree char *text = NULL;
  GtkWidget *send;

  composer_fixture_init (&f);
  send = button_for (GTK_WIDGET (f.composer), "composer.send");
  png = write_png (f.project, "diagram.png", 64, 48);
  /* .cairn is a file: the images' folder can't be made */
  blocker = write_text_file (f.project, ".cairn", "in the way\n");
  add_files (&f, png, NULL);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (f.view), "Look", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  g_assert_false (gtk_widget_get_sensitive (send));
  g_assert_true (wait_for (send_enabled, send, 10000));

  g_assert_cmpuint (f.sent_texts->len, ==, 0);
  g_assert_nonnull (cairn_attachment_tray_get_error (f.tray));
  g_assert_cmpuint (count_chips (GTK_WIDGET (f.composer)), ==, 1);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "Look");
  g_assert_true (gtk_text_view_get_editable (f.view));
  composer_fixture_clear (&f);
}

static gboolean
popover_shown (gpointer data)
{
  return gtk_widget_get_visible (data);
}

/* "@" offers the project's files, without what .gitignore excludes. */
static void
test_composer_file_completion (void)
{
  ComposerFixture f = { 0 };
  g_autofree char *main_c = NULL;
  g_autofree char *map_o = NULL;
  g_autofree char *ignore = NULL;
  g_autofree char *text = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter iter;
  GtkWidget *popover;

  composer_fixture_init (&f);
  main_c = write_text_file (f.project, "src/main.c", "int main;\n");
  map_o = write_text_file (f.project, "src/map.o", "\n");
  ignore = write_text_file (f.project, ".gitignore", "*.o\n");
  buffer = gtk_text_view_get_buffer (f.view);
  popover = find_popover (GTK_WIDGET (f.composer));
  g_setenv ("GIT_DIR", "/nonexistent", TRUE);

  gtk_text_buffer_set_text (buffer, "@src/ma", -1);
  g_assert_true (wait_for (popover_shown, popover, 10000));
  g_assert_nonnull (find_widget (popover, GTK_TYPE_LABEL, label_is, "@src/main.c"));
  g_assert_null (find_widget (popover, GTK_TYPE_LABEL, label_is, "@src/map.o"));
  press_key (GTK_WIDGET (f.view), GDK_KEY_Tab);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "@src/main.c ");
  g_assert_false (gtk_widget_get_visible (popover));
  g_clear_pointer (&text, g_free);

  /* typed in the middle of a sentence */
  gtk_text_buffer_set_text (buffer, "Explain  please", -1);
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, strlen ("Explain "));
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_buffer_insert_at_cursor (buffer, "@mai", -1);
  g_assert_true (gtk_widget_get_visible (popover));
  press_key (GTK_WIDGET (f.view), GDK_KEY_Return);
  text = cairn_composer_dup_text (f.composer);
  g_assert_cmpstr (text, ==, "Explain @src/main.c please");
  g_assert_cmpuint (f.sent_texts->len, ==, 0);

  /* an e-mail address is not a file */
  gtk_text_buffer_set_text (buffer, "me@src", -1);
  g_assert_false (gtk_widget_get_visible (popover));
  g_unsetenv ("GIT_DIR");
  composer_fixture_clear (&f);
}

static gboolean
key_handled (GtkWidget *text_view,
             guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (text_view);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

static void
assert_composer_text (ComposerFixture *f,
                      const char      *expected)
{
  g_autofree char *text = cairn_composer_dup_text (f->composer);

  g_assert_cmpstr (text, ==, expected);
}

/* Up on an empty composer: the prompts sent before, newest first. */
static void
test_composer_history (void)
{
  ComposerFixture f = { 0 };
  GtkTextBuffer *buffer;
  GtkWidget *view;

  composer_fixture_init (&f);
  buffer = gtk_text_view_get_buffer (f.view);
  view = GTK_WIDGET (f.view);
  g_assert_false (key_handled (view, GDK_KEY_Up));
  gtk_text_buffer_set_text (buffer, "first prompt", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  gtk_text_buffer_set_text (buffer, "second prompt", -1);
  gtk_widget_activate_action (GTK_WIDGET (f.composer), "composer.send", NULL);
  g_assert_cmpuint (f.sent_texts->len, ==, 2);

  g_assert_true (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "second prompt");
  g_assert_true (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "first prompt");
  g_assert_true (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "first prompt");
  g_assert_true (key_handled (view, GDK_KEY_Down));
  assert_composer_text (&f, "second prompt");
  g_assert_true (key_handled (view, GDK_KEY_Down));
  assert_composer_text (&f, "");
  g_assert_false (key_handled (view, GDK_KEY_Down));

  /* the user's own text: Up moves the cursor, as in any text */
  gtk_text_buffer_set_text (buffer, "a draft", -1);
  g_assert_false (key_handled (view, GDK_KEY_Up));
  assert_composer_text (&f, "a draft");
  composer_fixture_clear (&f);
}

/* The prompt's images in the transcript: a thumbnail each, which opens the
 * saved file. A prompt of images only shows no empty text. */
static void
test_row_user_images (void)
{
  g_autoptr(GdkPixbuf) pixbuf = new_picture (40, 30);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CairnAttachment) image = NULL;
  g_autoptr(CairnAttachment) saved = NULL;
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "");
  g_autoptr(GPtrArray) images = g_ptr_array_new ();
  g_autoptr(CairnTextItem) reply = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "Nice");
  g_autoptr(GtkWidget) row = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *button;
  char *data;
  gsize length;

  gdk_pixbuf_save_to_buffer (pixbuf, &data, &length, "png", &error, NULL);
  g_assert_no_error (error);
  bytes = g_bytes_new_take (data, length);
  image = cairn_attachment_new (bytes, "image/png", "shot.png", 40, 30, FALSE);
  saved = cairn_attachment_copy_with_path (image, "/tmp/project/.cairn/tmp/images/shot.png");
  g_ptr_array_add (images, saved);
  cairn_text_item_set_attachments (item, images);
  row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_nonnull (find_widget (row, CAIRN_TYPE_THUMBNAIL, NULL, NULL));
  button = find_widget (row, GTK_TYPE_BUTTON, tooltip_is, "shot.png");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_null (find_widget (row, GTK_TYPE_LABEL, label_is, ""));

  /* recycled for a reply: no images */
  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), CAIRN_ITEM (reply));
  g_assert_null (find_widget (row, CAIRN_TYPE_THUMBNAIL, NULL, NULL));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/widgets/instantiate", test_instantiate_types);
  g_test_add_func ("/cairn/widgets/row/user-message", test_row_user_message);
  g_test_add_func ("/cairn/widgets/row/user-versions", test_row_user_versions);
  g_test_add_func ("/cairn/widgets/row/assistant-streaming", test_row_assistant_streaming);
  g_test_add_func ("/cairn/widgets/row/result", test_row_result);
  g_test_add_func ("/cairn/widgets/row/result-error", test_row_result_error);
  g_test_add_func ("/cairn/widgets/row/notice", test_row_notice);
  g_test_add_func ("/cairn/widgets/row/notice-action", test_row_notice_action);
  g_test_add_func ("/cairn/widgets/row/notice-raw", test_row_notice_raw);
  g_test_add_func ("/cairn/widgets/row/rebind", test_row_rebind);
  g_test_add_func ("/cairn/widgets/row/thinking", test_row_thinking);
  g_test_add_func ("/cairn/widgets/row/thinking-streaming", test_row_thinking_streaming);
  g_test_add_func ("/cairn/widgets/row/tool-call-edit", test_row_tool_call_edit);
  g_test_add_func ("/cairn/widgets/row/tool-call-error", test_row_tool_call_error);
  g_test_add_func ("/cairn/widgets/row/tool-call-not-run", test_row_tool_call_not_run);
  g_test_add_func ("/cairn/widgets/row/tool-call-refused", test_row_tool_call_refused);
  g_test_add_func ("/cairn/widgets/row/tool-call-body", test_row_tool_call_body);
  g_test_add_func ("/cairn/widgets/row/tool-call-agent", test_row_tool_call_agent);
  g_test_add_func ("/cairn/widgets/todo-list", test_todo_list);
  g_test_add_func ("/cairn/widgets/composer/send", test_composer_send);
  g_test_add_func ("/cairn/widgets/composer/paste-keeps-bytes", test_composer_paste_keeps_bytes);
  g_test_add_func ("/cairn/widgets/composer/busy", test_composer_busy);
  g_test_add_func ("/cairn/widgets/missing-cli-page", test_missing_cli_page);
  g_test_add_func ("/cairn/widgets/trust-page", test_trust_page);
  g_test_add_func ("/cairn/widgets/window/without-cli", test_window_without_cli);
  g_test_add_func ("/cairn/widgets/window/cli-path-setting", test_window_uses_cli_path_setting);
  g_test_add_func ("/cairn/widgets/composer/slash-completion", test_composer_slash_completion);
  g_test_add_func ("/cairn/widgets/window/shift-tab-cycles-mode", test_shift_tab_cycles_mode);
  g_test_add_func ("/cairn/widgets/window/limits", test_window_limits);
  g_test_add_func ("/cairn/widgets/window/effort", test_window_effort);
  g_test_add_func ("/cairn/widgets/question-dialog", test_question_dialog);
  g_test_add_func ("/cairn/widgets/approval-dialog-guard", test_approval_dialog_guard);
  g_test_add_func ("/cairn/widgets/plan-dialog-guard", test_plan_dialog_guard);
  g_test_add_func ("/cairn/widgets/window/size-is-kept", test_window_size_is_kept);
  g_test_add_func ("/cairn/widgets/preferences/mode", test_preferences_mode);
  g_test_add_func ("/cairn/widgets/preferences/supervised", test_preferences_supervised);
  g_test_add_func ("/cairn/widgets/window/supervised-toggle", test_supervised_toggle);
  g_test_add_func ("/cairn/widgets/row/hook", test_row_hook);
  g_test_add_func ("/cairn/widgets/row/changes", test_row_changes);

  g_test_add_func ("/cairn/widgets/instantiate-attachment-types",
                   test_instantiate_attachment_types);
  g_test_add_func ("/cairn/widgets/composer/attach-files", test_composer_attach_files);
  g_test_add_func ("/cairn/widgets/composer/send-images", test_composer_send_images);
  g_test_add_func ("/cairn/widgets/composer/save-error-keeps-draft",
                   test_composer_save_error_keeps_draft);
  g_test_add_func ("/cairn/widgets/composer/file-completion", test_composer_file_completion);
  g_test_add_func ("/cairn/widgets/composer/history", test_composer_history);
  g_test_add_func ("/cairn/widgets/row/user-images", test_row_user_images);
  g_test_add_func ("/cairn/widgets/sidebar/day-groups", test_sidebar_day_groups);
  g_test_add_func ("/cairn/widgets/window/start-page", test_window_start_page);
  g_test_add_func ("/cairn/widgets/window/search-opens-match", test_window_search_opens_match);
  g_test_add_func ("/cairn/widgets/window/new-conversation-and-sidebar",
                   test_window_new_conversation_and_sidebar);

  return g_test_run ();
}
