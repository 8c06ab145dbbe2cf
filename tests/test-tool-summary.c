/* test-tool-summary.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "protocol/cairn-tool-summary.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-tool-call-item.h"

/* How each kind of tool call reads on its card. The pinned CLI 2.1.197
 * doesn't offer Grep, Glob, TodoWrite or MultiEdit, and WebFetch needs the
 * network, so these inputs and results follow the shapes older and other
 * CLI builds send. */

static JsonObject *
object_from (const char *json)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

static void
summarize (const char       *name,
           const char       *input_json,
           CairnToolSummary *summary)
{
  g_autoptr(JsonObject) input = object_from (input_json);

  cairn_tool_summarize_input (name, input, "/home/me/proj", summary);
}

static void
test_kinds_and_titles (void)
{
  CairnToolSummary s = { 0 };

  summarize ("Grep", "{\"pattern\":\"TODO\",\"path\":\"/home/me/proj/src\",\"glob\":\"*.c\"}", &s);
  g_assert_cmpint (s.kind, ==, CAIRN_TOOL_KIND_SEARCH);
  g_assert_cmpstr (s.title, ==, "TODO");
  g_assert_cmpstr (s.subtitle, ==, "in src, files *.c");

  summarize ("Glob", "{\"pattern\":\"**/*.ui\"}", &s);
  g_assert_cmpint (s.kind, ==, CAIRN_TOOL_KIND_SEARCH);
  g_assert_cmpstr (s.title, ==, "**/*.ui");

  summarize ("Read", "{\"file_path\":\"/home/me/proj/a.c\",\"offset\":10,\"limit\":5}", &s);
  g_assert_cmpstr (s.title, ==, "a.c");
  g_assert_cmpstr (s.subtitle, ==, "lines 10–14");

  summarize ("WebFetch", "{\"url\":\"https://gnome.org\",\"prompt\":\"What is new?\"}", &s);
  g_assert_cmpint (s.kind, ==, CAIRN_TOOL_KIND_WEB);
  g_assert_cmpstr (s.title, ==, "https://gnome.org");
  g_assert_cmpstr (s.subtitle, ==, "What is new?");

  summarize ("WebSearch", "{\"query\":\"gtk list view\"}", &s);
  g_assert_cmpstr (s.title, ==, "gtk list view");

  summarize ("mcp__github__create_issue", "{\"title\":\"Bug\"}", &s);
  g_assert_cmpint (s.kind, ==, CAIRN_TOOL_KIND_GENERIC);
  g_assert_cmpstr (s.title, ==, "create_issue (github)");
  g_assert_nonnull (strstr (s.input_text, "\"title\" : \"Bug\""));

  summarize ("Bash", "{\"command\":\"make\\nmake check\",\"run_in_background\":true}", &s);
  g_assert_cmpstr (s.title, ==, "make …");
  g_assert_true (s.background);

  summarize ("TodoWrite", "{\"todos\":[{\"content\":\"a\",\"status\":\"pending\"}]}", &s);
  g_assert_cmpint (s.kind, ==, CAIRN_TOOL_KIND_TODO);
  g_assert_cmpstr (s.title, ==, "1 task");
  cairn_tool_summary_clear (&s);
}

static void
test_multi_edit_diff (void)
{
  CairnToolSummary s = { 0 };
  guint added, removed;

  summarize ("MultiEdit", "{\"file_path\":\"/home/me/proj/m.txt\",\"edits\":["
                          "{\"old_string\":\"a\",\"new_string\":\"b\\nc\"},"
                          "{\"old_string\":\"x\\ny\",\"new_string\":\"z\"}]}", &s);
  g_assert_cmpstr (s.diff, ==, "--- m.txt\n+++ m.txt\n@@\n-a\n+b\n+c\n@@\n-x\n-y\n+z\n");
  cairn_tool_count_diff_lines (s.diff, &added, &removed);
  g_assert_cmpuint (added, ==, 3);
  g_assert_cmpuint (removed, ==, 3);
  cairn_tool_summary_clear (&s);
}

/* The card fills in while the input streams (input_json_delta). */
static void
test_partial_input (void)
{
  CairnToolSummary s = { 0 };

  cairn_tool_summarize_partial ("Write", "{\"file_path\": \"/home/me/proj/new", "/home/me/proj", &s);
  g_assert_cmpstr (s.title, ==, "new");
  cairn_tool_summarize_partial ("Write", "{\"file_path\": \"/home/me/proj/new.txt\", \"content\": \"one\\ntw",
                                "/home/me/proj", &s);
  g_assert_cmpstr (s.title, ==, "new.txt");
  g_assert_nonnull (strstr (s.diff, "+one\n+tw\n"));
  cairn_tool_summarize_partial ("Bash", "{\"timeout\": 5, \"command\": \"echo \\\"hi\\\"", NULL, &s);
  g_assert_cmpstr (s.title, ==, "echo \"hi\"");
  cairn_tool_summary_clear (&s);
}

static void
check_outcome (CairnToolKind  kind,
               const char    *content_json,
               gboolean       is_error,
               const char    *structured_json,
               const char    *summary)
{
  g_autoptr(JsonNode) content = json_from_string (content_json, NULL);
  g_autoptr(JsonNode) structured = structured_json ? json_from_string (structured_json, NULL) : NULL;
  CairnToolOutcome outcome = { 0 };

  cairn_tool_summarize_result (kind, content, is_error, structured, &outcome);
  g_assert_cmpstr (outcome.summary, ==, summary);
  cairn_tool_outcome_clear (&outcome);
}

