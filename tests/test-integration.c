/* test-integration.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>

#include "transcript/cairn-result-item.h"
#include "session/cairn-session-private.h"
#include "session/cairn-mcp-server.h"
#include "transcript/cairn-notice-item.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"

/* Cairn's core driving the real, pinned Claude Code CLI, which talks to the
 * project's fake Anthropic API on loopback. */

#define REPLY "Streaming works: each of these words arrives as its own delta from the fake API."

typedef struct
{
  CairnTestFakeApi *api;
  CairnSession     *session;
  GString          *seen;         /* the assistant text at each update */
  guint             updates_before_result;
  gboolean          got_result;
} Fixture;

static void
fixture_init (Fixture    *f,
              const char *script)
{
  f->api = cairn_test_fake_api_start (script);
  f->session = cairn_session_new (f->api->project, cairn_test_cli_path ());
  f->seen = g_string_new (NULL);
}

static void
fixture_clear (Fixture *f)
{
  cairn_session_close (f->session);
  cairn_test_run_for (200);
  g_clear_object (&f->session);
  g_clear_pointer (&f->api, cairn_test_fake_api_free);
  g_string_free (f->seen, TRUE);
}

static CairnTranscript *
transcript (Fixture *f)
{
  return cairn_session_get_transcript (f->session);
}

static void
text_notify_cb (CairnTextItem *item,
                GParamSpec    *pspec,
                Fixture       *f)
{
  if (!f->got_result)
    f->updates_before_result++;
  g_string_assign (f->seen, cairn_text_item_get_text (item));
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
      if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_RESULT)
        f->got_result = TRUE;
    }
}

static void
wait_idle (Fixture *f,
           guint    timeout_ms)
{
  if (!cairn_test_wait_until (cairn_test_session_idle, f->session, timeout_ms))
    {
      cairn_test_dump_transcript (transcript (f));
      g_error ("the turn did not end in %u ms", timeout_ms);
    }
}

static guint
count_assistant_items_with (Fixture    *f,
                            const char *text)
{
  guint count = 0;

  for (guint i = 0; cairn_test_find_item (transcript (f), CAIRN_ITEM_KIND_ASSISTANT, i); i++)
    {
      CairnItem *item = cairn_test_find_item (transcript (f), CAIRN_ITEM_KIND_ASSISTANT, i);
      if (strstr (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)), text) != NULL)
        count++;
    }
  return count;
}

static void
test_prompt_streams_reply (void)
{
  Fixture f = { 0 };
  CairnResultItem *result;

  fixture_init (&f, "{\"default\":{\"blocks\":[{\"type\":\"text\",\"text\":\"" REPLY "\",\"chunks\":14}],"
                    "\"chunk_delay_ms\":20}}");
  g_signal_connect (transcript (&f), "items-changed", G_CALLBACK (items_changed_cb), &f);
  cairn_session_send_prompt (f.session, "Show me streaming");
  wait_idle (&f, 60000);

  /* deltas arrived before the result, and the text is there exactly once */
  g_assert_cmpuint (f.updates_before_result, >=, 5);
  g_assert_cmpuint (count_assistant_items_with (&f, "Streaming works"), ==, 1);
  g_assert_cmpstr (cairn_text_item_get_text (CAIRN_TEXT_ITEM (
    cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0))), ==, REPLY);
  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_false (cairn_result_item_get_is_error (result));
  g_assert_cmpint (cairn_result_item_get_duration_ms (result), >, 0);
  g_assert_true (g_strv_contains (cairn_session_get_commands (f.session), "compact"));
  fixture_clear (&f);
}

static gboolean
has_partial_text (gpointer data)
{
  Fixture *f = data;

  return f->seen->len > 0;
}

static void
test_interrupt_mid_stream (void)
{
  Fixture f = { 0 };
  CairnResultItem *result;
  const char *partial;

  fixture_init (&f, "{\"default\":{\"blocks\":[{\"type\":\"text\",\"text\":\"" REPLY "\",\"chunks\":14}],"
                    "\"chunk_delay_ms\":400}}");
  g_signal_connect (transcript (&f), "items-changed", G_CALLBACK (items_changed_cb), &f);
  cairn_session_send_prompt (f.session, "Talk slowly");
  g_assert_true (cairn_test_wait_until (has_partial_text, &f, 60000));
  cairn_session_interrupt (f.session);
  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_INTERRUPTING);
  wait_idle (&f, 15000);

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_true (cairn_result_item_get_is_error (result));
  g_assert_cmpstr (cairn_result_item_get_message (result), ==, "The turn was interrupted");
  g_assert_null (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 0));
  partial = cairn_text_item_get_text (CAIRN_TEXT_ITEM (
    cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0)));
  g_assert_true (g_str_has_prefix (REPLY, partial));
  g_assert_cmpuint (strlen (partial), <, strlen (REPLY));
  /* the process survived and is ready for the next prompt */
  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_IDLE);
  fixture_clear (&f);
}

