/* test-session.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "session/cairn-background-task.h"
#include "session/cairn-mcp-server.h"
#include "session/cairn-model-usage.h"
#include "protocol/cairn-json.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "session/cairn-session-private.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* The session driven by recordings of the real CLI, replayed by
 * tests/replay-cli.py, which Cairn launches exactly as it launches claude. */

typedef struct
{
  CairnSession *session;
  char         *dir;
  char         *args_log;
  guint         text_updates;
} Fixture;

static void
fixture_init_version (Fixture    *f,
                      const char *version,
                      const char *recording)
{
  g_autofree char *replay = g_test_build_filename (G_TEST_DIST, "replay-cli.py", NULL);
  g_autofree char *path = g_path_is_absolute (recording) ? g_strdup (recording)
                                                         : cairn_test_recording_path (version, recording);

  f->dir = cairn_test_make_dir ("session");
  f->args_log = g_build_filename (f->dir, "args.jsonl", NULL);
  g_setenv ("CAIRN_REPLAY_FILE", path, TRUE);
  g_setenv ("CAIRN_REPLAY_ARGS_LOG", f->args_log, TRUE);
  g_unsetenv ("CAIRN_REPLAY_CRASH_AFTER");
  g_unsetenv ("CAIRN_REPLAY_KILL_AFTER");
  g_unsetenv ("CAIRN_REPLAY_STALL_AFTER");
  g_unsetenv ("CAIRN_REPLAY_STDERR");
  f->session = cairn_session_new (f->dir, replay);
}

static void
fixture_init (Fixture    *f,
              const char *recording)
{
  fixture_init_version (f, cairn_test_recorded_versions[0], recording);
}

static void
fixture_clear (Fixture *f)
{
  cairn_session_close (f->session);
  g_clear_object (&f->session);
  cairn_test_remove_dir (f->dir);
  g_clear_pointer (&f->dir, g_free);
  g_clear_pointer (&f->args_log, g_free);
}

static CairnTranscript *
transcript (Fixture *f)
{
  return cairn_session_get_transcript (f->session);
}

static void
send_and_wait (Fixture    *f,
               const char *prompt)
{
  cairn_session_send_prompt (f->session, prompt);
  g_assert_true (cairn_session_get_busy (f->session));
  if (!cairn_test_wait_until (cairn_test_session_idle, f->session, 20000))
    {
      cairn_test_dump_transcript (transcript (f));
      g_error ("the turn did not end");
    }
}

static void
text_notify_cb (CairnTextItem *item,
                GParamSpec    *pspec,
                Fixture       *f)
{
  f->text_updates++;
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Fixture    *f)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (model, i);
      if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_ASSISTANT)
        g_signal_connect (item, "notify::text", G_CALLBACK (text_notify_cb), f);
    }
}

/* The model the recording's first init line names. */
static const char *
recorded_model (const char *version)
{
  static char *model[8];
  guint i = 0;

  while (!g_str_equal (cairn_test_recorded_versions[i], version))
    i++;
  if (model[i] == NULL)
    {
      g_autofree char *path = cairn_test_recording_path (version, "stream-text.jsonl");
      g_autofree char *contents = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();

      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      *strchr (contents, '\n') = '\0';
      g_assert_true (json_parser_load_from_data (parser, contents, -1, NULL));
      model[i] = g_strdup (json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)),
                                                         "model"));
    }
  return model[i];
}

static const char *
text_of (CairnItem *item)
{
  g_assert_nonnull (item);
  return cairn_text_item_get_text (CAIRN_TEXT_ITEM (item));
}

/* Deltas grow one item; the final message doesn't add the text again. */
static void
test_streamed_reply (gconstpointer version)
{
  Fixture f = { 0 };
  CairnResultItem *result;

  fixture_init_version (&f, version, "stream-text.jsonl");
  g_signal_connect (transcript (&f), "items-changed", G_CALLBACK (items_changed_cb), &f);
  send_and_wait (&f, "Say hello");

  g_assert_cmpstr (text_of (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_USER, 0)), ==, "Say hello");
  g_assert_cmpstr (text_of (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0)), ==,
                   "Cairn is a native GNOME app for Claude Code. It talks to the CLI over pipes, "
                   "one JSON line at a time, and draws every token as it arrives.");
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 1));
  g_assert_false (cairn_text_item_get_streaming (CAIRN_TEXT_ITEM (
    cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0))));
  g_assert_cmpuint (f.text_updates, >=, 5);

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_false (cairn_result_item_get_is_error (result));
  g_assert_cmpint (cairn_result_item_get_output_tokens (result), >, 0);
  g_assert_nonnull (cairn_session_get_session_id (f.session));
  g_assert_cmpstr (cairn_session_get_model (f.session), ==, recorded_model (version));
  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_IDLE);
  g_assert_true (g_strv_contains (cairn_session_get_commands (f.session), "compact"));
  fixture_clear (&f);
}

