/* test-session.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "session/cairn-background-task.h"
#include "session/cairn-model-usage.h"
#include "transcript/cairn-result-item.h"
#include "session/cairn-session-private.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* Turns of the session driven by recordings of the real CLI, replayed by
 * tests/replay-cli.py, which Cairn launches exactly as it launches claude:
 * a streamed reply, interrupts, API errors, background agents, requests
 * left unanswered and the quiet rows for what the CLI reports. */

static CairnTranscript *
transcript (CairnTestReplay *f)
{
  return cairn_session_get_transcript (f->session);
}


static void
text_notify_cb (CairnTextItem *item,
                GParamSpec    *pspec,
                guint         *text_updates)
{
  (*text_updates)++;
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *text_updates)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (model, i);
      if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_ASSISTANT)
        g_signal_connect (item, "notify::text", G_CALLBACK (text_notify_cb), text_updates);
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
  CairnTestReplay f = { 0 };
  CairnResultItem *result;
  guint text_updates = 0;

  cairn_test_replay_start (&f, version, "stream-text.jsonl");
  g_signal_connect (transcript (&f), "items-changed", G_CALLBACK (items_changed_cb), &text_updates);
  cairn_test_replay_send (&f, "Say hello");

  g_assert_cmpstr (text_of (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_USER, 0)), ==, "Say hello");
  g_assert_cmpstr (text_of (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0)), ==,
                   "Cairn is a native GNOME app for Claude Code. It talks to the CLI over pipes, "
                   "one JSON line at a time, and draws every token as it arrives.");
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 1));
  g_assert_false (cairn_text_item_get_streaming (CAIRN_TEXT_ITEM (
    cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0))));
  g_assert_cmpuint (text_updates, >=, 5);

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_false (cairn_result_item_get_is_error (result));
  g_assert_cmpint (cairn_result_item_get_output_tokens (result), >, 0);
  g_assert_nonnull (cairn_session_get_session_id (f.session));
  g_assert_cmpstr (cairn_session_get_model (f.session), ==, recorded_model (version));
  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_IDLE);
  g_assert_true (g_strv_contains (cairn_session_get_commands (f.session), "compact"));
  cairn_test_replay_stop (&f);
}

static void
test_two_turns_one_process (gconstpointer version)
{
  CairnTestReplay f = { 0 };
  g_autofree char *args = NULL;
  g_auto(GStrv) starts = NULL;
  g_autoptr(CairnModelUsage) usage = NULL;
  GListModel *models;

  cairn_test_replay_start (&f, version, "stream-two-turns.jsonl");
  cairn_test_replay_send (&f, "first");
  cairn_test_replay_send (&f, "second");

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
  cairn_test_replay_stop (&f);
}

/* docs/protocol.md, "API errors and cut streams": a cut stream re-sent
 * whole under another message id. */
static void
test_cut_stream_text_once (gconstpointer version)
{
  CairnTestReplay f = { 0 };
  const char *text;

  cairn_test_replay_start (&f, version, "cut-stream.jsonl");
  cairn_test_replay_send (&f, "cut");

  text = text_of (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 1));
  g_assert_true (g_str_equal (text, "This reply is cut after two deltas and then repeated."));
  cairn_test_replay_stop (&f);
}

static void
test_interrupted_turn (gconstpointer version)
{
  CairnTestReplay f = { 0 };
  CairnResultItem *result;
  CairnTextItem *partial;

  cairn_test_replay_start (&f, version, "interrupt.jsonl");
  cairn_test_replay_send (&f, "slow");

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_true (cairn_result_item_get_is_error (result));
  g_assert_cmpstr (cairn_result_item_get_message (result), ==, "The turn was interrupted");
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 0));
  /* 2.1.330 marks the text written until then `aborted`: it says Stopped */
  partial = CAIRN_TEXT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  g_assert_nonnull (partial);
  g_assert_cmpint (cairn_text_item_get_stopped (partial), ==, !g_str_equal (version, "2.1.197"));
  cairn_test_replay_stop (&f);
}

static void
test_api_error (gconstpointer version)
{
  CairnTestReplay f = { 0 };
  CairnResultItem *result;
  CairnNoticeItem *notice;

  cairn_test_replay_start (&f, version, "api-error.jsonl");
  cairn_test_replay_send (&f, "fail");

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
  cairn_test_replay_stop (&f);
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
  CairnTestReplay f = { 0 };
  g_autoptr(GString) tasks_seen = g_string_new (NULL);
  CairnToolCallItem *agent;
  CairnItem *nested;

  cairn_test_replay_start (&f, "2.1.330", "agent-background.jsonl");
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
  cairn_test_replay_stop (&f);
}

/* The same with Stop in the task popover (stop_task, recorded): the CLI
 * ends the subagent, its card says stopped and the task leaves the list. */
static void
test_agent_stopped (void)
{
  CairnTestReplay f = { 0 };
  g_autoptr(GString) tasks_seen = g_string_new (NULL);
  CairnToolCallItem *agent;

  cairn_test_replay_start (&f, "2.1.330", "agent-stopped.jsonl");
  g_signal_connect (cairn_session_get_background_tasks (f.session), "items-changed",
                    G_CALLBACK (note_task_cb), tasks_seen);
  cairn_session_send_prompt (f.session, "Use an agent to wait.");
  g_assert_true (cairn_test_wait_until (two_results, transcript (&f), 20000));

  agent = CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_TOOL_CALL, 0));
  g_assert_cmpint (cairn_tool_call_item_get_status (agent), ==, CAIRN_TOOL_STATUS_STOPPED);
  g_assert_cmpstr (tasks_seen->str, ==, "Agent: Wait a while; ");
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_background_tasks (f.session)), ==, 0);
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 0));
  cairn_test_replay_stop (&f);
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
  CairnTestReplay f = { 0 };
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);
  CairnItem *card;

  cairn_test_replay_start (&f, version, "tool-write.jsonl");
  g_signal_connect (f.session, "permission-requested", G_CALLBACK (keep_request_cb), requests);
  cairn_test_replay_send (&f, "write");

  g_assert_cmpuint (requests->len, ==, 1);
  g_assert_cmpint (cairn_permission_request_get_state (requests->pdata[0]), ==, CAIRN_PERMISSION_EXPIRED);
  g_assert_cmpuint (g_list_model_get_n_items (cairn_session_get_pending_requests (f.session)), ==, 0);
  card = cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_TOOL_CALL, 0);
  g_assert_nonnull (card);
  g_assert_null (cairn_tool_call_item_get_approval (CAIRN_TOOL_CALL_ITEM (card)));
  g_assert_cmpint (cairn_tool_call_item_get_status (CAIRN_TOOL_CALL_ITEM (card)), ==, CAIRN_TOOL_STATUS_DONE);
  cairn_test_replay_stop (&f);
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
  CairnTestReplay f = { 0 };
  CairnTranscript *t;
  CairnToolCallItem *call;

  cairn_test_replay_start (&f, NULL, "notices.jsonl");
  g_setenv ("CAIRN_REPLAY_STDERR", "warning from the CLI on stderr", TRUE);
  cairn_test_replay_send (&f, "go");
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
  cairn_test_replay_stop (&f);
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
  g_test_add_func ("/cairn/session/notices-and-unfinished-call", test_notices_and_unfinished_call);

  return g_test_run ();
}
