/* test-rows.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-todo.h"
#include "transcript/cairn-tool-call-item.h"

/* Every kind of row from real CLI output: the pinned CLI runs real tools
 * (in acceptEdits mode, so no approval is needed) against a scripted fake
 * API, and the session's items are checked. */

static const char script_template[] =
  "{\"rules\":["
  " {\"match\":\"do everything\",\"replies\":["
  "  {\"blocks\":[{\"type\":\"thinking\",\"thinking\":\"I will use many tools.\",\"chunks\":3},"
  "   {\"type\":\"text\",\"text\":\"Let me look around.\",\"chunks\":3},"
  "   {\"type\":\"tool_use\",\"id\":\"toolu_read\",\"name\":\"Read\",\"input\":{\"file_path\":\"@PROJECT@/notes.txt\"}},"
  "   {\"type\":\"tool_use\",\"id\":\"toolu_bash\",\"name\":\"Bash\",\"input\":{\"command\":\"echo hi; ls\",\"description\":\"Say hi and list\"}},"
  "   {\"type\":\"tool_use\",\"id\":\"toolu_grep\",\"name\":\"Grep\",\"input\":{\"pattern\":\"needle\",\"path\":\"@PROJECT@\"}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_write\",\"name\":\"Write\",\"input\":{\"file_path\":\"@PROJECT@/new.txt\",\"content\":\"one\\ntwo\\n\"}},"
  "   {\"type\":\"tool_use\",\"id\":\"toolu_edit\",\"name\":\"Edit\",\"input\":{\"file_path\":\"@PROJECT@/notes.txt\",\"old_string\":\"beta needle\",\"new_string\":\"beta changed\\nextra line\"}},"
  "   {\"type\":\"tool_use\",\"id\":\"toolu_tc1\",\"name\":\"TaskCreate\",\"input\":{\"subject\":\"Edit notes\",\"description\":\"Change beta\",\"activeForm\":\"Editing notes\"}},"
  "   {\"type\":\"tool_use\",\"id\":\"toolu_tc2\",\"name\":\"TaskCreate\",\"input\":{\"subject\":\"Ship it\",\"description\":\"Release\",\"activeForm\":\"Shipping\"}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_tu\",\"name\":\"TaskUpdate\",\"input\":{\"taskId\":\"1\",\"status\":\"completed\"}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_agent\",\"name\":\"Agent\",\"input\":{\"description\":\"Look at b.txt\",\"prompt\":\"SUBAGENT: read b.txt\",\"subagent_type\":\"general-purpose\",\"run_in_background\":false}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_fail\",\"name\":\"Bash\",\"input\":{\"command\":\"ls missing-file\",\"description\":\"Fail\"}}]},"
  "  {\"blocks\":[{\"type\":\"mystery_block\",\"data\":1},{\"type\":\"text\",\"text\":\"All done.\",\"chunks\":2}]}]},"
  " {\"match\":\"SUBAGENT\",\"replies\":["
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_sub_read\",\"name\":\"Read\",\"input\":{\"file_path\":\"@PROJECT@/b.txt\"}}]},"
  "  {\"blocks\":[{\"type\":\"text\",\"text\":\"b.txt says needle two.\"}]}]},"
  " {\"match\":\"retry please\",\"replies\":[{\"attempts\":[{\"status\":500}],"
  "   \"blocks\":[{\"type\":\"text\",\"text\":\"Worked the second time.\"}]}]}"
  "]}";

typedef struct
{
  CairnTestFakeApi *api;
  CairnSession     *session;
} Fixture;

static void
fixture_init (Fixture *f)
{
  g_autofree char *notes = NULL;
  g_autofree char *b = NULL;

  /* CLI 2.1.330 offers the task tools only to older models unless asked
   * to (docs/protocol-changes.md); the turn uses them */
  g_setenv ("CLAUDE_CODE_ENABLE_TODO_TOOLS", "1", TRUE);
  f->api = cairn_test_fake_api_start (script_template);
  notes = g_build_filename (f->api->project, "notes.txt", NULL);
  b = g_build_filename (f->api->project, "b.txt", NULL);
  g_assert_true (g_file_set_contents (notes, "alpha\nbeta needle\ngamma\n", -1, NULL));
  g_assert_true (g_file_set_contents (b, "needle two\n", -1, NULL));
  f->session = cairn_session_new (f->api->project, cairn_test_cli_path ());
  cairn_session_set_start_mode (f->session, CAIRN_PERMISSION_MODE_ACCEPT_EDITS);
}

static void
fixture_clear (Fixture *f)
{
  cairn_session_close (f->session);
  cairn_test_run_for (200);
  g_clear_object (&f->session);
  g_clear_pointer (&f->api, cairn_test_fake_api_free);
}