static void
test_two_turns_one_process (gconstpointer version)
{
  Fixture f = { 0 };
  g_autofree char *args = NULL;
  g_auto(GStrv) starts = NULL;
  g_autoptr(CairnModelUsage) usage = NULL;
  GListModel *models;

  fixture_init_version (&f, version, "stream-two-turns.jsonl");
  send_and_wait (&f, "first");
  send_and_wait (&f, "second");

  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 1));
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 1));
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 2));
  g_assert_true (g_file_get_contents (f.args_log, &args, NULL, NULL));
  starts = g_strsplit (g_strstrip (args), "\n", -1);
  g_assert_cmpuint (g_strv_length (starts), ==, 1);

  /* the cost popover's line per model: each result's modelUsage counts
   * the whole process, so the two turns add up to the last one's, once */
  models = cairn_session_get_model_usage (f.session);
  g_assert_cmpuint (g_list_model_get_n_items (models), ==, 1);
  usage = g_list_model_get_item (models, 0);
  g_assert_cmpstr (cairn_model_usage_get_model (usage), ==, recorded_model (version));
  g_assert_cmpfloat_with_epsilon (cairn_model_usage_get_cost_usd (usage),
                                  cairn_session_get_cost_usd (f.session), 1e-9);
  g_assert_cmpfloat (cairn_model_usage_get_cost_usd (usage), >, 0);
  g_assert_cmpint (cairn_model_usage_get_input_tokens (usage), ==, 100);
  g_assert_cmpint (cairn_model_usage_get_output_tokens (usage), >, 0);
  fixture_clear (&f);
}

/* docs/protocol.md, "API errors and cut streams": a cut stream re-sent
 * whole under another message id. */
static void
test_cut_stream_text_once (gconstpointer version)
{
  Fixture f = { 0 };
  const char *text;

  fixture_init_version (&f, version, "cut-stream.jsonl");
  send_and_wait (&f, "cut");

  text = text_of (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 1));
  g_assert_true (g_str_equal (text, "This reply is cut after two deltas and then repeated."));
  fixture_clear (&f);
}

static void
test_interrupted_turn (gconstpointer version)
{
  Fixture f = { 0 };
  CairnResultItem *result;
  CairnTextItem *partial;

  fixture_init_version (&f, version, "interrupt.jsonl");
  send_and_wait (&f, "slow");

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_true (cairn_result_item_get_is_error (result));
  g_assert_cmpstr (cairn_result_item_get_message (result), ==, "The turn was interrupted");
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 0));
  /* 2.1.330 marks the text written until then `aborted`: it says Stopped */
  partial = CAIRN_TEXT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  g_assert_nonnull (partial);
  g_assert_cmpint (cairn_text_item_get_stopped (partial), ==, !g_str_equal (version, "2.1.197"));
  fixture_clear (&f);
}

static void
test_api_error (gconstpointer version)
{
  Fixture f = { 0 };
  CairnResultItem *result;
  CairnNoticeItem *notice;

  fixture_init_version (&f, version, "api-error.jsonl");
  send_and_wait (&f, "fail");

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_true (cairn_result_item_get_is_error (result));
  g_assert_true (strstr (cairn_result_item_get_message (result), "400") != NULL);
  /* said once: the result row, not also the made-up assistant message's
   * notice before it (it was shown twice: issue 10's replay sweep) */
  notice = CAIRN_NOTICE_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_NOTICE, 0));
  g_assert_null (notice);
  g_assert_cmpuint (cairn_transcript_count_kind (transcript (&f), CAIRN_ITEM_KIND_RESULT), ==, 1);
  g_assert_true (cairn_result_item_get_retryable (result));

  /* Retry sends the same prompt again, and the old row stops offering it */
  cairn_session_retry (f.session);
  g_assert_false (cairn_result_item_get_retryable (result));
  g_assert_cmpuint (cairn_transcript_count_kind (transcript (&f), CAIRN_ITEM_KIND_USER), ==, 2);
  fixture_clear (&f);
}

