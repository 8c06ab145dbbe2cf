/* test-session-set.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <signal.h>

#include "cairn-test-harness.h"

#include "session/cairn-session-set.h"
#include "transcript/cairn-text-item.h"

/* The application's open conversations: one session per conversation,
 * and their CLI processes (tests/replay-cli.py stands in for claude)
 * kept to a number and ended when idle, resumed on the next prompt.
 * Tests added with a fault name give the first conversation a CLI that
 * misbehaves (tests/fault-cli.py) on its first turn. */

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
  const char *fault = data;
  g_autofree char *replay = g_test_build_filename (G_TEST_DIST, "replay-cli.py", NULL);
  g_autofree char *fault_cli = g_test_build_filename (G_TEST_DIST, "fault-cli.py", NULL);
  g_autofree char *recording = cairn_test_recording_path (cairn_test_recorded_versions[0], "stream-text.jsonl");

  f->dir = cairn_test_make_dir ("session-set");
  f->args_log = g_build_filename (f->dir, "args.jsonl", NULL);
  g_setenv ("CAIRN_REPLAY_FILE", recording, TRUE);
  g_setenv ("CAIRN_REPLAY_ARGS_LOG", f->args_log, TRUE);
  g_unsetenv ("CAIRN_REPLAY_STALL_AFTER");
  g_unsetenv ("CAIRN_REPLAY_CRASH_AFTER");
  g_unsetenv ("CAIRN_REPLAY_PID_LOG");
  g_unsetenv ("CAIRN_FAULT_PID_FILE");
  g_unsetenv ("CAIRN_FAULT_LINES");
  g_unsetenv ("CAIRN_FAULT_PIPE_KB");
  if (fault != NULL)
    g_setenv ("CAIRN_FAULT", fault, TRUE);
  else
    g_unsetenv ("CAIRN_FAULT");
  f->set = cairn_session_set_new ();
  for (guint i = 0; i < G_N_ELEMENTS (f->sessions); i++)
    {
      f->sessions[i] = cairn_session_new (f->dir, fault != NULL && i == 0 ? fault_cli : replay);
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
  g_autofree char *resume = NULL;
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
  resume = g_strdup_printf ("\"--resume=%s\"", ids[0]);
  g_assert_nonnull (strstr (starts[n - 1], resume));
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
  /* set once the CLI is ready: a start slower than the timeout (a loaded
   * machine) would have its process ended before it answered */
  start (f->sessions[0]);
  cairn_session_set_set_idle_timeout (f->set, 300);
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

/* The process id a stand-in CLI wrote to @path (the last line). */
static GPid
read_pid (const char *path)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint n;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (g_strstrip (contents), "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, >, 0);
  return (GPid)g_ascii_strtoll (lines[n - 1], NULL, 10);
}

/* Gone and reaped: a zombie still answers kill (pid, 0). */
static gboolean
process_gone (gpointer pid)
{
  return kill (GPOINTER_TO_INT (pid), 0) == -1 && errno == ESRCH;
}

static gboolean
stalled (gpointer session)
{
  return cairn_session_get_stalled (session);
}

static gboolean
hang_begun (gpointer session)
{
  return cairn_test_transcript_mentions (cairn_session_get_transcript (session), "Let me think");
}

/* A conversation whose CLI hangs mid-turn (writes nothing, reads nothing,
 * ignores SIGTERM) stays busy and, after the stall timeout, stalled (the
 * window offers Stop and Restart); another conversation gets its whole
 * turn meanwhile, also with more queued for the hung CLI than its stdin
 * pipe holds. Closing the set ends both processes, the hung one by
 * SIGKILL after the grace. */
static void
test_hang_stays_apart (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *hung_pid_file = g_build_filename (f->dir, "hung.pid", NULL);
  g_autofree char *other_pid_log = g_build_filename (f->dir, "other.pid", NULL);
  g_autofree char *big = g_strnfill (256 * 1024, 'x');
  GPid hung_pid, other_pid;
  gint64 sent_at, closed_at;

  g_setenv ("CAIRN_FAULT_PID_FILE", hung_pid_file, TRUE);
  start (f->sessions[0]);
  g_setenv ("CAIRN_REPLAY_PID_LOG", other_pid_log, TRUE);
  start (f->sessions[1]);
  hung_pid = read_pid (hung_pid_file);
  other_pid = read_pid (other_pid_log);
  for (guint i = 0; i < 2; i++)
    cairn_session_set_stall_timeout (f->sessions[i], 1000);

  cairn_session_send_prompt (f->sessions[0], "Think hard");
  g_assert_true (cairn_test_wait_until (hang_begun, f->sessions[0], 15000));
  /* pasted into the hung conversation: a write that waited for the CLI
   * to read it would hold the main loop for good */
  cairn_session_send_prompt (f->sessions[0], big);

  sent_at = g_get_monotonic_time ();
  cairn_session_send_prompt (f->sessions[1], "Say hello");
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, f->sessions[1], 15000));
  g_test_message ("the other conversation's turn took %.1f ms",
                  (g_get_monotonic_time () - sent_at) / 1000.0);
  g_assert_cmpuint (cairn_transcript_count_kind (cairn_session_get_transcript (f->sessions[1]),
                                                 CAIRN_ITEM_KIND_RESULT), ==, 1);
  g_assert_true (cairn_session_get_busy (f->sessions[0]));
  g_assert_true (cairn_session_get_has_process (f->sessions[0]));

  /* what the user sees of the hung one: working, then stalled */
  g_assert_true (cairn_test_wait_until (stalled, f->sessions[0], 10000));
  g_assert_true (cairn_session_get_busy (f->sessions[0]));
  g_assert_cmpuint (cairn_transcript_count_kind (cairn_session_get_transcript (f->sessions[0]),
                                                 CAIRN_ITEM_KIND_RESULT), ==, 0);
  g_assert_false (cairn_session_get_stalled (f->sessions[1]));
  g_assert_true (cairn_session_get_has_process (f->sessions[1]));
  g_assert_cmpuint (cairn_session_set_get_n_processes (f->set), ==, 2);

  closed_at = g_get_monotonic_time ();
  cairn_session_set_close_all (f->set);
  g_assert_true (cairn_test_wait_until (process_gone, GINT_TO_POINTER (other_pid), 5000));
  g_test_message ("the other CLI ended %.0f ms after closing",
                  (g_get_monotonic_time () - closed_at) / 1000.0);
  g_assert_true (cairn_test_wait_until (process_gone, GINT_TO_POINTER (hung_pid), 10000));
  g_test_message ("the hung CLI ended %.0f ms after closing",
                  (g_get_monotonic_time () - closed_at) / 1000.0);
  for (guint i = 0; i < 2; i++)
    g_assert_true (cairn_test_wait_until (has_no_process, f->sessions[i], 5000));
  g_assert_cmpuint (cairn_session_set_get_n_processes (f->set), ==, 0);
}

