/* cairn-git-changes.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-git"

#include "config.h"

#include <signal.h>
#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "protocol/cairn-launcher.h"
#include "session/cairn-git-changes.h"

/* What a turn left uncommitted, and a file's diff, from git run as the
 * user runs it (git on PATH), never on the main loop, and ended after a
 * bound (git/cairn-git.c builds the command). The folder is the user's
 * project: its config may name programs for git to run (core.fsmonitor,
 * diff drivers), so those are switched
 * off here; status takes no lock the user's own git could trip on. In the
 * Flatpak, git is the host's (as the CLI is), run through flatpak-spawn. */

typedef struct
{
  GSubprocess  *process;
  GCancellable *cancellable;
  gulong        cancelled_id;
  guint         timeout;
  gboolean      timed_out;
} GitRun;

static void
git_run_free (GitRun *run)
{
  g_clear_handle_id (&run->timeout, g_source_remove);
  if (run->cancelled_id != 0)
    g_cancellable_disconnect (run->cancellable, run->cancelled_id);
  g_clear_object (&run->cancellable);
  g_clear_object (&run->process);
  g_free (run);
}

/* SIGTERM, not SIGKILL: flatpak-spawn passes it on to the host's git. */
static void
end_git (GSubprocess *process)
{
  g_subprocess_send_signal (process, SIGTERM);
}

static gboolean
git_timeout_cb (gpointer data)
{
  GTask *task = data;
  GitRun *run = g_task_get_task_data (task);

  run->timeout = 0;
  run->timed_out = TRUE;
  end_git (run->process);
  return G_SOURCE_REMOVE;
}

/* Cancelled (the session ended): git ends with it, at once, even if no
 * main loop runs after. */
static void
git_cancelled_cb (GCancellable *cancellable,
                  GSubprocess  *process)
{
  end_git (process);
}

static void
git_communicate_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GitRun *run = g_task_get_task_data (task);
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&run->timeout, g_source_remove);
  if (!g_subprocess_communicate_finish (run->process, result, &out, NULL, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else if (run->timed_out)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                             _("git did not answer within %d seconds"), CAIRN_GIT_TIMEOUT_MS / 1000);
  else if (!g_subprocess_get_if_exited (run->process) || g_subprocess_get_exit_status (run->process) > 1)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, _("git failed"));
  else
    g_task_return_pointer (task, g_steal_pointer (&out), (GDestroyNotify)g_bytes_unref);
}

/* Runs `git ARGV…` in @cwd; the task's value is its stdout (GBytes). Exit
 * 1 counts as success: `git diff --no-index` says "differs" with it. */
static void
git_run_async (const char          *cwd,
               const char * const  *git_argv,
               guint                timeout_ms,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  gboolean in_flatpak = cairn_launcher_in_flatpak ();
  g_auto(GStrv) argv = cairn_git_build_argv (cwd, git_argv, in_flatpak);
  g_autoptr(GError) error = NULL;
  GitRun *run = g_new0 (GitRun, 1);

  g_task_set_task_data (task, run, (GDestroyNotify)git_run_free);
  /* the project may not be inside the sandbox: flatpak-spawn goes there */
  if (!in_flatpak)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  g_subprocess_launcher_setenv (launcher, "GIT_OPTIONAL_LOCKS", "0", TRUE);
  g_subprocess_launcher_setenv (launcher, "GIT_TERMINAL_PROMPT", "0", TRUE);
  run->process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv, &error);
  if (run->process == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  run->timeout = g_timeout_add (timeout_ms, git_timeout_cb, task);
  if (cancellable != NULL)
    {
      run->cancellable = g_object_ref (cancellable);
      run->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (git_cancelled_cb),
                                                 g_object_ref (run->process), g_object_unref);
    }
  g_subprocess_communicate_async (run->process, NULL, cancellable, git_communicate_cb, g_object_ref (task));
}