static void
run_turn (Fixture    *f,
          const char *prompt)
{
  cairn_session_send_prompt (f->session, prompt);
  if (!cairn_test_wait_until (cairn_test_session_idle, f->session, 90000))
    {
      cairn_test_dump_transcript (cairn_session_get_transcript (f->session));
      g_error ("the turn did not end");
    }
}

static CairnToolCallItem *
find_call (CairnTranscript *transcript,
           const char      *id)
{
  for (guint i = 0; cairn_test_find_item (transcript, CAIRN_ITEM_KIND_TOOL_CALL, i); i++)
    {
      CairnToolCallItem *call = CAIRN_TOOL_CALL_ITEM (
        cairn_test_find_item (transcript, CAIRN_ITEM_KIND_TOOL_CALL, i));
      if (g_str_equal (cairn_tool_call_item_get_tool_use_id (call), id))
        return call;
    }
  g_error ("no tool call %s", id);
  return NULL;
}

static void
check_thinking_and_text (CairnTranscript *t)
{
  CairnTextItem *thinking = CAIRN_TEXT_ITEM (cairn_test_find_item (t, CAIRN_ITEM_KIND_THINKING, 0));

  g_assert_cmpstr (cairn_text_item_get_text (thinking), ==, "I will use many tools.");
  g_assert_false (cairn_text_item_get_streaming (thinking));
  g_assert_null (cairn_test_find_item (t, CAIRN_ITEM_KIND_THINKING, 1));
  g_assert_cmpstr (cairn_text_item_get_text (CAIRN_TEXT_ITEM (
    cairn_test_find_item (t, CAIRN_ITEM_KIND_ASSISTANT, 0))), ==, "Let me look around.");
  g_assert_cmpstr (cairn_text_item_get_text (CAIRN_TEXT_ITEM (
    cairn_test_find_item (t, CAIRN_ITEM_KIND_ASSISTANT, 1))), ==, "All done.");
  g_assert_null (cairn_test_find_item (t, CAIRN_ITEM_KIND_ASSISTANT, 2));
}

static void
check_read_bash_grep (CairnTranscript *t)
{
  CairnToolCallItem *read = find_call (t, "toolu_read");
  CairnToolCallItem *bash = find_call (t, "toolu_bash");
  CairnToolCallItem *grep = find_call (t, "toolu_grep");
  CairnToolCallItem *fail = find_call (t, "toolu_fail");

  g_assert_cmpint (cairn_tool_call_item_get_tool_kind (read), ==, CAIRN_TOOL_KIND_READ);
  g_assert_cmpstr (cairn_tool_call_item_get_title (read), ==, "notes.txt");
  g_assert_cmpint (cairn_tool_call_item_get_status (read), ==, CAIRN_TOOL_STATUS_DONE);
  g_assert_cmpstr (cairn_tool_call_item_get_summary (read), ==, "4 lines");

  g_assert_cmpint (cairn_tool_call_item_get_tool_kind (bash), ==, CAIRN_TOOL_KIND_SHELL);
  g_assert_cmpstr (cairn_tool_call_item_get_title (bash), ==, "echo hi; ls");
  g_assert_cmpstr (cairn_tool_call_item_get_subtitle (bash), ==, "Say hi and list");
  g_assert_true (g_str_has_prefix (cairn_tool_call_item_get_output (bash), "hi\n"));
  g_assert_cmpstr (cairn_tool_call_item_get_summary (bash), ==, "exit code 0");

  /* CLI 2.1.197 doesn't offer Grep: the card shows the call and the error */
  g_assert_cmpint (cairn_tool_call_item_get_tool_kind (grep), ==, CAIRN_TOOL_KIND_SEARCH);
  g_assert_cmpstr (cairn_tool_call_item_get_title (grep), ==, "needle");
  g_assert_cmpint (cairn_tool_call_item_get_status (grep), ==, CAIRN_TOOL_STATUS_ERROR);
  g_assert_nonnull (strstr (cairn_tool_call_item_get_output (grep), "No such tool available"));

  g_assert_cmpint (cairn_tool_call_item_get_status (fail), ==, CAIRN_TOOL_STATUS_ERROR);
  g_assert_nonnull (strstr (cairn_tool_call_item_get_summary (fail), "xit code"));
}

