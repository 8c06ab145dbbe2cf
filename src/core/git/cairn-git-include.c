/* cairn-git-include.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-git"

#include "config.h"

#include "git/cairn-git.h"
#include "git/cairn-git-worktree.h"

/* The files a new worktree gets copied in, as the CLI picks them
 * (docs/protocol.md): those git ignores that `.worktreeinclude` (gitignore
 * patterns) also names, such as `.env`. Symlinks are skipped, as the CLI
 * skips them, and so is any path that would leave the worktree. */

static GHashTable *
list_nul (const char          *cwd,
          const char * const  *argv,
          GCancellable        *cancellable)
{
  g_autoptr(CairnGitResult) result = cairn_git_run (cwd, argv, NULL, cancellable, NULL);
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (result == NULL || result->status != 0)
    return set;
  for (const char *p = result->out; p < result->out + result->out_len; p += strlen (p) + 1)
    if (*p != '\0')
      g_hash_table_add (set, g_strdup (p));
  return set;
}

static gboolean
safe_relative (const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);

  if (g_path_is_absolute (path))
    return FALSE;
  for (guint i = 0; parts[i] != NULL; i++)
    if (g_str_equal (parts[i], ".."))
      return FALSE;
  return TRUE;
}

static gboolean
copy_one (const char    *from,
          const char    *to,
          const char    *path,
          GCancellable  *cancellable)
{
  g_autofree char *source_path = g_build_filename (from, path, NULL);
  g_autofree char *target_path = g_build_filename (to, path, NULL);
  g_autofree char *parent = g_path_get_dirname (target_path);
  g_autoptr(GFile) source = g_file_new_for_path (source_path);
  g_autoptr(GFile) target = g_file_new_for_path (target_path);
  g_autoptr(GError) error = NULL;

  if (!safe_relative (path) || g_file_test (source_path, G_FILE_TEST_IS_SYMLINK))
    return FALSE;
  if (g_mkdir_with_parents (parent, 0755) != 0 ||
      !g_file_copy (source, target, G_FILE_COPY_NOFOLLOW_SYMLINKS | G_FILE_COPY_ALL_METADATA,
                    cancellable, NULL, NULL, &error))
    {
      g_warning ("Could not copy %s into the worktree: %s", path, error ? error->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/**
 * cairn_git_worktree_copy_included:
 *
 * Returns: how many files were copied from checkout @from to @to
 */
guint
cairn_git_worktree_copy_included (const char   *from,
                                  const char   *to,
                                  GCancellable *cancellable)
{
  g_autofree char *include = g_build_filename (from, ".worktreeinclude", NULL);
  g_autofree char *exclude_from = g_strconcat ("--exclude-from=", include, NULL);
  const char *ignored[] = { "git", "ls-files", "-z", "--others", "--ignored", "--exclude-standard", NULL };
  const char *listed[] = { "git", "ls-files", "-z", "--others", "--ignored", exclude_from, NULL };
  g_autoptr(GHashTable) by_git = NULL;
  g_autoptr(GHashTable) by_list = NULL;
  GHashTableIter iter;
  gpointer path;
  guint n = 0;

  if (!g_file_test (include, G_FILE_TEST_IS_REGULAR) || g_file_test (include, G_FILE_TEST_IS_SYMLINK))
    return 0;
  by_git = list_nul (from, ignored, cancellable);
  by_list = list_nul (from, listed, cancellable);
  g_hash_table_iter_init (&iter, by_list);
  while (g_hash_table_iter_next (&iter, &path, NULL))
    if (g_hash_table_contains (by_git, path) && copy_one (from, to, path, cancellable))
      n++;
  return n;
}
