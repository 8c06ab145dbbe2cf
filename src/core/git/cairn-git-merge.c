/* cairn-git-merge.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-git"

#include "config.h"

#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "git/cairn-git-repo.h"
#include "git/cairn-git-merge.h"
#include "git/cairn-git-worktree.h"

/* A worktree's branch back into its base, in the main checkout, with the
 * user's hooks run. Either it all happens or nothing does: a conflict
 * names its files and is aborted (`merge --abort`, `rebase --abort`,
 * `reset --merge` after a squash), a refused commit is taken back. The
 * main checkout must be on the base and hold no uncommitted change to a
 * tracked file, so that nothing of the user's is in the way of an abort. */

/**
 * cairn_git_base_moved:
 *
 * Returns: how many commits @base has that @worktree's HEAD lacks
 */
guint
cairn_git_base_moved (const char    *worktree,
                      const char    *base,
                      GCancellable  *cancellable)
{
  g_autofree char *range = g_strconcat ("HEAD..", base, NULL);
  const char *argv[] = { "git", "rev-list", "--count", range, "--", NULL };
  g_autofree char *out = NULL;

  if (base == NULL || *base == '-' || !cairn_git_run_ok (worktree, argv, &out, cancellable, NULL))
    return 0;
  return (guint)g_ascii_strtoull (out, NULL, 10);
}

static gboolean
has_changes (const char    *cwd,
             gboolean       untracked,
             GCancellable  *cancellable,
             GError       **error)
{
  const char *argv[] = { "git", "-c", "core.fsmonitor=false", "status", "--porcelain",
                         untracked ? "--untracked-files=all" : "--untracked-files=no", NULL };
  g_autofree char *out = NULL;

  return cairn_git_run_ok (cwd, argv, &out, cancellable, error) && *out != '\0';
}

static gboolean
commit (const char    *cwd,
        const char    *message,
        GCancellable  *cancellable,
        GError       **error)
{
  g_autofree char *m = g_strconcat ("--message=", message, NULL);
  const char *argv[] = { "git", "commit", "--quiet", m, NULL };
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, argv, NULL, cancellable, error);

  if (result == NULL)
    return FALSE;
  if (result->status != 0)
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_HOOK_FAILED,
                   _("git commit failed (a hook of the repository may have refused it): %s"),
                   *result->err ? result->err : _("no message"));
      return FALSE;
    }
  return TRUE;
}

/* What the conversation left uncommitted in the worktree becomes a commit
 * on its branch. */
static gboolean
commit_work (const char    *worktree,
             const char    *message,
             GCancellable  *cancellable,
             GError       **error)
{
  const char *add[] = { "git", "add", "--all", "--", ".", NULL };
  GError *local = NULL;

  if (!has_changes (worktree, TRUE, cancellable, &local))
    {
      if (local != NULL)
        g_propagate_error (error, local);
      return local == NULL;
    }
  return cairn_git_run_ok (worktree, add, NULL, cancellable, error) &&
         commit (worktree, message, cancellable, error);
}

static char *
conflicted_files (const char    *cwd,
                  GCancellable  *cancellable)
{
  const char *argv[] = { "git", "diff", "--name-only", "-z", "--diff-filter=U", NULL };
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, argv, NULL, cancellable, NULL);
  g_autoptr(GString) names = g_string_new (NULL);

  for (const char *p = result ? result->out : ""; result && p < result->out + result->out_len; p += strlen (p) + 1)
    g_string_append_printf (names, "%s%s", names->len ? ", " : "", p);
  return g_utf8_make_valid (names->str, -1);
}

/* A step that failed: its conflict named, then taken back. */
static gboolean
abort_step (const char          *cwd,
            const char * const  *abort_argv,
            CairnGitResult      *step,
            GCancellable        *cancellable,
            GError             **error)
{
  g_autofree char *files = conflicted_files (cwd, cancellable);
  g_autoptr(CairnGitResult) aborted = cairn_git_run (cwd, abort_argv, NULL, cancellable, NULL);

  if (*files != '\0')
    g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_CONFLICT,
                 _("Stopped on a conflict in %s; nothing was merged. Rebase onto the base, or resolve "
                   "it in the worktree."), files);
  else
    {
      g_autofree char *line = cairn_git_first_line (step->err);
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_HOOK_FAILED,
                   _("git refused the merge; nothing was merged: %s"), *line ? line : _("no message"));
    }
  return FALSE;
}

static gboolean
run_or_abort (const char          *cwd,
              const char * const  *argv,
              const char * const  *abort_argv,
              GCancellable        *cancellable,
              GError             **error)
{
  g_autoptr(CairnGitResult) step = cairn_git_run (cwd, argv, NULL, cancellable, error);

  if (step == NULL)
    return FALSE;
  return step->status == 0 || abort_step (cwd, abort_argv, step, cancellable, error);
}

static gboolean
check_main (CairnGitRepo  *repo,
            GCancellable  *cancellable,
            GError       **error)
{
  const char *argv[] = { "git", "symbolic-ref", "--quiet", "--short", "HEAD", NULL };
  g_autofree char *out = NULL;
  GError *local = NULL;

  if (!cairn_git_run_ok (repo->main_toplevel, argv, &out, cancellable, NULL) ||
      !g_str_equal (g_strchomp (out), repo->base))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_FAILED,
                   _("The main checkout is not on %s: check it out there to merge"), repo->base);
      return FALSE;
    }
  if (has_changes (repo->main_toplevel, FALSE, cancellable, &local) || local != NULL)
    {
      if (local == NULL)
        g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DIRTY,
                     _("The main checkout has uncommitted changes: commit or stash them first"));
      else
        g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