static void
note_task_cb (GListModel *tasks,
              guint       position,
              guint       removed,
              guint       added,
              GString    *seen)
{
  for (guint i = 0; i < g_list_model_get_n_items (tasks); i++)
    {
      g_autoptr(CairnBackgroundTask) task = g_list_model_get_item (tasks, i);
      g_string_append_printf (seen, "%s: %s; ", cairn_background_task_get_kind_label (task),
                              cairn_background_task_get_description (task));
    }
}

static gboolean
two_results (gpointer data)
{
  return cairn_transcript_count_kind (data, CAIRN_ITEM_KIND_RESULT) >= 2;
}

/* CLI 2.1.330 runs an Agent call in the background: its result comes at
 * once and says only that it was launched, the turn ends, the subagent's
 * steps follow, then a task notification with its report, and the CLI
 * starts a turn of its own. The card runs on past the turn's end (it
 * said "Not finished" and showed the launch notice for the model), then
 * shows the report. */
static void
test_agent_in_background (void)
{
  Fixture f = { 0 };
  g_autoptr(GString) tasks_seen = g_string_new (NULL);
  CairnToolCallItem *agent;
  CairnItem *nested;

  fixture_init_version (&f, "2.1.330", "agent-background.jsonl");
  g_signal_connect (cairn_session_get_background_tasks (f.session), "items-changed",
                    G_CALLBACK (note_task_cb), tasks_seen);
  cairn_session_send_prompt (f.session, "Use an agent to check the needle.");
  g_assert_true (cairn_test_wait_until (two_results, transcript (&f), 20000));

  agent = CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_TOOL_CALL, 0));
  g_assert_cmpint (cairn_tool_call_item_get_tool_kind (agent), ==, CAIRN_TOOL_KIND_AGENT);
  g_assert_cmpint (cairn_tool_call_item_get_status (agent), ==, CAIRN_TOOL_STATUS_DONE);
  g_assert_cmpstr (cairn_tool_call_item_get_output (agent), ==, "The needle is two.");
  g_assert_cmpstr (cairn_tool_call_item_get_summary (agent), ==, "1 tool use, 62 tokens");
  nested = cairn_test_find_item (cairn_tool_call_item_get_children (agent), CAIRN_ITEM_KIND_TOOL_CALL, 0);
  g_assert_nonnull (nested);
  g_assert_cmpint (cairn_tool_call_item_get_status (CAIRN_TOOL_CALL_ITEM (nested)), ==, CAIRN_TOOL_STATUS_DONE);
  g_assert_false (cairn_test_transcript_mentions (transcript (&f), "Async agent launched"));
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 0));
  /* the header listed the agent while it ran, and no more after */
  g_assert_cmpstr (tasks_seen->str, ==, "Agent: Check the needle; ");
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_background_tasks (f.session)), ==, 0);
  /* the CLI's own turn is shown like any other */
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "The agent said the needle is two."));
  fixture_clear (&f);
}

/* The same with Stop in the task popover (stop_task, recorded): the CLI
 * ends the subagent, its card says stopped and the task leaves the list. */
static void
test_agent_stopped (void)
{
  Fixture f = { 0 };
  g_autoptr(GString) tasks_seen = g_string_new (NULL);
  CairnToolCallItem *agent;

  fixture_init_version (&f, "2.1.330", "agent-stopped.jsonl");
  g_signal_connect (cairn_session_get_background_tasks (f.session), "items-changed",
                    G_CALLBACK (note_task_cb), tasks_seen);
  cairn_session_send_prompt (f.session, "Use an agent to wait.");
  g_assert_true (cairn_test_wait_until (two_results, transcript (&f), 20000));

  agent = CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_TOOL_CALL, 0));
  g_assert_cmpint (cairn_tool_call_item_get_status (agent), ==, CAIRN_TOOL_STATUS_STOPPED);
  g_assert_cmpstr (tasks_seen->str, ==, "Agent: Wait a while; ");
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_background_tasks (f.session)), ==, 0);
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 0));
  fixture_clear (&f);
}

static void
keep_request_cb (CairnSession           *session,
                 CairnPermissionRequest *request,
                 GPtrArray              *requests)
{
  g_ptr_array_add (requests, g_object_ref (request));
}

/* The real CLI's Write turn, replayed without waiting for an answer: the
 * tool's result and the turn's end come while the approval is unanswered
 * (as when stdin closes mid-turn, or the CLI settles it otherwise). The
 * request is closed, so its dialog goes, and the card shows the result
 * (a dialog stayed open over a finished turn: issue 10's replay sweep). */