/* Killed with SIGKILL mid-turn, then resumed with --resume: the model gets
 * the earlier conversation. */
static void
test_killed_then_resumed (void)
{
  Fixture f = { 0 };
  g_autofree char *session_id = NULL;
  g_autoptr(GPtrArray) bodies = NULL;
  const char *pid;

  fixture_init (&f, "{\"rules\":[{\"match\":\"slow\",\"replies\":[{\"blocks\":[{\"type\":\"text\","
                    "\"text\":\"" REPLY "\",\"chunks\":14}],\"chunk_delay_ms\":400}]}]}");
  g_signal_connect (transcript (&f), "items-changed", G_CALLBACK (items_changed_cb), &f);
  cairn_session_send_prompt (f.session, "Remember the word PINEAPPLE");
  wait_idle (&f, 60000);
  session_id = g_strdup (cairn_session_get_session_id (f.session));

  g_string_truncate (f.seen, 0);
  cairn_session_send_prompt (f.session, "Now answer slowly");
  g_assert_true (cairn_test_wait_until (has_partial_text, &f, 60000));
  pid = cairn_cli_connection_get_identifier (_cairn_session_get_connection (f.session));
  g_assert_nonnull (pid);
  g_assert_cmpint (kill (atoi (pid), SIGKILL), ==, 0);
  wait_idle (&f, 15000);
  g_assert_cmpint (cairn_session_get_state (f.session), ==, CAIRN_SESSION_STATE_EXITED);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "signal 9"));

  cairn_session_send_prompt (f.session, "What was the word?");
  wait_idle (&f, 60000);
  g_assert_cmpstr (cairn_session_get_session_id (f.session), ==, session_id);
  bodies = cairn_test_fake_api_bodies (f.api);
  g_assert_cmpuint (bodies->len, >=, 3);
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "PINEAPPLE"));
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "What was the word?"));
  fixture_clear (&f);
}

static gboolean
session_exited (gpointer session)
{
  return cairn_session_get_state (session) == CAIRN_SESSION_STATE_EXITED;
}

/* A conversation opened from its session file shows its rows and starts no
 * process; the first prompt resumes it, in the mode it was left in, and
 * the model gets the whole conversation. */
static void
test_opened_from_history_then_resumed (void)
{
  Fixture f = { 0 };
  g_autofree char *session_id = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) bodies = NULL;

  fixture_init (&f, "{\"rules\":[]}");
  cairn_session_set_start_mode (f.session, CAIRN_PERMISSION_MODE_ACCEPT_EDITS);
  cairn_session_send_prompt (f.session, "Remember the word MANGO");
  wait_idle (&f, 60000);
  session_id = g_strdup (cairn_session_get_session_id (f.session));
  cairn_session_close (f.session);
  g_assert_true (cairn_test_wait_until (session_exited, f.session, 10000));
  g_clear_object (&f.session);

  path = cairn_test_session_file (f.api, session_id);
  file = g_file_new_for_path (path);
  f.session = cairn_session_new (f.api->project, cairn_test_cli_path ());
  g_assert_true (cairn_test_open_conversation (f.session, file));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "Remember the word MANGO"));
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  g_assert_cmpstr (cairn_session_get_session_id (f.session), ==, session_id);
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, "acceptEdits");
  g_assert_null (_cairn_session_get_connection (f.session));

  cairn_session_send_prompt (f.session, "What was the word?");
  wait_idle (&f, 60000);
  g_assert_cmpstr (cairn_session_get_session_id (f.session), ==, session_id);
  g_assert_cmpstr (cairn_session_get_permission_mode (f.session), ==, "acceptEdits");
  bodies = cairn_test_fake_api_bodies (f.api);
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "MANGO"));
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "What was the word?"));
  /* the prompt, its reply, and then the new prompt below them */
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_USER, 1));
  fixture_clear (&f);
}

static gboolean
mentions_second (gpointer session)
{
  return cairn_test_transcript_mentions (cairn_session_get_transcript (session), "And a second thing");
}

/* A third view of the conversation, opened while nothing ran it: once
 * @here resumes it, the third's prompt is refused rather than starting a
 * second CLI on it. */
