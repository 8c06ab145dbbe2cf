/* test-session-process.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "session/cairn-session-private.h"

/* The CLI's process going wrong: bad lines, a crash, SIGKILL, a hang that
 * ignores the interrupt, a CLI that is not there; and the protocol log
 * written for bug reports. Replayed by tests/replay-cli.py. */

static CairnTranscript *
transcript (CairnTestReplay *f)
{
  return cairn_session_get_transcript (f->session);
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
  CairnTestReplay f = { 0 };

  cairn_test_replay_start (&f, NULL, recording);
  cairn_test_replay_send (&f, "go");

  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "this is not json"));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "brand_new_type"));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "not valid UTF-8"));
  big = CAIRN_NOTICE_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RAW, 3));
  g_assert_true (strstr (cairn_notice_item_get_title (big), "mystery") != NULL);
  g_assert_cmpuint (strlen (cairn_notice_item_get_body (big)), <, 128 * 1024);
  /* and the conversation went on */
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0));
  cairn_test_replay_stop (&f);
  cairn_test_remove_dir (dir);
}

static gboolean
last_start_resumed (CairnTestReplay *f,
                    const char      *session_id)
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
  CairnTestReplay f = { 0 };
  g_autofree char *session_id = NULL;
  CairnNoticeItem *notice;

  cairn_test_replay_start (&f, NULL, "stream-two-turns.jsonl");
  g_setenv (variable, "6", TRUE);
  cairn_test_replay_send (&f, "first");

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
    cairn_test_replay_send (&f, "again");
  g_assert_true (last_start_resumed (&f, session_id));
  g_assert_nonnull (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  cairn_test_replay_stop (&f);
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
  CairnTestReplay *f = data;

  return cairn_test_find_item (transcript (f), CAIRN_ITEM_KIND_ASSISTANT, 0) != NULL;
}

/* A CLI that hangs and ignores the interrupt is stopped by Cairn. */
static void
test_hung_cli_stopped_after_interrupt (void)
{
  CairnTestReplay f = { 0 };
  gint64 start;

  cairn_test_replay_start (&f, NULL, "stream-text.jsonl");
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
  cairn_test_replay_stop (&f);
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
  CairnTestReplay f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *logs = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *in = NULL;
  g_autofree char *out = NULL;
  g_autofree char *items = NULL;
  g_auto(GStrv) in_lines = NULL;
  guint recorded = 0;

  cairn_test_replay_start (&f, NULL, "stream-text.jsonl");
  logs = g_build_filename (f.dir, "logs", NULL);
  g_assert_true (cairn_session_set_debug_dir (f.session, logs, &error));
  g_assert_no_error (error);
  prefix = g_strdup (cairn_protocol_log_get_prefix (f.session->protocol_log));
  cairn_test_replay_send (&f, "Say hello");
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
  cairn_test_replay_stop (&f);
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

  g_test_add_func ("/cairn/session/bad-lines-kept-visible", test_bad_lines_kept_visible);
  g_test_add_func ("/cairn/session/crash-mid-turn", test_crash_mid_turn);
  g_test_add_func ("/cairn/session/killed-mid-turn", test_killed_mid_turn);
  g_test_add_func ("/cairn/session/hung-cli-stopped-after-interrupt", test_hung_cli_stopped_after_interrupt);
  g_test_add_func ("/cairn/session/protocol-log", test_protocol_log);
  g_test_add_func ("/cairn/session/missing-cli", test_missing_cli);

  return g_test_run ();
}
