/* test-hooks-cli.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "session/cairn-session-private.h"
#include "transcript/cairn-changes-item.h"
#include "transcript/cairn-hook-item.h"
#include "transcript/cairn-tool-call-item.h"
#include "cairn-test-harness.h"

/* Hooks through the real CLI against the fake API (docs/protocol.md,
 * "Hooks"): a project's settings hooks shown as rows and refusing a tool;
 * Cairn's own Supervised PreToolUse hook and its Stop hook. */

#define TEXT(t) "{\"type\":\"text\",\"text\":\"" t "\"}"

static const char script[] =
  "{\"rules\":["
  "{\"match\":\"run the command\",\"replies\":[{\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_bash\","
  "  \"name\":\"Bash\",\"input\":{\"command\":\"touch ran.txt\",\"description\":\"Touch a file\"}}]},"
  "  {\"blocks\":[" TEXT ("The hook said no.") "]}]},"
  "{\"match\":\"write sup\",\"replies\":[{\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_sup\",\"name\":\"Write\","
  "  \"input\":{\"file_path\":\"@PROJECT@/sup.txt\",\"content\":\"sup\\n\"}}]},"
  "  {\"blocks\":[" TEXT ("Written.") "]}]},"
  "{\"match\":\"write two\",\"replies\":[{\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_two\",\"name\":\"Write\","
  "  \"input\":{\"file_path\":\"@PROJECT@/two.txt\",\"content\":\"two\\n\"}}]},"
  "  {\"blocks\":[" TEXT ("Written too.") "]}]}"
  "]}";

/* exit 2 with a message refuses every Bash call; the other two print */
static const char hook_settings[] =
  "{\"hooks\":{"
  "\"SessionStart\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"echo session-hook-ran\"}]}],"
  "\"UserPromptSubmit\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"echo prompt-hook-ran\"}]}],"
  "\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[{\"type\":\"command\","
  "  \"command\":\"echo 'no shell commands here' >&2; exit 2\"}]}]}}";

typedef struct
{
  CairnTestFakeApi *api;
  CairnSession     *session;
  GPtrArray        *requests;
} Fixture;

static void
requested_cb (CairnSession           *session,
              CairnPermissionRequest *request,
              Fixture                *f)
{
  g_ptr_array_add (f->requests, g_object_ref (request));
}

/* The project holds settings hooks: it is trusted the way the CLI records
 * it ($CLAUDE_CONFIG_DIR/.claude.json, the harness's throwaway config), as
 * the trust gate wants before anything starts. */
static void
trust_project (Fixture *f)
{
  const char *config = g_getenv ("CLAUDE_CONFIG_DIR");
  g_autofree char *real = realpath (f->api->project, NULL);
  g_autofree char *record =
    g_strdup_printf ("{\"projects\":{\"%s\":{\"hasTrustDialogAccepted\":true}}}", real);

  g_assert_nonnull (config);
  cairn_test_write_file (config, ".claude.json", record);
}

static void
fixture_init (Fixture             *f,
              CairnPermissionMode  mode,
              const char          *settings)
{
  f->api = cairn_test_fake_api_start (script);
  if (settings != NULL)
    {
      cairn_test_write_file (f->api->project, ".claude/settings.json", settings);
      trust_project (f);
    }
  f->session = cairn_session_new (f->api->project, cairn_test_cli_path ());
  f->requests = g_ptr_array_new_with_free_func (g_object_unref);
  cairn_session_set_start_mode (f->session, mode);
  g_signal_connect (f->session, "permission-requested", G_CALLBACK (requested_cb), f);
}

static void
fixture_clear (Fixture *f)
{
  cairn_session_close (f->session);
  cairn_test_run_for (200);
  g_clear_object (&f->session);
  g_clear_pointer (&f->requests, g_ptr_array_unref);
  g_clear_pointer (&f->api, cairn_test_fake_api_free);
}

static gboolean
has_request (gpointer data)
{
  Fixture *f = data;

  return f->requests->len > 0;
}

static CairnHookItem *
find_hook (CairnTranscript *items,
           const char      *name)
{
  for (guint i = 0; ; i++)
    {
      CairnItem *item = cairn_test_find_item (items, CAIRN_ITEM_KIND_HOOK, i);
      if (item == NULL)
        return NULL;
      if (g_strcmp0 (cairn_hook_item_get_name (CAIRN_HOOK_ITEM (item)), name) == 0)
        return CAIRN_HOOK_ITEM (item);
    }
}

