/* cairn-git.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-git"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "protocol/cairn-launcher.h"
#include "git/cairn-git.h"

/* One git command, run as the user runs it: the git on PATH with their
 * config and hooks (in the Flatpak the host's, through flatpak-spawn). It
 * never prompts (GIT_TERMINAL_PROMPT=0) and is ended after a bound. The
 * argv is always built by code: names and paths from the project come
 * after `--` or as one `--flag=value`, never as an option of their own.
 *
 * cairn_git_run() blocks, so it is called from GTask threads only: the
 * worktree and merge steps run one after another in one thread, which
 * keeps a sequence of git commands readable and the main loop free. */

G_DEFINE_QUARK (cairn-git-error-quark, cairn_git_error)

void
cairn_git_result_free (CairnGitResult *result)
{
  if (result == NULL)
    return;
  g_free (result->out);
  g_free (result->err);
  g_free (result);
}

/**
 * cairn_git_build_argv:
 * @git_argv: `git` and its arguments
 *
 * Returns: (transfer full): what runs @git_argv in @cwd: itself, or in the
 *   Flatpak the host's git through flatpak-spawn (the folder as one
 *   `--directory=` argument)
 */
GStrv
cairn_git_build_argv (const char         *cwd,
                      const char * const *git_argv,
                      gboolean            in_flatpak)
{
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_autofree char *directory = g_strdup_printf ("--directory=%s", cwd);

  /* flatpak-spawn hands the host's git none of the environment set here:
   * the same variables as arguments (none is a secret), LC_ALL=C for the
   * messages Cairn reads (conflict lists) */
  if (in_flatpak)
    g_strv_builder_add_many (argv, "flatpak-spawn", "--host", "--watch-bus", directory,
                             "--env=GIT_OPTIONAL_LOCKS=0", "--env=GIT_TERMINAL_PROMPT=0",
                             "--env=LC_ALL=C", NULL);
  g_strv_builder_addv (argv, (const char **)git_argv);
  return g_strv_builder_end (argv);
}

typedef struct
{
  GMainContext *context;
  GBytes       *out;
  GBytes       *err;
  GError       *error;
  gboolean      done;
  gboolean      timed_out;
} Wait;

static void
communicated_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Wait *wait = user_data;

  g_subprocess_communicate_finish (G_SUBPROCESS (object), result, &wait->out, &wait->err, &wait->error);
  wait->done = TRUE;
  g_main_context_wakeup (wait->context);
}

/* SIGTERM, not SIGKILL: flatpak-spawn passes it on to the host's git. */
static gboolean
timeout_cb (gpointer data)
{
  GSubprocess *process = data;

  g_subprocess_send_signal (process, SIGTERM);
  return G_SOURCE_REMOVE;
}

static GSubprocess *
spawn_git (const char          *cwd,
           const char * const  *git_argv,
           GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE);
  gboolean in_flatpak = cairn_launcher_in_flatpak ();
  g_auto(GStrv) argv = cairn_git_build_argv (cwd, git_argv, in_flatpak);
  g_autoptr(GError) local = NULL;
  GSubprocess *process;

  if (!in_flatpak)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  g_subprocess_launcher_setenv (launcher, "GIT_OPTIONAL_LOCKS", "0", TRUE);
  g_subprocess_launcher_setenv (launcher, "GIT_TERMINAL_PROMPT", "0", TRUE);
  /* messages Cairn reads (conflict lists) in one language */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv, &local);
  if (process == NULL && g_error_matches (local, G_SPAWN_ERROR, G_SPAWN_ERROR_NOENT))
    g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_MISSING,
                 _("git is not installed (no “git” program was found)"));
  else if (process == NULL)
    g_propagate_error (error, g_steal_pointer (&local));
  return process;
}

static CairnGitResult *
result_new (GSubprocess *process,
            Wait        *wait)
{
  CairnGitResult *result = g_new0 (CairnGitResult, 1);
  gsize len = 0;
  const char *err = wait->err ? g_bytes_get_data (wait->err, &len) : NULL;

  result->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  result->out = wait->out ? g_bytes_unref_to_data (g_steal_pointer (&wait->out), &result->out_len) : NULL;
  result->out = g_realloc (result->out, result->out_len + 1);
  result->out[result->out_len] = '\0';
  result->err = g_strstrip (err ? g_utf8_make_valid (err, len) : g_strdup (""));
  g_clear_pointer (&wait->err, g_bytes_unref);
  return result;
}

/**
 * cairn_git_run:
 * @input: (nullable): what git reads on stdin
 *
 * Runs `git …` in @cwd and waits for it (call it from a thread). Any exit
 * status is a result; an error only when git could not run, timed out or
 * was cancelled.
 */
