/* test-approvals.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>

#include "transcript/cairn-result-item.h"
#include "session/cairn-session-private.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-tool-call-item.h"

/* Approvals through the real CLI: each answer the UI can give, sent by the
 * session, and its effect on disk and on what the model is told. */

#define WRITE(id, name, text) \
  "{\"type\":\"tool_use\",\"id\":\"" id "\",\"name\":\"Write\",\"input\":" \
  "{\"file_path\":\"@PROJECT@/" name "\",\"content\":\"" text "\\n\"}}"
#define TEXT(t) "{\"type\":\"text\",\"text\":\"" t "\"}"
#define BASH(id, command) \
  "{\"type\":\"tool_use\",\"id\":\"" id "\",\"name\":\"Bash\",\"input\":" \
  "{\"command\":\"" command "\",\"description\":\"Run it\"}}"
#define QUESTIONS \
  "{\"questions\":[{\"question\":\"Which language should we use?\",\"header\":\"Language\"," \
  "\"options\":[{\"label\":\"Rust\",\"description\":\"Fast\"},{\"label\":\"C\",\"description\":\"Classic\"}]," \
  "\"multiSelect\":false},{\"question\":\"Which features do you want?\",\"header\":\"Features\"," \
  "\"options\":[{\"label\":\"Logging\",\"description\":\"\"},{\"label\":\"Tests\",\"description\":\"\"}]," \
  "\"multiSelect\":true}]}"

static const char script[] =
  "{\"rules\":["
  "{\"match\":\"write one\",\"replies\":[{\"blocks\":[" WRITE ("toolu_w1", "hello.txt", "hi") "]},"
  "  {\"blocks\":[" TEXT ("Done writing.") "]}]},"
  "{\"match\":\"write two\",\"replies\":[{\"blocks\":[" WRITE ("toolu_a", "a.txt", "a") "," WRITE ("toolu_b", "b.txt", "b") "]},"
  "  {\"blocks\":[" TEXT ("Both done.") "]}]},"
  "{\"match\":\"write again\",\"replies\":[{\"blocks\":[" WRITE ("toolu_c", "c.txt", "c") "]},"
  "  {\"blocks\":[" WRITE ("toolu_d", "d.txt", "d") "]},{\"blocks\":[" TEXT ("Again done.") "]}]},"
  "{\"match\":\"make a plan\",\"replies\":["
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_plan_w\",\"name\":\"Write\",\"input\":"
  "   {\"file_path\":\"{{PLAN_FILE}}\",\"content\":\"# Plan\\n1. Create hello.py\\n\"}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_exit\",\"name\":\"ExitPlanMode\",\"input\":{\"allowedPrompts\":[]}}]},"
  "  {\"blocks\":[" TEXT ("Plan handled.") "]}]},"
  "{\"match\":\"make the dir\",\"replies\":[{\"blocks\":[" BASH ("toolu_mk", "mkdir -p build") "]},"
  "  {\"blocks\":[" TEXT ("Made it.") "]}]},"
  "{\"match\":\"and then some\",\"replies\":[{\"blocks\":[" BASH ("toolu_pwn", "mkdir -p build && touch PWNED") "]},"
  "  {\"blocks\":[" TEXT ("Tried.") "]}]},"
  "{\"match\":\"ask me\",\"replies\":[{\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_ask\","
  "   \"name\":\"AskUserQuestion\",\"input\":" QUESTIONS "}]},{\"blocks\":[" TEXT ("Thanks.") "]}]}"
  "]}";

typedef struct
{
  CairnTestFakeApi *api;
  CairnSession     *session;
  GPtrArray        *requests;
} Fixture;

static void
requested_cb (CairnSession           *session,
              CairnPermissionRequest *request,
              Fixture                *f)
{
  g_ptr_array_add (f->requests, g_object_ref (request));
}

static void
fixture_init (Fixture             *f,
              CairnPermissionMode  mode)
{
  f->api = cairn_test_fake_api_start (script);
  f->session = cairn_session_new (f->api->project, cairn_test_cli_path ());
  f->requests = g_ptr_array_new_with_free_func (g_object_unref);
  cairn_session_set_start_mode (f->session, mode);
  g_signal_connect (f->session, "permission-requested", G_CALLBACK (requested_cb), f);
}

static void
fixture_clear (Fixture *f)
{
  cairn_session_close (f->session);
  cairn_test_run_for (200);
  g_clear_object (&f->session);
  g_clear_pointer (&f->requests, g_ptr_array_unref);
  g_clear_pointer (&f->api, cairn_test_fake_api_free);
}