static gboolean
has_command (gpointer hook)
{
  return cairn_hook_item_get_command (hook) != NULL;
}

static void
assert_hook_ran (CairnTranscript *items,
                 const char      *name,
                 const char      *status,
                 const char      *output,
                 const char      *command)
{
  CairnHookItem *hook = find_hook (items, name);
  g_autofree char *shown = NULL;

  if (hook == NULL)
    {
      cairn_test_dump_transcript (items);
      g_error ("no row for the hook %s", name);
    }
  shown = cairn_hook_item_dup_status (hook);
  g_assert_cmpstr (shown, ==, status);
  g_assert_cmpstr (cairn_hook_item_get_output (hook), ==, output);
  /* the command, from the folder's settings (the CLI's lines don't say) */
  g_assert_true (cairn_test_wait_until (has_command, hook, 5000));
  g_assert_cmpstr (cairn_hook_item_get_command (hook), ==, command);
}

/* A settings PreToolUse hook refuses Bash with exit 2: the command does not
 * run, the card names the hook and its reason; the SessionStart and
 * UserPromptSubmit hooks are rows with their exit code and output. */
static void
test_settings_hook_refuses_bash (void)
{
  Fixture f = { 0 };
  CairnTranscript *items;
  CairnToolCallItem *card;

  fixture_init (&f, CAIRN_PERMISSION_MODE_DEFAULT, hook_settings);
  cairn_session_send_prompt (f.session, "run the command");
  cairn_test_wait_idle (f.session);
  items = cairn_session_get_transcript (f.session);
  g_assert_false (cairn_test_project_has (f.api, "ran.txt"));
  g_assert_cmpuint (f.requests->len, ==, 0);
  card = CAIRN_TOOL_CALL_ITEM (cairn_test_find_item (items, CAIRN_ITEM_KIND_TOOL_CALL, 0));
  g_assert_cmpint (cairn_tool_call_item_get_status (card), ==, CAIRN_TOOL_STATUS_REFUSED);
  g_assert_true (g_str_has_prefix (cairn_tool_call_item_get_summary (card), "Refused by the hook PreToolUse:Bash: ["));
  g_assert_true (g_str_has_suffix (cairn_tool_call_item_get_summary (card), "]: no shell commands here"));
  assert_hook_ran (items, "SessionStart:startup", "exit 0", "session-hook-ran\n", "echo session-hook-ran");
  assert_hook_ran (items, "UserPromptSubmit", "exit 0", "prompt-hook-ran\n", "echo prompt-hook-ran");
  assert_hook_ran (items, "PreToolUse:Bash", "exit 2", "no shell commands here\n",
                   "echo 'no shell commands here' >&2; exit 2");
  fixture_clear (&f);
}

/* Supervised in Accept Edits: the Write that the mode would let through is
 * asked for (the hook's reason comes with the request) and not written
 * before it is allowed. */
static void
test_supervised_asks_in_accept_edits (void)
{
  Fixture f = { 0 };
  CairnPermissionRequest *request;

  fixture_init (&f, CAIRN_PERMISSION_MODE_ACCEPT_EDITS, NULL);
  cairn_session_set_supervised (f.session, TRUE);
  cairn_session_send_prompt (f.session, "write sup");
  g_assert_true (cairn_test_wait_until (has_request, &f, 60000));
  request = g_ptr_array_index (f.requests, 0);
  g_assert_cmpstr (cairn_permission_request_get_tool_name (request), ==, "Write");
  g_assert_true (g_str_has_prefix (cairn_permission_request_get_reason (request), "Supervised: Write is asked for"));
  cairn_test_run_for (300);
  g_assert_false (cairn_test_project_has (f.api, "sup.txt"));
  cairn_session_allow (f.session, request, NULL, NULL);
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_project_has (f.api, "sup.txt"));
  fixture_clear (&f);
}

/* Not Supervised, Accept Edits writes without asking; Supervised switched
 * on on the running process asks for the next Write. */