static void
test_unanswered_request_closes (gconstpointer version)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);
  CairnItem *card;

  fixture_init_version (&f, version, "tool-write.jsonl");
  g_signal_connect (f.session, "permission-requested", G_CALLBACK (keep_request_cb), requests);
  send_and_wait (&f, "write");

  g_assert_cmpuint (requests->len, ==, 1);
  g_assert_cmpint (cairn_permission_request_get_state (requests->pdata[0]), ==, CAIRN_PERMISSION_EXPIRED);
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_pending_requests (f.session)), ==, 0);
  card = cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_TOOL_CALL, 0);
  g_assert_nonnull (card);
  g_assert_null (cairn_tool_call_item_get_approval (CAIRN_TOOL_CALL_ITEM (card)));
  g_assert_cmpint (cairn_tool_call_item_get_status (CAIRN_TOOL_CALL_ITEM (card)), ==, CAIRN_TOOL_STATUS_DONE);
  fixture_clear (&f);
}

/* In dontAsk mode the CLI refuses a tool with system/permission_denied and
 * then tells the model in the tool's result: the card says "not allowed"
 * with the reason, once, and no notice repeats it (both did: issue 10's
 * replay sweep). The permission_denied line is the real CLI's, from
 * notices.jsonl, on a Write card of the recorded tool-write turn. */
static void
test_refused_tool_said_once (void)
{
  const char *lines[] = {
    "{\"type\":\"assistant\",\"message\":{\"id\":\"msg_1\",\"role\":\"assistant\",\"model\":\"m\","
    "\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_fake_001\",\"name\":\"Write\","
    "\"input\":{\"file_path\":\"/tmp/x.txt\",\"content\":\"x\"}}]}}",
    NULL, /* the recorded permission_denied line */
    "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
    "\"tool_use_id\":\"toolu_fake_001\",\"is_error\":true,\"content\":\"Permission to use Write has been "
    "denied because Claude Code is running in don't ask mode.\"}]}}",
  };
  g_autofree char *path = cairn_test_data_path ("notices.jsonl");
  g_autofree char *contents = NULL;
  g_auto(GStrv) recorded = NULL;
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  CairnTranscript *items = cairn_session_get_transcript (session);
  CairnItem *card;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  recorded = g_strsplit (contents, "\n", -1);
  for (guint i = 0; recorded[i] != NULL; i++)
    if (strstr (recorded[i], "\"permission_denied\""))
      lines[1] = recorded[i];
  g_assert_nonnull (lines[1]);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(CairnMessage) message = cairn_message_new_from_line (lines[i], strlen (lines[i]));
      _cairn_session_handle_message (session, message);
    }

  card = cairn_test_find_item (items, CAIRN_ITEM_KIND_TOOL_CALL, 0);
  g_assert_nonnull (card);
  g_assert_cmpint (cairn_tool_call_item_get_status (CAIRN_TOOL_CALL_ITEM (card)), ==, CAIRN_TOOL_STATUS_REFUSED);
  g_assert_nonnull (strstr (cairn_tool_call_item_get_summary (CAIRN_TOOL_CALL_ITEM (card)), "don't ask mode"));
  g_assert_cmpuint (cairn_transcript_count_kind (items, CAIRN_ITEM_KIND_NOTICE), ==, 0);
}

/* A recording with a bad line of each kind before a normal turn. */
static char *
write_bad_recording (const char *dir)
{
  g_autofree char *good = NULL;
  g_autofree char *path = g_build_filename (dir, "bad.jsonl", NULL);
  g_autofree char *source = cairn_test_data_path ("stream-text.jsonl");
  g_autoptr(GString) text = g_string_new ("this is not json\n{\"type\":\"brand_new_type\",\"x\":1}\n"
                                          "{\"type\":\"user\",\"junk\":\"\xff\xfe\"}\n"
                                          "{\"type\":\"mystery\",\"blob\":\"");

  while (text->len < 20 * 1024 * 1024)
    g_string_append (text, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  g_string_append (text, "\"}\n");
  g_assert_true (g_file_get_contents (source, &good, NULL, NULL));
  g_string_append (text, good);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  return g_steal_pointer (&path);
}

static void
test_bad_lines_kept_visible (void)
{
  g_autofree char *dir = cairn_test_make_dir ("bad");
  g_autofree char *recording = write_bad_recording (dir);
  CairnNoticeItem *big;
  Fixture f = { 0 };

  fixture_init (&f, recording);
  send_and_wait (&f, "go");

  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "this is not json"));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "brand_new_type"));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "not valid UTF-8"));
  big = CAIRN_NOTICE_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 3));
  g_assert_true (strstr (cairn_notice_item_get_title (big), "mystery") != NULL);
  g_assert_cmpuint (strlen (cairn_notice_item_get_body (big)), <, 128 * 1024);
  /* and the conversation went on */
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  fixture_clear (&f);
  cairn_test_remove_dir (dir);
}

