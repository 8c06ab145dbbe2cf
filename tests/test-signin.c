/* test-signin.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Signing in from Cairn (issue 23), in a real window on Xvfb. The real CLI
 * with a HOME that has no credentials (and no key in the environment):
 * the window says it is not signed in before anything is sent, and a
 * prompt sent then waits instead of failing. Then with a stand-in for
 * `claude` (set by CAIRN_CLAUDE) whose `auth login` records its argv and
 * controlling terminal and "signs in" (flips what its `auth status`
 * prints, the JSON 2.1.330 printed), and which hands everything else to
 * the real CLI: Sign In runs `auth login --claudeai` on a PTY in the
 * terminal pane; when it ends, the window asks again, the pane closes,
 * the banner goes and the waiting prompt is sent and answered (fake API). */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cairn-application.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "page/cairn-composer.h"
#include "page/cairn-page.h"
#include "widgets/cairn-terminal.h"
#include "window/cairn-window.h"

#define SCRIPT "{\"rules\": [], \"default\": {\"blocks\": [{\"type\": \"text\", \"text\": \"You said: {{PROMPT}}\"}]}}"
#define NOT_SIGNED_IN "Claude Code is not signed in. Sign in, and a message you send meanwhile goes once you are."

typedef struct
{
  CairnWindow      *window;
  CairnTestFakeApi *api;
  const char       *needle;
  char             *dir;
} Fixture;

#define PROMPT_WAITS "Claude Code is not signed in. Your message waits, and is sent once you are signed in."

static gboolean
banner_shown (gpointer data)
{
  return cairn_test_shows_text (GTK_WIDGET (((Fixture *)data)->window), NOT_SIGNED_IN) ||
         cairn_test_shows_text (GTK_WIDGET (((Fixture *)data)->window), PROMPT_WAITS);
}

static gboolean
banner_gone (gpointer data)
{
  return !banner_shown (data);
}

static gboolean
model_got (gpointer data)
{
  Fixture *f = data;
  g_autoptr(GPtrArray) bodies = cairn_test_fake_api_bodies (f->api);

  for (guint i = 0; i < bodies->len; i++)
    if (cairn_test_body_mentions (g_ptr_array_index (bodies, i), f->needle))
      return TRUE;
  return FALSE;
}

static gboolean
conversation_shows (gpointer data)
{
  Fixture *f = data;

  return cairn_test_transcript_mentions (cairn_session_get_transcript (cairn_window_get_session (f->window)),
                                         f->needle);
}

static CairnPage *
shown_page (Fixture *f)
{
  return CAIRN_PAGE (cairn_test_find_shown (GTK_WIDGET (f->window), CAIRN_TYPE_PAGE, NULL, NULL));
}

static void
open_window (Fixture         *f,
             CairnApplication *app)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->api->project);

  f->window = cairn_application_new_window (app, folder);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 700);
  cairn_test_present (GTK_WINDOW (f->window));
}

/* The real CLI, no credentials: the banner, and a prompt kept. */
static void
test_real_cli_signed_out (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  Fixture f = { 0 };

  f.api = cairn_test_fake_api_start (SCRIPT);
  g_unsetenv ("ANTHROPIC_API_KEY");
  g_setenv ("CAIRN_CLAUDE", cairn_test_cli_path (), TRUE);
  open_window (&f, app);

  g_assert_true (cairn_test_poll_until (banner_shown, &f, 30000));
  cairn_test_type_and_send (GTK_WIDGET (f.window), "kept until signed in");
  cairn_test_run_for (2000);
  g_assert_cmpstr (cairn_page_get_waiting_prompt (shown_page (&f)), ==, "kept until signed in");
  g_assert_true (cairn_test_shows_text (GTK_WIDGET (f.window), PROMPT_WAITS));
  f.needle = "kept until signed in";
  g_assert_false (model_got (&f));
  g_assert_false (conversation_shows (&f));

  gtk_window_destroy (GTK_WINDOW (f.window));
  cairn_test_fake_api_free (f.api);
}

/* `claude` that signs in by flipping a file, and is the real one for the
 * rest. */