#define FLOOD_LINES 300000
#define DELTA_TEXT  "flood "

/* The longest wait between two runs of a 10 ms timeout. */
typedef struct
{
  gint64 last;
  gint64 longest;
  guint  n;
} Ticks;

static gboolean
tick_cb (gpointer data)
{
  Ticks *ticks = data;
  gint64 now = g_get_monotonic_time ();

  if (ticks->last != 0)
    ticks->longest = MAX (ticks->longest, now - ticks->last);
  ticks->last = now;
  ticks->n++;
  return G_SOURCE_CONTINUE;
}

/* How many of the flood's deltas the session has read. */
static gsize
flood_read (CairnSession *session)
{
  CairnItem *item = cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_ASSISTANT, 0);

  return item ? strlen (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item))) / strlen (DELTA_TEXT) : 0;
}

static gboolean
flood_started (gpointer session)
{
  return flood_read (session) > 1000;
}

/* A conversation whose CLI floods (FLOOD_LINES short deltas, its pipe
 * kept full) is read in bounded batches: another conversation's turn
 * ends while the flood is still being read, and the main loop keeps
 * turning all along. The ticks are watched until the flood's turn ends or
 * for a while after the other's (a sanitized build reads it slowly). */
static void
test_flood_stays_apart (Fixture       *f,
                        gconstpointer  data)
{
  Ticks ticks = { 0 };
  gint64 flood_at, sent_at, other_done_at, watched;
  gsize read_then, read_end;
  gboolean flood_done;
  guint tick_source;

  g_setenv ("CAIRN_FAULT_LINES", G_STRINGIFY (FLOOD_LINES), TRUE);
  g_setenv ("CAIRN_FAULT_PIPE_KB", "1024", TRUE);
  start (f->sessions[0]);
  start (f->sessions[1]);

  flood_at = g_get_monotonic_time ();
  tick_source = g_timeout_add (10, tick_cb, &ticks);
  cairn_session_send_prompt (f->sessions[0], "Flood");
  g_assert_true (cairn_test_wait_until (flood_started, f->sessions[0], 15000));

  sent_at = g_get_monotonic_time ();
  cairn_session_send_prompt (f->sessions[1], "Say hello");
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, f->sessions[1], 15000));
  other_done_at = g_get_monotonic_time ();
  read_then = flood_read (f->sessions[0]);
  g_test_message ("the other conversation's turn took %.1f ms, done with %" G_GSIZE_FORMAT " of %d deltas read",
                  (other_done_at - sent_at) / 1000.0, read_then, FLOOD_LINES);
  g_assert_cmpuint (cairn_transcript_count_kind (cairn_session_get_transcript (f->sessions[1]),
                                                 CAIRN_ITEM_KIND_RESULT), ==, 1);
  /* while the flood was still coming in: a reader that read on while
   * lines were waiting would have got to its end first */
  g_assert_cmpuint (read_then, <, FLOOD_LINES);
  g_assert_true (cairn_session_get_busy (f->sessions[0]));

  flood_done = cairn_test_wait_until (cairn_test_session_idle, f->sessions[0], 1500);
  watched = g_get_monotonic_time () - flood_at;
  g_source_remove (tick_source);
  read_end = flood_read (f->sessions[0]);
  g_test_message ("%" G_GSIZE_FORMAT " deltas read in %.2f s (%.0f lines/s)%s; %u ticks, longest gap %.1f ms",
                  read_end, watched / (double)G_USEC_PER_SEC, read_end / (watched / (double)G_USEC_PER_SEC),
                  flood_done ? ", the whole flood" : "", ticks.n, ticks.longest / 1000.0);
  if (flood_done)
    {
      g_assert_cmpuint (read_end, ==, FLOOD_LINES);
      g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f->sessions[0]), "pong 1"));
    }
  /* generous, for a loaded machine: a reader that read on while lines
   * were waiting would hold the loop for seconds */
  g_assert_cmpint (ticks.longest, <, 500 * 1000);
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

