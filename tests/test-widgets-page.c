/* test-widgets-page.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A conversation's pages and dialogs (src/ui/page): the trust page, the
 * question dialog, and the key guard of the approval and plan dialogs.
 * Runs on Xvfb. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include <adwaita.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gtksourceview/gtksource.h>

#include "page/cairn-approval-dialog.h"
#include "widgets/cairn-key-guard.h"
#include "page/cairn-plan-dialog.h"
#include "page/cairn-trust-page.h"
#include "page/cairn-question-dialog.h"
#include "session/cairn-session-private.h"
#include "cairn-test-ui.h"

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
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), title));
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), folder));
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page), "echo '<i>x</i>' && true"));
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (page),
                                        "Hook · SessionStart · .claude/settings.json"));
  cairn_trust_gate_cancel (gate);
  g_assert_cmpint (cairn_trust_gate_get_state (gate), ==, CAIRN_TRUST_GATE_CANCELLED);
  g_unlink (settings);
  g_rmdir (dir);
  g_rmdir (folder);
  g_rmdir (base);
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
  g_assert_nonnull (cairn_test_find_shown (root, GTK_TYPE_LABEL, cairn_test_label_is,
                                           "Which language should we use?"));
  g_assert_nonnull (cairn_test_find_shown (root, GTK_TYPE_LABEL, cairn_test_label_is, "Features"));
  rust = cairn_test_find_shown (root, GTK_TYPE_CHECK_BUTTON, check_is, "Rust");
  c = cairn_test_find_shown (root, GTK_TYPE_CHECK_BUTTON, check_is, "C");
  logging = cairn_test_find_shown (root, GTK_TYPE_CHECK_BUTTON, check_is, "Logging");
  tests = cairn_test_find_shown (root, GTK_TYPE_CHECK_BUTTON, check_is, "Tests");
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
  cairn_test_drain_main_context ();
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
  cairn_test_drain_main_context ();
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
  g_assert_true (cairn_test_poll_until (is_armed, dialog, 10000));

  gtk_window_destroy (GTK_WINDOW (dialog));
  cairn_test_drain_main_context ();
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
  cairn_test_drain_main_context ();
  g_assert_false (cairn_key_guard_is_armed (GTK_WIDGET (dialog)));
  approve = cairn_test_find_shown (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, button_says,
                                   "Approve and Accept Edits");
  g_assert_nonnull (approve);
  g_assert_false (gtk_widget_is_sensitive (approve));
  /* not on a choice (the Edit toggle, or the plan, may have it) */
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (focus == NULL || !GTK_IS_ACTIONABLE (focus) ||
                 g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), "plan.choose") != 0);
  g_assert_true (cairn_test_poll_until (is_armed, dialog, 10000));
  g_assert_true (gtk_widget_is_sensitive (approve));
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_PENDING);

  gtk_window_destroy (GTK_WINDOW (dialog));
  cairn_test_drain_main_context ();
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/widgets/trust-page", test_trust_page);
  g_test_add_func ("/cairn/widgets/question-dialog", test_question_dialog);
  g_test_add_func ("/cairn/widgets/approval-dialog-guard", test_approval_dialog_guard);
  g_test_add_func ("/cairn/widgets/plan-dialog-guard", test_plan_dialog_guard);

  return g_test_run ();
}
