/* test-accessors.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "approvals/cairn-permission-request.h"
#include "cairn-test-harness.h"
#include "session/cairn-session.h"
#include "protocol/cairn-message.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-transcript-builder.h"

/* What the dialogs and rows show of the CLI's lines, read through core's
 * typed accessors (src/ui reads no JSON): recorded lines of the real CLI,
 * and AskUserQuestion's can_use_tool as the CLI sends it. */

static GStrv
recorded_lines (const char *version,
                const char *name)
{
  g_autofree char *path = cairn_test_recording_path (version, name);
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return g_strsplit (contents, "\n", -1);
}

static CairnPermissionRequest *
request_from_line (const char *line)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, strlen (line));

  g_assert_cmpint (cairn_message_get_kind (message), ==, CAIRN_MESSAGE_CONTROL_REQUEST);
  return cairn_permission_request_new (cairn_message_get_object (message), "/p");
}

/* A can_use_tool line in the envelope the CLI sends, for @input. */
static CairnPermissionRequest *
asking (const char *tool_name,
        const char *input)
{
  g_autofree char *line =
    g_strdup_printf ("{\"type\":\"control_request\",\"request_id\":\"r1\",\"request\":"
                     "{\"subtype\":\"can_use_tool\",\"tool_name\":\"%s\",\"display_name\":\"%s\","
                     "\"input\":%s,\"tool_use_id\":\"toolu_1\"}}", tool_name, tool_name, input);

  return request_from_line (line);
}

/* A recording's tool-call cards, built as the session builds them. */
static CairnTranscriptBuilder *
build_recording (const char *version,
                 const char *name)
{
  CairnTranscriptBuilder *builder = cairn_transcript_builder_new ("/p");
  g_auto(GStrv) lines = recorded_lines (version, name);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(CairnMessage) message = NULL;

      if (*lines[i] == '\0')
        continue;
      message = cairn_message_new_from_line (lines[i], strlen (lines[i]));
      if (cairn_message_get_kind (message) == CAIRN_MESSAGE_STREAM_EVENT)
        cairn_transcript_builder_add_stream_event (builder, cairn_message_get_object (message));
      else if (cairn_message_get_kind (message) == CAIRN_MESSAGE_ASSISTANT)
        cairn_transcript_builder_add_assistant (builder, message);
      else if (cairn_message_get_kind (message) == CAIRN_MESSAGE_USER)
        cairn_transcript_builder_add_user (builder, message);
    }
  return builder;
}

/* tool-write's can_use_tool: a Write runs no command and asks nothing;
 * its card has no command and no todos. */
static void
test_recorded_write (gconstpointer data)
{
  const char *version = data;
  g_auto(GStrv) lines = recorded_lines (version, "tool-write.jsonl");
  g_autoptr(CairnTranscriptBuilder) builder = build_recording (version, "tool-write.jsonl");
  g_autoptr(CairnPermissionRequest) request = NULL;
  g_autoptr(GPtrArray) questions = NULL;
  g_autoptr(GListModel) todos = NULL;
  CairnToolCallItem *card;

  for (guint i = 0; lines[i] != NULL && request == NULL; i++)
    if (strstr (lines[i], "\"subtype\":\"can_use_tool\"") != NULL)
      request = request_from_line (lines[i]);
  g_assert_nonnull (request);
  g_assert_cmpstr (cairn_permission_request_get_tool_name (request), ==, "Write");
  g_assert_null (cairn_permission_request_get_command (request));
  questions = cairn_permission_request_dup_questions (request);
  g_assert_cmpuint (questions->len, ==, 0);

  card = cairn_transcript_builder_find_call (builder, cairn_permission_request_get_tool_use_id (request));
  g_assert_nonnull (card);
  g_assert_null (cairn_tool_call_item_get_command (card));
  todos = cairn_tool_call_item_dup_written_todos (card);
  g_assert_cmpuint (g_list_model_get_n_items (todos), ==, 0);
}

/* A recorded Bash call's card gives its command: the main agent's
 * (2.1.197) and a background subagent's (2.1.330). */
static void
test_recorded_commands (void)
{
  g_autoptr(CairnTranscriptBuilder) main_agent = build_recording ("2.1.197", "notices.jsonl");
  g_autoptr(CairnTranscriptBuilder) subagent = build_recording ("2.1.330", "agent-background.jsonl");
  CairnToolCallItem *card;

  card = cairn_transcript_builder_find_call (main_agent, "toolu_pending");
  g_assert_nonnull (card);
  g_assert_cmpstr (cairn_tool_call_item_get_command (card), ==, "sleep 100");
  card = cairn_transcript_builder_find_call (subagent, "toolu_rec_sub_bash");
  g_assert_nonnull (card);
  g_assert_cmpstr (cairn_tool_call_item_get_command (card), ==, "echo needle two");
}