static gboolean
merge_into_base (CairnGitRepo       *repo,
                 CairnGitMergeMode   mode,
                 const char         *message,
                 GCancellable       *cancellable,
                 GError            **error)
{
  g_autofree char *m = g_strconcat ("--message=", message, NULL);
  const char *rebase[] = { "git", "rebase", "--quiet", repo->base, NULL };
  const char *rebase_abort[] = { "git", "rebase", "--abort", NULL };
  const char *ff[] = { "git", "merge", "--ff-only", "--quiet", repo->branch, NULL };
  const char *merge[] = { "git", "merge", "--no-ff", "--quiet", m, repo->branch, NULL };
  const char *merge_abort[] = { "git", "merge", "--abort", NULL };
  const char *squash[] = { "git", "merge", "--squash", "--quiet", repo->branch, NULL };
  const char *reset[] = { "git", "reset", "--quiet", "--merge", NULL };

  switch (mode)
    {
    case CAIRN_GIT_MERGE_REBASE:
      return run_or_abort (repo->toplevel, rebase, rebase_abort, cancellable, error) &&
             run_or_abort (repo->main_toplevel, ff, merge_abort, cancellable, error);
    case CAIRN_GIT_MERGE_MERGE:
      return run_or_abort (repo->main_toplevel, merge, merge_abort, cancellable, error);
    case CAIRN_GIT_MERGE_SQUASH:
      if (!run_or_abort (repo->main_toplevel, squash, reset, cancellable, error))
        return FALSE;
      if (commit (repo->main_toplevel, message, cancellable, error))
        return TRUE;
      cairn_git_result_free (cairn_git_run (repo->main_toplevel, reset, NULL, cancellable, NULL));
      return FALSE;
    case CAIRN_GIT_MERGE_BRANCH_ONLY:
    default:
      return TRUE;
    }
}

/* The worktree, its branch and base, each checked: the base comes from
 * the repository's config, which is the project's, so it is checked as a
 * branch name before it becomes an argument. */
static CairnGitRepo *
probe_worktree (const char    *worktree,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(CairnGitRepo) repo = cairn_git_repo_probe (worktree, cancellable, error);

  if (repo == NULL || !cairn_git_repo_check_trusted (repo, error))
    return NULL;
  if (repo->branch == NULL)
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DETACHED_HEAD,
                   _("The worktree's HEAD is detached: check out its branch to merge it"));
      return NULL;
    }
  if (!cairn_git_repo_is_worktree (repo) || repo->base == NULL ||
      !cairn_git_check_branch_name (repo->toplevel, repo->base, cancellable, NULL))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_NOT_A_REPOSITORY,
                   _("%s is not a worktree Cairn made, so it has no base to merge into"), worktree);
      return NULL;
    }
  return g_steal_pointer (&repo);
}

/**
 * cairn_git_merge:
 * @message: the commit message (squash, merge, and the worktree's own work)
 *
 * Blocks: call it from a thread.
 */
gboolean
cairn_git_merge (const char         *worktree,
                 CairnGitMergeMode   mode,
                 const char         *message,
                 GCancellable       *cancellable,
                 GError            **error)
{
  g_autoptr(CairnGitRepo) repo = probe_worktree (worktree, cancellable, error);

  /* the main checkout is checked first: a refusal there commits nothing */
  if (repo == NULL || (mode != CAIRN_GIT_MERGE_BRANCH_ONLY && !check_main (repo, cancellable, error)))
    return FALSE;
  return commit_work (repo->toplevel, message, cancellable, error) &&
         merge_into_base (repo, mode, message, cancellable, error);
}

typedef struct
{
  char              *worktree;
  char              *message;
  CairnGitMergeMode  mode;
} MergeData;

static void
merge_data_free (MergeData *data)
{
  g_free (data->worktree);
  g_free (data->message);
  g_free (data);
}

static void
merge_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  MergeData *data = task_data;
  GError *error = NULL;

  if (cairn_git_merge (data->worktree, data->mode, data->message, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cairn_git_merge_async (const char          *worktree,
                       CairnGitMergeMode    mode,
                       const char          *message,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  MergeData *data = g_new0 (MergeData, 1);

  data->worktree = g_strdup (worktree);
  data->message = g_strdup (message);
  data->mode = mode;
  g_task_set_source_tag (task, cairn_git_merge_async);
  g_task_set_task_data (task, data, (GDestroyNotify)merge_data_free);
  g_task_run_in_thread (task, merge_thread);
}

gboolean
cairn_git_merge_finish (GAsyncResult  *result,
                        GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
remove_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  g_autoptr(CairnGitRepo) repo = NULL;
  GError *error = NULL;

  if ((repo = probe_worktree (task_data, cancellable, &error)) != NULL &&
      cairn_git_worktree_remove (repo->main_toplevel, repo->toplevel, repo->branch, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * cairn_git_remove_worktree_async:
 *
 * Removes a worktree Cairn made and its branch, never one holding
 * uncommitted work.
 */
void
cairn_git_remove_worktree_async (const char          *worktree,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, cairn_git_remove_worktree_async);
  g_task_set_task_data (task, g_strdup (worktree), g_free);
  g_task_run_in_thread (task, remove_thread);
}

gboolean
cairn_git_remove_worktree_finish (GAsyncResult  *result,
                                  GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
