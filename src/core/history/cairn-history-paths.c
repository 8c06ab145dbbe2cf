/* cairn-history-paths.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "history/cairn-history-paths.h"

/* Where the CLI keeps conversations (docs/session-files.md). */

#define MAX_FOLDER_NAME 200

/**
 * cairn_history_projects_dir:
 *
 * Returns: (transfer full): `$CLAUDE_CONFIG_DIR/projects`, or
 *   `~/.claude/projects`
 */
GFile *
cairn_history_projects_dir (void)
{
  const char *config = g_getenv ("CLAUDE_CONFIG_DIR");

  if (config != NULL && *config != '\0')
    return g_file_new_build_filename (config, "projects", NULL);
  return g_file_new_build_filename (g_get_home_dir (), ".claude", "projects", NULL);
}

/* Java's String.hashCode over UTF-16 code units, as the CLI computes it. */
static gint32
java_string_hash (const char *text)
{
  g_autofree gunichar2 *units = g_utf8_to_utf16 (text, -1, NULL, NULL, NULL);
  guint32 hash = 0;

  for (gunichar2 *u = units; u != NULL && *u != 0; u++)
    hash = hash * 31 + *u;
  return (gint32)hash;
}

static char *
base36 (guint32 value)
{
  char digits[16];
  int i = sizeof digits - 1;

  digits[i] = '\0';
  do
    {
      digits[--i] = "0123456789abcdefghijklmnopqrstuvwxyz"[value % 36];
      value /= 36;
    }
  while (value > 0);
  return g_strdup (&digits[i]);
}

/**
 * cairn_history_folder_name:
 * @cwd: a working folder, as the CLI saw it (resolved)
 *
 * Returns: the name of the CLI's folder for @cwd's conversations: every
 *   character but [A-Za-z0-9] becomes '-', and a name over 200
 *   characters is cut and gets a hash of @cwd
 */
char *
cairn_history_folder_name (const char *cwd)
{
  GString *name = g_string_new (NULL);
  g_autofree char *hash = NULL;
  gint32 h;

  for (const char *p = cwd; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_c (name, g_ascii_isalnum (*p) ? *p : '-');
  if (name->len <= MAX_FOLDER_NAME)
    return g_string_free (name, FALSE);
  h = java_string_hash (cwd);
  hash = base36 (h < 0 ? -(guint32)h : (guint32)h);
  g_string_truncate (name, MAX_FOLDER_NAME);
  g_string_append_printf (name, "-%s", hash);
  return g_string_free (name, FALSE);
}

/* A worktree's conversations are the CLI's under the worktree's own path,
 * `<project>/.claude/worktrees/NAME` (docs/protocol.md, "Worktrees"), so
 * their folder's name is the project's, then "--claude-worktrees-". */
static char *
worktree_prefix (const char *real_cwd)
{
  g_autofree char *name = cairn_history_folder_name (real_cwd);

  return g_strconcat (name, "--claude-worktrees-", NULL);
}

/**
 * cairn_history_worktree_cwds:
 * @real_cwd: a project folder (resolved)
 *
 * The project's worktrees that have conversations, whether or not the
 * worktree is still there, as folders that name the same history folder
 * (a name's "." reads as "-": the CLI's folder names keep no more).
 * Blocks: a listing of the CLI's projects.
 *
 * Returns: (transfer full): the worktrees' folders
 */
GStrv
cairn_history_worktree_cwds (const char *real_cwd)
{
  g_autoptr(GFile) projects = cairn_history_projects_dir ();
  g_autofree char *root = g_file_get_path (projects);
  g_autofree char *prefix = worktree_prefix (real_cwd);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  g_autoptr(GStrvBuilder) cwds = g_strv_builder_new ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix) && name[strlen (prefix)] != '\0')
      {
        g_autofree char *cwd = g_build_filename (real_cwd, ".claude", "worktrees", name + strlen (prefix), NULL);
        g_strv_builder_add (cwds, cwd);
      }
  return g_strv_builder_end (cwds);
}

/**
 * cairn_history_worktree_cwd:
 * @history_folder: where a conversation's session file is
 *
 * Returns: (nullable): the worktree of @real_cwd a conversation stored in
 *   @history_folder worked in, as it is on disk when it still is (read
 *   from `.claude/worktrees`, a small folder), else as the folder names it;
 *   %NULL when it is no worktree of @real_cwd's
 */
char *
cairn_history_worktree_cwd (const char *real_cwd,
                            GFile      *history_folder)
{
  g_autofree char *prefix = worktree_prefix (real_cwd);
  g_autofree char *name = g_file_get_basename (history_folder);
  g_autofree char *worktrees = g_build_filename (real_cwd, ".claude", "worktrees", NULL);
  g_autoptr(GDir) dir = NULL;
  const char *entry;

  if (!g_str_has_prefix (name, prefix) || name[strlen (prefix)] == '\0')
    return NULL;
  dir = g_dir_open (worktrees, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (worktrees, entry, NULL);
      g_autofree char *mangled = cairn_history_folder_name (path);
      if (g_str_equal (mangled, name))
        return g_steal_pointer (&path);
    }
  return g_build_filename (worktrees, name + strlen (prefix), NULL);
}

/**
 * cairn_history_project_folder:
 *
 * Returns: (transfer full): the folder of @cwd's conversations
 */
GFile *
cairn_history_project_folder (const char *cwd)
{
  g_autofree char *real = realpath (cwd, NULL);
  g_autofree char *name = cairn_history_folder_name (real ? real : cwd);
  g_autoptr(GFile) projects = cairn_history_projects_dir ();

  return g_file_get_child (projects, name);
}

/**
 * cairn_history_find_conversation:
 *
 * Looks through every project folder for the conversation @session_id
 * (blocking: a directory listing).
 * Returns: (transfer full) (nullable): its session file
 */
GFile *
cairn_history_find_conversation (const char *session_id)
{
  g_autoptr(GFile) projects = cairn_history_projects_dir ();
  g_autofree char *root = g_file_get_path (projects);
  g_autofree char *name = g_strdup_printf ("%s.jsonl", session_id);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  const char *folder;

  if (strchr (session_id, '/') != NULL || *session_id == '\0')
    return NULL;
  while (dir != NULL && (folder = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (root, folder, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_file_new_for_path (path);
    }
  return NULL;
}