static void
resume_beside_a_third_view (Fixture      *f,
                            GFile        *file,
                            CairnSession *here)
{
  g_autoptr(CairnSession) third = cairn_session_new (f->api->project, cairn_test_cli_path ());

  g_assert_true (cairn_test_open_conversation (third, file));
  g_assert_false (cairn_session_get_running_elsewhere (third));
  cairn_session_send_prompt (here, "What was the word?");
  g_assert_false (cairn_session_get_running_elsewhere (here));
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, here, 60000));
  cairn_session_send_prompt (third, "Me too");
  /* asked off the main loop: the answer comes in a moment */
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, third, 10000));
  g_assert_true (cairn_session_get_running_elsewhere (third));
  g_assert_null (_cairn_session_get_connection (third));
}

/* A conversation another Claude Code process has open (here a session of
 * this test; a CLI in a terminal registers the same way) opens without a
 * second process: a prompt is refused with a notice, what the other one
 * writes shows up, and once it has ended the prompt resumes it here. */
static void
test_opened_while_running_elsewhere (void)
{
  Fixture f = { 0 };
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(CairnSession) here = NULL;
  g_autoptr(GPtrArray) bodies = NULL;

  fixture_init (&f, "{\"rules\":[]}");
  cairn_session_send_prompt (f.session, "Remember the word KIWI");
  wait_idle (&f, 60000);
  path = cairn_test_session_file (f.api, cairn_session_get_session_id (f.session));
  file = g_file_new_for_path (path);

  here = cairn_session_new (f.api->project, cairn_test_cli_path ());
  g_assert_true (cairn_test_open_conversation (here, file));
  g_assert_true (cairn_session_get_running_elsewhere (here));

  cairn_session_send_prompt (here, "Refused while it runs there");
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, here, 10000));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (here),
                                                 "This conversation is running elsewhere"));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (here),
                                                  "Refused while it runs there"));
  g_assert_null (_cairn_session_get_connection (here));

  /* the other one goes on; this one follows its file */
  cairn_session_send_prompt (f.session, "And a second thing");
  wait_idle (&f, 60000);
  cairn_session_close (f.session);
  g_assert_true (cairn_test_wait_until (session_exited, f.session, 10000));
  g_assert_true (cairn_test_wait_until (mentions_second, here, 10000));

  resume_beside_a_third_view (&f, file, here);
  bodies = cairn_test_fake_api_bodies (f.api);
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "KIWI"));
  cairn_session_close (here);
  fixture_clear (&f);
}

static gboolean
has_models (gpointer data)
{
  Fixture *f = data;
  const char * const *values = cairn_session_get_model_values (f->session);

  return values != NULL && values[0] != NULL;
}

static const char *
recorded_default_model (void)
{
  static char *model;
  g_autofree char *path = cairn_test_recording_path (g_getenv ("CAIRN_TEST_CLI_VERSION"), "initialize.jsonl");
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *models;

  if (model != NULL)
    return model;
  g_assert_true (json_parser_load_from_file (parser, path, NULL));
  models = json_object_get_array_member (json_object_get_object_member (json_object_get_object_member (
    json_node_get_object (json_parser_get_root (parser)), "response"), "response"), "models");
  for (guint i = 0; i < json_array_get_length (models); i++)
    {
      JsonObject *entry = json_array_get_object_element (models, i);
      if (g_str_equal (json_object_get_string_member (entry, "value"), "default"))
        model = g_strdup (json_object_get_string_member (entry, "resolvedModel"));
    }
  g_assert_nonnull (model);
  return model;
}

static gboolean
has_effort (gpointer session)
{
  return cairn_session_get_effort (session) != NULL;
}

/* The header's model menu: the CLI lists its models at start, and the
 * chosen one is what the next request asks the API for. */
static void
test_set_model (void)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) bodies = NULL;
  JsonObject *last;

  fixture_init (&f, "{}");
  g_assert_true (cairn_session_start (f.session));
  g_assert_true (cairn_test_wait_until (has_models, &f, 60000));
  g_assert_true (g_strv_contains (cairn_session_get_model_values (f.session), "sonnet"));
  /* before any turn, the header can already name the default model: the
   * one the pinned CLI's recorded initialize answer resolves "default" to */
  g_assert_cmpstr (cairn_session_get_model (f.session), ==, recorded_default_model ());

  /* the effort the CLI applies (get_settings), beside the model */
  g_assert_true (cairn_test_wait_until (has_effort, f.session, 30000));
  g_assert_cmpstr (cairn_session_get_effort (f.session), ==, "medium");
  cairn_session_set_model (f.session, "sonnet");
  cairn_session_send_prompt (f.session, "Which model are you?");
  wait_idle (&f, 60000);

  bodies = cairn_test_fake_api_bodies (f.api);
  last = json_node_get_object (g_ptr_array_index (bodies, bodies->len - 1));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (last, "model"), "claude-sonnet"));
  g_assert_true (g_str_has_prefix (cairn_session_get_model (f.session), "claude-sonnet"));
  fixture_clear (&f);
}