typedef struct { Fixture *f; guint n; } Count;

static gboolean
has_requests (gpointer data)
{
  Count *c = data;

  return c->f->requests->len >= c->n;
}

static CairnPermissionRequest *
wait_request (Fixture *f,
              guint    n)
{
  Count c = { f, n };

  if (!cairn_test_wait_until (has_requests, &c, 60000))
    {
      cairn_test_dump_transcript (cairn_session_get_transcript (f->session));
      g_error ("no permission request %u", n);
    }
  return g_ptr_array_index (f->requests, n - 1);
}

/* What the model was sent last, as text. */
static char *
last_request (Fixture *f)
{
  g_autoptr(GPtrArray) bodies = cairn_test_fake_api_bodies (f->api);

  g_assert_cmpuint (bodies->len, >, 0);
  return json_to_string (g_ptr_array_index (bodies, bodies->len - 1), FALSE);
}

static void
test_allow_writes (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write one");
  request = wait_request (&f, 1);
  g_assert_cmpstr (cairn_permission_request_get_tool_name (request), ==, "Write");
  g_assert_cmpstr (cairn_permission_request_get_title (request), ==, "hello.txt");
  g_assert_nonnull (strstr (cairn_permission_request_get_diff (request), "+hi"));
  g_assert_false (cairn_permission_request_get_outside_project (request));
  /* the request also shows on the tool's card */
  g_assert_true (cairn_tool_call_item_get_approval (CAIRN_TOOL_CALL_ITEM (
    cairn_test_find_item (cairn_session_get_transcript (f.session), CAIRN_ITEM_KIND_TOOL_CALL, 0))) == request);
  g_assert_false (cairn_test_project_has (f.api, "hello.txt"));

  cairn_session_allow (f.session, request, NULL, NULL);
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_project_has (f.api, "hello.txt"));
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_ALLOWED);
  /* an answer can't go twice */
  cairn_session_deny (f.session, request, "too late", FALSE);
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_ALLOWED);
  fixture_clear (&f);
}

static void
test_deny_with_message (void)
{
  Fixture f = { 0 };
  g_autofree char *sent = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write one");
  cairn_session_deny (f.session, wait_request (&f, 1), "Please use notes.md instead", FALSE);
  cairn_test_wait_idle (f.session);
  g_assert_false (cairn_test_project_has (f.api, "hello.txt"));
  sent = last_request (&f);
  g_assert_nonnull (strstr (sent, "Please use notes.md instead"));
  /* the card says "not allowed" and why, not "failed" with the refusal */
  {
    CairnItem *card = cairn_test_find_item (cairn_session_get_transcript (f.session),
                                            CAIRN_ITEM_KIND_TOOL_CALL, 0);
    g_assert_cmpint (cairn_tool_call_item_get_status (CAIRN_TOOL_CALL_ITEM (card)), ==,
                     CAIRN_TOOL_STATUS_REFUSED);
    g_assert_cmpstr (cairn_tool_call_item_get_summary (CAIRN_TOOL_CALL_ITEM (card)), ==,
                     "Please use notes.md instead");
  }
  fixture_clear (&f);
}

static void
test_deny_and_interrupt (void)
{
  Fixture f = { 0 };
  CairnResultItem *result;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write one");
  cairn_session_deny (f.session, wait_request (&f, 1), "Stop", TRUE);
  cairn_test_wait_idle (f.session);
  result = CAIRN_RESULT_ITEM (cairn_test_find_item (cairn_session_get_transcript (f.session),
                                                    CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_true (cairn_result_item_get_is_error (result));
  g_assert_cmpstr (cairn_result_item_get_message (result), ==, "The turn was interrupted");
  g_assert_false (cairn_test_project_has (f.api, "hello.txt"));
  fixture_clear (&f);
}

/* Always allow: the next Write isn't asked; the rule is listed, and once
 * revoked the CLI (restarted) asks again. */
static void
test_always_allow_and_revoke (void)
{
  Fixture f = { 0 };
  g_autoptr(CairnAllowRule) rule = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write again");
  cairn_session_allow_always (f.session, wait_request (&f, 1));
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_project_has (f.api, "c.txt"));
  g_assert_true (cairn_test_project_has (f.api, "d.txt"));
  g_assert_cmpuint (f.requests->len, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_allow_rules (f.session)), ==, 1);

  rule = g_list_model_get_item (cairn_session_get_allow_rules (f.session), 0);
  cairn_session_revoke_rule (f.session, rule);
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_allow_rules (f.session)), ==, 0);
  cairn_session_send_prompt (f.session, "write one");
  cairn_session_deny (f.session, wait_request (&f, 2), "no", FALSE);
  cairn_test_wait_idle (f.session);
  g_assert_false (cairn_test_project_has (f.api, "hello.txt"));
  fixture_clear (&f);
}