static gboolean
last_start_resumed (Fixture    *f,
                    const char *session_id)
{
  g_autofree char *args = NULL;
  g_autofree char *resume = NULL;
  g_auto(GStrv) starts = NULL;
  guint n;

  g_assert_true (g_file_get_contents (f->args_log, &args, NULL, NULL));
  starts = g_strsplit (g_strstrip (args), "\n", -1);
  n = g_strv_length (starts);
  resume = g_strdup_printf ("\"--resume=%s\"", session_id);
  return n >= 2 && strstr (starts[n - 1], resume) != NULL;
}

/* The CLI dies mid-turn: the turn ends visibly, with Retry; the next
 * prompt (or Retry, which sends the same one again, once) resumes. */
static void
check_crash_then_resume (const char *variable,
                         const char *expected_notice,
                         gboolean    retry)
{
  Fixture f = { 0 };
  g_autofree char *session_id = NULL;
  CairnNoticeItem *notice;

  fixture_init (&f, "stream-two-turns.jsonl");
  g_setenv (variable, "6", TRUE);
  send_and_wait (&f, "first");

  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_EXITED);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), expected_notice));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "resume"));
  /* the last notice says the process ended (stderr lines come before) */
  notice = CAIRN_NOTICE_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_NOTICE,
                                                    cairn_transcript_count_kind (transcript (&f),
                                                                                 CAIRN_ITEM_KIND_NOTICE) - 1));
  g_assert_cmpstr (cairn_notice_item_get_action_name (notice), ==, "page.retry");
  /* the notice's button shows its label as it is: no mnemonic */
  g_assert_cmpstr (cairn_notice_item_get_action_label (notice), ==, "Retry");
  g_assert_true (cairn_session_get_can_retry (f.session));
  session_id = g_strdup (cairn_session_get_session_id (f.session));
  g_assert_nonnull (session_id);

  g_unsetenv (variable);
  if (retry)
    {
      cairn_session_retry (f.session);
      g_assert_false (cairn_session_get_can_retry (f.session));
      cairn_session_retry (f.session);   /* once: nothing more is sent */
      g_assert_true (cairn_test_wait_until (cairn_test_session_idle, f.session, 60000));
      g_assert_cmpuint (cairn_transcript_count_kind (transcript (&f), CAIRN_ITEM_KIND_USER), ==, 2);
      g_assert_true (cairn_test_transcript_mentions (transcript (&f), "first"));
    }
  else
    send_and_wait (&f, "again");
  g_assert_true (last_start_resumed (&f, session_id));
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  fixture_clear (&f);
}

static void
test_crash_mid_turn (void)
{
  check_crash_then_resume ("CAIRN_REPLAY_CRASH_AFTER", "exited with code 3", FALSE);
  check_crash_then_resume ("CAIRN_REPLAY_CRASH_AFTER", "boom", TRUE);
}

static void
test_killed_mid_turn (void)
{
  check_crash_then_resume ("CAIRN_REPLAY_KILL_AFTER", "signal 9", TRUE);
}

static gboolean
has_assistant_text (gpointer data)
{
  Fixture *f = data;

  return cairn_test_find_item (transcript (f), CAIRN_ITEM_KIND_ASSISTANT, 0) != NULL;
}

/* A CLI that hangs and ignores the interrupt is stopped by Cairn. */
static void
test_hung_cli_stopped_after_interrupt (void)
{
  Fixture f = { 0 };
  gint64 start;

  fixture_init (&f, "stream-text.jsonl");
  g_setenv ("CAIRN_REPLAY_STALL_AFTER", "8", TRUE);
  cairn_session_send_prompt (f.session, "hang");
  g_assert_true (cairn_test_wait_until (has_assistant_text, &f, 10000));
  start = g_get_monotonic_time ();
  cairn_session_interrupt (f.session);
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, f.session,
                                        CAIRN_SESSION_INTERRUPT_GRACE_MS + 5000));

  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, >=, CAIRN_SESSION_INTERRUPT_GRACE_MS - 100);
  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_EXITED);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "signal 15"));
  g_assert_false (cairn_text_item_get_streaming (CAIRN_TEXT_ITEM (
    cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0))));
  fixture_clear (&f);
}