static gboolean
asks (gpointer session)
{
  return g_list_model_get_n_items (cairn_session_get_pending_requests (session)) == 1;
}

/* A session of the set on tests/soak-cli.py, whose turn waits at its
 * approval until answered; its requests are "<prefix>-<turn>". */
static CairnSession *
add_asking (Fixture    *f,
            const char *prefix)
{
  g_autofree char *soak = g_test_build_filename (G_TEST_DIST, "soak-cli.py", NULL);
  CairnSession *session = cairn_session_new (f->dir, soak);

  g_setenv ("CAIRN_SOAK_REQUEST_PREFIX", prefix, TRUE);
  g_setenv ("CAIRN_SOAK_OUTPUT_KB", "1", TRUE);
  cairn_session_set_add (f->set, session);
  cairn_session_send_prompt (session, "Write a file");
  g_assert_true (cairn_test_wait_until (asks, session, 15000));
  return session;
}

/* A notification's Allow and Deny go to the set, which answers the
 * conversation that asked, and only that one: its CLI goes on with the
 * turn while the other's keeps waiting. An id no conversation has (its
 * conversation closed, or answered already) is logged and answers
 * nothing. */
static void
test_answer_request (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(CairnSession) first = add_asking (f, "first");
  g_autoptr(CairnSession) second = add_asking (f, "second");
  g_autoptr(CairnPermissionRequest) request = cairn_session_find_request (second, "second-1");

  g_assert_nonnull (request);
  g_object_ref (request);
  g_assert_null (cairn_session_find_request (first, "second-1"));
  g_assert_true (cairn_session_set_answer_request (f->set, "second-1", TRUE));
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_ALLOWED);
  /* the CLI got the answer: it played the rest of its turn */
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, second, 15000));
  g_assert_cmpuint (cairn_transcript_count_kind (cairn_session_get_transcript (second), CAIRN_ITEM_KIND_RESULT),
                    ==, 1);
  g_assert_true (asks (first));
  g_assert_true (cairn_session_get_busy (first));

  g_test_expect_message ("cairn-session-set", G_LOG_LEVEL_MESSAGE, "Request second-1 is no longer pending*");
  g_assert_false (cairn_session_set_answer_request (f->set, "second-1", FALSE));
  g_test_expect_message ("cairn-session-set", G_LOG_LEVEL_MESSAGE, "Request gone-1 is no longer pending*");
  g_assert_false (cairn_session_set_answer_request (f->set, "gone-1", TRUE));
  g_test_assert_expected_messages ();
  g_assert_true (asks (first));

  g_assert_true (cairn_session_set_answer_request (f->set, "first-1", FALSE));
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, first, 15000));
  g_unsetenv ("CAIRN_SOAK_REQUEST_PREFIX");
  g_unsetenv ("CAIRN_SOAK_OUTPUT_KB");
}

