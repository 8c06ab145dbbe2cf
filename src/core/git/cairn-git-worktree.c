/* cairn-git-worktree.c
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
#include "git/cairn-git-worktree.h"

/* A conversation's own checkout, made where and as the CLI's `--worktree
 * NAME` makes it (docs/protocol.md): `<main checkout>/.claude/worktrees/
 * NAME` on a new branch `worktree-NAME`, the files `.worktreeinclude`
 * lists copied in. Cairn runs `git worktree add` itself rather than pass
 * `--worktree`: the user picks the base, and each refusal (a name taken,
 * a detached HEAD) is said before any CLI starts. A CLI given `--worktree
 * NAME` in a terminal finds and reuses the same folder. */

#define NAME_MAX_CHARS 64

void
cairn_git_worktree_free (CairnGitWorktree *worktree)
{
  if (worktree == NULL)
    return;
  g_free (worktree->path);
  g_free (worktree->branch);
  g_free (worktree->base);
  g_free (worktree);
}

/**
 * cairn_git_worktree_check_name:
 *
 * A name becomes a folder and part of a branch name: letters, digits,
 * `.`, `_` and `-`, starting with a letter or digit, no `..`.
 */
gboolean
cairn_git_worktree_check_name (const char  *name,
                               GError     **error)
{
  gboolean ok = name != NULL && g_ascii_isalnum (*name) && strlen (name) <= NAME_MAX_CHARS &&
                strstr (name, "..") == NULL && !g_str_has_suffix (name, ".lock") &&
                !g_str_has_suffix (name, ".");

  for (const char *p = name; ok && *p; p++)
    ok = g_ascii_isalnum (*p) || *p == '.' || *p == '_' || *p == '-';
  if (!ok)
    g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BAD_NAME,
                 _("A worktree name is letters, digits, “.”, “_” and “-”, up to %d, starting with a "
                   "letter or digit"), NAME_MAX_CHARS);
  return ok;
}

/**
 * cairn_git_worktree_name_from_text:
 *
 * A name from a word or a prompt: its first few words, lower case, joined
 * by `-`, anything else dropped. "" when nothing is left.
 */
char *
cairn_git_worktree_name_from_text (const char *text)
{
  g_autoptr(GString) name = g_string_new (NULL);
  guint words = 0;
  gboolean gap = FALSE;

  for (const char *p = text ? text : ""; *p && words < 4 && name->len < 40; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (gap && name->len > 0)
            g_string_append_c (name, '-');
          words += gap && name->len > 0;
          if (words < 4)
            g_string_append_c (name, g_ascii_tolower (*p));
          gap = FALSE;
        }
      else
        gap = TRUE;
    }
  while (name->len > 0 && name->str[name->len - 1] == '-')
    g_string_truncate (name, name->len - 1);
  return g_string_free (g_steal_pointer (&name), FALSE);
}

static gboolean
branch_exists (const char    *cwd,
               const char    *branch,
               GCancellable  *cancellable)
{
  g_autofree char *ref = g_strconcat ("refs/heads/", branch, NULL);
  const char *argv[] = { "git", "rev-parse", "--verify", "--quiet", ref, NULL };
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, argv, NULL, cancellable, NULL);

  return result != NULL && result->status == 0;
}

/* The commit @base names, or the current branch's HEAD for none. */
static char *
resolve_base (CairnGitRepo  *repo,
              const char    *base,
              GError       **error)
{
  g_autofree char *spec = NULL;
  g_autofree char *out = NULL;
  const char *argv[] = { "git", "rev-parse", "--verify", "--quiet", "--end-of-options", NULL, NULL };

  if (base == NULL || *base == '\0')
    {
      if (repo->branch == NULL)
        {
          g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DETACHED_HEAD,
                       _("HEAD is detached: check out a branch, or name a base to start from"));
          return NULL;
        }
      return g_strdup (repo->head);
    }
  spec = g_strconcat (base, "^{commit}", NULL);
  argv[5] = spec;
  if (*base == '-' || !cairn_git_run_ok (repo->toplevel, argv, &out, NULL, NULL))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BAD_BASE, _("“%s” names no commit"), base);
      return NULL;
    }
  return g_strchomp (g_steal_pointer (&out));
}