static char *
read_log (const char *prefix,
          const char *stream)
{
  g_autofree char *path = g_strdup_printf ("%s-%s.jsonl", prefix, stream);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* CAIRN_DEBUG_PROTOCOL: raw lines both ways and the items, for bug reports. */
static void
test_protocol_log (void)
{
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *logs = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *in = NULL;
  g_autofree char *out = NULL;
  g_autofree char *items = NULL;
  g_auto(GStrv) in_lines = NULL;
  guint recorded = 0;

  fixture_init (&f, "stream-text.jsonl");
  logs = g_build_filename (f.dir, "logs", NULL);
  g_assert_true (cairn_session_set_debug_dir (f.session, logs, &error));
  g_assert_no_error (error);
  prefix = g_strdup (cairn_protocol_log_get_prefix (f.session->protocol_log));
  send_and_wait (&f, "Say hello");
  g_clear_object (&f.session->protocol_log);   /* flushes and joins the writer */

  in = read_log (prefix, "in");
  out = read_log (prefix, "out");
  items = read_log (prefix, "items");
  /* the recording's 19 lines, and the answers to Cairn's control requests
   * (initialize, get_settings) that came before the log was closed */
  in_lines = g_strsplit (g_strstrip (in), "\n", -1);
  for (guint i = 0; in_lines[i] != NULL; i++)
    recorded += strstr (in_lines[i], "control_response") == NULL;
  g_assert_cmpuint (recorded, ==, 19);
  g_assert_nonnull (strstr (in, "\"subtype\":\"init\""));
  g_assert_nonnull (strstr (out, "\"subtype\":\"initialize\""));
  g_assert_nonnull (strstr (out, "Say hello"));
  g_assert_nonnull (strstr (items, "\"item-type\":\"CairnTextItem\""));
  g_assert_nonnull (strstr (items, "draws every token as it arrives."));
  g_assert_nonnull (strstr (items, "\"item-type\":\"CairnResultItem\""));
  fixture_clear (&f);
}

/* Quiet rows for what the CLI reports besides the reply, and a tool call
 * that never got its result is closed when the turn ends. */
static gboolean
mentions_stderr_line (gpointer transcript)
{
  return cairn_test_transcript_mentions (transcript, "warning from the CLI on stderr");
}

static void
test_notices_and_unfinished_call (void)
{
  Fixture f = { 0 };
  CairnTranscript *t;
  CairnToolCallItem *call;

  fixture_init (&f, "notices.jsonl");
  g_setenv ("CAIRN_REPLAY_STDERR", "warning from the CLI on stderr", TRUE);
  send_and_wait (&f, "go");
  t = transcript (&f);

  g_assert_true (cairn_test_transcript_mentions (t, "Compacting the conversation"));
  g_assert_true (cairn_test_transcript_mentions (t, "70 tokens before, 572 after"));
  /* the plan's limits are state for the header, not a row */
  g_assert_false (cairn_test_transcript_mentions (t, "Rate limit"));
  g_assert_cmpint (cairn_session_get_rate_limits (f.session)->status, ==, CAIRN_LIMIT_ALLOWED);
  g_assert_cmpint (cairn_session_get_rate_limits (f.session)->five_hour.resets_at, ==, 1795252310);
  g_assert_true (cairn_test_transcript_mentions (t, "don't ask mode"));
  /* stderr is a pipe of its own: its line may come after the result */
  g_assert_true (cairn_test_wait_until (mentions_stderr_line, t, 5000));
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, "dontAsk");

  call = CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (t, CAIRN_ITEM_KIND_TOOL_CALL, 0));
  g_assert_cmpstr (cairn_tool_call_item_get_title (call), ==, "sleep 100");
  g_assert_cmpint (cairn_tool_call_item_get_status (call), ==, CAIRN_TOOL_STATUS_NOT_RUN);
  g_assert_nonnull (strstr (cairn_tool_call_item_get_summary (call), "turn ended"));
  /* nothing unknown: every line above has its own row */
  g_assert_null (cairn_test_find_item (t, CAIRN_ITEM_KIND_RAW, 0));
  fixture_clear (&f);
}

static void
handle_line (CairnSession *session,
             const char   *line)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line (line, strlen (line));

  _cairn_session_handle_message (session, message);
}

/* rate_limit_event as CLI 2.1.330 describes it in its bundle (the zod
 * schema of rate_limit_info, with unifiedWindows). It is only sent to
 * subscription sign-ins, which need the network: these lines are built to
 * that schema, not recorded. A warning fills both windows; at the limit,
 * a refused turn says when it can go on. */
