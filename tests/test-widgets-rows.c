/* test-widgets-rows.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The transcript's rows (src/ui/rows): each shows what its item says,
 * while it streams and after a rebind. Runs on Xvfb. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include <adwaita.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gtksourceview/gtksource.h>

#include "rows/cairn-changes-row.h"
#include "rows/cairn-hook-row.h"
#include "rows/cairn-message-row.h"
#include "transcript/cairn-changes-item.h"
#include "transcript/cairn-hook-item.h"
#include "transcript/cairn-notice-item.h"
#include "rows/cairn-notice-row.h"
#include "transcript/cairn-result-item.h"
#include "rows/cairn-result-row.h"
#include "transcript/cairn-text-item.h"
#include "rows/cairn-thinking-row.h"
#include "rows/cairn-todo-list.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-tool-call-item.h"
#include "rows/cairn-tool-call-row.h"
#include "widgets/cairn-thumbnail.h"
#include "rows/cairn-transcript-row.h"
#include "cairn-test-a11y.h"
#include "cairn-test-ui.h"
#include "widgets/cairn-working-indicator.h"

static GtkWidget *
new_transcript_row (CairnItem *item)
{
  GtkWidget *row = g_object_ref_sink (g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, NULL));

  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), item);
  return row;
}

static void
test_row_user_message (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Hello, Claude");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_MESSAGE_ROW, NULL, NULL));
  g_assert_true (cairn_test_shows_text (row, "Hello, Claude"));
  g_assert_true (cairn_test_shows_text (row, "You"));
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

  g_assert_null (cairn_test_button_for (plain_row, "page.previous-version"));
  cairn_text_item_set_branch (edited, "parent-uuid", 1, 3);
  row = new_transcript_row (CAIRN_ITEM (edited));
  g_assert_true (cairn_test_shows_text (row, "2 / 3"));
  previous = cairn_test_button_for (row, "page.previous-version");
  next = cairn_test_button_for (row, "page.next-version");
  g_assert_nonnull (previous);
  g_assert_nonnull (next);
  g_assert_true (gtk_widget_get_sensitive (previous) && gtk_widget_get_sensitive (next));
  g_assert_cmpuint (g_variant_get_uint32 (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (next))), ==,
                    cairn_item_get_serial (CAIRN_ITEM (edited)));

  /* the first version has no way back, the last none forward */
  cairn_text_item_set_branch (first, "parent-uuid", 0, 2);
  first_row = new_transcript_row (CAIRN_ITEM (first));
  g_assert_true (cairn_test_shows_text (first_row, "1 / 2"));
  g_assert_null (cairn_test_button_for (first_row, "page.previous-version"));
  g_assert_nonnull (cairn_test_button_for (first_row, "page.next-version"));
  cairn_text_item_set_branch (last, "parent-uuid", 1, 2);
  last_row = new_transcript_row (CAIRN_ITEM (last));
  g_assert_nonnull (cairn_test_button_for (last_row, "page.previous-version"));
  g_assert_null (cairn_test_button_for (last_row, "page.next-version"));
}

static void
test_row_assistant_streaming (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, "Once");
  g_autoptr(GtkWidget) row = NULL;

  cairn_text_item_set_streaming (item, TRUE);
  row = new_transcript_row (CAIRN_ITEM (item));
  g_assert_true (cairn_test_shows_text (row, "Claude"));
  g_assert_true (cairn_test_shows_text (row, "Once"));
  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));

  cairn_text_item_append (item, " upon a time");
  g_assert_true (cairn_test_shows_text (row, "Once upon a time"));
  g_assert_false (cairn_test_shows_text (row, "Once"));

  cairn_text_item_set_streaming (item, FALSE);
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
}