static GBytes *
git_run_finish (GAsyncResult  *result,
                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * cairn_git_changes_parse:
 * @porcelain: `git status --porcelain=v1 -z` output
 *
 * Returns: (transfer full) (nullable): the changed files, NULL for none
 */
CairnChangesItem *
cairn_git_changes_parse (const char *toplevel,
                         const char *porcelain,
                         gsize       length)
{
  g_autoptr(GStrvBuilder) codes = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  const char *end = porcelain + length;
  guint n = 0;

  /* records "XY path\0"; a rename or copy has its old path next */
  for (const char *p = porcelain; p < end; )
    {
      const char *nul = memchr (p, '\0', end - p);
      gsize len = (nul ? nul : end) - p;
      if (len > 3 && p[2] == ' ')
        {
          g_autofree char *code = g_strndup (p, 2);
          g_autofree char *path = g_utf8_make_valid (p + 3, len - 3);
          g_strv_builder_add (codes, code);
          g_strv_builder_add (paths, path);
          n++;
          p += len + 1;
          if ((code[0] == 'R' || code[0] == 'C') && p < end)
            p += strnlen (p, end - p) + 1;
        }
      else
        p += len + 1;
    }
  if (n == 0)
    return NULL;
  return cairn_changes_item_new (toplevel, g_strv_builder_end (codes), g_strv_builder_end (paths));
}

typedef struct
{
  char  *toplevel;
  guint  timeout_ms;
} ListData;

static void
list_data_free (ListData *data)
{
  g_free (data->toplevel);
  g_free (data);
}

static void
status_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ListData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) out = git_run_finish (result, &error);
  gsize length = 0;
  const char *bytes = out ? g_bytes_get_data (out, &length) : NULL;

  if (out == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, cairn_git_changes_parse (data->toplevel, bytes, length), g_object_unref);
}

static void
toplevel_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ListData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) out = git_run_finish (result, &error);
  const char *argv[] = { "git", "-c", "core.fsmonitor=false", "status", "--porcelain=v1", "-z", NULL };
  gsize length = 0;
  const char *bytes = out ? g_bytes_get_data (out, &length) : NULL;

  /* not a git folder: rev-parse exits 128, which is no error here */
  if (out == NULL || length == 0 || memchr (bytes, '\0', length) != NULL)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_FAILED))
        g_task_return_error (task, g_steal_pointer (&error));
      else
        g_task_return_pointer (task, NULL, NULL);
      return;
    }
  data->toplevel = g_strchomp (g_strndup (bytes, length));
  git_run_async (data->toplevel, argv, data->timeout_ms, g_task_get_cancellable (task),
                 status_cb, g_object_ref (task));
}

/**
 * cairn_git_changes_list_async:
 *
 * Lists what `git status` calls changed in the repository @cwd is in.
 * The result is NULL without an error when @cwd is no git folder or
 * nothing is changed; an error when git is missing, failed or took longer
 * than @timeout_ms (it is ended then).
 */
void
cairn_git_changes_list_async (const char          *cwd,
                              guint                timeout_ms,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  const char *argv[] = { "git", "rev-parse", "--show-toplevel", NULL };
  ListData *data = g_new0 (ListData, 1);

  data->timeout_ms = timeout_ms;
  g_task_set_task_data (task, data, (GDestroyNotify)list_data_free);
  git_run_async (cwd, argv, timeout_ms, cancellable, toplevel_cb, g_object_ref (task));
}

CairnChangesItem *
cairn_git_changes_list_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
diff_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) out = git_run_finish (result, &error);
  gsize length = 0;
  const char *bytes = out ? g_bytes_get_data (out, &length) : NULL;

  if (out == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_utf8_make_valid (bytes, length), g_free);
}

/**
 * cairn_git_changes_diff_async:
 *
 * The diff of file @i of @changes against the last commit (an untracked
 * one against nothing). No external diff or text conversion runs.
 */
void
cairn_git_changes_diff_async (CairnChangesItem    *changes,
                              guint                i,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GTask *task = g_task_new (changes, cancellable, callback, user_data);
  g_autofree char *literal = g_strconcat (":(top,literal)", cairn_changes_item_get_path (changes, i), NULL);
  const char *tracked[] = { "git", "-c", "core.fsmonitor=false", "diff", "--no-ext-diff", "--no-textconv",
                            "--no-color", "HEAD", "--", literal, NULL };
  const char *untracked[] = { "git", "diff", "--no-ext-diff", "--no-textconv", "--no-color", "--no-index",
                              "--", "/dev/null", cairn_changes_item_get_path (changes, i), NULL };

  git_run_async (cairn_changes_item_get_toplevel (changes),
                 cairn_changes_item_is_untracked (changes, i) ? untracked : tracked,
                 CAIRN_GIT_TIMEOUT_MS, cancellable, diff_cb, task);
}

char *
cairn_git_changes_diff_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