/* A Bash can_use_tool: the dialog shows the command in full, not only
 * the description. */
static void
test_bash_request_command (void)
{
  g_autoptr(CairnPermissionRequest) request =
    asking ("Bash", "{\"command\":\"ls /home/me/proj\\nls /tmp\",\"description\":\"List ws\"}");
  g_autoptr(GPtrArray) questions = cairn_permission_request_dup_questions (request);

  g_assert_cmpstr (cairn_permission_request_get_command (request), ==, "ls /home/me/proj\nls /tmp");
  g_assert_cmpuint (questions->len, ==, 0);
}

/* A Bash can_use_tool with the CLI's permission_suggestions (their shape
 * as 2.1.330 sends them). */
static CairnPermissionRequest *
asking_with (const char *suggestions)
{
  g_autofree char *line =
    g_strdup_printf ("{\"type\":\"control_request\",\"request_id\":\"r1\",\"request\":"
                     "{\"subtype\":\"can_use_tool\",\"tool_name\":\"Bash\",\"display_name\":\"Bash\","
                     "\"input\":{\"command\":\"make check\"},\"tool_use_id\":\"toolu_1\","
                     "\"permission_suggestions\":%s}}", suggestions);

  return request_from_line (line);
}

static char *
label_at (CairnPermissionRequest *request,
          guint                   index)
{
  return cairn_permission_request_dup_suggestion_label (request, index);
}

/* Every "always allow" says what it allows, in the CLI's rule grammar,
 * and where it is kept; "Always allow this session" takes the CLI's rule
 * for the call (kept for the session), the whole tool only when the CLI
 * suggested none, and then it says "every". */
static void
test_suggestion_labels (void)
{
  g_autoptr(CairnPermissionRequest) request = asking_with (
    "[{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"make check *\"}],"
    "\"behavior\":\"allow\",\"destination\":\"localSettings\"},"
    "{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"npm run:*\"}],"
    "\"behavior\":\"allow\",\"destination\":\"userSettings\"},"
    "{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"git log\"},"
    "{\"toolName\":\"Read\",\"ruleContent\":\"//etc/**\"}],\"behavior\":\"allow\",\"destination\":\"projectSettings\"},"
    "{\"type\":\"addDirectories\",\"directories\":[\"/srv/a\",\"/srv/b\"],\"destination\":\"session\"},"
    "{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\"}],\"behavior\":\"allow\",\"destination\":\"session\"}]");
  g_autoptr(CairnPermissionRequest) bare = asking_with ("[]");
  g_autoptr(JsonObject) rule = cairn_permission_request_dup_session_rule (request);
  g_autoptr(JsonObject) whole = cairn_permission_request_dup_session_rule (bare);
  g_autoptr(CairnAllowRule) allow = cairn_allow_rule_new (rule, NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) cli_rules = NULL;
  g_autofree char *l0 = label_at (request, 0), *l1 = label_at (request, 1), *l2 = label_at (request, 2);
  g_autofree char *l3 = label_at (request, 3), *l4 = label_at (request, 4);
  g_autofree char *session = cairn_permission_request_dup_session_rule_label (request);
  g_autofree char *every = cairn_permission_request_dup_session_rule_label (bare);

  g_assert_cmpstr (l0, ==, "Always Allow Commands Starting With “make check” (This Project)");
  g_assert_cmpstr (l1, ==, "Always Allow Commands Starting With “npm run” (All Projects)");
  g_assert_cmpstr (l2, ==, "Always Allow the Command “git log”, Reading Files Matching “/etc/**” "
                           "(This Project, Shared)");
  g_assert_cmpstr (l3, ==, "Allow Access to “/srv/a”, “/srv/b” (This Session)");
  g_assert_cmpstr (l4, ==, "Always Allow Every Bash Command (This Session)");

  /* the CLI's session suggestion wins: here the whole tool, and the label says "Every" */
  g_assert_cmpstr (session, ==, "Always Allow Every Bash Command (This Session)");
  g_assert_true (cairn_permission_request_suggestion_is_session_rule (request, 4));
  g_assert_false (cairn_permission_request_suggestion_is_session_rule (request, 0));
  g_assert_cmpstr (every, ==, "Always Allow Every Bash Command (This Session)");
  g_assert_cmpstr (cairn_json_get_string (whole, "destination"), ==, "session");

  /* a rule with parentheses, spelled as the CLI reads --allowedTools */
  cairn_allow_rule_add_cli_rules (allow, builder);
  cli_rules = g_strv_builder_end (builder);
  g_assert_cmpstr (cli_rules[0], ==, "Bash");
}