static void
test_row_result (void)
{
  const CairnTurnFigures figures = {
    .duration_ms = 1500, .input_tokens = 50, .output_tokens = 7, .cost_usd = 0.01,
  };
  g_autoptr(CairnResultItem) item = cairn_result_item_new (&figures);
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_RESULT_ROW, NULL, NULL));
  g_assert_true (cairn_test_shows_text (row, "Done"));
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_LABEL, cairn_test_label_contains,
                                           "50 tokens in, 7 out"));
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

  g_assert_true (cairn_test_shows_text (row, "API Error: overloaded"));
  g_assert_false (cairn_test_shows_text (row, "Done"));
  /* Retry (page.retry) shows while the turn is the latest failed one */
  retry = cairn_test_button_for (row, "page.retry");
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

  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_NOTICE_ROW, NULL, NULL));
  g_assert_true (cairn_test_shows_text (row, "Claude Code stopped"));
  g_assert_true (cairn_test_shows_text (row, "It exited with status 1"));
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
  button = cairn_test_button_for (row, "page.retry");
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

  g_assert_true (cairn_test_shows_text (row, "Unknown message"));
  /* The raw JSON waits behind the expander, closed. */
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_EXPANDER, NULL, NULL));
  g_assert_false (cairn_test_shows_text (row, "{\"type\":\"new\"}"));
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
  g_assert_true (cairn_test_shows_text (row, "Done"));
  g_assert_false (cairn_test_shows_text (row, "First"));
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_MESSAGE_ROW, NULL, NULL));
}

/* A settings hook's run: its name and how it ended, the output on expand,
 * an accessible name; the output is text, never markup. */
static void
test_row_hook (void)
{
  g_autoptr(CairnHookItem) item = cairn_hook_item_new ("h1", "PreToolUse", "PreToolUse:<b>Bash</b>");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));
  GtkWidget *hook_row = cairn_test_find_shown (row, CAIRN_TYPE_HOOK_ROW, NULL, NULL);

  g_assert_nonnull (hook_row);
  g_assert_true (cairn_test_shows_text (row, "Hook PreToolUse:<b>Bash</b>"));
  g_assert_true (cairn_test_shows_text (row, "running"));
  cairn_hook_item_finish (item, "error", TRUE, 2, "no <i>shell</i> here\n");
  g_assert_true (cairn_test_shows_text (row, "exit 2"));
  gtk_expander_set_expanded (GTK_EXPANDER (cairn_test_find_shown (row, GTK_TYPE_EXPANDER, NULL,
                                                                  NULL)), TRUE);
  g_assert_true (cairn_test_shows_text (row, "no <i>shell</i> here"));
  g_assert_true (gtk_widget_has_css_class (hook_row, "hook-failed"));
  gtk_test_accessible_assert_property (hook_row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Hook PreToolUse:<b>Bash</b>, exit 2");
  /* the command, once the settings named it: as written */
  g_assert_false (cairn_test_shows_text (row, "echo <b>no</b> & exit 2"));
  cairn_hook_item_set_command (item, "echo <b>no</b> & exit 2");
  g_assert_true (cairn_test_shows_text (row, "echo <b>no</b> & exit 2"));
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
  GtkWidget *changes_row = cairn_test_find_shown (row, CAIRN_TYPE_CHANGES_ROW, NULL, NULL);
  GtkWidget *button;

  g_assert_nonnull (changes_row);
  g_assert_true (cairn_test_shows_text (row, "2 files changed and not committed"));
  g_assert_true (cairn_test_shows_text (row, "??  <new>.txt"));
  gtk_test_accessible_assert_property (changes_row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "2 files changed and not committed");
  button = cairn_test_find_shown (changes_row, GTK_TYPE_BUTTON, NULL, NULL);
  gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Show the changes to src/a&b.c");
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
  GtkWidget *expander = cairn_test_find_shown (root, GTK_TYPE_EXPANDER, NULL, NULL);

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

  while (!cairn_test_shows_text (root, text) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
  return cairn_test_shows_text (root, text);
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
  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_THINKING_ROW, NULL, NULL));
  expander = cairn_test_find_shown (row, GTK_TYPE_EXPANDER, NULL, NULL);
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  g_assert_true (cairn_test_shows_text (row, "Thinking…"));
  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_false (cairn_test_shows_text (row, "Let me see"));

  /* Past a second, the duration shows with its tenth. */
  g_usleep (G_USEC_PER_SEC + 20000);
  cairn_text_item_set_streaming (item, FALSE);
  g_assert_false (cairn_test_shows_text (row, "Thinking…"));
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_LABEL, cairn_test_label_contains,
                                           "Thought for 1"));
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));

  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  g_assert_true (cairn_test_shows_text (row, "Let me see"));
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
  g_assert_true (cairn_test_shows_text (row, "First"));

  cairn_text_item_append (item, ", then");
  cairn_text_item_append (item, " second");
  g_assert_true (cairn_test_shows_text (row, "First"));
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

  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_TOOL_CALL_ROW, NULL, NULL));
  g_assert_true (cairn_test_shows_text (row, "Edit"));
  g_assert_true (cairn_test_shows_text (row, "a.txt"));
  g_assert_true (cairn_test_shows_text (row, "+1"));
  g_assert_true (cairn_test_shows_text (row, "−1"));
  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));

  /* The diff is the point of an edit: it shows without opening the card. */
  view = cairn_test_find_shown (row, GTK_SOURCE_TYPE_VIEW, has_language, "diff");
  g_assert_nonnull (view);
  diff = text_of (view);
  g_assert_nonnull (strstr (diff, "-x\n+y"));

  set_result (item, "ok", FALSE);
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_IMAGE, image_is,
                                           "object-select-symbolic"));
  g_assert_null (cairn_test_find_shown (row, GTK_TYPE_IMAGE, image_is, "dialog-error-symbolic"));
}