static void
context_usage_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CairnContextUsage **usage = user_data;
  g_autoptr(GError) error = NULL;

  *usage = cairn_session_get_context_usage_finish (CAIRN_SESSION (object), result, &error);
  g_assert_no_error (error);
}

static gboolean
is_set (gpointer pointer)
{
  return *(gpointer *)pointer != NULL;
}

/* The context meter's breakdown: the real CLI's get_context_usage, after a
 * turn, read into categories; before the CLI runs, a clear error. */
static void
test_context_usage (void)
{
  Fixture f = { 0 };
  g_autoptr(CairnContextUsage) usage = NULL;
  gint64 sum = 0;
  gboolean saw_prompt = FALSE, saw_free = FALSE;

  fixture_init (&f, "{}");
  cairn_session_send_prompt (f.session, "Hello there");
  wait_idle (&f, 60000);
  cairn_session_get_context_usage_async (f.session, NULL, context_usage_cb, &usage);
  g_assert_true (cairn_test_wait_until (is_set, &usage, 30000));

  g_assert_cmpint (usage->max_tokens, >, 0);
  g_assert_cmpint (usage->total_tokens, >, 0);
  g_assert_cmpint (usage->total_tokens, <=, usage->max_tokens);
  for (guint i = 0; i < usage->categories->len; i++)
    {
      CairnContextCategory *category = g_ptr_array_index (usage->categories, i);
      g_test_message ("%s (%s): %" G_GINT64_FORMAT, category->name, category->kind, category->tokens);
      saw_prompt |= g_str_equal (category->name, "System prompt") && category->tokens > 0;
      saw_free |= g_strcmp0 (category->kind, "free") == 0;
      /* deferred tools are listed, but not loaded into the window */
      if (g_strcmp0 (category->kind, "deferred") != 0)
        sum += category->tokens;
    }
  g_assert_true (saw_prompt);
  g_assert_true (saw_free);
  g_assert_cmpint (sum, <=, usage->max_tokens);
  fixture_clear (&f);
}

static gboolean
two_updates (gpointer data)
{
  return ((Fixture *)data)->updates_before_result >= 2;
}

/* CLI 2.1.330 ends turns its own way: prompts sent during a turn run
 * together as one; interrupting a turn with prompts queued ends it
 * without a result; /clear prints no result. Cairn follows each prompt's
 * command_lifecycle, so it is idle again after each of these (it stayed
 * busy: it counted results). The interrupt's receipt says what is still
 * queued; /clear is shown as such. */
static void
test_queued_interrupt_and_clear (void)
{
  Fixture f = { 0 };
  g_autofree char *first_id = NULL;

  fixture_init (&f, "{\"rules\":[{\"match\":\"slow\",\"replies\":[{\"chunk_delay_ms\":150,\"blocks\":"
                    "[{\"type\":\"text\",\"text\":\"" REPLY " " REPLY "\",\"chunks\":30}]}]}],"
                    "\"default\":{\"blocks\":[{\"type\":\"text\",\"text\":\"You said: {{PROMPT}}\"}]}}");
  g_signal_connect (transcript (&f), "items-changed", G_CALLBACK (items_changed_cb), &f);
  cairn_session_send_prompt (f.session, "slow story please");
  g_assert_true (cairn_test_wait_until (two_updates, &f, 60000));
  cairn_session_send_prompt (f.session, "second while busy");
  cairn_session_send_prompt (f.session, "third while busy");
  cairn_test_run_for (300);   /* both reach the CLI's queue */
  cairn_session_interrupt (f.session);
  wait_idle (&f, 60000);

  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "2 queued messages go next"));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "second while busy"));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "You said: "));
  g_assert_true (cairn_text_item_get_stopped (CAIRN_TEXT_ITEM (
    cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0))));

  first_id = g_strdup (cairn_session_get_session_id (f.session));
  cairn_session_send_prompt (f.session, "/clear");
  wait_idle (&f, 60000);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "The conversation was cleared"));
  g_assert_cmpstr (cairn_session_get_session_id (f.session), !=, first_id);

  cairn_session_send_prompt (f.session, "after clear");
  wait_idle (&f, 60000);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "You said: after clear"));
  fixture_clear (&f);
}

