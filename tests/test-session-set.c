/* test-session-set.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"

#include "session/cairn-session-set.h"

/* The application's open conversations: one session per conversation,
 * and their CLI processes (tests/replay-cli.py stands in for claude)
 * kept to a number and ended when idle, resumed on the next prompt. */

typedef struct
{
  CairnSessionSet *set;
  CairnSession    *sessions[3];
  char            *dir;
  char            *args_log;
} Fixture;

static const char *ids[] = {
  "11111111-1111-4111-8111-111111111111",
  "22222222-2222-4222-8222-222222222222",
  "33333333-3333-4333-8333-333333333333",
};

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *replay = g_test_build_filename (G_TEST_DIST, "replay-cli.py", NULL);
  g_autofree char *recording = cairn_test_recording_path (cairn_test_recorded_versions[0], "stream-text.jsonl");

  f->dir = cairn_test_make_dir ("session-set");
  f->args_log = g_build_filename (f->dir, "args.jsonl", NULL);
  g_setenv ("CAIRN_REPLAY_FILE", recording, TRUE);
  g_setenv ("CAIRN_REPLAY_ARGS_LOG", f->args_log, TRUE);
  g_unsetenv ("CAIRN_REPLAY_STALL_AFTER");
  g_unsetenv ("CAIRN_REPLAY_CRASH_AFTER");
  f->set = cairn_session_set_new ();
  for (guint i = 0; i < G_N_ELEMENTS (f->sessions); i++)
    {
      f->sessions[i] = cairn_session_new (f->dir, replay);
      /* stored conversations, as if opened from the sidebar */
      cairn_session_resume_conversation (f->sessions[i], ids[i], NULL, NULL);
      cairn_session_set_add (f->set, f->sessions[i]);
    }
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  cairn_session_set_close_all (f->set);
  g_clear_object (&f->set);
  for (guint i = 0; i < G_N_ELEMENTS (f->sessions); i++)
    g_clear_object (&f->sessions[i]);
  cairn_test_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->args_log);
}

static gboolean
has_no_process (gpointer session)
{
  return !cairn_session_get_has_process (session);
}

/* The CLI answered `initialize` (its commands are known): it runs, and
 * has logged its arguments. */
static gboolean
ready (gpointer session)
{
  return cairn_session_get_has_process (session) && cairn_test_session_idle (session) &&
         cairn_session_get_commands (session) != NULL;
}

/* Starts the CLI of @session and waits until it is ready and idle. */
static void
start (CairnSession *session)
{
  g_assert_true (cairn_session_start (session));
  g_assert_true (cairn_test_wait_until (ready, session, 15000));
  cairn_test_run_for (20);   /* the next one is idle for less long */
}

static void
test_lookup (Fixture       *f,
             gconstpointer  data)
{
  g_assert_true (cairn_session_set_lookup (f->set, ids[1]) == f->sessions[1]);
  g_assert_null (cairn_session_set_lookup (f->set, "44444444-4444-4444-8444-444444444444"));
  g_assert_null (cairn_session_set_lookup (f->set, NULL));
  cairn_session_set_remove (f->set, f->sessions[1]);
  g_assert_null (cairn_session_set_lookup (f->set, ids[1]));
}

/* With room for two processes, starting a third ends the one idle the
 * longest; it resumes its conversation on its next prompt. */