CairnGitResult *
cairn_git_run (const char          *cwd,
               const char * const  *git_argv,
               GBytes              *input,
               GCancellable        *cancellable,
               GError             **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GSource) timeout = NULL;
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  Wait wait = { context };
  CairnGitResult *result = NULL;

  g_return_val_if_fail (cwd != NULL && git_argv != NULL, NULL);

  if ((process = spawn_git (cwd, git_argv, error)) == NULL)
    return NULL;
  g_main_context_push_thread_default (context);
  timeout = g_timeout_source_new (CAIRN_GIT_TIMEOUT_MS);
  g_source_set_callback (timeout, timeout_cb, process, NULL);
  g_source_attach (timeout, context);
  /* stdin is a pipe for `git apply -`; the others get it closed at once */
  g_subprocess_communicate_async (process, input ? input : empty, cancellable, communicated_cb, &wait);
  while (!wait.done)
    g_main_context_iteration (context, TRUE);
  wait.timed_out = g_source_is_destroyed (timeout);
  g_source_destroy (timeout);
  g_main_context_pop_thread_default (context);

  if (wait.error != NULL)
    g_propagate_error (error, wait.error);
  else if (wait.timed_out)
    g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_FAILED,
                 _("git did not answer within %d seconds"), CAIRN_GIT_TIMEOUT_MS / 1000);
  else
    result = result_new (process, &wait);
  g_clear_pointer (&wait.out, g_bytes_unref);
  g_clear_pointer (&wait.err, g_bytes_unref);
  return result;
}

/* "status" in `git -c core.fsmonitor=false status …` */
static const char *
command_name (const char * const *git_argv)
{
  guint i = 1;

  while (git_argv[i] != NULL && g_strcmp0 (git_argv[i], "-c") == 0 && git_argv[i + 1] != NULL)
    i += 2;
  return git_argv[i] ? git_argv[i] : "";
}

/**
 * cairn_git_run_ok:
 * @out: (out) (optional): stdout, when it succeeded
 *
 * Runs git and fails with its own message unless it exits 0.
 */
gboolean
cairn_git_run_ok (const char          *cwd,
                  const char * const  *git_argv,
                  char               **out,
                  GCancellable        *cancellable,
                  GError             **error)
{
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, git_argv, NULL, cancellable, error);

  if (result == NULL)
    return FALSE;
  if (result->status != 0)
    {
      g_autofree char *line = cairn_git_first_line (result->err);
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_FAILED, _("git %s failed: %s"),
                   command_name (git_argv), *line ? line : _("no message"));
      return FALSE;
    }
  if (out != NULL)
    *out = g_steal_pointer (&result->out);
  return TRUE;
}

/* git's message is often several lines of hints; its first says it. */
char *
cairn_git_first_line (const char *text)
{
  const char *nl = text ? strchr (text, '\n') : NULL;

  if (text == NULL)
    return g_strdup ("");
  return nl ? g_strndup (text, nl - text) : g_strdup (text);
}

/**
 * cairn_git_check_version:
 * @version_line: what `git --version` printed
 */
gboolean
cairn_git_check_version (const char  *version_line,
                         GError     **error)
{
  guint major = 0, minor = 0;

  if (version_line == NULL || sscanf (version_line, "git version %u.%u", &major, &minor) != 2 ||
      major < CAIRN_GIT_MIN_MAJOR || (major == CAIRN_GIT_MIN_MAJOR && minor < CAIRN_GIT_MIN_MINOR))
    {
      g_autofree char *line = cairn_git_first_line (version_line);
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_TOO_OLD,
                   _("git %d.%d or later is needed (this is “%s”)"),
                   CAIRN_GIT_MIN_MAJOR, CAIRN_GIT_MIN_MINOR, line);
      return FALSE;
    }
  return TRUE;
}

/**
 * cairn_git_check_branch_name:
 *
 * Whether @branch is a name git takes for a new branch, asked of git
 * itself (`check-ref-format --branch`), after refusing what would read as
 * an option.
 */
gboolean
cairn_git_check_branch_name (const char    *cwd,
                             const char    *branch,
                             GCancellable  *cancellable,
                             GError       **error)
{
  const char *argv[] = { "git", "check-ref-format", "--branch", branch, NULL };
  g_autoptr(CairnGitResult) result = NULL;

  if (branch == NULL || *branch == '\0' || *branch == '-' || strchr (branch, '@') != NULL ||
      (result = cairn_git_run (cwd, argv, NULL, cancellable, error)) == NULL || result->status != 0)
    {
      if (error == NULL || *error == NULL)
        g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BAD_NAME,
                     _("“%s” is not a name git takes for a branch"), branch ? branch : "");
      return FALSE;
    }
  return TRUE;
}