typedef struct
{
  CairnSession *session;
  const char   *name;
  const char   *status;
  int           tools;   /* -1: any */
} ServerWanted;

static gboolean
server_is (gpointer data)
{
  ServerWanted *wanted = data;
  GListModel *servers = cairn_session_get_mcp_servers (wanted->session);

  for (guint i = 0; i < g_list_model_get_n_items (servers); i++)
    {
      g_autoptr(CairnMcpServer) server = g_list_model_get_item (servers, i);
      if (g_str_equal (cairn_mcp_server_get_name (server), wanted->name))
        return g_str_equal (cairn_mcp_server_get_status (server), wanted->status) &&
               (wanted->tools < 0 || cairn_mcp_server_get_tools (server) == wanted->tools);
    }
  return FALSE;
}

static gboolean
mentions_change_failure (gpointer transcript)
{
  return cairn_test_transcript_mentions (transcript, "The MCP server could not be changed");
}

static void
wait_for_server (Fixture    *f,
                 const char *name,
                 const char *status,
                 int         tools)
{
  ServerWanted wanted = { f->session, name, status, tools };

  if (!cairn_test_wait_until (server_is, &wanted, 30000))
    g_error ("MCP server %s did not become %s", name, status);
}

/* The conversation's MCP servers, with the real CLI and a stdio server
 * written for the test (tests/mini-mcp.py) beside one whose command is
 * missing, both in the user's config: listed from init, detailed by
 * mcp_status, switched off and on (mcp_toggle); reconnecting the failed
 * one fails again, and says why. A server that failed at start gives
 * one notice that opens the MCP popover. */
static void
test_mcp_servers (void)
{
  Fixture f = { 0 };
  g_autofree char *server = g_test_build_filename (G_TEST_DIST, "mini-mcp.py", NULL);
  g_autofree char *config = NULL;
  g_autofree char *config_path = NULL;
  CairnNoticeItem *notice;

  fixture_init (&f, "{}");
  config = g_strdup_printf ("{\"mcpServers\":{\"mini\":{\"type\":\"stdio\",\"command\":\"python3\","
                            "\"args\":[\"%s\"]},\"broken\":{\"type\":\"stdio\","
                            "\"command\":\"/nonexistent/mcp-server\"}}}", server);
  config_path = g_build_filename (g_getenv ("CLAUDE_CONFIG_DIR"), ".claude.json", NULL);
  g_assert_true (g_file_set_contents (config_path, config, -1, NULL));
  cairn_session_send_prompt (f.session, "Hello MCP");
  wait_idle (&f, 60000);

  wait_for_server (&f, "mini", "connected", -1);
  wait_for_server (&f, "broken", "failed", -1);
  notice = CAIRN_NOTICE_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_NOTICE, 0));
  g_assert_nonnull (notice);
  g_assert_cmpstr (cairn_notice_item_get_title (notice), ==, "The MCP server “broken” could not start");
  g_assert_cmpstr (cairn_notice_item_get_action_name (notice), ==, "win.show-mcp");

  cairn_session_refresh_mcp_servers (f.session);
  wait_for_server (&f, "mini", "connected", 1);
  cairn_session_set_mcp_enabled (f.session, "mini", FALSE);
  wait_for_server (&f, "mini", "disabled", -1);
  cairn_session_set_mcp_enabled (f.session, "mini", TRUE);
  wait_for_server (&f, "mini", "connected", 1);

  cairn_session_reconnect_mcp (f.session, "broken");
  g_assert_true (cairn_test_wait_until (mentions_change_failure, transcript (&f), 30000));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "ENOENT"));
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/integration/prompt-streams-reply", test_prompt_streams_reply);
  g_test_add_func ("/cairn/integration/interrupt-mid-stream", test_interrupt_mid_stream);
  g_test_add_func ("/cairn/integration/killed-then-resumed", test_killed_then_resumed);
  g_test_add_func ("/cairn/integration/opened-from-history-then-resumed",
                   test_opened_from_history_then_resumed);
  g_test_add_func ("/cairn/integration/opened-while-running-elsewhere",
                   test_opened_while_running_elsewhere);
  g_test_add_func ("/cairn/integration/set-model", test_set_model);
  g_test_add_func ("/cairn/integration/context-usage", test_context_usage);
  g_test_add_func ("/cairn/integration/mcp-servers", test_mcp_servers);
  g_test_add_func ("/cairn/integration/queued-interrupt-and-clear", test_queued_interrupt_and_clear);

  return g_test_run ();
}
