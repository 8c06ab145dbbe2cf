/* test-hooks.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "protocol/cairn-json.h"
#include "session/cairn-git-changes.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-changes-item.h"
#include "transcript/cairn-hook-item.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-tool-call-item.h"
#include "cairn-test-harness.h"

/* Hooks (docs/protocol.md, "Hooks"): the lines 2.1.330 printed for
 * settings hooks (tests/data/2.1.330/hooks-settings.jsonl) become hook
 * rows, refused cards and notices; Cairn's own callbacks
 * (hooks-callback.jsonl) get their answers at once. */

static GStrv
recorded_lines (const char *name)
{
  g_autofree char *path = cairn_test_recording_path ("2.1.330", name);
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return g_strsplit (g_strchomp (contents), "\n", -1);
}

static void
feed (CairnSession *session,
      GStrv         lines)
{
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(CairnMessage) message = cairn_message_new_from_line (lines[i], strlen (lines[i]));
      _cairn_session_handle_message (session, message);
    }
}

static CairnToolCallItem *
card (CairnTranscript *items,
      guint            nth)
{
  return CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_TOOL_CALL, nth));
}

static void
test_settings_hooks_shown (void)
{
  g_auto(GStrv) lines = recorded_lines ("hooks-settings.jsonl");
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  CairnTranscript *items = cairn_session_get_transcript (session);
  CairnHookItem *hook;
  CairnNoticeItem *notice;
  g_autofree char *status = NULL;

  feed (session, lines);

  /* SessionStart, 3 UserPromptSubmit, 2 PreToolUse:Bash, PostToolUse:Write, 2 Stop */
  g_assert_cmpuint (cairn_transcript_count_kind (items, CAIRN_ITEM_KIND_HOOK), ==, 9);
  g_assert_null (cairn_test_find_item (items, CAIRN_ITEM_KIND_RAW, 0));
  hook = CAIRN_HOOK_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_HOOK, 0));
  g_assert_cmpstr (cairn_hook_item_get_name (hook), ==, "SessionStart:startup");
  g_assert_cmpstr (cairn_hook_item_get_output (hook), ==, "session-start-ran\n");
  g_assert_false (cairn_hook_item_get_running (hook));

  /* the Bash hook refused with exit 2: its row says so, the card says which and why */
  hook = CAIRN_HOOK_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_HOOK, 2));
  g_assert_cmpstr (cairn_hook_item_get_event (hook), ==, "PreToolUse");
  status = cairn_hook_item_dup_status (hook);
  g_assert_cmpstr (status, ==, "exit 2");
  g_assert_true (cairn_hook_item_get_failed (hook));
  g_assert_cmpint (cairn_tool_call_item_get_status (card (items, 0)), ==, CAIRN_TOOL_STATUS_REFUSED);
  g_assert_true (g_str_has_prefix (cairn_tool_call_item_get_summary (card (items, 0)),
                                   "Refused by the hook PreToolUse:Bash: [if grep"));
  g_assert_true (g_str_has_suffix (cairn_tool_call_item_get_summary (card (items, 0)),
                                   "]: no shell commands here"));
  /* the slow PostToolUse hook: its output as it grew, then whole */
  hook = CAIRN_HOOK_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_HOOK, 3));
  g_assert_cmpstr (cairn_hook_item_get_name (hook), ==, "PostToolUse:Write");
  g_assert_cmpstr (cairn_hook_item_get_output (hook), ==, "first\nsecond\n");
  /* the JSON deny: the reason it gave */
  g_assert_cmpint (cairn_tool_call_item_get_status (card (items, 2)), ==, CAIRN_TOOL_STATUS_REFUSED);
  g_assert_cmpstr (cairn_tool_call_item_get_summary (card (items, 2)), ==,
                   "Refused by the hook PreToolUse:Bash: json says no");
  /* the prompt UserPromptSubmit refused */
  notice = CAIRN_NOTICE_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_NOTICE, 0));
  g_assert_cmpstr (cairn_notice_item_get_title (notice), ==, "A hook refused the prompt");
  g_assert_nonnull (strstr (cairn_notice_item_get_body (notice), "prompt refused by policy"));
}

/* Hook lines with fields missing, of the wrong type, or a response with
 * no start are still rows; nothing crashes. */