static gboolean
check_free (CairnGitRepo      *repo,
            CairnGitWorktree  *worktree,
            GCancellable      *cancellable,
            GError           **error)
{
  if (!cairn_git_check_branch_name (repo->toplevel, worktree->branch, cancellable, error))
    return FALSE;
  if (branch_exists (repo->toplevel, worktree->branch, cancellable))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BRANCH_TAKEN,
                   _("A branch named “%s” exists already: choose another name"), worktree->branch);
      return FALSE;
    }
  if (g_file_test (worktree->path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BRANCH_TAKEN,
                   _("%s exists already: choose another name"), worktree->path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
add_worktree (CairnGitRepo      *repo,
              CairnGitWorktree  *worktree,
              const char        *commit,
              GCancellable      *cancellable,
              GError           **error)
{
  g_autofree char *key = g_strdup_printf ("branch.%s.cairnbase", worktree->branch);
  const char *add[] = { "git", "worktree", "add", "-b", worktree->branch, "--", worktree->path, commit, NULL };
  const char *config[] = { "git", "config", key, worktree->base, NULL };

  if (!cairn_git_run_ok (repo->main_toplevel, add, NULL, cancellable, error))
    return FALSE;
  /* the base is remembered for the diff and the merge; a failure here
   * only costs that, so it is a warning */
  if (worktree->base != NULL)
    {
      g_autoptr(GError) local = NULL;
      if (!cairn_git_run_ok (repo->main_toplevel, config, NULL, cancellable, &local))
        g_warning ("Could not record the worktree's base: %s", local->message);
    }
  return TRUE;
}

/* The base branch a merge goes back into: @base when it is a local
 * branch, else the current one. */
static char *
base_branch (CairnGitRepo  *repo,
             const char    *base,
             GCancellable  *cancellable)
{
  if (base != NULL && *base != '\0' && *base != '-' && branch_exists (repo->toplevel, base, cancellable))
    return g_strdup (base);
  return g_strdup (repo->branch);
}

/**
 * cairn_git_worktree_create:
 * @base: (nullable): a branch or commit; %NULL for the current branch
 *
 * Blocks: call it from a thread.
 */
CairnGitWorktree *
cairn_git_worktree_create (const char    *cwd,
                           const char    *name,
                           const char    *base,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(CairnGitRepo) repo = NULL;
  g_autoptr(CairnGitWorktree) worktree = g_new0 (CairnGitWorktree, 1);
  g_autofree char *commit = NULL;

  if (!cairn_git_worktree_check_name (name, error) ||
      (repo = cairn_git_repo_probe (cwd, cancellable, error)) == NULL ||
      !cairn_git_repo_check_trusted (repo, error) ||
      (commit = resolve_base (repo, base, error)) == NULL)
    return NULL;
  worktree->branch = g_strconcat ("worktree-", name, NULL);
  worktree->path = g_build_filename (repo->main_toplevel, ".claude", "worktrees", name, NULL);
  worktree->base = base_branch (repo, base, cancellable);
  if (!check_free (repo, worktree, cancellable, error) ||
      !add_worktree (repo, worktree, commit, cancellable, error))
    return NULL;
  worktree->n_copied = cairn_git_worktree_copy_included (repo->main_toplevel, worktree->path, cancellable);
  return g_steal_pointer (&worktree);
}

typedef struct
{
  char *cwd;
  char *name;
  char *base;
} CreateData;

static void
create_data_free (CreateData *data)
{
  g_free (data->cwd);
  g_free (data->name);
  g_free (data->base);
  g_free (data);
}

static void
create_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  CreateData *data = task_data;
  GError *error = NULL;
  CairnGitWorktree *worktree = cairn_git_worktree_create (data->cwd, data->name, data->base,
                                                          cancellable, &error);

  if (worktree == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, worktree, (GDestroyNotify)cairn_git_worktree_free);
}

void
cairn_git_worktree_create_async (const char          *cwd,
                                 const char          *name,
                                 const char          *base,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  CreateData *data = g_new0 (CreateData, 1);

  data->cwd = g_strdup (cwd);
  data->name = g_strdup (name);
  data->base = g_strdup (base);
  g_task_set_source_tag (task, cairn_git_worktree_create_async);
  g_task_set_task_data (task, data, (GDestroyNotify)create_data_free);
  g_task_run_in_thread (task, create_thread);
}

CairnGitWorktree *
cairn_git_worktree_create_finish (GAsyncResult  *result,
                                  GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static gboolean
is_dirty (const char    *path,
          GCancellable  *cancellable,
          GError       **error)
{
  const char *argv[] = { "git", "-c", "core.fsmonitor=false", "status", "--porcelain", NULL };
  g_autofree char *out = NULL;

  if (!cairn_git_run_ok (path, argv, &out, cancellable, error))
    return TRUE;
  if (*out != '\0')
    g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DIRTY,
                 _("%s holds uncommitted work: commit or discard it first"), path);
  return *out != '\0';
}

/**
 * cairn_git_worktree_remove:
 * @branch: (nullable): the branch to delete with it
 *
 * Removes a worktree that holds no uncommitted work (never forced), and
 * then its branch. A worktree already gone (deleted outside Cairn) is
 * pruned from git's list. Blocks: call it from a thread.
 */
gboolean
cairn_git_worktree_remove (const char    *main_toplevel,
                           const char    *path,
                           const char    *branch,
                           GCancellable  *cancellable,
                           GError       **error)
{
  const char *unlock[] = { "git", "worktree", "unlock", "--", path, NULL };
  const char *remove[] = { "git", "worktree", "remove", "--", path, NULL };
  const char *prune[] = { "git", "worktree", "prune", NULL };
  const char *delete[] = { "git", "branch", "-D", "--", branch, NULL };

  g_autoptr(CairnGitResult) unlocked = NULL;

  if (g_file_test (path, G_FILE_TEST_IS_DIR) && is_dirty (path, cancellable, error))
    return FALSE;
  /* the CLI locks a worktree it runs in and leaves the lock behind; a
   * locked one is neither removed nor pruned */
  unlocked = cairn_git_run (main_toplevel, unlock, NULL, cancellable, NULL);
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (!cairn_git_run_ok (main_toplevel, remove, NULL, cancellable, error))
        return FALSE;
    }
  else if (!cairn_git_run_ok (main_toplevel, prune, NULL, cancellable, error))
    return FALSE;
  return branch == NULL || cairn_git_run_ok (main_toplevel, delete, NULL, cancellable, error);
}