static void
test_row_tool_call_error (void)
{
  g_autoptr(CairnToolCallItem) item =
    new_tool_call ("Bash", "{\"command\": \"make check\", \"description\": \"Run the tests\"}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  g_assert_true (cairn_test_shows_text (row, "make check"));
  g_assert_true (cairn_test_shows_text (row, "Run the tests"));

  set_result (item, "Exit code 2\nmake: *** [check] Error 1", TRUE);
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_IMAGE, image_is, "dialog-error-symbolic"));
  g_assert_nonnull (cairn_test_find_shown (row, GTK_TYPE_LABEL, cairn_test_label_contains,
                                           "Exit code 2"));
  g_assert_true (gtk_widget_has_css_class (cairn_test_find_shown (row, CAIRN_TYPE_TOOL_CALL_ROW,
                                                                  NULL, NULL),
                                           "tool-failed"));
}

static void
test_row_tool_call_not_run (void)
{
  g_autoptr(CairnToolCallItem) item = new_tool_call ("Read", "{\"file_path\": \"/p/b.c\"}");
  g_autoptr(GtkWidget) row = new_transcript_row (CAIRN_ITEM (item));

  cairn_tool_call_item_mark_not_run (item, "Interrupted");
  g_assert_true (cairn_test_shows_text (row, "not run"));
  g_assert_true (cairn_test_shows_text (row, "Interrupted"));
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_WORKING_INDICATOR, NULL, NULL));
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
  g_assert_true (cairn_test_shows_text (row, "not allowed"));
  g_assert_true (cairn_test_shows_text (row, "You did not allow it"));
  g_assert_false (cairn_test_shows_text (row, "done"));
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
  g_assert_null (cairn_test_find_shown (shell_row, GTK_SOURCE_TYPE_VIEW, NULL, NULL));
  set_expanded (shell_row, TRUE);
  g_assert_true (cairn_test_shows_text (shell_row, "ls\n-la"));
  output = text_of (cairn_test_find_shown (shell_row, GTK_SOURCE_TYPE_VIEW, NULL, NULL));
  g_assert_cmpstr (output, ==, "a.txt\nb.txt");

  g_assert_true (cairn_test_shows_text (mcp_row, "create_issue (github)"));
  set_expanded (mcp_row, TRUE);
  input = text_of (cairn_test_find_shown (mcp_row, GTK_SOURCE_TYPE_VIEW, has_language, "json"));
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
  card = cairn_test_find_shown (row, CAIRN_TYPE_TOOL_CALL_ROW, NULL, NULL);

  /* Open while running, with the subagent's messages in nested rows. */
  g_assert_true (cairn_test_shows_text (row, "Survey the tests"));
  g_assert_nonnull (cairn_test_find_shown (card, CAIRN_TYPE_TRANSCRIPT_ROW, NULL, NULL));
  g_assert_true (cairn_test_shows_text (card, "Looking around."));
  cairn_transcript_append (children, CAIRN_ITEM (nested));
  g_assert_true (cairn_test_shows_text (card, "tests/*.c"));

  set_result (item, "There are three test files.", FALSE);
  g_assert_false (cairn_test_shows_text (card, "Looking around."));
  set_expanded (card, TRUE);
  g_assert_true (cairn_test_shows_text (card, "There are three test files."));
}

static gboolean
is_closed (gpointer card)
{
  GtkWidget *expander = cairn_test_find_widget (card, GTK_TYPE_EXPANDER);

  return !gtk_expander_get_expanded (GTK_EXPANDER (expander));
}