static char *
write_stand_in (const char *dir)
{
  g_autofree char *none = g_test_build_filename (G_TEST_DIST, "data", "2.1.330", "auth-status-none.json", NULL);
  g_autofree char *key = g_test_build_filename (G_TEST_DIST, "data", "2.1.330", "auth-status-api-key.json", NULL);
  g_autofree char *body = g_strdup_printf (
    "#!/bin/sh\n"
    "case \"$1 $2\" in\n"
    "'auth status') if [ -e '%s/signed-in' ]; then cat '%s'; exit 0; fi; cat '%s'; exit 1;;\n"
    "'auth login') { echo \"$*\"; tty; pwd; } > '%s/login.tmp'; mv '%s/login.tmp' '%s/login.log'\n"
    "  echo 'Opening https://claude.ai/oauth/authorize?code=test in your browser'\n"
    "  sleep 1; touch '%s/signed-in'; echo 'Login successful.'; exit 0;;\n"
    "esac\n"
    "exec '%s' \"$@\"\n",
    dir, key, none, dir, dir, dir, dir, cairn_test_cli_path ());
  char *path = g_build_filename (dir, "claude", NULL);

  g_assert_true (g_file_set_contents (path, body, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

static gboolean
login_ran (gpointer data)
{
  g_autofree char *path = g_build_filename (((Fixture *)data)->dir, "login.log", NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
test_sign_in_flow (void)
{
  CairnApplication *app = cairn_test_shared_app ();
  g_autofree char *stand_in = NULL;
  g_autofree char *log_path = NULL;
  g_autofree char *log = NULL;
  g_auto(GStrv) lines = NULL;
  CairnTerminal *terminal;
  const char * const *argv;
  Fixture f = { 0 };

  f.api = cairn_test_fake_api_start (SCRIPT);
  f.dir = cairn_test_make_dir ("signin");
  stand_in = write_stand_in (f.dir);
  g_setenv ("CAIRN_CLAUDE", stand_in, TRUE);
  open_window (&f, app);

  g_assert_true (cairn_test_poll_until (banner_shown, &f, 30000));
  cairn_test_type_and_send (GTK_WIDGET (f.window), "waiting prompt");
  cairn_test_run_for (500);
  g_assert_cmpstr (cairn_page_get_waiting_prompt (shown_page (&f)), ==, "waiting prompt");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.sign-in", "s", "claudeai"));
  terminal = cairn_page_get_terminal (shown_page (&f));
  g_assert_nonnull (terminal);
  argv = cairn_terminal_get_argv (terminal);
  g_assert_cmpstr (argv[0], ==, stand_in);
  g_assert_cmpstr (argv[1], ==, "auth");
  g_assert_cmpstr (argv[2], ==, "login");
  g_assert_cmpstr (argv[3], ==, "--claudeai");
  g_assert_null (argv[4]);
  g_assert_true (cairn_test_poll_until (login_ran, &f, 10000));
  log_path = g_build_filename (f.dir, "login.log", NULL);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  lines = g_strsplit (log, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "auth login --claudeai");
  g_assert_true (g_str_has_prefix (lines[1], "/dev/pts/"));
  g_assert_cmpstr (lines[2], ==, f.api->project);

  /* signed in: the banner and the pane go, the prompt goes and is
   * answered */
  g_assert_true (cairn_test_poll_until (banner_gone, &f, 20000));
  f.needle = "waiting prompt";
  g_assert_true (cairn_test_poll_until (model_got, &f, 30000));
  f.needle = "You said: waiting prompt";
  g_assert_true (cairn_test_poll_until (conversation_shows, &f, 30000));
  g_assert_null (cairn_page_get_waiting_prompt (shown_page (&f)));
  g_assert_false (cairn_page_get_terminal_running (shown_page (&f)));
  g_assert_false (cairn_test_is_shown (gtk_widget_get_parent (GTK_WIDGET (terminal))));

  gtk_window_destroy (GTK_WINDOW (f.window));
  cairn_test_fake_api_free (f.api);
  cairn_test_remove_dir (f.dir);
  g_free (f.dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/signin/real-cli-signed-out", test_real_cli_signed_out);
  g_test_add_func ("/cairn/signin/flow", test_sign_in_flow);
  return g_test_run ();
}