static void
test_rate_limits (void)
{
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  const CairnRateLimits *limits = cairn_session_get_rate_limits (session);
  gint64 reset = g_get_real_time () / G_USEC_PER_SEC + 3600;
  g_autofree char *warning = g_strdup_printf (
    "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"allowed_warning\","
    "\"resetsAt\":%" G_GINT64_FORMAT ",\"rateLimitType\":\"five_hour\",\"utilization\":0.85,"
    "\"unifiedWindows\":{\"five_hour\":{\"utilization\":0.85,\"resetsAt\":%" G_GINT64_FORMAT ","
    "\"status\":\"allowed_warning\",\"surpassedThreshold\":0.8},\"seven_day\":{\"utilization\":0.4,"
    "\"resetsAt\":1795900000,\"status\":\"allowed\"}},\"isUsingOverage\":false},"
    "\"uuid\":\"u1\",\"session_id\":\"s1\"}", reset, reset);
  g_autofree char *rejected = g_strdup_printf (
    "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"rejected\","
    "\"resetsAt\":%" G_GINT64_FORMAT ",\"rateLimitType\":\"five_hour\",\"utilization\":1},"
    "\"uuid\":\"u2\",\"session_id\":\"s1\"}", reset);
  const char *refused = "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":true,"
                        "\"result\":\"API Error: 429 usage limit reached\",\"total_cost_usd\":0}";
  CairnResultItem *result;

  g_assert_cmpint (limits->status, ==, CAIRN_LIMIT_UNKNOWN);
  handle_line (session, warning);
  g_assert_cmpint (limits->status, ==, CAIRN_LIMIT_WARNING);
  g_assert_cmpfloat (limits->five_hour.utilization, ==, 0.85);
  g_assert_cmpint (limits->five_hour.resets_at, ==, reset);
  g_assert_cmpfloat (limits->seven_day.utilization, ==, 0.4);
  g_assert_cmpint (limits->seven_day.status, ==, CAIRN_LIMIT_ALLOWED);

  handle_line (session, rejected);
  g_assert_cmpint (limits->status, ==, CAIRN_LIMIT_REJECTED);
  g_assert_cmpfloat (limits->five_hour.utilization, ==, 1);
  /* what an older event said of the weekly window is not kept as news */
  g_assert_cmpfloat (limits->seven_day.utilization, <, 0);
  handle_line (session, refused);
  result = CAIRN_RESULT_ITEM (cairn_test_find_item (cairn_session_get_transcript (session),
                                                    CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_nonnull (strstr (cairn_result_item_get_message (result), "429"));
  g_assert_nonnull (strstr (cairn_result_item_get_message (result), "You can go on at "));
  g_assert_null (cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_NOTICE, 0));
}

/* Every line of a 2.1.330 recording, through the session as if it ran. */
static void
feed_recording (CairnSession *session,
                const char   *name)
{
  g_autofree char *path = cairn_test_recording_path ("2.1.330", name);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      handle_line (session, lines[i]);
}

/* queue-and-clear, recorded: five prompts with uuids, two queued during a
 * slow turn and interrupted, then /clear. Fed as if Cairn had sent those
 * prompts, the lifecycles finish all five, so no turn stays pending; the
 * reset is shown and gives the new conversation id. */
static void
test_lifecycles_recorded (void)
{
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  g_autofree char *path = cairn_test_recording_path ("2.1.330", "queue-and-clear.stdin.jsonl");
  g_autofree char *sent = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &sent, NULL, NULL));
  lines = g_strsplit (sent, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(CairnMessage) message = cairn_message_new_from_line (lines[i], strlen (lines[i]));
      const char *uuid = cairn_json_get_string (cairn_message_get_object (message), "uuid");
      if (uuid != NULL)
        g_hash_table_add (session->unfinished_commands, g_strdup (uuid));
    }
  g_assert_cmpuint (g_hash_table_size (session->unfinished_commands), ==, 5);

  feed_recording (session, "queue-and-clear.jsonl");
  g_assert_cmpuint (g_hash_table_size (session->unfinished_commands), ==, 0);
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (session),
                                                 "The conversation was cleared"));
  g_assert_cmpstr (cairn_session_get_session_id (session), !=, NULL);
  g_assert_null (cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_RAW, 0));
}

/* mcp, recorded: init lists the two servers it started (one failed) and
 * the entry it skipped; the failed ones get one notice with a way to the
 * MCP popover. */
