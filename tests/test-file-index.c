/* test-file-index.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "prompt/cairn-file-index.h"
#include "cairn-test-harness.h"

/* The project's files for "@" completion: from git in a work tree, from a
 * walk elsewhere, without what .gitignore excludes; best matches first. */

static const char * const project_files[] = {
  "README.md",
  "src/main.c",
  "src/main.h",
  "src/util/map.c",
  "src/junk.o",
  "build/out.txt",
  "node_modules/left-pad/index.js",
  "docs/build/keep.md",
  NULL,
};

static char *
make_project (void)
{
  char *dir = cairn_test_make_dir ("files");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; project_files[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (dir, project_files[i], NULL);
      g_autofree char *folder = g_path_get_dirname (path);

      g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
      g_file_set_contents (path, "x\n", -1, &error);
      g_assert_no_error (error);
    }
  {
    g_autofree char *ignore = g_build_filename (dir, ".gitignore", NULL);
    /* a comment, a glob, a folder anchored at the top, a negation */
    g_file_set_contents (ignore, "# build output\n*.o\n/build/\n!keep.o\n", -1, &error);
    g_assert_no_error (error);
  }
  return dir;
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_file_index_load_finish (CAIRN_FILE_INDEX (object), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

static CairnFileIndex *
load_index (const char *dir)
{
  CairnFileIndex *index = cairn_file_index_new (dir);
  gboolean done = FALSE;

  g_assert_false (cairn_file_index_get_loaded (index));
  g_assert_true (cairn_file_index_is_stale (index, 30));
  cairn_file_index_load_async (index, NULL, loaded_cb, &done);
  g_assert_true (cairn_test_wait_until (is_true, &done, 30000));
  g_assert_true (cairn_file_index_get_loaded (index));
  g_assert_false (cairn_file_index_is_stale (index, 30));
  return index;
}

static gboolean
contains (GPtrArray  *paths,
          const char *path)
{
  for (guint i = 0; i < paths->len; i++)
    if (g_strcmp0 (g_ptr_array_index (paths, i), path) == 0)
      return TRUE;
  return FALSE;
}

static void
assert_project_listed (CairnFileIndex *index)
{
  g_autoptr(GPtrArray) all = cairn_file_index_match (index, "", 100);

  g_assert_true (contains (all, "README.md"));
  g_assert_true (contains (all, "src/main.c"));
  g_assert_true (contains (all, "src/util/map.c"));
  g_assert_true (contains (all, "docs/build/keep.md"));
  g_assert_true (contains (all, ".gitignore"));
  g_assert_false (contains (all, "src/junk.o"));
  g_assert_false (contains (all, "build/out.txt"));
  g_assert_false (contains (all, "node_modules/left-pad/index.js"));
}

static void
test_walk (void)
{
  g_autofree char *dir = make_project ();
  g_autoptr(CairnFileIndex) index = NULL;

  /* not a git work tree, whatever the temp folder is in */
  g_setenv ("GIT_DIR", "/nonexistent", TRUE);
  index = load_index (dir);
  g_unsetenv ("GIT_DIR");
  assert_project_listed (index);
  g_assert_cmpuint (cairn_file_index_get_n_paths (index), ==, 6);
  cairn_test_remove_dir (dir);
}

static void
run_git (const char *dir,
         const char *command)
{
  g_autofree char *line = g_strdup_printf ("git -C '%s' %s", dir, command);
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_command_line_sync (line, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
test_git (void)
{
  g_autofree char *git = g_find_program_in_path ("git");
  g_autofree char *dir = NULL;
  g_autofree char *cairn = NULL;
  g_autofree char *cairn_ignore = NULL;
  g_autoptr(CairnFileIndex) index = NULL;
  g_autoptr(GError) error = NULL;

  if (git == NULL)
    {
      g_test_skip ("git is not installed");
      return;
    }
  dir = make_project ();
  run_git (dir, "init -q");
  run_git (dir, "add README.md src/main.c");
  /* Cairn's own folder ignores itself */
  cairn = g_build_filename (dir, ".cairn", NULL);
  g_assert_cmpint (g_mkdir_with_parents (cairn, 0700), ==, 0);
  cairn_ignore = g_build_filename (cairn, ".gitignore", NULL);
  g_file_set_contents (cairn_ignore, "*\n", -1, &error);
  g_assert_no_error (error);

  index = load_index (dir);
  /* tracked and untracked files alike, not the ignored ones */
  assert_project_listed (index);
  g_assert_cmpuint (cairn_file_index_get_n_paths (index), ==, 6);
  cairn_test_remove_dir (dir);
}

static void
test_match_order (void)
{
  g_autofree char *dir = make_project ();
  g_autoptr(CairnFileIndex) index = NULL;
  g_autoptr(GPtrArray) main_c = NULL;
  g_autoptr(GPtrArray) by_name = NULL;
  g_autoptr(GPtrArray) by_folder = NULL;
  g_autoptr(GPtrArray) anywhere = NULL;
  g_autoptr(GPtrArray) none = NULL;

  g_setenv ("GIT_DIR", "/nonexistent", TRUE);
  index = load_index (dir);
  g_unsetenv ("GIT_DIR");

  main_c = cairn_file_index_match (index, "src/ma", 50);
  g_assert_cmpuint (main_c->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (main_c, 0), ==, "src/main.c");
  g_assert_cmpstr (g_ptr_array_index (main_c, 1), ==, "src/main.h");

  /* the path's start, then a file name's, then a folder's, then anywhere */
  by_name = cairn_file_index_match (index, "MA", 50);
  g_assert_cmpstr (g_ptr_array_index (by_name, 0), ==, "src/main.c");
  g_assert_cmpstr (g_ptr_array_index (by_name, 2), ==, "src/util/map.c");
  by_folder = cairn_file_index_match (index, "util", 50);
  g_assert_cmpuint (by_folder->len, ==, 1);
  anywhere = cairn_file_index_match (index, "ain", 1);
  g_assert_cmpuint (anywhere->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (anywhere, 0), ==, "src/main.c");
  none = cairn_file_index_match (index, "nothing-like-this", 50);
  g_assert_cmpuint (none->len, ==, 0);
  cairn_test_remove_dir (dir);
}

static void
failed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_false (cairn_file_index_load_finish (CAIRN_FILE_INDEX (object), result, &error));
  g_assert_nonnull (error);
  *done = TRUE;
}

static void
test_missing_folder (void)
{
  g_autoptr(CairnFileIndex) index = cairn_file_index_new ("/nonexistent/project");
  gboolean done = FALSE;

  cairn_file_index_load_async (index, NULL, failed_cb, &done);
  g_assert_true (cairn_test_wait_until (is_true, &done, 30000));
  g_assert_false (cairn_file_index_get_loaded (index));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/file-index/walk", test_walk);
  g_test_add_func ("/cairn/file-index/git", test_git);
  g_test_add_func ("/cairn/file-index/match-order", test_match_order);
  g_test_add_func ("/cairn/file-index/missing-folder", test_missing_folder);

  return g_test_run ();
}