/* A card as test-ui-rows meets it: open, read by a screen reader, closed
 * (by @close, or by hand), asked about again by the reader (which still
 * holds what it read), then opened. A closed card's body is out of the
 * window; whatever the reader can still reach there must be off the bus
 * when the body comes back, or GTK 4.8 fails
 * "gtk_at_context_set_accessible_role: assertion '!self->realized'"
 * (fatal in tests). Returns the card, open again. */
static GtkWidget *
read_close_and_open (GtkWindow *window,
                     CairnItem *item,
                     void     (*close) (CairnItem *item))
{
  GtkWidget *row = new_transcript_row (item);
  GtkWidget *card = cairn_test_find_shown (row, CAIRN_TYPE_TOOL_CALL_ROW, NULL, NULL);
  g_autoptr(CairnTestA11y) a11y = NULL;
  g_autoptr(GPtrArray) read = NULL;

  gtk_window_set_child (window, row);
  g_object_unref (row);
  cairn_test_present (window);
  set_expanded (card, TRUE);
  a11y = cairn_test_a11y_new ();
  read = cairn_test_a11y_walk (a11y);
  g_assert_cmpuint (read->len, >, 10);
  if (close != NULL)
    close (item);
  else
    set_expanded (card, FALSE);
  g_assert_true (cairn_test_poll_until (is_closed, card, 2000));
  cairn_test_a11y_ask_again (a11y, read);

  set_expanded (card, TRUE);
  g_ptr_array_unref (cairn_test_a11y_walk (a11y));
  return card;
}

static void
finish_agent (CairnItem *item)
{
  set_result (CAIRN_TOOL_CALL_ITEM (item), "There are three test files.", FALSE);
}

/* The Agent card closes itself when the agent is done; its body has the
 * subagent's own cards. */
static void
test_row_tool_call_agent_a11y (void)
{
  g_autoptr(CairnToolCallItem) item =
    new_tool_call ("Task", "{\"description\": \"Survey the tests\", "
                           "\"subagent_type\": \"Explore\"}");
  g_autoptr(CairnToolCallItem) nested = new_tool_call ("Glob", "{\"pattern\": \"tests/*.c\"}");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *card;

  cairn_transcript_append (cairn_tool_call_item_get_children (item), CAIRN_ITEM (nested));
  set_result (nested, "tests/a.c", FALSE);
  card = read_close_and_open (window, CAIRN_ITEM (item), finish_agent);
  g_assert_true (cairn_test_shows_text (card, "There are three test files."));
  g_assert_true (cairn_test_shows_text (card, "tests/*.c"));
  gtk_window_destroy (window);
}

/* A task card's body has the task list. */
static void
test_row_tool_call_todo_a11y (void)
{
  g_autoptr(CairnToolCallItem) item =
    new_tool_call ("TodoWrite", "{\"todos\": [{\"content\": \"Write tests\", "
                                "\"status\": \"pending\", \"activeForm\": \"Writing tests\"}]}");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *card;

  set_result (item, "Todos have been modified successfully.", FALSE);
  card = read_close_and_open (window, CAIRN_ITEM (item), NULL);
  g_assert_true (cairn_test_shows_text (card, "Write tests"));
  gtk_window_destroy (window);
}

/* Whether @button's menu is open; an activated button (Enter, Space)
 * shows itself pressed for a moment before it acts. */
