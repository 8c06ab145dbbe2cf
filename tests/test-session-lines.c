/* test-session-lines.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "session/cairn-mcp-server.h"
#include "session/cairn-session-private.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"

/* Lines of the real CLI 2.1.330 (and lines built to its schema) handed
 * straight to the session, no process: rate limits, the lifecycles of
 * queued prompts, the MCP servers init lists, a loaded history. */

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
  cairn_test_handle_line (session, warning);
  g_assert_cmpint (limits->status, ==, CAIRN_LIMIT_WARNING);
  g_assert_cmpfloat (limits->five_hour.utilization, ==, 0.85);
  g_assert_cmpint (limits->five_hour.resets_at, ==, reset);
  g_assert_cmpfloat (limits->seven_day.utilization, ==, 0.4);
  g_assert_cmpint (limits->seven_day.status, ==, CAIRN_LIMIT_ALLOWED);

  cairn_test_handle_line (session, rejected);
  g_assert_cmpint (limits->status, ==, CAIRN_LIMIT_REJECTED);
  g_assert_cmpfloat (limits->five_hour.utilization, ==, 1);
  /* what an older event said of the weekly window is not kept as news */
  g_assert_cmpfloat (limits->seven_day.utilization, <, 0);
  cairn_test_handle_line (session, refused);
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
      cairn_test_handle_line (session, lines[i]);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/session/append-all", test_append_all);
  g_test_add_func ("/cairn/session/rate-limits", test_rate_limits);
  g_test_add_func ("/cairn/session/lifecycles-recorded", test_lifecycles_recorded);
  g_test_add_func ("/cairn/session/mcp-init-recorded", test_mcp_init_recorded);

  return g_test_run ();
}