static void
check_edits (Fixture         *f,
             CairnTranscript *t)
{
  CairnToolCallItem *write = find_call (t, "toolu_write");
  CairnToolCallItem *edit = find_call (t, "toolu_edit");
  g_autofree char *written = g_build_filename (f->api->project, "new.txt", NULL);
  guint added, removed;

  g_assert_true (g_file_test (written, G_FILE_TEST_EXISTS));
  g_assert_cmpint (cairn_tool_call_item_get_tool_kind (write), ==, CAIRN_TOOL_KIND_EDIT);
  g_assert_cmpstr (cairn_tool_call_item_get_title (write), ==, "new.txt");
  g_assert_nonnull (strstr (cairn_tool_call_item_get_diff (write), "+one\n+two\n"));
  g_object_get (write, "lines-added", &added, "lines-removed", &removed, NULL);
  g_assert_cmpuint (added, ==, 2);
  g_assert_cmpuint (removed, ==, 0);

  /* the result's patch, with line numbers, replaces the made-up one */
  g_assert_nonnull (strstr (cairn_tool_call_item_get_diff (edit), "@@ -1,3 +1,4 @@"));
  g_assert_nonnull (strstr (cairn_tool_call_item_get_diff (edit), "-beta needle\n+beta changed\n"));
  g_object_get (edit, "lines-added", &added, "lines-removed", &removed, NULL);
  g_assert_cmpuint (added, ==, 2);
  g_assert_cmpuint (removed, ==, 1);
  g_assert_cmpint (cairn_tool_call_item_get_status (edit), ==, CAIRN_TOOL_STATUS_DONE);
}

static void
check_todos (Fixture *f)
{
  GListModel *todos = cairn_session_get_todos (f->session);
  g_autoptr(CairnTodo) first = NULL;
  g_autoptr(CairnTodo) second = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (todos), ==, 2);
  first = g_list_model_get_item (todos, 0);
  second = g_list_model_get_item (todos, 1);
  g_assert_cmpstr (cairn_todo_get_subject (first), ==, "Edit notes");
  g_assert_cmpint (cairn_todo_get_status (first), ==, CAIRN_TODO_DONE);
  g_assert_cmpstr (cairn_todo_get_subject (second), ==, "Ship it");
  g_assert_cmpint (cairn_todo_get_status (second), ==, CAIRN_TODO_PENDING);
}

static void
check_subagent (CairnTranscript *t)
{
  CairnToolCallItem *agent = find_call (t, "toolu_agent");
  CairnTranscript *children = cairn_tool_call_item_get_children (agent);
  CairnToolCallItem *nested;

  g_assert_cmpint (cairn_tool_call_item_get_tool_kind (agent), ==, CAIRN_TOOL_KIND_AGENT);
  g_assert_cmpstr (cairn_tool_call_item_get_title (agent), ==, "Look at b.txt");
  g_assert_cmpint (cairn_tool_call_item_get_status (agent), ==, CAIRN_TOOL_STATUS_DONE);
  nested = find_call (children, "toolu_sub_read");
  g_assert_cmpstr (cairn_tool_call_item_get_title (nested), ==, "b.txt");
  g_assert_cmpint (cairn_tool_call_item_get_status (nested), ==, CAIRN_TOOL_STATUS_DONE);
  g_assert_true (cairn_test_transcript_mentions (children, "SUBAGENT: read b.txt"));
  /* the subagent's answer comes back as the Agent tool's result */
  g_assert_cmpstr (cairn_tool_call_item_get_output (agent), ==, "b.txt says needle two.");
  g_assert_nonnull (strstr (cairn_tool_call_item_get_summary (agent), "1 tool use,"));
  /* nested, not repeated at the top level */
  g_assert_false (cairn_test_transcript_mentions (t, "SUBAGENT: read b.txt"));
}

/* One line per item and nested item, with what its row shows. */
static void
describe_items (GString         *out,
                CairnTranscript *transcript,
                const char      *indent)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (transcript)); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (transcript), i);
      g_autofree char *deeper = g_strconcat (indent, "  ", NULL);

      g_string_append_printf (out, "%s%d ", indent, cairn_item_get_kind (item));
      if (CAIRN_IS_TEXT_ITEM (item))
        g_string_append (out, cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
      else if (CAIRN_IS_NOTICE_ITEM (item))
        g_string_append_printf (out, "%s | %s", cairn_notice_item_get_title (CAIRN_NOTICE_ITEM (item)),
                                cairn_notice_item_get_body (CAIRN_NOTICE_ITEM (item)));
      else if (CAIRN_IS_TOOL_CALL_ITEM (item))
        {
          CairnToolCallItem *call = CAIRN_TOOL_CALL_ITEM (item);
          g_string_append_printf (out, "%s | %s | %d | %s | %s | %s", cairn_tool_call_item_get_title (call),
                                  cairn_tool_call_item_get_subtitle (call),
                                  cairn_tool_call_item_get_status (call),
                                  cairn_tool_call_item_get_summary (call),
                                  cairn_tool_call_item_get_output (call),
                                  cairn_tool_call_item_get_diff (call));
          if (cairn_tool_call_item_get_children (call) != NULL)
            {
              g_string_append_c (out, '\n');
              describe_items (out, cairn_tool_call_item_get_children (call), deeper);
            }
        }
      g_string_append_c (out, '\n');
    }
}