/* Without a session suggestion, the CLI's rule of another destination is
 * kept for the session; a content with `(`, `)` or `\` is escaped. */
static void
test_session_rule_from_suggestion (void)
{
  g_autoptr(CairnPermissionRequest) request = asking_with (
    "[{\"type\":\"setMode\",\"mode\":\"acceptEdits\",\"destination\":\"session\"},"
    "{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"echo (a\\\\b) *\"}],"
    "\"behavior\":\"allow\",\"destination\":\"localSettings\"}]");
  g_autoptr(JsonObject) rule = cairn_permission_request_dup_session_rule (request);
  g_autoptr(CairnAllowRule) allow = cairn_allow_rule_new (rule, NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) cli_rules = NULL;
  g_autofree char *label = cairn_permission_request_dup_session_rule_label (request);
  g_autofree char *mode = label_at (request, 0);

  g_assert_cmpstr (label, ==, "Always Allow Commands Starting With “echo (a\\b)” (This Session)");
  g_assert_cmpstr (mode, ==, "Allow All Edits (This Session)");
  g_assert_cmpstr (cairn_json_get_string (rule, "destination"), ==, "session");
  /* the suggestion itself is left as the CLI sent it */
  g_assert_cmpstr (cairn_json_get_string (cairn_permission_request_get_suggestion (request, 1), "destination"),
                   ==, "localSettings");
  cairn_allow_rule_add_cli_rules (allow, builder);
  cli_rules = g_strv_builder_end (builder);
  g_assert_cmpstr (cli_rules[0], ==, "Bash(echo \\(a\\\\b\\) *)");
  g_assert_null (cli_rules[1]);
}

/* A notification may allow only what it says whole: the tool, the whole
 * command or file, the outside-project warning; else it has no body (it
 * offers the dialog). */
static void
test_notification_body (void)
{
  g_autoptr(CairnPermissionRequest) bash = asking ("Bash", "{\"command\":\"make check && rm -rf build\"}");
  g_autoptr(CairnPermissionRequest) outside = asking ("Write", "{\"file_path\":\"/etc/hosts\",\"content\":\"x\"}");
  g_autoptr(CairnPermissionRequest) inside = asking ("Write", "{\"file_path\":\"/p/a.txt\",\"content\":\"x\"}");
  g_autoptr(GString) command = g_string_new ("{\"command\":\"echo ");
  g_autoptr(CairnPermissionRequest) long_one = NULL;
  g_autoptr(CairnPermissionRequest) lines = asking ("Bash", "{\"command\":\"a\\nb\\nc\\nd\\ne\"}");
  g_autofree char *bash_body = cairn_permission_request_dup_notification_body (bash);
  g_autofree char *outside_body = cairn_permission_request_dup_notification_body (outside);
  g_autofree char *inside_body = cairn_permission_request_dup_notification_body (inside);
  g_autofree char *long_body = NULL;
  g_autofree char *lines_body = cairn_permission_request_dup_notification_body (lines);

  for (guint i = 0; i < 300; i++)
    g_string_append_c (command, 'x');
  g_string_append (command, "\"}");
  long_one = asking ("Bash", command->str);
  long_body = cairn_permission_request_dup_notification_body (long_one);

  g_assert_cmpstr (bash_body, ==, "Bash: make check && rm -rf build");
  g_assert_cmpstr (outside_body, ==, "Write: /etc/hosts\n⚠ This reaches outside the project folder.");
  g_assert_cmpstr (inside_body, ==, "Write: /p/a.txt");
  g_assert_null (long_body);
  g_assert_null (lines_body);
}

/* A CLI suggestion kept for the session is listed (to revoke, and for a
 * restarted process); one for a settings file is the CLI's to keep. */