static void
test_supervised_off_then_on (void)
{
  Fixture f = { 0 };

  fixture_init (&f, CAIRN_PERMISSION_MODE_ACCEPT_EDITS, NULL);
  cairn_session_send_prompt (f.session, "write sup");
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_project_has (f.api, "sup.txt"));
  g_assert_cmpuint (f.requests->len, ==, 0);

  cairn_session_set_supervised (f.session, TRUE);
  cairn_session_send_prompt (f.session, "write two");
  g_assert_true (cairn_test_wait_until (has_request, &f, 60000));
  g_assert_false (cairn_test_project_has (f.api, "two.txt"));
  cairn_session_deny (f.session, g_ptr_array_index (f.requests, 0), "not now", FALSE);
  cairn_test_wait_idle (f.session);
  g_assert_false (cairn_test_project_has (f.api, "two.txt"));
  fixture_clear (&f);
}

static void
git_in (const char *dir,
        const char *args)
{
  g_autofree char *command = g_strdup_printf ("git -C '%s' -c user.name=t -c user.email=t@t %s", dir, args);
  int status = 0;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static gboolean
has_changes (gpointer session)
{
  return cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_CHANGES, 0) != NULL;
}

/* Cairn's Stop hook: in a git folder, the file the turn wrote and did not
 * commit is listed after the turn. */
static void
test_stop_lists_uncommitted_file (void)
{
  Fixture f = { 0 };
  CairnChangesItem *changes;

  fixture_init (&f, CAIRN_PERMISSION_MODE_ACCEPT_EDITS, NULL);
  git_in (f.api->project, "init -q");
  git_in (f.api->project, "commit -q --allow-empty -m start");
  cairn_session_send_prompt (f.session, "write sup");
  cairn_test_wait_idle (f.session);
  g_assert_true (cairn_test_wait_until (has_changes, f.session, 15000));
  changes = CAIRN_CHANGES_ITEM (cairn_test_find_item (cairn_session_get_transcript (f.session),
                                                      CAIRN_ITEM_KIND_CHANGES, 0));
  g_assert_cmpuint (cairn_changes_item_get_n_files (changes), ==, 1);
  g_assert_cmpstr (cairn_changes_item_get_path (changes, 0), ==, "sup.txt");
  g_assert_cmpstr (cairn_changes_item_get_code (changes, 0), ==, "??");
  fixture_clear (&f);
}

/* git hangs (a fake git first on PATH notes its arguments and sleeps):
 * the turn still ends well before the 30 s the CLI would wait for an
 * unanswered callback, the Stop callback answered without waiting for
 * git. */
static void
test_stop_answered_while_git_hangs (void)
{
  Fixture f = { 0 };
  g_autofree char *bin = NULL;
  g_autofree char *git = NULL;
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = NULL;
  g_autofree char *calls = NULL;
  g_autofree char *called = NULL;
  gint64 start;

  fixture_init (&f, CAIRN_PERMISSION_MODE_ACCEPT_EDITS, NULL);
  bin = g_build_filename (f.api->dir, "bin", NULL);
  git = g_build_filename (bin, "git", NULL);
  path = g_strdup_printf ("%s:%s", bin, old_path);
  calls = g_build_filename (f.api->dir, "git-calls", NULL);
  {
    g_autofree char *fake = g_strdup_printf ("#!/bin/sh\necho \"$@\" >> '%s'\nexec sleep 120\n", calls);
    cairn_test_write_file (bin, "git", fake);
  }
  g_assert_cmpint (g_chmod (git, 0700), ==, 0);
  g_setenv ("PATH", path, TRUE);
  start = g_get_monotonic_time ();
  cairn_session_send_prompt (f.session, "write sup");
  cairn_test_wait_idle (f.session);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
  g_assert_true (cairn_test_project_has (f.api, "sup.txt"));
  cairn_test_run_for (300);
  /* Cairn's check runs, and hangs */
  g_assert_true (g_file_get_contents (calls, &called, NULL, NULL));
  g_assert_nonnull (strstr (called, "rev-parse --show-toplevel"));
  g_assert_false (has_changes (f.session));
  g_setenv ("PATH", old_path, TRUE);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/hooks-cli/settings-hook-refuses-bash", test_settings_hook_refuses_bash);
  g_test_add_func ("/cairn/hooks-cli/supervised-asks-in-accept-edits", test_supervised_asks_in_accept_edits);
  g_test_add_func ("/cairn/hooks-cli/supervised-off-then-on", test_supervised_off_then_on);
  g_test_add_func ("/cairn/hooks-cli/stop-lists-uncommitted-file", test_stop_lists_uncommitted_file);
  g_test_add_func ("/cairn/hooks-cli/stop-answered-while-git-hangs", test_stop_answered_while_git_hangs);

  return g_test_run ();
}