static void
test_odd_hook_lines (void)
{
  g_auto(GStrv) lines = g_strsplit (
    "{\"type\":\"system\",\"subtype\":\"hook_response\",\"hook_id\":\"x\",\"exit_code\":\"two\",\"outcome\":7,\"new\":[1]}\n"
    "{\"type\":\"system\",\"subtype\":\"hook_started\"}\n"
    "{\"type\":\"system\",\"subtype\":\"hook_progress\",\"hook_id\":5,\"output\":{}}\n"
    "{\"type\":\"system\",\"subtype\":\"hook_response\",\"hook_id\":\"y\",\"hook_name\":\"Stop\",\"outcome\":\"cancelled\"}\n"
    "{\"type\":\"system\",\"subtype\":\"informational\",\"content\":\"fyi\"}", "\n", -1);
  g_autoptr(CairnSession) session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
  CairnTranscript *items = cairn_session_get_transcript (session);
  g_autofree char *status = NULL;

  feed (session, lines);
  g_assert_cmpuint (cairn_transcript_count_kind (items, CAIRN_ITEM_KIND_HOOK), ==, 4);
  /* an exit code that is no number is none; an outcome that is no string, "success" */
  status = cairn_hook_item_dup_status (CAIRN_HOOK_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_HOOK, 0)));
  g_assert_cmpstr (status, ==, "done");
  g_clear_pointer (&status, g_free);
  status = cairn_hook_item_dup_status (CAIRN_HOOK_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_HOOK, 3)));
  g_assert_cmpstr (status, ==, "cancelled");
  g_assert_cmpuint (cairn_transcript_count_kind (items, CAIRN_ITEM_KIND_NOTICE), ==, 1);
}

static void
test_porcelain_parsed (void)
{
  const char porcelain[] = " M src/a.c\0R  new name.c\0old name.c\0?? -rf\0 D gone\0";
  g_autoptr(CairnChangesItem) changes = cairn_git_changes_parse ("/repo", porcelain, sizeof porcelain - 1);

  g_assert_nonnull (changes);
  g_assert_cmpuint (cairn_changes_item_get_n_files (changes), ==, 4);
  g_assert_cmpstr (cairn_changes_item_get_path (changes, 1), ==, "new name.c");
  g_assert_cmpstr (cairn_changes_item_get_path (changes, 2), ==, "-rf");
  g_assert_true (cairn_changes_item_is_untracked (changes, 2));
  g_assert_cmpstr (cairn_changes_item_get_code (changes, 3), ==, " D");
  g_assert_null (cairn_git_changes_parse ("/repo", "", 0));
}

/* In the Flatpak git is the host's, through flatpak-spawn; the folder is
 * one argument however it starts. */
static void
test_git_argv (void)
{
  const char *git[] = { "git", "status", NULL };
  g_auto(GStrv) plain = cairn_git_build_argv ("/p", git, FALSE);
  g_auto(GStrv) sandboxed = cairn_git_build_argv ("--weird dir", git, TRUE);

  g_assert_cmpstrv (plain, git);
  g_assert_cmpstr (sandboxed[0], ==, "flatpak-spawn");
  g_assert_true (g_strv_contains ((const char * const *)sandboxed, "--directory=--weird dir"));
  g_assert_cmpstr (sandboxed[g_strv_length (sandboxed) - 2], ==, "git");
  /* the host's git gets the environment spawn_git sets, in one language */
  g_assert_true (g_strv_contains ((const char * const *)sandboxed, "--env=LC_ALL=C"));
  g_assert_true (g_strv_contains ((const char * const *)sandboxed, "--env=GIT_TERMINAL_PROMPT=0"));
}

/* A session whose "CLI" is a stream of recorded lines; what Cairn writes
 * back is kept. */
typedef struct
{
  CairnSession        *session;
  GMemoryOutputStream *sent;
} Wired;

static void
wire (Wired        *w,
      const char   *cwd,
      const char   *lines)
{
  GInputStream *out = g_memory_input_stream_new_from_data (g_strdup (lines), -1, g_free);
  GInputStream *err = g_memory_input_stream_new ();

  w->session = cairn_session_new (cwd, "/nonexistent/claude");
  w->sent = G_MEMORY_OUTPUT_STREAM (g_memory_output_stream_new_resizable ());
  _cairn_session_attach_connection (w->session,
                                    cairn_cli_connection_new_for_streams (out, G_OUTPUT_STREAM (w->sent), err));
  g_object_unref (out);
  g_object_unref (err);
}