/* A Bash turn that must not ask: no new request, the command ran. */
static void
runs_without_asking (Fixture    *f,
                     const char *prompt)
{
  guint asked = f->requests->len;

  cairn_session_send_prompt (f->session, prompt);
  cairn_test_wait_idle (f->session);
  g_assert_cmpuint (f->requests->len, ==, asked);
}

/* A compound command is asked for and does not run while unanswered. */
static void
compound_still_asks (Fixture *f)
{
  CairnPermissionRequest *request;

  cairn_session_send_prompt (f->session, "and then some");
  request = wait_request (f, f->requests->len + 1);
  g_assert_cmpstr (cairn_permission_request_get_command (request), ==, "mkdir -p build && touch PWNED");
  cairn_test_run_for (500);
  g_assert_false (cairn_test_project_has (f->api, "PWNED"));
  cairn_session_deny (f->session, request, "no", FALSE);
  cairn_test_wait_idle (f->session);
  g_assert_false (cairn_test_project_has (f->api, "PWNED"));
}

/* "Always allow" on `mkdir -p build` allows the rule the CLI suggested,
 * matched by the CLI: the same command runs, `mkdir -p build && touch
 * PWNED` is still asked for, in this process and in a restarted one
 * (which gets the rule back as --allowedTools); revoked, it asks again. */
static void
test_always_allow_is_the_cli_rule (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;
  g_autoptr(CairnAllowRule) rule = NULL;
  g_autofree char *label = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "make the dir");
  request = wait_request (&f, 1);
  label = cairn_permission_request_dup_session_rule_label (request);
  g_test_message ("always allow: %s", label);
  g_assert_null (strstr (label, "Every"));
  g_assert_nonnull (strstr (label, "mkdir -p build"));
  g_assert_nonnull (strstr (label, "(This Session)"));
  cairn_session_allow_always (f.session, request);
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_project_has (f.api, "build"));
  rule = g_list_model_get_item (cairn_session_get_allow_rules (f.session), 0);
  g_assert_nonnull (cairn_json_get_string (cairn_json_array_get_object (
    cairn_json_get_array (cairn_allow_rule_get_update (rule), "rules"), 0), "ruleContent"));

  runs_without_asking (&f, "make the dir");
  compound_still_asks (&f);

  cairn_session_restart (f.session);
  runs_without_asking (&f, "make the dir");
  compound_still_asks (&f);

  cairn_session_revoke_rule (f.session, rule);
  cairn_session_send_prompt (f.session, "make the dir");
  cairn_session_deny (f.session, wait_request (&f, f.requests->len + 1), "no", FALSE);
  cairn_test_wait_idle (f.session);
  fixture_clear (&f);
}

/* The CLI's own suggestion ("Allow all edits this session") changes mode. */
static void
test_suggestion_changes_mode (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;
  g_autofree char *label = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write one");
  request = wait_request (&f, 1);
  g_assert_cmpuint (cairn_permission_request_get_n_suggestions (request), >=, 1);
  label = cairn_permission_request_dup_suggestion_label (request, 0);
  g_assert_cmpstr (label, ==, "Allow All Edits (This Session)");
  cairn_session_allow_suggestion (f.session, request, 0);
  cairn_test_wait_idle (f.session);
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, "acceptEdits");
  g_assert_true (cairn_test_project_has (f.api, "hello.txt"));
  fixture_clear (&f);
}

static void
test_interrupt_cancels_request (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write one");
  request = wait_request (&f, 1);
  cairn_session_interrupt (f.session);
  cairn_test_wait_idle (f.session);
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_CANCELLED);
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_pending_requests (f.session)), ==, 0);
  g_assert_false (cairn_test_project_has (f.api, "hello.txt"));
  fixture_clear (&f);
}

static void
test_killed_while_asking (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;
  CairnToolCallItem *card;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write one");
  request = wait_request (&f, 1);
  kill (atoi (cairn_cli_connection_get_identifier (_cairn_session_get_connection (f.session))), SIGKILL);
  cairn_test_wait_idle (f.session);
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_EXPIRED);
  card = CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (cairn_session_get_transcript (f.session),
                                                     CAIRN_ITEM_KIND_TOOL_CALL, 0));
  g_assert_cmpint (cairn_tool_call_item_get_status (card), ==, CAIRN_TOOL_STATUS_NOT_RUN);
  g_assert_null (cairn_tool_call_item_get_approval (card));
  fixture_clear (&f);
}

