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

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "cairn-application.h"
#include "cairn-composer.h"
#include "cairn-message-row.h"
#include "cairn-missing-cli-page.h"
#include "cairn-notice-item.h"
#include "cairn-notice-row.h"
#include "cairn-result-item.h"
#include "cairn-result-row.h"
#include "cairn-text-item.h"
#include "cairn-thinking-row.h"
#include "cairn-todo-list.h"
#include "cairn-todo.h"
#include "cairn-tool-call-item.h"
#include "cairn-tool-call-row.h"
#include "cairn-transcript-row.h"
#include "cairn-window.h"

/* Helpers: walking what is on screen */

static gboolean
is_shown (GtkWidget *widget)
{
  return gtk_widget_get_visible (widget) && gtk_widget_get_child_visible (widget);
}

typedef gboolean (*WidgetMatch) (GtkWidget     *widget,
                                 gconstpointer  data);

/* The first shown widget of @type under @root (included) for which @match
 * returns TRUE, looking only through shown widgets. */
static GtkWidget *
find_widget (GtkWidget     *root,
             GType          type,
             WidgetMatch    match,
             gconstpointer  data)
{
  if (!is_shown (root))
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (match == NULL || match (root, data)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
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
    CAIRN_TYPE_TRANSCRIPT_ROW,
    CAIRN_TYPE_MISSING_CLI_PAGE,
    CAIRN_TYPE_THINKING_ROW,
    CAIRN_TYPE_TOOL_CALL_ROW,
    CAIRN_TYPE_TODO_LIST,
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

static void
test_row_assistant_streaming (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "Once");
  g_autoptr(GtkWidget) row = NULL;

  cairn_text_item_set_streaming (item, TRUE);
  row = new_transcript_row (CAIRN_ITEM (item));
  g_assert_true (shows_text (row, "Claude"));
  g_assert_true (shows_text (row, "Once"));
  g_assert_nonnull (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));

  cairn_text_item_append (item, " upon a time");
  g_assert_true (shows_text (row, "Once upon a time"));
  g_assert_false (shows_text (row, "Once"));

  cairn_text_item_set_streaming (item, FALSE);
  g_assert_null (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));
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

  g_assert_true (shows_text (row, "API Error: overloaded"));
  g_assert_false (shows_text (row, "Done"));
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
  GtkWidget *stop = button_for (composer, "win.stop");

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

static void
drain_main_context (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* One registered application for the whole test: a second one would
 * clash with the first on the session bus. */
static CairnApplication *
shared_app (void)
{
  static CairnApplication *app;
  g_autoptr(GError) error = NULL;

  if (app == NULL)
    {
      app = cairn_application_new (TRUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  return app;
}

static void
test_window_without_cli (void)
{
  CairnApplication *app = shared_app ();
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  CairnWindow *window;
  GtkWidget *stack;

  g_setenv ("CAIRN_CLAUDE", "/nonexistent/claude", TRUE);

  window = cairn_window_new (app, folder);
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
  GSettings *settings;
  CairnWindow *window;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  settings = cairn_application_get_settings (app);
  g_assert_nonnull (settings);
  g_settings_set_string (settings, "cli-path", "/from/the/setting/claude");

  window = cairn_window_new (app, folder);
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
  g_assert_nonnull (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));
  g_assert_false (shows_text (row, "Let me see"));

  /* Past a second, the duration shows with its tenth. */
  g_usleep (G_USEC_PER_SEC + 20000);
  cairn_text_item_set_streaming (item, FALSE);
  g_assert_false (shows_text (row, "Thinking…"));
  g_assert_nonnull (find_widget (row, GTK_TYPE_LABEL, label_contains, "Thought for 1"));
  g_assert_null (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));

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
  g_assert_nonnull (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));

  /* The diff is the point of an edit: it shows without opening the card. */
  view = find_widget (row, GTK_SOURCE_TYPE_VIEW, has_language, "diff");
  g_assert_nonnull (view);
  diff = text_of (view);
  g_assert_nonnull (strstr (diff, "-x\n+y"));

  set_result (item, "ok", FALSE);
  g_assert_null (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));
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
  g_assert_null (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));
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
  g_assert_null (find_widget (row, GTK_TYPE_SPINNER, NULL, NULL));
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

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/widgets/instantiate", test_instantiate_types);
  g_test_add_func ("/cairn/widgets/row/user-message", test_row_user_message);
  g_test_add_func ("/cairn/widgets/row/assistant-streaming", test_row_assistant_streaming);
  g_test_add_func ("/cairn/widgets/row/result", test_row_result);
  g_test_add_func ("/cairn/widgets/row/result-error", test_row_result_error);
  g_test_add_func ("/cairn/widgets/row/notice", test_row_notice);
  g_test_add_func ("/cairn/widgets/row/notice-raw", test_row_notice_raw);
  g_test_add_func ("/cairn/widgets/row/rebind", test_row_rebind);
  g_test_add_func ("/cairn/widgets/row/thinking", test_row_thinking);
  g_test_add_func ("/cairn/widgets/row/thinking-streaming", test_row_thinking_streaming);
  g_test_add_func ("/cairn/widgets/row/tool-call-edit", test_row_tool_call_edit);
  g_test_add_func ("/cairn/widgets/row/tool-call-error", test_row_tool_call_error);
  g_test_add_func ("/cairn/widgets/row/tool-call-not-run", test_row_tool_call_not_run);
  g_test_add_func ("/cairn/widgets/row/tool-call-body", test_row_tool_call_body);
  g_test_add_func ("/cairn/widgets/row/tool-call-agent", test_row_tool_call_agent);
  g_test_add_func ("/cairn/widgets/todo-list", test_todo_list);
  g_test_add_func ("/cairn/widgets/composer/send", test_composer_send);
  g_test_add_func ("/cairn/widgets/composer/busy", test_composer_busy);
  g_test_add_func ("/cairn/widgets/missing-cli-page", test_missing_cli_page);
  g_test_add_func ("/cairn/widgets/window/without-cli", test_window_without_cli);
  g_test_add_func ("/cairn/widgets/window/cli-path-setting", test_window_uses_cli_path_setting);
  g_test_add_func ("/cairn/widgets/composer/slash-completion", test_composer_slash_completion);

  return g_test_run ();
}