static gboolean
menu_is_open (gpointer button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

static gboolean
is_unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

/* The prompt's serial that the first entry of @button's menu acts on. */
static guint
menu_serial (GtkMenuButton *button)
{
  GMenuModel *menu = gtk_menu_button_get_menu_model (button);
  g_autoptr(GVariant) target =
    g_menu_model_get_item_attribute_value (menu, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);

  g_assert_nonnull (target);
  return g_variant_get_uint32 (target);
}

/* The prompt's menu (Go Back to This Message) opened, read by a screen
 * reader and closed; the row then leaves the window (the list view's
 * cache, another page), the reader asks what it read again, and the row
 * comes back, as it was or bound to another prompt as a recycled row is.
 * A GtkPopoverMenu holds a GtkStack: kept with the row, its page would
 * trip GTK 4.8's assertion as the cards' stacks did (above). */
static void
test_row_prompt_menu_a11y (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Hello, Claude");
  g_autoptr(CairnTextItem) other = cairn_text_item_new (CAIRN_ITEM_KIND_USER, "Once more");
  g_autoptr(GtkWidget) row =
    g_object_ref_sink (g_object_new (CAIRN_TYPE_MESSAGE_ROW, "item", item, NULL));
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *button = cairn_test_find_widget (row, GTK_TYPE_MENU_BUTTON);
  g_autoptr(CairnTestA11y) a11y = NULL;
  g_autoptr(GPtrArray) read = NULL;
  GtkPopover *popover;

  gtk_window_set_child (window, row);
  cairn_test_present (window);
  a11y = cairn_test_a11y_new ();
  for (int round = 0; round < 2; round++)
    {
      /* the second time as Enter or Space does, on the focused toggle
       * button inside */
      if (round == 0)
        gtk_menu_button_popup (GTK_MENU_BUTTON (button));
      else
        g_assert_true (gtk_widget_activate (gtk_widget_get_first_child (button)));
      g_assert_true (cairn_test_poll_until (menu_is_open, button, 2000));
      popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
      g_assert_true (cairn_test_shows_text (GTK_WIDGET (popover), "Edit and Resend"));
      /* for the prompt bound when it opened */
      g_assert_cmpuint (menu_serial (GTK_MENU_BUTTON (button)), ==,
                        cairn_item_get_serial (CAIRN_ITEM (round == 0 ? item : other)));
      read = cairn_test_a11y_walk (a11y);
      gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
      g_assert_true (cairn_test_poll_until (is_unmapped, popover, 2000));

      /* at once, as going back takes the rows after a prompt away */
      gtk_window_set_child (window, NULL);
      cairn_test_a11y_ask_again (a11y, read);
      g_clear_pointer (&read, g_ptr_array_unref);
      if (round == 0)
        g_object_set (row, "item", other, NULL);
      gtk_window_set_child (window, row);
      g_ptr_array_unref (cairn_test_a11y_walk (a11y));
    }
  gtk_window_destroy (window);
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
  g_assert_true (cairn_test_shows_text (list, "No tasks yet"));

  g_list_store_append (store, tests);
  g_list_store_append (store, fix);
  g_assert_false (cairn_test_shows_text (list, "No tasks yet"));
  g_assert_true (cairn_test_shows_text (list, "Write tests"));
  /* The task in progress says what is being done. */
  g_assert_true (cairn_test_shows_text (list, "Fixing the bug"));
  g_assert_false (cairn_test_shows_text (list, "Fix the bug"));

  cairn_todo_set_status (fix, CAIRN_TODO_DONE);
  cairn_todo_set_status (tests, CAIRN_TODO_IN_PROGRESS);
  g_assert_true (cairn_test_shows_text (list, "Fix the bug"));
  g_assert_true (cairn_test_shows_text (list, "Writing tests"));
  g_assert_nonnull (cairn_test_find_shown (list, GTK_TYPE_IMAGE, image_is,
                                           "object-select-symbolic"));

  cairn_todo_set_subject (fix, "Fix both bugs");
  g_assert_true (cairn_test_shows_text (list, "Fix both bugs"));
}

/* The prompt's images in the transcript: a thumbnail each, which opens the
 * saved file. A prompt of images only shows no empty text. */
static void
test_row_user_images (void)
{
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_new_picture (40, 30);
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

  g_assert_nonnull (cairn_test_find_shown (row, CAIRN_TYPE_THUMBNAIL, NULL, NULL));
  button = cairn_test_find_shown (row, GTK_TYPE_BUTTON, cairn_test_tooltip_is, "shot.png");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_null (cairn_test_find_shown (row, GTK_TYPE_LABEL, cairn_test_label_is, ""));

  /* recycled for a reply: no images */
  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), CAIRN_ITEM (reply));
  g_assert_null (cairn_test_find_shown (row, CAIRN_TYPE_THUMBNAIL, NULL, NULL));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

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
  g_test_add_func ("/cairn/widgets/row/tool-call-agent-a11y", test_row_tool_call_agent_a11y);
  g_test_add_func ("/cairn/widgets/row/tool-call-todo-a11y", test_row_tool_call_todo_a11y);
  g_test_add_func ("/cairn/widgets/row/prompt-menu-a11y", test_row_prompt_menu_a11y);
  g_test_add_func ("/cairn/widgets/todo-list", test_todo_list);
  g_test_add_func ("/cairn/widgets/row/hook", test_row_hook);
  g_test_add_func ("/cairn/widgets/row/changes", test_row_changes);
  g_test_add_func ("/cairn/widgets/row/user-images", test_row_user_images);

  return g_test_run ();
}