static void
test_session_suggestion_kept (void)
{
  g_autoptr(CairnPermissionRequest) request = asking_with (
    "[{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"make check *\"}],"
    "\"behavior\":\"allow\",\"destination\":\"localSettings\"},"
    "{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"make:*\"}],"
    "\"behavior\":\"allow\",\"destination\":\"session\"}]");
  g_autoptr(CairnPermissionRequest) again = asking_with (
    "[{\"type\":\"addRules\",\"rules\":[{\"toolName\":\"Bash\",\"ruleContent\":\"make check *\"}],"
    "\"behavior\":\"allow\",\"destination\":\"localSettings\"}]");
  g_autoptr(CairnSession) session = cairn_session_new ("/p", "/nonexistent/claude");
  GListModel *rules = cairn_session_get_allow_rules (session);
  g_autoptr(CairnAllowRule) rule = NULL;

  cairn_session_allow_suggestion (session, again, 0);
  g_assert_cmpuint (g_list_model_get_n_items (rules), ==, 0);
  cairn_session_allow_suggestion (session, request, 1);
  g_assert_cmpuint (g_list_model_get_n_items (rules), ==, 1);
  rule = g_list_model_get_item (rules, 0);
  g_assert_cmpstr (cairn_allow_rule_get_label (rule), ==,
                   "Always Allow Commands Starting With “make” (This Session)");
}

static CairnQuestionOption *
option_at (CairnQuestion *question,
           guint          index)
{
  g_assert_cmpuint (index, <, question->options->len);
  return g_ptr_array_index (question->options, index);
}

/* AskUserQuestion's input as the model wrote it and the CLI passes it on
 * (2–4 options with an optional preview, 1–4 questions), with entries
 * that are no objects, which are left out, and a question without header
 * or multiSelect. */
static void
test_questions (void)
{
  const char *input =
    "{\"questions\":["
    "{\"question\":\"Which language should we use?\",\"header\":\"Language\",\"multiSelect\":false,"
    "\"options\":[{\"label\":\"Rust\",\"description\":\"Fast\",\"preview\":\"fn main() {}\"},"
    "{\"label\":\"C\",\"description\":\"Classic\"}]},"
    "\"not a question\","
    "{\"question\":\"Which features do you want?\",\"header\":\"Features\",\"multiSelect\":true,"
    "\"options\":[{\"label\":\"Logging\",\"description\":\"\"},42,{\"label\":\"Tests\"}]},"
    "{\"question\":\"Anything else?\",\"options\":[]}]}";
  g_autoptr(CairnPermissionRequest) request = asking ("AskUserQuestion", input);
  g_autoptr(GPtrArray) questions = cairn_permission_request_dup_questions (request);
  CairnQuestion *language, *features, *bare;

  g_assert_cmpint (cairn_permission_request_get_kind (request), ==, CAIRN_PERMISSION_KIND_QUESTION);
  g_assert_null (cairn_permission_request_get_command (request));
  g_assert_cmpuint (questions->len, ==, 3);
  language = g_ptr_array_index (questions, 0);
  features = g_ptr_array_index (questions, 1);
  bare = g_ptr_array_index (questions, 2);

  g_assert_cmpstr (language->header, ==, "Language");
  g_assert_cmpstr (language->text, ==, "Which language should we use?");
  g_assert_false (language->multi_select);
  g_assert_cmpuint (language->options->len, ==, 2);
  g_assert_cmpstr (option_at (language, 0)->label, ==, "Rust");
  g_assert_cmpstr (option_at (language, 0)->description, ==, "Fast");
  g_assert_cmpstr (option_at (language, 1)->label, ==, "C");

  g_assert_true (features->multi_select);
  g_assert_cmpuint (features->options->len, ==, 2);   /* the 42 is no option */
  g_assert_cmpstr (option_at (features, 1)->label, ==, "Tests");
  g_assert_cmpstr (option_at (features, 1)->description, ==, "");

  /* missing fields read as empty, never NULL: the dialog shows them as is */
  g_assert_cmpstr (bare->header, ==, "");
  g_assert_false (bare->multi_select);
  g_assert_cmpuint (bare->options->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  cairn_test_add_per_version ("/cairn/accessors/recorded-write", test_recorded_write);
  g_test_add_func ("/cairn/accessors/recorded-commands", test_recorded_commands);
  g_test_add_func ("/cairn/accessors/bash-request-command", test_bash_request_command);
  g_test_add_func ("/cairn/accessors/questions", test_questions);
  g_test_add_func ("/cairn/accessors/suggestion-labels", test_suggestion_labels);
  g_test_add_func ("/cairn/accessors/notification-body", test_notification_body);
  g_test_add_func ("/cairn/accessors/session-suggestion-kept", test_session_suggestion_kept);
  g_test_add_func ("/cairn/accessors/session-rule-from-suggestion", test_session_rule_from_suggestion);

  return g_test_run ();
}