/* A request too long for a notification to say whole (its notification
 * offers Show) is not allowed through the notification's action, which
 * anything on the session bus can activate; Deny still goes. */
static void
test_answer_request_too_long (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree char *long_path = g_strdup_printf ("%s/%0300d.txt", f->dir, 0);
  g_autoptr(CairnSession) session = NULL;
  CairnPermissionRequest *request;

  g_setenv ("CAIRN_SOAK_FILE_PATH", long_path, TRUE);
  session = add_asking (f, "long");
  request = cairn_session_find_request (session, "long-1");
  g_assert_nonnull (request);
  g_test_expect_message ("cairn-session-set", G_LOG_LEVEL_MESSAGE, "Request long-1 is too long*");
  g_assert_false (cairn_session_set_answer_request (f->set, "long-1", TRUE));
  g_test_assert_expected_messages ();
  g_assert_cmpint (cairn_permission_request_get_state (request), ==, CAIRN_PERMISSION_PENDING);
  g_assert_true (cairn_session_set_answer_request (f->set, "long-1", FALSE));
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, session, 15000));
  g_unsetenv ("CAIRN_SOAK_FILE_PATH");
  g_unsetenv ("CAIRN_SOAK_REQUEST_PREFIX");
  g_unsetenv ("CAIRN_SOAK_OUTPUT_KB");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cairn/session-set/lookup", Fixture, NULL, fixture_set_up, test_lookup, fixture_tear_down);
  g_test_add ("/cairn/session-set/answer-request-too-long", Fixture, NULL, fixture_set_up,
              test_answer_request_too_long, fixture_tear_down);
  g_test_add ("/cairn/session-set/answer-request", Fixture, NULL, fixture_set_up, test_answer_request,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/process-limit", Fixture, NULL, fixture_set_up, test_process_limit,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/busy-never-ended", Fixture, NULL, fixture_set_up, test_busy_never_ended,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/idle-timeout", Fixture, NULL, fixture_set_up, test_idle_timeout,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/crash-stays-apart", Fixture, NULL, fixture_set_up, test_crash_stays_apart,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/hang-stays-apart", Fixture, "hang", fixture_set_up, test_hang_stays_apart,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/flood-stays-apart", Fixture, "flood", fixture_set_up, test_flood_stays_apart,
              fixture_tear_down);
  g_test_add ("/cairn/session-set/close-all", Fixture, NULL, fixture_set_up, test_close_all, fixture_tear_down);

  return g_test_run ();
}
