/* test-git.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <glib/gstdio.h>

#include "git/cairn-git.h"
#include "git/cairn-git-diff.h"
#include "git/cairn-git-merge.h"
#include "git/cairn-git-repo.h"
#include "git/cairn-git-worktree.h"
#include "history/cairn-history-paths.h"
#include "trust/cairn-trust-record.h"
#include "cairn-test-harness.h"

/* The git layer on real repositories the tests make: worktrees, diffs,
 * undoing a hunk, merging back, and each bad case with its own error and
 * nothing of the user's lost. */

static char *
output_in (const char *dir,
           const char *command)
{
  const char *argv[] = { "sh", "-c", command, NULL };
  char *out = NULL;

  g_assert_true (g_spawn_sync (dir, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL,
                               NULL, NULL));
  return g_strchomp (out);
}

static char *
read_file (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* A repository on main with a.txt (twenty lines) committed, .env ignored
 * and listed in .worktreeinclude. */
static char *
make_untrusted_repo (void)
{
  char *dir = cairn_test_make_dir ("git");

  cairn_test_sh (dir, "git init -q -b main . && seq 1 20 > a.txt && echo .env > .gitignore && "
               "echo .env > .worktreeinclude && echo SECRET=1 > .env && echo junk > notes.tmp && "
               "git add a.txt .gitignore .worktreeinclude && git commit -q -m init");
  return dir;
}

/* ... which the user trusted (the CLI's record says so) */
static char *
make_repo (void)
{
  char *dir = make_untrusted_repo ();
  g_autofree char *real = realpath (dir, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_trust_record_write (real, &error));
  g_assert_no_error (error);
  return dir;
}

/* A folder never trusted: git makes no worktree there, reads no diff. */
static void
test_untrusted (void)
{
  g_autofree char *repo = make_untrusted_repo ();
  g_autofree char *list = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnGitRepo) probed = cairn_git_repo_probe (repo, NULL, NULL);

  g_assert_false (probed->trusted);
  g_assert_null (cairn_git_worktree_create (repo, "x", NULL, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_UNTRUSTED);
  g_clear_error (&error);
  g_assert_null (cairn_git_changes_read (repo, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_UNTRUSTED);
  list = output_in (repo, "git worktree list | wc -l");
  g_assert_cmpstr (list, ==, "1");
}

static CairnGitWorktree *
make_worktree (const char *repo,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  CairnGitWorktree *worktree = cairn_git_worktree_create (repo, name, NULL, NULL, &error);

  g_assert_no_error (error);
  return worktree;
}

static void
test_names (void)
{
  g_autofree char *from_prompt = cairn_git_worktree_name_from_text ("Fix the login page's CSS, please!");
  g_autofree char *empty = cairn_git_worktree_name_from_text ("“…”");
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (from_prompt, ==, "fix-the-login-page");
  g_assert_cmpstr (empty, ==, "");
  g_assert_true (cairn_git_worktree_check_name ("fix-1.2_a", NULL));
  g_assert_false (cairn_git_worktree_check_name ("-x", &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BAD_NAME);
  g_assert_false (cairn_git_worktree_check_name ("a/../b", NULL));
  g_assert_false (cairn_git_worktree_check_name ("a..b", NULL));
  g_assert_false (cairn_git_worktree_check_name ("a b", NULL));
  g_assert_false (cairn_git_worktree_check_name ("x.lock", NULL));
  g_assert_false (cairn_git_worktree_check_name ("", NULL));
}

static void
test_version (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_git_check_version ("git version 2.39.5\n", NULL));
  g_assert_true (cairn_git_check_version ("git version 3.0.0", NULL));
  g_assert_false (cairn_git_check_version ("git version 2.11.0\n", &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_TOO_OLD);
  g_assert_false (cairn_git_check_version ("hello", NULL));
}

/* No git on PATH, a git too old (a fake one), not a repository, a repo
 * without commits: one error each. */
static void
test_probe_errors (void)
{
  g_autofree char *dir = cairn_test_make_dir ("git-probe");
  g_autofree char *bin = cairn_test_make_subdir (dir, "bin");
  g_autofree char *old = g_build_filename (bin, "git", NULL);
  g_autofree char *path = g_strdup (g_getenv ("PATH"));
  g_autoptr(GError) error = NULL;

  g_assert_null (cairn_git_repo_probe (dir, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_NOT_A_REPOSITORY);
  g_clear_error (&error);
  cairn_test_sh (dir, "git init -q .");
  g_assert_null (cairn_git_repo_probe (dir, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_NO_COMMIT);
  g_clear_error (&error);

  g_setenv ("PATH", "/nonexistent", TRUE);
  g_assert_null (cairn_git_repo_probe (dir, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_MISSING);
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (old, "#!/bin/sh\necho 'git version 2.1.4'\n", -1, NULL));
  g_assert_cmpint (g_chmod (old, 0700), ==, 0);
  g_setenv ("PATH", bin, TRUE);
  g_assert_null (cairn_git_repo_probe (dir, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_TOO_OLD);
  g_setenv ("PATH", path, TRUE);
}

/* Where the CLI's --worktree puts it, on its branch, .env copied, the
 * base remembered; the main checkout untouched. */
static void
test_create (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) worktree = make_worktree (repo, "feat");
  g_autofree char *expected = g_build_filename (repo, ".claude", "worktrees", "feat", NULL);
  g_autofree char *env = NULL;
  g_autofree char *tmp = g_build_filename (expected, "notes.tmp", NULL);
  g_autofree char *branch = NULL;
  g_autoptr(CairnGitRepo) probed = NULL;

  g_assert_cmpstr (worktree->path, ==, expected);
  g_assert_cmpstr (worktree->branch, ==, "worktree-feat");
  g_assert_cmpstr (worktree->base, ==, "main");
  g_assert_cmpuint (worktree->n_copied, ==, 1);
  env = read_file (worktree->path, ".env");
  g_assert_cmpstr (env, ==, "SECRET=1\n");
  g_assert_false (g_file_test (tmp, G_FILE_TEST_EXISTS));   /* untracked, not listed */
  branch = output_in (worktree->path, "git symbolic-ref --short HEAD");
  g_assert_cmpstr (branch, ==, "worktree-feat");
  probed = cairn_git_repo_probe (worktree->path, NULL, NULL);
  g_assert_nonnull (probed);
  g_assert_true (cairn_git_repo_is_worktree (probed));
  g_assert_cmpstr (probed->base, ==, "main");
  g_assert_cmpstr (probed->main_toplevel, ==, repo);
}

static void
test_create_errors (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) first = make_worktree (repo, "taken");
  g_autoptr(CairnGitWorktree) from_main = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (cairn_git_worktree_create (repo, "taken", NULL, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BRANCH_TAKEN);
  g_clear_error (&error);
  cairn_test_sh (repo, "git branch worktree-mine");
  g_assert_null (cairn_git_worktree_create (repo, "mine", NULL, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BRANCH_TAKEN);
  g_clear_error (&error);
  g_assert_null (cairn_git_worktree_create (repo, "x", "--exec=ls", NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BAD_BASE);
  g_clear_error (&error);
  g_assert_null (cairn_git_worktree_create (repo, "x", "no-such-branch", NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_BAD_BASE);
  g_clear_error (&error);
  cairn_test_sh (repo, "git checkout -q --detach");
  g_assert_null (cairn_git_worktree_create (repo, "y", NULL, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DETACHED_HEAD);
  g_clear_error (&error);
  /* detached, a base given: that works */
  from_main = cairn_git_worktree_create (repo, "z", "main", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (from_main->base, ==, "main");
}

static CairnGitChanges *
read_changes (const char *cwd)
{
  g_autoptr(GError) error = NULL;
  CairnGitChanges *changes = cairn_git_changes_read (cwd, NULL, &error);

  g_assert_no_error (error);
  return changes;
}

static CairnGitFileChange *
file_at (CairnGitChanges *changes,
         guint            i)
{
  return g_ptr_array_index (changes->files, i);
}

/* Changes against the base, not against the worktree's own commits; a
 * commit on main since doesn't show. */
static void
test_changes (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) worktree = make_worktree (repo, "diff");
  g_autoptr(CairnGitChanges) changes = NULL;
  g_autofree char *diff = NULL;
  g_autoptr(GArray) hunks = NULL;

  cairn_test_sh (worktree->path, "sed -i 's/^2$/two/; s/^19$/nineteen/' a.txt && git commit -qam step && "
                          "printf 'x\\ny\\n' > new.txt");
  cairn_test_sh (repo, "echo b > b.txt && git add b.txt && git commit -qm other");
  changes = read_changes (worktree->path);
  g_assert_true (changes->worktree);
  g_assert_cmpstr (changes->base_name, ==, "main");
  g_assert_cmpuint (changes->files->len, ==, 2);
  g_assert_cmpstr (file_at (changes, 0)->path, ==, "a.txt");
  g_assert_cmpint (file_at (changes, 0)->added, ==, 2);
  g_assert_cmpint (file_at (changes, 0)->removed, ==, 2);
  g_assert_cmpstr (file_at (changes, 1)->path, ==, "new.txt");
  g_assert_true (file_at (changes, 1)->untracked);
  g_assert_cmpint (file_at (changes, 1)->added, ==, 2);

  diff = cairn_git_file_diff (changes->toplevel, changes->base, file_at (changes, 0), NULL, NULL);
  hunks = cairn_git_diff_hunks (diff);
  g_assert_cmpuint (hunks->len, ==, 2);
  g_assert_cmpuint (g_array_index (hunks, CairnGitHunk, 1).new_start, ==, 16);
  g_assert_true (g_str_has_prefix (diff + g_array_index (hunks, CairnGitHunk, 1).start, "@@ -16,5 +16,5 @@"));
}

static void
test_line_numbers (void)
{
  const char *diff = "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -3,3 +3,3 @@\n 3\n-4\n+four\n 5\n";

  g_assert_cmpuint (cairn_git_diff_line_number (diff, 0), ==, 0);
  g_assert_cmpuint (cairn_git_diff_line_number (diff, 3), ==, 0);
  g_assert_cmpuint (cairn_git_diff_line_number (diff, 4), ==, 3);
  g_assert_cmpuint (cairn_git_diff_line_number (diff, 5), ==, 4);
  g_assert_cmpuint (cairn_git_diff_line_number (diff, 6), ==, 4);
  g_assert_cmpuint (cairn_git_diff_line_number (diff, 7), ==, 5);
}

/* Side by side: headers and context on both sides, a change block row
 * for row (the shorter side padded), and each diff line's row. */
static void
test_split (void)
{
  const char *diff = "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -3,3 +3,4 @@\n 3\n-4\n+four\n+4½\n 5\n"
                     "--- b\n+++ b\n@@\n-x\n";
  g_autofree char *old_side = NULL;
  g_autofree char *new_side = NULL;
  g_autoptr(GArray) rows = cairn_git_diff_split (diff, &old_side, &new_side);
  guint expected[] = { 0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11 };

  g_assert_cmpstr (old_side, ==, "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -3,3 +3,4 @@\n 3\n-4\n\n 5\n"
                                 "--- b\n+++ b\n@@\n-x\n");
  g_assert_cmpstr (new_side, ==, "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -3,3 +3,4 @@\n 3\n+four\n+4½\n 5\n"
                                 "--- b\n+++ b\n@@\n\n");
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < rows->len; i++)
    g_assert_cmpuint (g_array_index (rows, guint, i), ==, expected[i]);
}

static void
test_numstat (void)
{
  const char numstat[] = "3\t1\ta b.txt\0-\t-\timg.png\0junk\0" "7\t0\tüñí\0";
  g_autoptr(CairnGitChanges) changes = g_new0 (CairnGitChanges, 1);

  changes->files = g_ptr_array_new ();
  cairn_git_changes_parse_numstat (changes, numstat, sizeof numstat - 1);
  g_assert_cmpuint (changes->files->len, ==, 3);
  g_assert_cmpstr (file_at (changes, 0)->path, ==, "a b.txt");
  g_assert_cmpint (file_at (changes, 1)->added, ==, -1);
  g_assert_cmpstr (file_at (changes, 2)->path, ==, "üñí");
  g_ptr_array_set_free_func (changes->files, g_free);
  for (guint i = 0; i < changes->files->len; i++)
    g_free (file_at (changes, i)->path);
}

/* One hunk back as it was, the other kept; a file changed since its
 * diff was read is refused, untouched. */
static void
test_undo_hunk (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitChanges) changes = NULL;
  g_autofree char *diff = NULL;
  g_autofree char *text = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  cairn_test_sh (repo, "sed -i 's/^2$/two/; s/^19$/nineteen/' a.txt");
  changes = read_changes (repo);
  g_assert_false (changes->worktree);
  diff = cairn_git_file_diff (changes->toplevel, changes->base, file_at (changes, 0), NULL, NULL);
  g_assert_true (cairn_git_undo_hunk (changes->toplevel, changes->base, file_at (changes, 0), diff, 1,
                                      NULL, &error));
  g_assert_no_error (error);
  text = read_file (repo, "a.txt");
  g_assert_true (g_str_has_prefix (text, "1\ntwo\n3\n"));
  g_assert_true (g_str_has_suffix (text, "\n18\n19\n20\n"));

  /* the diff read before no longer holds: refused */
  cairn_test_sh (repo, "echo 11 >> a.txt");
  g_assert_false (cairn_git_undo_hunk (changes->toplevel, changes->base, file_at (changes, 0), diff, 0,
                                       NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_STALE);
  after = read_file (repo, "a.txt");
  g_assert_true (g_str_has_prefix (after, "1\ntwo\n3\n"));
  g_assert_true (g_str_has_suffix (after, "\n19\n20\n11\n"));
}

static void
test_squash (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) worktree = make_worktree (repo, "sq");
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;

  cairn_test_sh (worktree->path, "echo one > new.txt && git add new.txt && git commit -qm wip && "
                          "echo two >> new.txt");
  g_assert_true (cairn_git_merge (worktree->path, CAIRN_GIT_MERGE_SQUASH, "Add new.txt", NULL, &error));
  g_assert_no_error (error);
  log = output_in (repo, "git log --format=%s main");
  g_assert_cmpstr (log, ==, "Add new.txt\ninit");
  text = read_file (repo, "new.txt");
  g_assert_cmpstr (text, ==, "one\ntwo\n");
  status = output_in (repo, "git status --porcelain --untracked-files=no");
  g_assert_cmpstr (status, ==, "");

  /* then the worktree and its branch go */
  g_assert_true (cairn_git_worktree_remove (repo, worktree->path, worktree->branch, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (worktree->path, G_FILE_TEST_EXISTS));
  g_free (log);
  log = output_in (repo, "git branch --list 'worktree-*'");
  g_assert_cmpstr (log, ==, "");
}

static void
test_merge_modes (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) merged = make_worktree (repo, "m");
  g_autoptr(CairnGitWorktree) rebased = make_worktree (repo, "r");
  g_autoptr(CairnGitWorktree) kept = make_worktree (repo, "k");
  g_autofree char *log = NULL;
  g_autofree char *kept_log = NULL;

  cairn_test_sh (merged->path, "echo m > m.txt");
  cairn_test_sh (rebased->path, "echo r > r.txt");
  cairn_test_sh (kept->path, "echo k > k.txt");
  g_assert_true (cairn_git_merge (merged->path, CAIRN_GIT_MERGE_MERGE, "Merge m", NULL, NULL));
  g_assert_cmpuint (cairn_git_base_moved (rebased->path, "main", NULL), ==, 2);
  g_assert_true (cairn_git_merge (rebased->path, CAIRN_GIT_MERGE_REBASE, "Add r", NULL, NULL));
  g_assert_true (cairn_git_merge (kept->path, CAIRN_GIT_MERGE_BRANCH_ONLY, "Add k", NULL, NULL));
  log = output_in (repo, "git log --first-parent --format=%s main");
  g_assert_cmpstr (log, ==, "Add r\nMerge m\ninit");
  kept_log = output_in (repo, "git log --format=%s -1 worktree-k");
  g_assert_cmpstr (kept_log, ==, "Add k");
}

/* A conflict names the file and leaves main as it was. */
static void
test_conflict (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) worktree = make_worktree (repo, "c");
  g_autofree char *head = NULL;
  g_autofree char *after = NULL;
  g_autofree char *status = NULL;
  g_autoptr(GError) error = NULL;

  cairn_test_sh (worktree->path, "sed -i 's/^5$/five/' a.txt");
  cairn_test_sh (repo, "sed -i 's/^5$/FIVE/' a.txt && git commit -qam upstream");
  head = output_in (repo, "git rev-parse HEAD");
  g_assert_cmpuint (cairn_git_base_moved (worktree->path, "main", NULL), ==, 1);
  for (CairnGitMergeMode mode = CAIRN_GIT_MERGE_SQUASH; mode <= CAIRN_GIT_MERGE_REBASE; mode++)
    {
      g_assert_false (cairn_git_merge (worktree->path, mode, "Five", NULL, &error));
      g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_CONFLICT);
      g_assert_nonnull (strstr (error->message, "a.txt"));
      g_clear_error (&error);
      after = output_in (repo, "git rev-parse HEAD");
      g_assert_cmpstr (after, ==, head);
      g_clear_pointer (&after, g_free);
      status = output_in (repo, "git status --porcelain --untracked-files=no; ls .git/MERGE_HEAD 2>/dev/null; "
                                "git -C .claude/worktrees/c status --porcelain; true");
      g_assert_cmpstr (status, ==, "");
      g_clear_pointer (&status, g_free);
    }
}

/* A dirty main checkout, a refusing hook, a dirty worktree to remove and
 * one deleted outside Cairn. */
static void
test_merge_refusals (void)
{
  g_autofree char *repo = make_repo ();
  g_autoptr(CairnGitWorktree) worktree = make_worktree (repo, "h");
  g_autoptr(CairnGitWorktree) gone = make_worktree (repo, "gone");
  g_autofree char *head = output_in (repo, "git rev-parse HEAD");
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  cairn_test_sh (worktree->path, "echo h > h.txt");
  cairn_test_sh (repo, "echo dirty >> a.txt");
  g_assert_false (cairn_git_merge (worktree->path, CAIRN_GIT_MERGE_SQUASH, "H", NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DIRTY);
  g_clear_error (&error);
  text = read_file (repo, "a.txt");
  g_assert_true (g_str_has_suffix (text, "dirty\n"));
  cairn_test_sh (repo, "git checkout -q a.txt && mkdir -p .git/hooks && "
                "printf '#!/bin/sh\\necho no commits today >&2\\nexit 1\\n' > .git/hooks/pre-commit && "
                "chmod +x .git/hooks/pre-commit");
  /* the hook refuses the worktree's own commit too: hooks are shared */
  g_assert_false (cairn_git_merge (worktree->path, CAIRN_GIT_MERGE_SQUASH, "H", NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_HOOK_FAILED);
  g_assert_nonnull (strstr (error->message, "no commits today"));
  g_clear_error (&error);
  after = output_in (repo, "git rev-parse HEAD");
  g_assert_cmpstr (after, ==, head);

  g_assert_false (cairn_git_worktree_remove (repo, worktree->path, worktree->branch, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_DIRTY);
  g_clear_error (&error);
  g_assert_true (g_file_test (worktree->path, G_FILE_TEST_IS_DIR));

  cairn_test_remove_dir (gone->path);
  g_assert_null (cairn_git_changes_read (gone->path, NULL, &error));
  g_assert_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_GONE);
  g_clear_error (&error);
  g_assert_true (cairn_git_worktree_remove (repo, gone->path, gone->branch, NULL, &error));
  g_assert_no_error (error);
  g_free (after);
  after = output_in (repo, "git worktree list | grep -c gone; true");
  g_assert_cmpstr (after, ==, "0");
}

/* A worktree's conversations are found from its project, also once the
 * worktree is gone; one still there is found as it is spelt on disk. */
static void
test_worktree_history (void)
{
  g_autofree char *repo = make_repo ();
  g_autofree char *real = realpath (repo, NULL);
  g_autoptr(CairnGitWorktree) kept = make_worktree (repo, "v1.2");
  g_autofree char *kept_real = realpath (kept->path, NULL);
  g_autofree char *gone = g_build_filename (real, ".claude", "worktrees", "gone", NULL);
  g_autoptr(GFile) kept_folder = cairn_history_project_folder (kept_real);
  g_autoptr(GFile) gone_folder = cairn_history_project_folder (gone);
  g_autoptr(GFile) own_folder = cairn_history_project_folder (real);
  g_auto(GStrv) cwds = NULL;
  g_autofree char *kept_cwd = NULL;
  g_autofree char *gone_cwd = NULL;
  g_autofree char *own_cwd = NULL;

  g_assert_true (g_file_make_directory_with_parents (kept_folder, NULL, NULL));
  g_assert_true (g_file_make_directory_with_parents (gone_folder, NULL, NULL));
  g_assert_true (g_file_make_directory_with_parents (own_folder, NULL, NULL));
  cwds = cairn_history_worktree_cwds (real);
  g_assert_cmpuint (g_strv_length (cwds), ==, 2);
  kept_cwd = cairn_history_worktree_cwd (real, kept_folder);
  g_assert_cmpstr (kept_cwd, ==, kept_real);   /* "v1.2", not "v1-2" */
  gone_cwd = cairn_history_worktree_cwd (real, gone_folder);
  g_assert_cmpstr (gone_cwd, ==, gone);
  own_cwd = cairn_history_worktree_cwd (real, own_folder);
  g_assert_null (own_cwd);
}

static void
probe_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  CairnGitRepo **repo = user_data;

  *repo = cairn_git_repo_probe_finish (result, NULL);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *)data != NULL;
}

/* The window's probe also says whether main holds uncommitted changes
 * (the worktree dialog warns): asked in a trusted folder only, since
 * status runs what the project's config names. */
static void
test_probe_async (void)
{
  g_autofree char *repo = make_repo ();
  g_autofree char *untrusted = make_untrusted_repo ();
  g_autoptr(CairnGitRepo) probed = NULL;

  cairn_git_repo_probe_async (repo, NULL, probe_cb, &probed);
  g_assert_true (cairn_test_wait_until (is_set, &probed, 10000));
  g_assert_cmpstr (probed->branch, ==, "main");
  g_assert_false (cairn_git_repo_is_worktree (probed));
  g_assert_false (probed->dirty);
  g_clear_pointer (&probed, cairn_git_repo_free);
  cairn_test_sh (repo, "echo changed >> a.txt");
  cairn_git_repo_probe_async (repo, NULL, probe_cb, &probed);
  g_assert_true (cairn_test_wait_until (is_set, &probed, 10000));
  g_assert_true (probed->dirty);
  g_clear_pointer (&probed, cairn_git_repo_free);
  cairn_test_sh (untrusted, "echo changed >> a.txt");
  cairn_git_repo_probe_async (untrusted, NULL, probe_cb, &probed);
  g_assert_true (cairn_test_wait_until (is_set, &probed, 10000));
  g_assert_false (probed->dirty);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *config_dir = NULL;

  g_test_init (&argc, &argv, NULL);
  config_dir = cairn_test_make_dir ("git-config");
  /* git as a user without config of their own would run it */
  g_setenv ("GIT_CONFIG_NOSYSTEM", "1", TRUE);
  /* the CLI's trust record, the tests' own */
  g_setenv ("CLAUDE_CONFIG_DIR", config_dir, TRUE);
  g_unsetenv ("CLAUDE_CODE_IGNORE_PERSISTED_TRUST");
  g_setenv ("GIT_CONFIG_GLOBAL", "/dev/null", TRUE);
  g_setenv ("GIT_AUTHOR_NAME", "Test", TRUE);
  g_setenv ("GIT_AUTHOR_EMAIL", "test@example.org", TRUE);
  g_setenv ("GIT_COMMITTER_NAME", "Test", TRUE);
  g_setenv ("GIT_COMMITTER_EMAIL", "test@example.org", TRUE);
  g_test_add_func ("/cairn/git/names", test_names);
  g_test_add_func ("/cairn/git/version", test_version);
  g_test_add_func ("/cairn/git/probe-errors", test_probe_errors);
  g_test_add_func ("/cairn/git/probe-async", test_probe_async);
  g_test_add_func ("/cairn/git/untrusted", test_untrusted);
  g_test_add_func ("/cairn/git/create", test_create);
  g_test_add_func ("/cairn/git/create-errors", test_create_errors);
  g_test_add_func ("/cairn/git/numstat", test_numstat);
  g_test_add_func ("/cairn/git/line-numbers", test_line_numbers);
  g_test_add_func ("/cairn/git/split", test_split);
  g_test_add_func ("/cairn/git/changes", test_changes);
  g_test_add_func ("/cairn/git/undo-hunk", test_undo_hunk);
  g_test_add_func ("/cairn/git/squash", test_squash);
  g_test_add_func ("/cairn/git/merge-modes", test_merge_modes);
  g_test_add_func ("/cairn/git/conflict", test_conflict);
  g_test_add_func ("/cairn/git/merge-refusals", test_merge_refusals);
  g_test_add_func ("/cairn/git/worktree-history", test_worktree_history);
  return g_test_run ();
}
