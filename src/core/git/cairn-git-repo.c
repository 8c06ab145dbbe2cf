/* cairn-git-repo.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-git"

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "git/cairn-git-repo.h"
#include "trust/cairn-trust-record.h"

/* What the worktree features need to know of a folder before they offer
 * anything: git there and new enough, a repository with a commit, its
 * branch. Each failure is one error code, so the UI can say why a button
 * is insensitive. */

void
cairn_git_repo_free (CairnGitRepo *repo)
{
  if (repo == NULL)
    return;
  g_free (repo->toplevel);
  g_free (repo->main_toplevel);
  g_free (repo->branch);
  g_free (repo->head);
  g_free (repo->base);
  g_free (repo);
}

/* `git worktree list --porcelain` names the main checkout first. */
static char *
main_toplevel (const char    *toplevel,
               GCancellable  *cancellable)
{
  const char *argv[] = { "git", "worktree", "list", "--porcelain", NULL };
  g_autofree char *out = NULL;
  g_autofree char *line = NULL;

  if (!cairn_git_run_ok (toplevel, argv, &out, cancellable, NULL) || !g_str_has_prefix (out, "worktree "))
    return g_strdup (toplevel);
  line = cairn_git_first_line (out + strlen ("worktree "));
  return g_steal_pointer (&line);
}

static char *
stdout_line (const char    *cwd,
             const char   **argv,
             GCancellable  *cancellable)
{
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, argv, NULL, cancellable, NULL);

  if (result == NULL || result->status != 0 || result->out_len == 0)
    return NULL;
  return g_strchomp (cairn_git_first_line (result->out));
}

static gboolean
probe_git (const char    *cwd,
           GCancellable  *cancellable,
           GError       **error)
{
  const char *argv[] = { "git", "--version", NULL };
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, argv, NULL, cancellable, error);

  return result != NULL && cairn_git_check_version (result->out, error);
}

static gboolean
probe_head (CairnGitRepo  *repo,
            GCancellable  *cancellable,
            GError       **error)
{
  const char *branch[] = { "git", "symbolic-ref", "--quiet", "--short", "HEAD", NULL };
  const char *head[] = { "git", "rev-parse", "--verify", "--quiet", "HEAD^{commit}", NULL };

  repo->head = stdout_line (repo->toplevel, head, cancellable);
  if (repo->head == NULL)
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_NO_COMMIT,
                   _("The repository has no commit yet"));
      return FALSE;
    }
  repo->branch = stdout_line (repo->toplevel, branch, cancellable);
  return TRUE;
}

/* A worktree Cairn made names its base in the branch's config. */
static char *
probe_base (CairnGitRepo  *repo,
            GCancellable  *cancellable)
{
  g_autofree char *key = NULL;
  const char *argv[] = { "git", "config", "--get", NULL, NULL };

  if (repo->branch == NULL)
    return NULL;
  key = g_strdup_printf ("branch.%s.cairnbase", repo->branch);
  argv[3] = key;
  return stdout_line (repo->toplevel, argv, cancellable);
}

/* The CLI's own record, keyed by the main checkout, so a worktree is
 * trusted with it. */
static gboolean
probe_trust (CairnGitRepo *repo)
{
  g_autofree char *real = realpath (repo->main_toplevel, NULL);
  gboolean trusted = FALSE;
  g_autoptr(GError) error = NULL;

  if (real == NULL || !cairn_trust_record_lookup (real, &trusted, &error))
    g_debug ("No trust record read for %s: %s", repo->main_toplevel, error ? error->message : "");
  return trusted;
}

/* Uncommitted changes stay in this checkout: a worktree starts from the
 * last commit, which the dialog says. status runs what the project's
 * config names, so it is asked only in a trusted folder. */
static gboolean
probe_dirty (CairnGitRepo  *repo,
             GCancellable  *cancellable)
{
  const char *argv[] = { "git", "-c", "core.fsmonitor=false", "status", "--porcelain", "--untracked-files=no",
                         NULL };
  g_autofree char *out = NULL;

  return cairn_git_run_ok (repo->toplevel, argv, &out, cancellable, NULL) && *out != '\0';
}

/**
 * cairn_git_repo_probe:
 *
 * Blocks: call it from a thread.
 */
CairnGitRepo *
cairn_git_repo_probe (const char    *cwd,
                      GCancellable  *cancellable,
                      GError       **error)
{
  const char *toplevel[] = { "git", "rev-parse", "--show-toplevel", NULL };
  g_autoptr(CairnGitRepo) repo = g_new0 (CairnGitRepo, 1);

  if (!g_file_test (cwd, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_GONE, _("The folder %s is gone"), cwd);
      return NULL;
    }
  if (!probe_git (cwd, cancellable, error))
    return NULL;
  if ((repo->toplevel = stdout_line (cwd, toplevel, cancellable)) == NULL)
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_NOT_A_REPOSITORY,
                   _("The folder is not in a git repository"));
      return NULL;
    }
  if (!probe_head (repo, cancellable, error))
    return NULL;
  repo->main_toplevel = main_toplevel (repo->toplevel, cancellable);
  repo->base = probe_base (repo, cancellable);
  repo->trusted = probe_trust (repo);
  return g_steal_pointer (&repo);
}

/**
 * cairn_git_repo_check_trusted:
 *
 * Whether git may do more than read refs here. Checking out, diffing and
 * committing run what the repository's own config and hooks name (filter
 * drivers, hooks): the project is untrusted until the user trusts it, as
 * the CLI asks before it runs a folder's hooks (docs/trust.md).
 */
gboolean
cairn_git_repo_check_trusted (const CairnGitRepo  *repo,
                              GError             **error)
{
  g_return_val_if_fail (repo != NULL, FALSE);

  if (!repo->trusted)
    g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_UNTRUSTED,
                 _("The folder is not trusted yet: start a conversation in it and trust it first"));
  return repo->trusted;
}

gboolean
cairn_git_repo_is_worktree (const CairnGitRepo *repo)
{
  g_return_val_if_fail (repo != NULL, FALSE);
  return g_strcmp0 (repo->toplevel, repo->main_toplevel) != 0;
}

static void
probe_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  CairnGitRepo *repo = cairn_git_repo_probe (task_data, cancellable, &error);

  /* for the worktree dialog only: the other callers need no status run */
  if (repo != NULL)
    repo->dirty = repo->trusted && probe_dirty (repo, cancellable);
  if (repo == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, repo, (GDestroyNotify)cairn_git_repo_free);
}

void
cairn_git_repo_probe_async (const char          *cwd,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, cairn_git_repo_probe_async);
  g_task_set_task_data (task, g_strdup (cwd), g_free);
  g_task_run_in_thread (task, probe_thread);
}

CairnGitRepo *
cairn_git_repo_probe_finish (GAsyncResult  *result,
                             GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
