/* test-terminal-command.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The terminal pane's command lines (each from fixed words; a session id
 * only as a UUID, in one `--resume=ID` argument; behind flatpak-spawn in
 * the Flatpak) and `claude auth status` as CLI 2.1.330 printed it
 * (tests/data/2.1.330/auth-status-*.json), read and run. */

#include "config.h"

#include <glib/gstdio.h>

#include "protocol/cairn-auth-status.h"
#include "protocol/cairn-terminal-command.h"

#define SESSION "0b6c7b52-2b1c-4b1a-9a39-4b7f6f1d2c10"

static GStrv
build (CairnTerminalKind kind,
       const char       *session,
       CairnLoginMethod  method,
       gboolean          in_flatpak,
       GError          **error)
{
  CairnTerminalCommand command = { .kind = kind, .cli_path = (char *)"/opt/claude", .cwd = (char *)"/home/me/p",
                                   .session_id = (char *)session, .method = method, .in_flatpak = in_flatpak };

  return cairn_terminal_command_build_argv (&command, error);
}

static void
assert_argv (GStrv        argv,
             const char  *expected)
{
  g_autofree char *joined = g_strjoinv (" ", argv);

  g_assert_cmpstr (joined, ==, expected);
}

static void
test_claude (void)
{
  g_auto(GStrv) resume = build (CAIRN_TERMINAL_CLAUDE, SESSION, 0, FALSE, NULL);
  g_auto(GStrv) fresh = build (CAIRN_TERMINAL_CLAUDE, NULL, 0, FALSE, NULL);
  g_auto(GStrv) login = build (CAIRN_TERMINAL_LOGIN, NULL, CAIRN_LOGIN_CONSOLE, FALSE, NULL);
  g_auto(GStrv) sso = build (CAIRN_TERMINAL_LOGIN, NULL, CAIRN_LOGIN_SSO, FALSE, NULL);
  g_auto(GStrv) claudeai = build (CAIRN_TERMINAL_LOGIN, NULL, CAIRN_LOGIN_CLAUDEAI, FALSE, NULL);
  g_auto(GStrv) install = build (CAIRN_TERMINAL_INSTALL, NULL, 0, FALSE, NULL);
  g_autofree char *expected = g_strdup_printf ("npm install --global --prefix=%s/.local @anthropic-ai/claude-code",
                                               g_get_home_dir ());

  assert_argv (resume, "/opt/claude --resume=" SESSION);
  assert_argv (fresh, "/opt/claude");
  assert_argv (login, "/opt/claude auth login --console");
  assert_argv (sso, "/opt/claude auth login --sso");
  assert_argv (claudeai, "/opt/claude auth login --claudeai");
  assert_argv (install, expected);
}

/* A session file named like an option, or anything not a UUID, starts
 * nothing. */
static void
test_bad_session_id (void)
{
  const char *bad[] = { "--dangerously-skip-permissions", "x; rm -rf ~", SESSION "0", "", };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) argv = build (CAIRN_TERMINAL_CLAUDE, bad[i], 0, FALSE, &error);

      g_assert_null (argv);
      g_assert_nonnull (error);
    }
}

/* The shell is the user's: $SHELL, or on the host the password
 * database's, through a fixed script. */
static void
test_shell (void)
{
  g_auto(GStrv) here = NULL;
  g_auto(GStrv) host = NULL;

  g_setenv ("SHELL", "/bin/zsh-test", TRUE);
  here = build (CAIRN_TERMINAL_SHELL, NULL, 0, FALSE, NULL);
  host = build (CAIRN_TERMINAL_SHELL, NULL, 0, TRUE, NULL);
  assert_argv (here, "/bin/zsh-test");
  g_assert_cmpstr (host[0], ==, "flatpak-spawn");
  g_assert_cmpstr (host[g_strv_length (host) - 3], ==, "sh");
  g_assert_cmpstr (host[g_strv_length (host) - 2], ==, "-c");
}

