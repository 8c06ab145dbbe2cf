/* test-trust-cli.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "protocol/cairn-launcher.h"
#include "session/cairn-session-private.h"

/* Workspace trust with the real CLI (docs/trust.md): nothing of a folder
 * runs before Trust, a prompt typed meanwhile goes after it, the record
 * Cairn writes is one the CLI honours, and a hook added later asks again. */

static const char *script =
  "{\"rules\": [{\"match\": \"make the file\", \"replies\": ["
  "  {\"blocks\": [{\"type\": \"tool_use\", \"id\": \"toolu_t1\", \"name\": \"Bash\","
  "                 \"input\": {\"command\": \"touch allowed.txt\", \"description\": \"touch\"}}]},"
  "  {\"blocks\": [{\"type\": \"text\", \"text\": \"made it\"}]}]}]}";

static void
write_settings (const char *project,
                const char *text)
{
  cairn_test_write_file (project, ".claude/settings.json", text);
}

static gboolean
project_has (const char *project,
             const char *name)
{
  g_autofree char *path = g_build_filename (project, name, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static gboolean
gate_asks (gpointer data)
{
  return cairn_trust_gate_get_state (data) == CAIRN_TRUST_GATE_ASKING;
}

static gboolean
transcript_says (gpointer data)
{
  gpointer *pair = data;

  return cairn_test_transcript_mentions (cairn_session_get_transcript (pair[0]), pair[1]);
}

static void
wait_for_text (CairnSession *session,
               const char   *text)
{
  gpointer pair[2] = { session, (gpointer) text };

  if (!cairn_test_wait_until (transcript_says, pair, 60000))
    {
      cairn_test_dump_transcript (cairn_session_get_transcript (session));
      g_error ("the transcript never said %s", text);
    }
}

/* Starts a session whose gate asks, and returns it. */
static CairnSession *
session_that_asks (const char *project)
{
  CairnSession *session = cairn_session_new (project, cairn_test_cli_path ());
  CairnTrustGate *gate = cairn_session_get_trust_gate (session);

  g_assert_false (cairn_session_start (session));
  g_assert_true (cairn_test_wait_until (gate_asks, gate, 10000));
  g_assert_false (cairn_session_get_has_process (session));
  return session;
}

#define HOOKS \
  "{\"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"touch start.marker\"}]}]," \
  "  \"UserPromptSubmit\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"touch prompt.marker\"}]}]%s}}"

static void
test_hooks_wait_for_trust (void)
{
  g_autoptr(CairnTestFakeApi) api = cairn_test_fake_api_start ("{}");
  g_autofree char *first = g_strdup_printf (HOOKS, "");
  g_autofree char *more = g_strdup_printf (HOOKS, ", \"Stop\": [{\"hooks\": [{\"type\": \"command\", "
                                                   "\"command\": \"touch stop.marker\"}]}]");
  g_autoptr(CairnSession) session = NULL;
  CairnTrustGate *gate;
  CairnTrustReport *report;

  write_settings (api->project, first);
  session = session_that_asks (api->project);
  gate = cairn_session_get_trust_gate (session);
  g_assert_cmpuint (cairn_trust_report_get_n_entries (cairn_trust_gate_get_report (gate)), ==, 2);

  cairn_session_send_prompt (session, "hello before trust");
  /* every way a process starts waits the same: a restart, a model switch */
  cairn_session_restart (session);
  cairn_session_set_model (session, "claude-sonnet-4-5");
  cairn_test_run_for (1500);
  g_assert_false (cairn_session_get_has_process (session));
  g_assert_false (project_has (api->project, "start.marker"));
  g_assert_false (project_has (api->project, "prompt.marker"));

  cairn_trust_gate_trust (gate);
  wait_for_text (session, "You said: hello before trust");
  g_assert_true (project_has (api->project, "start.marker"));
  g_assert_true (project_has (api->project, "prompt.marker"));
  cairn_session_close (session);
  cairn_test_run_for (200);
  g_clear_object (&session);

  /* a git pull adds a Stop hook: the next start asks again, naming it */
  write_settings (api->project, more);
  session = session_that_asks (api->project);
  report = cairn_trust_gate_get_report (cairn_session_get_trust_gate (session));
  g_assert_cmpuint (cairn_trust_report_get_n_new (report), ==, 1);
  g_assert_cmpstr (cairn_trust_report_get_entry (report, 2)->detail, ==, "touch stop.marker");
  g_assert_true (cairn_trust_report_get_entry (report, 2)->is_new);

  /* Cancel starts nothing, and a prompt after it asks again */
  cairn_trust_gate_cancel (cairn_session_get_trust_gate (session));
  cairn_session_send_prompt (session, "after cancel");
  g_assert_true (cairn_test_wait_until (gate_asks, cairn_session_get_trust_gate (session), 10000));
  cairn_test_run_for (500);
  g_assert_false (cairn_session_get_has_process (session));
  g_assert_false (project_has (api->project, "stop.marker"));
  cairn_session_close (session);
}

static void
count_cb (CairnSession           *session,
          CairnPermissionRequest *request,
          guint                  *count)
{
  (*count)++;
}

static gboolean
is_positive (gpointer data)
{
  return *(guint *) data > 0;
}

/* Without the record, the folder's `permissions.allow` is ignored and the
 * CLI asks; after Trust (the record Cairn wrote) it runs the command. */
static void
test_record_honoured_by_cli (void)
{
  g_autoptr(CairnTestFakeApi) api = cairn_test_fake_api_start (script);
  g_autoptr(CairnSession) before = cairn_session_new (api->project, cairn_test_cli_path ());
  g_autoptr(CairnSession) after = NULL;
  CairnLaunchOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  guint asked = 0;

  write_settings (api->project, "{\"permissions\": {\"allow\": [\"Bash(touch allowed.txt)\"]}}");
  /* a CLI started around the gate, as Cairn did before it */
  options.cli_path = g_strdup (cairn_test_cli_path ());
  options.cwd = g_strdup (api->project);
  process = cairn_launcher_spawn (&options, &error);
  g_assert_no_error (error);
  cairn_launch_options_clear (&options);
  _cairn_session_attach_connection (before, cairn_cli_connection_new (process));
  g_signal_connect (before, "permission-requested", G_CALLBACK (count_cb), &asked);
  cairn_session_send_prompt (before, "make the file");
  g_assert_true (cairn_test_wait_until (is_positive, &asked, 60000));
  g_assert_false (project_has (api->project, "allowed.txt"));
  cairn_session_close (before);
  cairn_test_run_for (200);

  asked = 0;
  after = session_that_asks (api->project);
  g_signal_connect (after, "permission-requested", G_CALLBACK (count_cb), &asked);
  cairn_trust_gate_trust (cairn_session_get_trust_gate (after));
  cairn_session_send_prompt (after, "make the file");
  wait_for_text (after, "made it");
  g_assert_cmpuint (asked, ==, 0);
  g_assert_true (project_has (api->project, "allowed.txt"));
  cairn_session_close (after);
  cairn_test_run_for (200);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/trust-cli/hooks-wait-for-trust", test_hooks_wait_for_trust);
  g_test_add_func ("/cairn/trust-cli/record-honoured", test_record_honoured_by_cli);
  return g_test_run ();
}