static void
test_process_limit (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *args = NULL;
  g_auto(GStrv) starts = NULL;
  guint n;

  cairn_session_set_set_max_processes (f->set, 2);
  for (guint i = 0; i < 3; i++)
    start (f->sessions[i]);

  g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[0], 5000));
  g_assert_true (cairn_session_get_has_process (f->sessions[1]));
  g_assert_true (cairn_session_get_has_process (f->sessions[2]));
  g_assert_cmpuint (cairn_session_set_get_n_processes (f->set), ==, 2);

  /* no notice: ending an idle process is not news */
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (f->sessions[0]), "stopped"));
  cairn_session_send_prompt (f->sessions[0], "Say hello");
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, f->sessions[0], 15000));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f->sessions[0]), "Say hello"));
  g_assert_true (g_file_get_contents (f->args_log, &args, NULL, NULL));
  starts = g_strsplit (g_strstrip (args), "\n", -1);
  n = g_strv_length (starts);
  g_assert_cmpuint (n, ==, 4);
  g_assert_nonnull (strstr (starts[n - 1], "\"--resume\""));
  g_assert_nonnull (strstr (starts[n - 1], ids[0]));
  /* and made room again: the longest idle of the others went */
  g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[1], 5000));
  g_assert_true (cairn_session_get_has_process (f->sessions[2]));
}

/* A session working on a turn keeps its process, however long idle the
 * others think it is: the limit waits. */
static void
test_busy_never_ended (Fixture       *f,
                       gconstpointer  data)
{
  g_setenv ("CAIRN_REPLAY_STALL_AFTER", "1", TRUE);   /* its turns never end */
  start (f->sessions[0]);
  g_unsetenv ("CAIRN_REPLAY_STALL_AFTER");
  cairn_session_send_prompt (f->sessions[0], "Think forever");
  g_assert_true (cairn_session_get_busy (f->sessions[0]));
  start (f->sessions[1]);
  cairn_session_set_set_max_processes (f->set, 1);

  g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[1], 5000));
  cairn_test_run_for (200);
  g_assert_true (cairn_session_get_has_process (f->sessions[0]));
  g_assert_true (cairn_session_get_busy (f->sessions[0]));
}

static void
test_idle_timeout (Fixture       *f,
                   gconstpointer  data)
{
  cairn_session_set_set_idle_timeout (f->set, 300);
  start (f->sessions[0]);
  g_assert_true (cairn_session_get_has_process (f->sessions[0]));
  g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[0], 5000));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (f->sessions[0]), "stopped"));
}

/* A conversation whose CLI crashes mid-turn says so in its own
 * transcript; the others work on, their processes untouched. */
static void
test_crash_stays_apart (Fixture       *f,
                        gconstpointer  data)
{
  start (f->sessions[1]);
  g_setenv ("CAIRN_REPLAY_CRASH_AFTER", "2", TRUE);
  start (f->sessions[0]);
  g_unsetenv ("CAIRN_REPLAY_CRASH_AFTER");

  cairn_session_send_prompt (f->sessions[0], "Crash now");
  cairn_session_send_prompt (f->sessions[1], "Say hello");
  g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[0], 15000));
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, f->sessions[1], 15000));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f->sessions[0]), "boom"));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (f->sessions[1]), "boom"));
  g_assert_true (cairn_session_get_has_process (f->sessions[1]));
  g_assert_cmpuint (cairn_transcript_count_kind (cairn_session_get_transcript (f->sessions[1]),
                                                 CAIRN_ITEM_KIND_RESULT), ==, 1);
  g_assert_cmpuint (cairn_session_set_get_n_processes (f->set), ==, 1);
}

static void
test_close_all (Fixture       *f,
                gconstpointer  data)
{
  start (f->sessions[0]);
  start (f->sessions[1]);
  cairn_session_set_close_all (f->set);
  for (guint i = 0; i < 2; i++)
    g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[i], 5000));
  g_assert_cmpuint (cairn_session_set_get_n_processes (f->set), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cairn/session-set/lookup", Fixture, NULL, fixture_set_up, test_lookup, fixture_tear_down);
  g_test_add ("/cairn/session-set/process-limit", Fixture, NULL, fixture_set_up, test_process_limit,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/busy-never-ended", Fixture, NULL, fixture_set_up, test_busy_never_ended,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/idle-timeout", Fixture, NULL, fixture_set_up, test_idle_timeout,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/crash-stays-apart", Fixture, NULL, fixture_set_up, test_crash_stays_apart,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/close-all", Fixture, NULL, fixture_set_up, test_close_all, fixture_tear_down);

  return g_test_run ();
}