static void
test_mcp_init_recorded (void)
{
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  GListModel *servers = cairn_session_get_mcp_servers (session);
  g_autoptr(CairnMcpServer) mini = NULL;
  g_autoptr(CairnMcpServer) broken = NULL;
  g_autoptr(CairnMcpServer) skipped = NULL;
  CairnNoticeItem *notice;

  feed_recording (session, "mcp.jsonl");
  g_assert_cmpuint (g_list_model_get_n_items (servers), ==, 3);
  mini = g_list_model_get_item (servers, 0);
  broken = g_list_model_get_item (servers, 1);
  skipped = g_list_model_get_item (servers, 2);
  g_assert_cmpstr (cairn_mcp_server_get_status (mini), ==, "connected");
  g_assert_true (cairn_mcp_server_get_failed (broken));
  g_assert_true (cairn_mcp_server_get_skipped (skipped));
  g_assert_nonnull (strstr (cairn_mcp_server_get_error (skipped), "no \"type\""));
  notice = CAIRN_NOTICE_ITEM (cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_NOTICE, 0));
  g_assert_cmpstr (cairn_notice_item_get_title (notice), ==, "The MCP servers “broken”, “badconf” could not start");
  g_assert_cmpstr (cairn_notice_item_get_action_name (notice), ==, "win.show-mcp");
}

static void
items_added_cb (GListModel *model,
                guint       position,
                guint       removed,
                guint       added,
                guint      *changes)
{
  changes[0]++;
  changes[1] += added;
}

/* A loaded history goes in with one change of the model. */
static void
test_append_all (void)
{
  g_autoptr(CairnTranscript) transcript = cairn_transcript_new ();
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint changes[2] = { 0, 0 };

  for (guint i = 0; i < 500; i++)
    g_ptr_array_add (items, cairn_text_item_new (CAIRN_ITEM_KIND_USER, "hello"));
  cairn_transcript_append (transcript, g_ptr_array_index (items, 0));
  g_signal_connect (transcript, "items-changed", G_CALLBACK (items_added_cb), changes);
  cairn_transcript_append_all (transcript, items);

  g_assert_cmpuint (changes[0], ==, 1);
  g_assert_cmpuint (changes[1], ==, 500);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (transcript)), ==, 501);
}

static void
test_missing_cli (void)
{
  g_autoptr(CairnSession) session = cairn_session_new ("/tmp", "/nonexistent/claude");

  cairn_session_send_prompt (session, "hello?");
  g_assert_false (cairn_session_get_busy (session));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (session),
                                                 "could not be started"));
  /* the prompt is still there, nothing is lost */
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (session), "hello?"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  cairn_test_add_per_version ("/cairn/session/streamed-reply", test_streamed_reply);
  cairn_test_add_per_version ("/cairn/session/two-turns-one-process", test_two_turns_one_process);
  cairn_test_add_per_version ("/cairn/session/cut-stream-text-once", test_cut_stream_text_once);
  cairn_test_add_per_version ("/cairn/session/interrupted-turn", test_interrupted_turn);
  cairn_test_add_per_version ("/cairn/session/api-error", test_api_error);
  cairn_test_add_per_version ("/cairn/session/unanswered-request-closes", test_unanswered_request_closes);
  g_test_add_func ("/cairn/session/refused-tool-said-once", test_refused_tool_said_once);
  g_test_add_func ("/cairn/session/agent-in-background", test_agent_in_background);
  g_test_add_func ("/cairn/session/agent-stopped", test_agent_stopped);
  g_test_add_func ("/cairn/session/bad-lines-kept-visible", test_bad_lines_kept_visible);
  g_test_add_func ("/cairn/session/crash-mid-turn", test_crash_mid_turn);
  g_test_add_func ("/cairn/session/killed-mid-turn", test_killed_mid_turn);
  g_test_add_func ("/cairn/session/hung-cli-stopped-after-interrupt", test_hung_cli_stopped_after_interrupt);
  g_test_add_func ("/cairn/session/protocol-log", test_protocol_log);
  g_test_add_func ("/cairn/session/notices-and-unfinished-call", test_notices_and_unfinished_call);
  g_test_add_func ("/cairn/session/append-all", test_append_all);
  g_test_add_func ("/cairn/session/rate-limits", test_rate_limits);
  g_test_add_func ("/cairn/session/lifecycles-recorded", test_lifecycles_recorded);
  g_test_add_func ("/cairn/session/mcp-init-recorded", test_mcp_init_recorded);
  g_test_add_func ("/cairn/session/missing-cli", test_missing_cli);

  return g_test_run ();
}