/* On the host through flatpak-spawn, in the project folder, the
 * variables on fd 3; the PTY on 0-2 is handed on by flatpak-spawn. */
static void
test_flatpak (void)
{
  g_auto(GStrv) argv = build (CAIRN_TERMINAL_CLAUDE, SESSION, 0, TRUE, NULL);

  assert_argv (argv, "flatpak-spawn --host --watch-bus --directory=/home/me/p --env-fd=3 "
                     "/opt/claude --resume=" SESSION);
}

static CairnAuthStatus *
read_recorded (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "2.1.330", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  CairnAuthStatus *status;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  status = cairn_auth_status_parse (text, &error);
  g_assert_no_error (error);
  return status;
}

static void
test_auth_status_recorded (void)
{
  g_autoptr(CairnAuthStatus) none = read_recorded ("auth-status-none.json");
  g_autoptr(CairnAuthStatus) key = read_recorded ("auth-status-api-key.json");
  g_autoptr(CairnAuthStatus) bedrock = read_recorded ("auth-status-bedrock.json");
  g_autofree char *none_line = cairn_auth_status_describe (none);
  g_autofree char *key_line = cairn_auth_status_describe (key);
  g_autofree char *bedrock_line = cairn_auth_status_describe (bedrock);

  g_assert_false (none->logged_in);
  g_assert_cmpstr (none->auth_method, ==, "none");
  g_assert_true (key->logged_in);
  g_assert_cmpstr (key->api_key_source, ==, "ANTHROPIC_API_KEY");
  g_assert_true (bedrock->logged_in);
  g_assert_cmpstr (bedrock->api_provider, ==, "bedrock");
  g_assert_cmpstr (none_line, ==, "not signed in");
  g_assert_cmpstr (key_line, ==, "signed in (api_key from ANTHROPIC_API_KEY, firstParty)");
  g_assert_cmpstr (bedrock_line, ==, "signed in (third_party, bedrock)");
}

static void
test_auth_status_junk (void)
{
  const char *junk[] = { "", "Not logged in. Run claude auth login to authenticate.", "[]", "{\"x\":1}", "{" };

  for (guint i = 0; i < G_N_ELEMENTS (junk); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CairnAuthStatus) status = cairn_auth_status_parse (junk[i], &error);

      g_assert_null (status);
      g_assert_nonnull (error);
    }
}

static void
checked_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  CairnAuthStatus **status = user_data;
  g_autoptr(GError) error = NULL;

  *status = cairn_auth_status_check_finish (result, &error);
  g_assert_no_error (error);
}

/* Run for real: a stand-in CLI that prints what 2.1.330 printed and exits
 * 1, as it does when not signed in. */
static void
test_auth_status_check (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cairn-auth-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "claude", NULL);
  g_autofree char *recorded = g_test_build_filename (G_TEST_DIST, "data", "2.1.330", "auth-status-none.json", NULL);
  g_autofree char *body = g_strdup_printf ("#!/bin/sh\n[ \"$*\" = \"auth status --json\" ] || exit 9\n"
                                           "cat '%s'\nexit 1\n", recorded);
  CairnAuthStatus *status = NULL;

  g_assert_true (g_file_set_contents (script, body, -1, NULL));
  g_assert_cmpint (g_chmod (script, 0755), ==, 0);
  cairn_auth_status_check_async (script, FALSE, NULL, checked_cb, &status);
  while (status == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (status->logged_in);
  cairn_auth_status_free (status);
  g_unlink (script);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/terminal-command/claude", test_claude);
  g_test_add_func ("/cairn/terminal-command/bad-session-id", test_bad_session_id);
  g_test_add_func ("/cairn/terminal-command/shell", test_shell);
  g_test_add_func ("/cairn/terminal-command/flatpak", test_flatpak);
  g_test_add_func ("/cairn/auth-status/recorded", test_auth_status_recorded);
  g_test_add_func ("/cairn/auth-status/junk", test_auth_status_junk);
  g_test_add_func ("/cairn/auth-status/check", test_auth_status_check);

  return g_test_run ();
}