static void
unwire (Wired *w)
{
  cairn_session_close (w->session);
  g_clear_object (&w->session);
  g_clear_object (&w->sent);
}

static char *
sent_text (Wired *w)
{
  return g_strndup (g_memory_output_stream_get_data (w->sent),
                    g_memory_output_stream_get_data_size (w->sent));
}

typedef struct
{
  Wired      *w;
  const char *needle;
  guint       count;
} Sent;

static gboolean
sent_enough (gpointer data)
{
  Sent *s = data;
  g_autofree char *text = sent_text (s->w);
  guint n = 0;

  for (const char *p = text; (p = strstr (p, s->needle)) != NULL; p++)
    n++;
  return n >= s->count;
}

/* The recorded hook_callback lines, with @tool for the PreToolUse one's
 * tool_name. */
static char *
callback_lines (const char *tool)
{
  g_auto(GStrv) lines = recorded_lines ("hooks-callback.jsonl");
  g_autoptr(GString) picked = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "\"hook_callback\"") != NULL)
      {
        g_autoptr(GString) line = g_string_new (lines[i]);
        g_string_replace (line, "\"tool_name\":\"Write\"", tool, 0);
        g_string_append_printf (picked, "%s\n", line->str);
      }
  g_assert_cmpuint (strlen (picked->str), >, 0);
  return g_string_free (g_steal_pointer (&picked), FALSE);
}

static void
check_pre_tool_use (gboolean    supervised,
                    const char *tool,
                    gboolean    asks)
{
  g_autofree char *lines = callback_lines (tool);
  g_autofree char *text = NULL;
  Wired w = { 0 };
  Sent two = { &w, "\"control_response\"", 2 };

  wire (&w, "/nonexistent/project", lines);
  cairn_session_set_supervised (w.session, supervised);
  g_assert_true (cairn_test_wait_until (sent_enough, &two, 5000));
  text = sent_text (&w);
  /* initialize registered both callbacks */
  g_assert_nonnull (strstr (text, "\"hookCallbackIds\":[\"cairn_pre_tool_use\"]"));
  g_assert_nonnull (strstr (text, "\"hookCallbackIds\":[\"cairn_stop\"]"));
  g_assert_cmpint (strstr (text, "\"permissionDecision\":\"ask\"") != NULL, ==, asks);
  if (asks)
    g_assert_nonnull (strstr (text, "Supervised: "));
  /* Stop: no opinion */
  g_assert_nonnull (strstr (text, "\"response\":{}"));
  unwire (&w);
}

static void
test_supervised_answers (void)
{
  check_pre_tool_use (TRUE, "\"tool_name\":\"Write\"", TRUE);
  check_pre_tool_use (TRUE, "\"tool_name\":\"Bash\"", TRUE);
  check_pre_tool_use (TRUE, "\"tool_name\":\"mcp__x__y\"", TRUE);
  check_pre_tool_use (TRUE, "\"tool_name\":\"Read\"", FALSE);
  check_pre_tool_use (TRUE, "\"tool_name\":\"Grep\"", FALSE);
  check_pre_tool_use (FALSE, "\"tool_name\":\"Write\"", FALSE);
  /* no tool name at all, or not a string: asked for */
  check_pre_tool_use (TRUE, "\"tool_name\":7", TRUE);
}

/* A callback id Cairn never registered gets {}; a cancel for a callback
 * already answered is dropped without a word. */
static void
test_unknown_callback_and_cancel (void)
{
  const char lines[] =
    "{\"type\":\"control_request\",\"request_id\":\"cb-1\",\"request\":{\"subtype\":\"hook_callback\","
    "\"callback_id\":\"hook_99\",\"input\":{\"hook_event_name\":\"Notification\"}}}\n"
    "{\"type\":\"control_cancel_request\",\"request_id\":\"cb-1\"}\n";
  g_autofree char *text = NULL;
  Wired w = { 0 };
  Sent one = { &w, "\"request_id\":\"cb-1\"", 1 };

  wire (&w, "/nonexistent/project", lines);
  g_assert_true (cairn_test_wait_until (sent_enough, &one, 5000));
  cairn_test_run_for (100);
  text = sent_text (&w);
  g_assert_nonnull (strstr (text, "{\"subtype\":\"success\",\"request_id\":\"cb-1\",\"response\":{}}"));
  g_assert_null (strstr (text, "\"error\""));
  /* only the notice that the (recorded) CLI's output ended */
  g_assert_cmpuint (cairn_transcript_count_kind (cairn_session_get_transcript (w.session), CAIRN_ITEM_KIND_NOTICE), <=, 1);
  g_assert_null (cairn_test_find_item (cairn_session_get_transcript (w.session), CAIRN_ITEM_KIND_RAW, 0));
  unwire (&w);
}

