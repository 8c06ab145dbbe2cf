/* test-faults.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The fault matrix: a stand-in CLI (tests/fault-cli.py) misbehaves in one
 * way per test, as a real one did or could. Each test checks what the
 * user is shown, and that the conversation goes on afterwards: the next
 * prompt gets its answer ("pong N"), from the same process or, when the
 * fault ended it, from a new one. G_DEBUG=fatal-warnings (the suite's
 * environment) turns any CRITICAL on the way into a failure. The flood is
 * test-flood (it needs the window). */

#include <math.h>

#include "cairn-test-harness.h"
#include "protocol/cairn-message.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

typedef struct
{
  CairnSession *session;
  char         *dir;
} Fixture;

static void
fixture_init (Fixture    *f,
              const char *fault)
{
  g_autofree char *cli = g_test_build_filename (G_TEST_DIST, "fault-cli.py", NULL);
  g_autofree char *once = NULL;

  f->dir = cairn_test_make_dir ("fault");
  once = g_build_filename (f->dir, "fault-played", NULL);
  g_setenv ("CAIRN_FAULT", fault, TRUE);
  g_setenv ("CAIRN_FAULT_ONCE", once, TRUE);
  f->session = cairn_session_new (f->dir, cli);
}

static void
fixture_clear (Fixture *f)
{
  cairn_session_close (f->session);
  g_clear_object (&f->session);
  cairn_test_remove_dir (f->dir);
  g_clear_pointer (&f->dir, g_free);
}

static CairnTranscript *
transcript (Fixture *f)
{
  return cairn_session_get_transcript (f->session);
}

static gboolean
session_ended (gpointer session)
{
  return cairn_session_get_state (session) == CAIRN_SESSION_STATE_EXITED;
}

static void
send_and_wait (Fixture    *f,
               const char *prompt)
{
  cairn_session_send_prompt (f->session, prompt);
  if (!cairn_test_wait_until (cairn_test_session_idle, f->session, 30000))
    {
      cairn_test_dump_transcript (transcript (f));
      g_error ("no answer to “%s”", prompt);
    }
}

/* The conversation goes on: @n prompts after the fault, each answered. */
static void
assert_answers_after (Fixture *f,
                      guint    first)
{
  for (guint n = first; n < first + 2; n++)
    {
      g_autofree char *pong = g_strdup_printf ("pong %u", n);

      send_and_wait (f, "are you there?");
      g_assert_true (cairn_test_transcript_mentions (transcript (f), pong));
    }
}

static CairnNoticeItem *
find_notice (Fixture    *f,
             const char *title_part)
{
  GListModel *items = G_LIST_MODEL (transcript (f));

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);

      if (CAIRN_IS_NOTICE_ITEM (item) &&
          strstr (cairn_notice_item_get_title (CAIRN_NOTICE_ITEM (item)), title_part) != NULL)
        return CAIRN_NOTICE_ITEM (item);
    }
  return NULL;
}

static guint
count_notices (Fixture *f)
{
  GListModel *items = G_LIST_MODEL (transcript (f));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);
      n += CAIRN_IS_NOTICE_ITEM (item);
    }
  return n;
}

/* 100,000 levels of nesting: refused before json-glib recurses into it
 * (which crashed the window), shown as an unreadable line. */
static void
test_deep_nesting (void)
{
  Fixture f = { 0 };
  CairnNoticeItem *notice;

  fixture_init (&f, "deep");
  send_and_wait (&f, "hello");

  notice = find_notice (&f, "nests deeper than");
  g_assert_nonnull (notice);
  g_assert_cmpint (cairn_notice_item_get_severity (notice), ==, CAIRN_NOTICE_WARNING);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "pong 1"));
  assert_answers_after (&f, 2);
  fixture_clear (&f);
}

/* Empty and blank lines say nothing: no row, and with the protocol log on
 * (which crashed on them) nothing breaks either. */
static void
test_empty_lines (void)
{
  Fixture f = { 0 };
  g_autofree char *log_dir = NULL;
  g_autoptr(GError) error = NULL;

  fixture_init (&f, "empty");
  log_dir = g_build_filename (f.dir, "log", NULL);
  g_assert_true (cairn_session_set_debug_dir (f.session, log_dir, &error));
  g_assert_no_error (error);
  send_and_wait (&f, "hello");

  g_assert_cmpuint (count_notices (&f), ==, 0);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "pong 1"));
  assert_answers_after (&f, 2);
  fixture_clear (&f);
}

/* A 20 MB line, then the CLI exits at once: the line is kept and shown
 * collapsed with its size (it was dropped when the exit came first), the
 * exit is shown, and the next prompt starts the CLI again. */
static void
test_huge_line_then_exit (void)
{
  Fixture f = { 0 };
  CairnNoticeItem *notice;

  fixture_init (&f, "huge-exit");
  g_setenv ("CAIRN_FAULT_MB", "20", TRUE);
  send_and_wait (&f, "hello");
  g_assert_true (cairn_test_wait_until (session_ended, f.session, 30000));

  notice = find_notice (&f, "mystery");
  g_assert_nonnull (notice);
  g_assert_cmpuint (strlen (cairn_notice_item_get_body (notice)), <, 128 * 1024);
  g_assert_nonnull (strstr (cairn_notice_item_get_body (notice), "MB more)"));
  g_assert_nonnull (find_notice (&f, "Claude Code exited"));
  /* a new process, which plays its first turn: pong 1 */
  assert_answers_after (&f, 1);
  g_unsetenv ("CAIRN_FAULT_MB");
  fixture_clear (&f);
}