/* Two calls in one reply: asked one after the other, in order. */
static void
test_two_requests_in_order (void)
{
  Fixture f = { 0 };

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "write two");
  g_assert_cmpstr (cairn_permission_request_get_title (wait_request (&f, 1)), ==, "a.txt");
  cairn_test_run_for (300);
  g_assert_cmpuint (f.requests->len, ==, 1);
  cairn_session_allow (f.session, g_ptr_array_index (f.requests, 0), NULL, NULL);
  g_assert_cmpstr (cairn_permission_request_get_title (wait_request (&f, 2)), ==, "b.txt");
  cairn_session_allow (f.session, g_ptr_array_index (f.requests, 1), NULL, NULL);
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_project_has (f.api, "a.txt") && cairn_test_project_has (f.api, "b.txt"));
  fixture_clear (&f);
}

static CairnPermissionRequest *
wait_plan (Fixture *f)
{
  CairnPermissionRequest *request;

  cairn_session_send_prompt (f->session, "make a plan");
  request = wait_request (f, 1);
  g_assert_cmpint (cairn_permission_request_get_kind (request), ==, CAIRN_PERMISSION_KIND_PLAN);
  g_assert_cmpstr (cairn_permission_request_get_plan (request), ==, "# Plan\n1. Create hello.py\n");
  return request;
}

static void
check_plan_mode_after (CairnPlanChoice  choice,
                       const char      *expected_mode)
{
  Fixture f = { 0 };

  fixture_init (&f, CAIRN_PERMISSION_MODE_PLAN);
  cairn_session_answer_plan (f.session, wait_plan (&f), choice, NULL, NULL);
  cairn_test_wait_idle (f.session);
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, expected_mode);
  fixture_clear (&f);
}

static void
test_plan_accept_and_review (void)
{
  check_plan_mode_after (CAIRN_PLAN_ACCEPT_EDITS, "acceptEdits");
  check_plan_mode_after (CAIRN_PLAN_REVIEW_EDITS, "default");
}

static void
test_plan_keep_planning (void)
{
  Fixture f = { 0 };
  g_autofree char *sent = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_PLAN);
  cairn_session_answer_plan (f.session, wait_plan (&f), CAIRN_PLAN_KEEP_PLANNING, NULL,
                             "Add a step for the tests");
  cairn_test_wait_idle (f.session);
  sent = last_request (&f);
  g_assert_nonnull (strstr (sent, "Add a step for the tests"));
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, "plan");
  fixture_clear (&f);
}

/* An edited plan goes back as updatedInput.plan and lands in the file. */
static void
test_plan_edited (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;
  g_autofree char *on_disk = NULL;
  const char *path;

  fixture_init (&f, CAIRN_PERMISSION_MODE_PLAN);
  request = wait_plan (&f);
  path = json_object_get_string_member (cairn_permission_request_get_input (request), "planFilePath");
  cairn_session_answer_plan (f.session, request, CAIRN_PLAN_ACCEPT_EDITS,
                             "# Edited plan\n1. Create hello.py\n2. Test it\n", NULL);
  cairn_test_wait_idle (f.session);
  g_assert_true (g_file_get_contents (path, &on_disk, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, "# Edited plan\n1. Create hello.py\n2. Test it\n");
  fixture_clear (&f);
}

/* Clear the context: a new process, a new session, the plan as prompt. */
static void
test_plan_fresh_session (void)
{
  Fixture f = { 0 };
  g_autofree char *old_id = NULL;
  g_autofree char *sent = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_PLAN);
  cairn_session_answer_plan (f.session, wait_plan (&f), CAIRN_PLAN_CLEAR_AND_ACCEPT_EDITS, NULL, NULL);
  old_id = g_strdup (cairn_session_get_session_id (f.session));
  cairn_test_wait_idle (f.session);
  g_assert_nonnull (cairn_session_get_session_id (f.session));
  g_assert_cmpstr (cairn_session_get_session_id (f.session), !=, old_id);
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, "acceptEdits");
  sent = last_request (&f);
  g_assert_nonnull (strstr (sent, "Implement the following plan:"));
  g_assert_nonnull (strstr (sent, "1. Create hello.py"));
  g_assert_null (strstr (sent, "make a plan"));
  fixture_clear (&f);
}