static gboolean
file_has_last_prompt (gpointer path)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) &&
         strstr (contents, "\"type\":\"last-prompt\"") != NULL;
}

static gboolean
session_exited (gpointer session)
{
  return cairn_session_get_state (session) == CAIRN_SESSION_STATE_EXITED;
}

/* The conversation read back from the session file the CLI wrote, opened
 * the way the window opens it: a session that starts no process. */
static CairnSession *
open_session_file (Fixture *f)
{
  g_autofree char *path = cairn_test_session_file (f->api, cairn_session_get_session_id (f->session));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CairnSession *session = cairn_session_new (f->api->project, cairn_test_cli_path ());

  /* The CLI writes the turn's last lines when it gets round to it, at the
   * latest when it exits. */
  g_assert_true (cairn_test_wait_until (file_has_last_prompt, path, 10000));
  g_assert_true (cairn_test_open_conversation (session, file));
  return session;
}

static char *
describe_without_results (CairnTranscript *transcript)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(CairnTranscript) copy = cairn_transcript_new ();

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (transcript)); i++)
    {
      CairnItem *item = g_list_model_get_item (G_LIST_MODEL (transcript), i);
      if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_RESULT)
        g_object_unref (item);
      else
        g_ptr_array_add (kept, item);
    }
  cairn_transcript_append_all (copy, kept);
  describe_items (out, copy, "");
  return g_strdup (out->str);
}

/* Same builder, two sources: the rows of the conversation opened from its
 * file are the live ones, item for item and nested item for nested item
 * (the turn's result row aside: session files keep none). */
static void
compare_with_replay (Fixture *f)
{
  g_autoptr(CairnSession) opened = open_session_file (f);
  CairnTranscript *replayed = cairn_session_get_transcript (opened);
  g_autofree char *live_rows = describe_without_results (cairn_session_get_transcript (f->session));
  g_autofree char *replayed_rows = describe_without_results (replayed);

  g_assert_cmpstr (replayed_rows, ==, live_rows);
  check_thinking_and_text (replayed);
  check_read_bash_grep (replayed);
  check_subagent (replayed);
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_todos (opened)), ==, 2);
  g_assert_cmpstr (cairn_session_get_permission_mode (opened), ==, "acceptEdits");
}

/* Once the CLI has ended, everything it said is in its session file. */
static void
check_replayed_history (Fixture *f)
{
  cairn_session_close (f->session);
  g_assert_true (cairn_test_wait_until (session_exited, f->session, 10000));
  compare_with_replay (f);
}

static void
test_every_row_kind (void)
{
  Fixture f = { 0 };
  CairnTranscript *t;
  CairnNoticeItem *unknown;

  fixture_init (&f);
  run_turn (&f, "Please do everything");
  t = cairn_session_get_transcript (f.session);

  check_thinking_and_text (t);
  check_read_bash_grep (t);
  check_edits (&f, t);
  check_todos (&f);
  check_subagent (t);
  unknown = CAIRN_NOTICE_ITEM (cairn_test_find_item (t, CAIRN_ITEM_KIND_RAW, 0));
  g_assert_nonnull (strstr (cairn_notice_item_get_title (unknown), "mystery_block"));
  g_assert_nonnull (strstr (cairn_notice_item_get_body (unknown), "\"data\""));
  g_assert_false (cairn_result_item_get_is_error (CAIRN_RESULT_ITEM (
    cairn_test_find_item (t, CAIRN_ITEM_KIND_RESULT, 0))));
  g_assert_cmpint (cairn_session_get_context_window (f.session), ==, 1000000);
  g_assert_cmpint (cairn_session_get_context_used (f.session), >, 0);
  g_assert_cmpfloat (cairn_session_get_cost_usd (f.session), >, 0);
  check_replayed_history (&f);
  fixture_clear (&f);
}

static void
test_api_retry_notice (void)
{
  Fixture f = { 0 };
  CairnTranscript *t;

  fixture_init (&f);
  run_turn (&f, "retry please");
  t = cairn_session_get_transcript (f.session);

  g_assert_true (cairn_test_transcript_mentions (t, "Retrying the request (attempt 1 of"));
  g_assert_true (cairn_test_transcript_mentions (t, "The API answered 500"));
  g_assert_cmpstr (cairn_text_item_get_text (CAIRN_TEXT_ITEM (
    cairn_test_find_item (t, CAIRN_ITEM_KIND_ASSISTANT, 0))), ==, "Worked the second time.");
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/rows/every-row-kind", test_every_row_kind);
  g_test_add_func ("/cairn/rows/api-retry-notice", test_api_retry_notice);

  return g_test_run ();
}