/* A 20 MB assistant text (a known kind, unlike the line above): parsed
 * by its start, so it costs its size once, not three times; its row shows
 * the start and a notice says the line was shortened. */
static void
test_huge_reply (void)
{
  Fixture f = { 0 };
  CairnItem *reply;

  fixture_init (&f, "huge-reply");
  g_setenv ("CAIRN_FAULT_MB", "20", TRUE);
  send_and_wait (&f, "hello");

  g_assert_nonnull (find_notice (&f, "printed a line of 21"));
  reply = cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_ASSISTANT, 0);
  g_assert_nonnull (reply);
  g_assert_true (g_str_has_prefix (cairn_text_item_get_text (CAIRN_TEXT_ITEM (reply)), "BEGIN yyy"));
  g_assert_cmpuint (strlen (cairn_text_item_get_text (CAIRN_TEXT_ITEM (reply))), <=, CAIRN_MESSAGE_STRING_KEPT);
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "pong 1"));
  assert_answers_after (&f, 2);
  g_unsetenv ("CAIRN_FAULT_MB");
  fixture_clear (&f);
}

/* Stalled after the CLI had started and spoken (its init line gives the
 * session id): a slow start is silence too, and counts the same. */
static gboolean
stalled_after_init (gpointer session)
{
  return cairn_session_get_stalled (session) && cairn_session_get_session_id (session) != NULL;
}

/* A CLI that closes stdout and never reads stdin again: after the stall
 * timeout (a minute; here one second) the session says so, and Restart brings
 * a CLI that answers. */
static void
test_silent_cli (void)
{
  Fixture f = { 0 };

  fixture_init (&f, "silent");
  cairn_session_set_stall_timeout (f.session, 1000);
  cairn_session_send_prompt (f.session, "hello");
  g_assert_true (cairn_test_wait_until (stalled_after_init, f.session, 15000));
  g_assert_true (cairn_session_get_busy (f.session));

  cairn_session_restart (f.session);
  g_assert_false (cairn_session_get_stalled (f.session));
  g_assert_false (cairn_session_get_busy (f.session));
  g_assert_nonnull (find_notice (&f, "restarted"));
  assert_answers_after (&f, 1);
  g_assert_false (cairn_session_get_stalled (f.session));
  fixture_clear (&f);
}

/* Silence after the turn has ended is nobody's stall. */
static void
test_talking_cli_not_stalled (void)
{
  Fixture f = { 0 };

  fixture_init (&f, "empty");
  cairn_session_set_stall_timeout (f.session, 300);
  send_and_wait (&f, "hello");
  cairn_test_run_for (600);
  /* idle after the turn: nothing is waited for */
  g_assert_false (cairn_session_get_stalled (f.session));
  fixture_clear (&f);
}

/* A text block left open, then an assistant tool_use: the text stays, the
 * tool call gets its card (this was a CRITICAL in take_open_block). */
static void
test_open_block_then_tool_use (void)
{
  Fixture f = { 0 };
  CairnItem *card;

  fixture_init (&f, "open-block");
  send_and_wait (&f, "hello");

  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "Let me look"));
  card = cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_TOOL_CALL, 0);
  g_assert_nonnull (card);
  g_assert_cmpstr (cairn_tool_call_item_get_name (CAIRN_TOOL_CALL_ITEM (card)), ==, "Bash");
  assert_answers_after (&f, 2);
  fixture_clear (&f);
}

/* 1e400 and INT64_MAX token counts: clamped and saturated, never wrapped
 * into negative numbers (undefined behaviour before). */
static void
test_huge_numbers (void)
{
  Fixture f = { 0 };
  CairnResultItem *result;

  fixture_init (&f, "huge-numbers");
  send_and_wait (&f, "hello");

  result = CAIRN_RESULT_ITEM (cairn_test_find_item (transcript (&f), CAIRN_ITEM_KIND_RESULT, 0));
  g_assert_cmpint (cairn_result_item_get_input_tokens (result), ==, G_MAXINT64);
  g_assert_cmpint (cairn_result_item_get_output_tokens (result), ==, G_MAXINT64);
  g_assert_true (isfinite (cairn_result_item_get_cost_usd (result)));
  g_assert_cmpint (cairn_session_get_context_used (f.session), >=, 0);
  g_assert_true (isfinite (cairn_session_get_cost_usd (f.session)));
  g_assert_true (cairn_test_transcript_mentions (transcript (&f), "pong 1"));
  assert_answers_after (&f, 2);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/faults/deep-nesting", test_deep_nesting);
  g_test_add_func ("/cairn/faults/empty-lines", test_empty_lines);
  g_test_add_func ("/cairn/faults/huge-line-then-exit", test_huge_line_then_exit);
  g_test_add_func ("/cairn/faults/huge-reply", test_huge_reply);
  g_test_add_func ("/cairn/faults/silent-cli", test_silent_cli);
  g_test_add_func ("/cairn/faults/talking-cli-not-stalled", test_talking_cli_not_stalled);
  g_test_add_func ("/cairn/faults/open-block-then-tool-use", test_open_block_then_tool_use);
  g_test_add_func ("/cairn/faults/huge-numbers", test_huge_numbers);

  return g_test_run ();
}