/* Plan mode: a write the CLI asks about is refused by Cairn itself. */
static void
test_plan_mode_refuses_writes (void)
{
  Fixture f = { 0 };

  fixture_init (&f, CAIRN_PERMISSION_MODE_PLAN);
  cairn_session_send_prompt (f.session, "write one");
  cairn_test_wait_idle (f.session);
  g_assert_false (cairn_test_project_has (f.api, "hello.txt"));
  g_assert_cmpuint (f.requests->len, ==, 0);
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session),
                                                 "plan mode allows no changes"));
  fixture_clear (&f);
}

static void
check_answers (const char *language,
               const char *features,
               const char *expected)
{
  Fixture f = { 0 };
  g_autoptr(GHashTable) answers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) questions = NULL;
  CairnPermissionRequest *request;
  g_autofree char *sent = NULL;
  g_autofree char *path = NULL;
  g_autofree char *stored = NULL;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT);
  cairn_session_send_prompt (f.session, "ask me");
  request = wait_request (&f, 1);
  g_assert_cmpint (cairn_permission_request_get_kind (request), ==, CAIRN_PERMISSION_KIND_QUESTION);
  /* what the dialog shows, read from the request by core */
  questions = cairn_permission_request_dup_questions (request);
  g_assert_cmpuint (questions->len, ==, 2);
  g_assert_cmpstr (((CairnQuestion *)questions->pdata[0])->text, ==, "Which language should we use?");
  g_assert_false (((CairnQuestion *)questions->pdata[0])->multi_select);
  g_assert_true (((CairnQuestion *)questions->pdata[1])->multi_select);
  g_assert_cmpuint (((CairnQuestion *)questions->pdata[0])->options->len, >=, 2);
  g_hash_table_insert (answers, (char *)"Which language should we use?", (char *)language);
  g_hash_table_insert (answers, (char *)"Which features do you want?", (char *)features);
  cairn_session_answer_questions (f.session, request, answers);
  cairn_test_wait_idle (f.session);
  sent = last_request (&f);
  g_assert_nonnull (strstr (sent, expected));
  /* the answers went in the order of the questions, as the dialog asked */
  path = cairn_test_session_file (f.api, cairn_session_get_session_id (f.session));
  g_assert_true (g_file_get_contents (path, &stored, NULL, NULL));
  g_assert_nonnull (strstr (stored, "\"answers\":{\"Which language should we use?\":"));
  fixture_clear (&f);
}

static void
test_questions (void)
{
  /* single, multi-select (joined with ", ") and a free "Other" answer */
  check_answers ("Rust", "Logging, Tests",
                 "\\\"Which language should we use?\\\"=\\\"Rust\\\"");
  check_answers ("Rust", "Logging, Tests",
                 "\\\"Which features do you want?\\\"=\\\"Logging, Tests\\\"");
  check_answers ("Zig, because it is new", "Tests",
                 "\\\"Which language should we use?\\\"=\\\"Zig, because it is new\\\"");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/approvals/allow-writes", test_allow_writes);
  g_test_add_func ("/cairn/approvals/deny-with-message", test_deny_with_message);
  g_test_add_func ("/cairn/approvals/deny-and-interrupt", test_deny_and_interrupt);
  g_test_add_func ("/cairn/approvals/always-allow-and-revoke", test_always_allow_and_revoke);
  g_test_add_func ("/cairn/approvals/always-allow-is-the-cli-rule", test_always_allow_is_the_cli_rule);
  g_test_add_func ("/cairn/approvals/suggestion-changes-mode", test_suggestion_changes_mode);
  g_test_add_func ("/cairn/approvals/interrupt-cancels-request", test_interrupt_cancels_request);
  g_test_add_func ("/cairn/approvals/killed-while-asking", test_killed_while_asking);
  g_test_add_func ("/cairn/approvals/two-requests-in-order", test_two_requests_in_order);
  g_test_add_func ("/cairn/approvals/plan-accept-and-review", test_plan_accept_and_review);
  g_test_add_func ("/cairn/approvals/plan-keep-planning", test_plan_keep_planning);
  g_test_add_func ("/cairn/approvals/plan-edited", test_plan_edited);
  g_test_add_func ("/cairn/approvals/plan-fresh-session", test_plan_fresh_session);
  g_test_add_func ("/cairn/approvals/plan-mode-refuses-writes", test_plan_mode_refuses_writes);
  g_test_add_func ("/cairn/approvals/questions", test_questions);

  return g_test_run ();
}