static void
test_results (void)
{
  check_outcome (CAIRN_TOOL_KIND_SEARCH, "\"a.c\\nb.c\"", FALSE,
                 "{\"numFiles\":2,\"filenames\":[\"a.c\",\"b.c\"]}", "2 files found");
  check_outcome (CAIRN_TOOL_KIND_SHELL, "\"Exit code 2\\nls: cannot access\"", TRUE, NULL, "Exit code 2 …");
  check_outcome (CAIRN_TOOL_KIND_SHELL, "\"started\"", FALSE,
                 "{\"stdout\":\"\",\"backgroundTaskId\":\"b1\"}", "running in the background");
  check_outcome (CAIRN_TOOL_KIND_GENERIC,
                 "\"<tool_use_error>Error: No such tool available: X</tool_use_error>\"", TRUE, NULL,
                 "Error: No such tool available: X");
  check_outcome (CAIRN_TOOL_KIND_WEB, "[{\"type\":\"text\",\"text\":\"GNOME 49 is out.\\nMore below.\"}]",
                 FALSE, "{\"code\":200,\"result\":\"GNOME 49 is out.\"}", "GNOME 49 is out. …");
}

/* A 100 KB build log: the card gets its start, valid UTF-8 up to a
 * character cut nowhere, and a line that says how much more there was; the
 * item holds no more than that (a 100 MB Read kept 100 MB per call). */
static void
test_long_output_clipped (void)
{
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(JsonNode) content = json_node_new (JSON_NODE_VALUE);
  CairnToolOutcome outcome = { 0 };

  while (log->len < 100 * 1024)
    g_string_append (log, "step ✓ compiled module\n");  /* ✓ is 3 bytes */
  json_node_set_string (content, log->str);
  cairn_tool_summarize_result (CAIRN_TOOL_KIND_SHELL, content, FALSE, NULL, &outcome);

  g_assert_cmpuint (strlen (outcome.output), <, 17 * 1024);
  g_assert_cmpuint (strlen (outcome.output), >, 16 * 1024 - 8);
  g_assert_true (g_str_has_prefix (outcome.output, "step ✓ compiled module\nstep"));
  g_assert_true (g_utf8_validate (outcome.output, -1, NULL));
  g_assert_nonnull (strstr (outcome.output, "kB more, not shown"));
  cairn_tool_outcome_clear (&outcome);

  /* a short one stays whole */
  json_node_set_string (content, "ok\n");
  cairn_tool_summarize_result (CAIRN_TOOL_KIND_SHELL, content, FALSE, NULL, &outcome);
  g_assert_cmpstr (outcome.output, ==, "ok\n");
  cairn_tool_outcome_clear (&outcome);
}

static JsonObject *
parse_object (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* What the rows read from a call through core, not from its JSON: a
 * shell command in full, and the list a TodoWrite wrote. */
static void
test_call_accessors (void)
{
  g_autoptr(CairnToolCallItem) bash = cairn_tool_call_item_new ("t1", "Bash", "/p");
  g_autoptr(CairnToolCallItem) todo = cairn_tool_call_item_new ("t2", "TodoWrite", "/p");
  g_autoptr(JsonObject) bash_input = parse_object ("{\"command\":\"make\\nmake check\",\"description\":\"Build\"}");
  g_autoptr(JsonObject) todo_input = parse_object (
    "{\"todos\":[{\"content\":\"Write tests\",\"activeForm\":\"Writing tests\",\"status\":\"completed\"},"
    "7,{\"content\":\"Ship\",\"activeForm\":\"Shipping\",\"status\":\"in_progress\"}]}");
  g_autoptr(GListModel) todos = NULL;
  g_autoptr(CairnTodo) first = NULL;
  g_autoptr(CairnTodo) second = NULL;

  g_assert_null (cairn_tool_call_item_dup_written_todos (todo));
  cairn_tool_call_item_set_input (bash, bash_input);
  cairn_tool_call_item_set_input (todo, todo_input);
  g_assert_cmpstr (cairn_tool_call_item_get_command (bash), ==, "make\nmake check");
  g_assert_null (cairn_tool_call_item_get_command (todo));

  todos = cairn_tool_call_item_dup_written_todos (todo);
  g_assert_cmpuint (g_list_model_get_n_items (todos), ==, 2);   /* the 7 is no todo */
  first = g_list_model_get_item (todos, 0);
  second = g_list_model_get_item (todos, 1);
  g_assert_cmpstr (cairn_todo_get_subject (first), ==, "Write tests");
  g_assert_cmpint (cairn_todo_get_status (first), ==, CAIRN_TODO_DONE);
  g_assert_cmpstr (cairn_todo_get_active_form (second), ==, "Shipping");
  g_assert_cmpint (cairn_todo_get_status (second), ==, CAIRN_TODO_IN_PROGRESS);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/tool-summary/kinds-and-titles", test_kinds_and_titles);
  g_test_add_func ("/cairn/tool-summary/multi-edit-diff", test_multi_edit_diff);
  g_test_add_func ("/cairn/tool-summary/partial-input", test_partial_input);
  g_test_add_func ("/cairn/tool-summary/results", test_results);
  g_test_add_func ("/cairn/tool-summary/long-output-clipped", test_long_output_clipped);
  g_test_add_func ("/cairn/tool-summary/call-accessors", test_call_accessors);

  return g_test_run ();
}