static gboolean
has_changes (gpointer session)
{
  return cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_CHANGES, 0) != NULL;
}

static void
run_in (const char *dir,
        const char *command)
{
  g_autofree char *full = g_strdup_printf ("sh -c 'cd \"%s\" && %s'", dir, command);
  int status = 0;

  g_assert_true (g_spawn_command_line_sync (full, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* Cairn's Stop hook in a git folder with an uncommitted file: the answer
 * is {} and a row lists the file; its diff can be read. */
static void
test_stop_lists_uncommitted (void)
{
  g_autofree char *dir = cairn_test_make_dir ("hooks-git");
  g_autofree char *lines = callback_lines ("\"tool_name\":\"Write\"");
  CairnChangesItem *changes;
  Wired w = { 0 };

  run_in (dir, "git init -q . && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m init "
               "&& echo hello > left.txt");
  wire (&w, dir, lines);
  g_assert_true (cairn_test_wait_until (has_changes, w.session, 10000));
  changes = CAIRN_CHANGES_ITEM (cairn_test_find_item (cairn_session_get_transcript (w.session),
                                                      CAIRN_ITEM_KIND_CHANGES, 0));
  g_assert_cmpuint (cairn_changes_item_get_n_files (changes), ==, 1);
  g_assert_cmpstr (cairn_changes_item_get_path (changes, 0), ==, "left.txt");
  g_assert_true (cairn_changes_item_is_untracked (changes, 0));
  unwire (&w);
  cairn_test_remove_dir (dir);
}

/* git hangs (a fake git on PATH that sleeps): the Stop callback is still
 * answered at once, and no row comes. */
static void
test_stop_answered_while_git_hangs (void)
{
  g_autofree char *dir = cairn_test_make_dir ("hooks-hang");
  g_autofree char *bin = g_build_filename (dir, "bin", NULL);
  g_autofree char *git = g_build_filename (bin, "git", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = g_strdup_printf ("%s:%s", bin, old_path);
  g_autofree char *lines = callback_lines ("\"tool_name\":\"Write\"");
  Wired w = { 0 };
  Sent answers = { &w, "\"control_response\"", 2 };
  gint64 start;

  g_assert_cmpint (g_mkdir (bin, 0700), ==, 0);
  g_assert_true (g_file_set_contents (git, "#!/bin/sh\nexec sleep 60\n", -1, NULL));
  g_assert_cmpint (g_chmod (git, 0700), ==, 0);
  g_setenv ("PATH", path, TRUE);
  start = g_get_monotonic_time ();
  wire (&w, dir, lines);
  g_assert_true (cairn_test_wait_until (sent_enough, &answers, 5000));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  cairn_test_run_for (300);
  g_assert_false (has_changes (w.session));
  /* closing the session ends the hung git with it */
  unwire (&w);
  g_setenv ("PATH", old_path, TRUE);
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/hooks/settings-hooks-shown", test_settings_hooks_shown);
  g_test_add_func ("/cairn/hooks/odd-hook-lines", test_odd_hook_lines);
  g_test_add_func ("/cairn/hooks/porcelain-parsed", test_porcelain_parsed);
  g_test_add_func ("/cairn/hooks/git-argv", test_git_argv);
  g_test_add_func ("/cairn/hooks/supervised-answers", test_supervised_answers);
  g_test_add_func ("/cairn/hooks/unknown-callback-and-cancel", test_unknown_callback_and_cancel);
  g_test_add_func ("/cairn/hooks/stop-lists-uncommitted", test_stop_lists_uncommitted);
  g_test_add_func ("/cairn/hooks/stop-answered-while-git-hangs", test_stop_answered_while_git_hangs);

  return g_test_run ();
}
