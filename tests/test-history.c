/* test-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <utime.h>

#include "cairn-test-harness.h"
#include "history/cairn-conversation-info.h"
#include "history/cairn-history-edit.h"
#include "history/cairn-history-index.h"
#include "history/cairn-history-paths.h"

/* The history's listing side: folder names, what the sidebar shows of a
 * conversation, the live index, rename and delete. On the session file
 * the real CLI wrote (tests/data/history/rows) and on files made to go
 * wrong. */

/* Folder names the real CLI 2.1.197 made, including a path over 200
 * characters, which it cuts and hashes. */
static void
test_folder_names (void)
{
  g_autofree char *simple = cairn_history_folder_name ("/tmp/rowsproj");
  g_autofree char *odd = cairn_history_folder_name ("/home/me/proj/My Project.v2_(test)");
  g_autofree char *long_name = cairn_history_folder_name (
    "/tmp/a-very-long-folder-name-01/a-very-long-folder-name-02/a-very-long-folder-name-03/"
    "a-very-long-folder-name-04/a-very-long-folder-name-05/a-very-long-folder-name-06/"
    "a-very-long-folder-name-07/a-very-long-folder-name-08/a-very-long-folder-name-09/Proj.v2_x");

  g_assert_cmpstr (simple, ==, "-tmp-rowsproj");
  g_assert_cmpstr (odd, ==, "-home-me-proj-My-Project-v2--test-");
  g_assert_cmpstr (long_name, ==,
                   "-tmp-a-very-long-folder-name-01-a-very-long-folder-name-02-a-very-long-folder-name-03-"
                   "a-very-long-folder-name-04-a-very-long-folder-name-05-a-very-long-folder-name-06-"
                   "a-very-long-folder-name-07-a-very-3fbj04");
}

/* A real conversation: its last prompt as title, cwd and branch from its
 * lines, times from its timestamps. */
static void
test_info_of_recorded_conversation (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *contents = cairn_test_rows_contents ();
  g_autoptr(GFile) file = cairn_test_write_gfile (dir, CAIRN_TEST_ROWS_ID ".jsonl", contents);
  g_autoptr(CairnConversationInfo) info = cairn_test_read_info (file);
  g_autoptr(GDateTime) created = g_date_time_new_from_iso8601 ("2026-11-24T00:18:22.170Z", NULL);

  g_assert_nonnull (info);
  g_assert_cmpstr (cairn_conversation_info_get_session_id (info), ==, CAIRN_TEST_ROWS_ID);
  g_assert_cmpstr (cairn_conversation_info_get_title (info), ==, "Please do everything");
  g_assert_cmpstr (cairn_conversation_info_get_cwd (info), ==, "/tmp/rowsproj");
  g_assert_cmpstr (cairn_conversation_info_get_git_branch (info), ==, "HEAD");
  g_assert_cmpint (cairn_conversation_info_get_created (info), ==, g_date_time_to_unix (created));
  g_assert_cmpint (cairn_conversation_info_get_modified (info), >=, cairn_conversation_info_get_created (info));
  cairn_test_remove_dir (dir);
}

/* A rename wins over a generated title, which wins over the prompts;
 * command wrappers are no title. */
static void
test_title_order (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autoptr(GFile) wrapped = cairn_test_write_gfile (dir, "a.jsonl",
    CAIRN_TEST_PROMPT ("<command-name>/compact</command-name>")
    CAIRN_TEST_PROMPT ("Fix   the\\n  build"));
  g_autoptr(GFile) titled = cairn_test_write_gfile (dir, "b.jsonl",
    CAIRN_TEST_PROMPT ("first") "{\"type\":\"ai-title\",\"aiTitle\":\"Generated\"}\n"
    "{\"type\":\"custom-title\",\"customTitle\":\"Mine\"}\n"
    "{\"type\":\"ai-title\",\"aiTitle\":\"Generated later\"}\n");
  g_autoptr(GFile) generated = cairn_test_write_gfile (dir, "c.jsonl",
    CAIRN_TEST_PROMPT ("first") "{\"type\":\"ai-title\",\"aiTitle\":\"Generated\"}\n");
  g_autoptr(CairnConversationInfo) a = cairn_test_read_info (wrapped);
  g_autoptr(CairnConversationInfo) b = cairn_test_read_info (titled);
  g_autoptr(CairnConversationInfo) c = cairn_test_read_info (generated);

  g_assert_cmpstr (cairn_conversation_info_get_title (a), ==, "Fix the build");
  g_assert_cmpstr (cairn_conversation_info_get_title (b), ==, "Mine");
  g_assert_cmpstr (cairn_conversation_info_get_title (c), ==, "Generated");
  cairn_test_remove_dir (dir);
}

/* Broken files never stop the listing: each is left out or read as far as
 * it can be. */
static void
test_bad_files (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *big = g_strnfill (400 * 1024, 'x');
  g_autofree char *huge_first = g_strdup_printf (CAIRN_TEST_PROMPT ("%s") CAIRN_TEST_PROMPT ("second") "%s", big,
                                                 "{\"type\":\"last-prompt\",\"lastPrompt\":\"the last one\"}\n");
  g_autoptr(GFile) cut = cairn_test_write_gfile (dir, "cut.jsonl", CAIRN_TEST_PROMPT ("kept") "{\"type\":\"user\",\"message\":{\"con");
  g_autoptr(GFile) junk = cairn_test_write_gfile (dir, "junk.jsonl", "not json\n{\"broken\n" CAIRN_TEST_PROMPT ("still here"));
  g_autoptr(GFile) empty = cairn_test_write_gfile (dir, "empty.jsonl", "");
  g_autoptr(GFile) sidechain = cairn_test_write_gfile (dir, "side.jsonl",
    "{\"type\":\"user\",\"isSidechain\":true,\"message\":{\"content\":\"agent\"}}\n");
  g_autoptr(GFile) huge = cairn_test_write_gfile (dir, "huge.jsonl", huge_first);
  g_autoptr(GFile) invalid = cairn_test_write_gfile (dir, "invalid.jsonl",
    "{\"type\":\"custom-title\",\"customTitle\":\"bad \xff bytes\"}\n" CAIRN_TEST_PROMPT ("p"));
  g_autoptr(GFile) gone = g_file_new_build_filename (dir, "gone.jsonl", NULL);
  g_autoptr(CairnConversationInfo) cut_info = cairn_test_read_info (cut);
  g_autoptr(CairnConversationInfo) junk_info = cairn_test_read_info (junk);
  g_autoptr(CairnConversationInfo) huge_info = cairn_test_read_info (huge);
  g_autoptr(CairnConversationInfo) invalid_info = cairn_test_read_info (invalid);
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (cairn_conversation_info_get_title (cut_info), ==, "kept");
  g_assert_cmpstr (cairn_conversation_info_get_title (junk_info), ==, "still here");
  g_assert_null (cairn_test_read_info (empty));
  g_assert_null (cairn_test_read_info (sidechain));
  /* the first prompt is cut by the 64 KB window: the tail's title stands */
  g_assert_cmpstr (cairn_conversation_info_get_title (huge_info), ==, "the last one");
  /* invalid UTF-8 can't be parsed: that line is skipped, the prompt titles */
  g_assert_cmpstr (cairn_conversation_info_get_title (invalid_info), ==, "p");
  g_assert_null (cairn_conversation_info_read (gone, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  cairn_test_remove_dir (dir);
}

typedef struct
{
  GListModel *model;
  guint       n;
} CountWait;

static gboolean
has_n_items (gpointer data)
{
  CountWait *wait = data;

  return g_list_model_get_n_items (wait->model) == wait->n;
}

static CairnConversationInfo *
nth_info (GListModel *model,
          guint       n)
{
  CairnConversationInfo *info = g_list_model_get_item (model, n);

  g_object_unref (info);   /* the model keeps it */
  return info;
}

/* A project's list: newest first, unreadable files left out, and live
 * when a conversation is written, as the CLI in a terminal would. */
static void
test_index_lists_and_follows (void)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *project = cairn_test_make_dir ("project");
  g_autoptr(GFile) folder = NULL;
  g_autofree char *folder_path = NULL;
  g_autoptr(CairnHistoryIndex) index = cairn_history_index_new ();
  g_autoptr(GFile) older = NULL, newer = NULL, unreadable = NULL, later = NULL;
  CountWait wait = { 0 };

  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  folder = cairn_history_project_folder (project);
  folder_path = g_file_get_path (folder);
  g_assert_cmpint (g_mkdir_with_parents (folder_path, 0700), ==, 0);
  older = cairn_test_write_gfile (folder_path, "older.jsonl",
    "{\"type\":\"user\",\"timestamp\":\"2026-11-01T10:00:00Z\",\"message\":{\"content\":\"older\"}}\n");
  newer = cairn_test_write_gfile (folder_path, "newer.jsonl",
    "{\"type\":\"user\",\"timestamp\":\"2026-11-02T10:00:00Z\",\"message\":{\"content\":\"newer\"}}\n");
  g_object_unref (cairn_test_write_gfile (folder_path, "notes.txt", "not a conversation"));
  /* the CLI's index of the folder is often stale: it is never read */
  g_object_unref (cairn_test_write_gfile (folder_path, "sessions-index.json",
                                          "{\"entries\":[{\"sessionId\":\"gone\",\"summary\":\"stale\"}]}"));
  unreadable = cairn_test_write_gfile (folder_path, "locked.jsonl",
    "{\"type\":\"user\",\"timestamp\":\"2026-10-01T10:00:00Z\",\"message\":{\"content\":\"locked\"}}\n");
  g_assert_cmpint (g_utime (g_file_peek_path (unreadable), &(struct utimbuf){ 1000, 1000 }), ==, 0);
  g_chmod (g_file_peek_path (unreadable), 0);
  /* utime so the timestamps decide, not the write order */
  g_assert_cmpint (g_utime (g_file_peek_path (older), &(struct utimbuf){ 1000, 1000 }), ==, 0);
  g_assert_cmpint (g_utime (g_file_peek_path (newer), &(struct utimbuf){ 1000, 1000 }), ==, 0);

  wait.model = cairn_history_index_get_conversations (index, project);
  wait.n = geteuid () == 0 ? 3 : 2;   /* root reads a chmod 000 file anyway */
  g_assert_true (cairn_test_wait_until (has_n_items, &wait, 5000));
  g_assert_cmpstr (cairn_conversation_info_get_title (nth_info (wait.model, 0)), ==, "newer");
  g_assert_cmpstr (cairn_conversation_info_get_title (nth_info (wait.model, 1)), ==, "older");

  later = cairn_test_write_gfile (folder_path, "later.jsonl",
    "{\"type\":\"user\",\"timestamp\":\"2026-11-03T10:00:00Z\",\"message\":{\"content\":\"written by a CLI\"}}\n");
  wait.n++;
  g_assert_true (cairn_test_wait_until (has_n_items, &wait, 5000));
  g_assert_cmpstr (cairn_conversation_info_get_title (nth_info (wait.model, 0)), ==, "written by a CLI");

  g_assert_cmpint (g_unlink (g_file_peek_path (older)), ==, 0);
  wait.n--;
  g_assert_true (cairn_test_wait_until (has_n_items, &wait, 5000));
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (project);
}

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *)data != NULL;
}

/* A rename appends one custom-title line, after a newline if the file
 * was cut mid-line, and leaves every byte before it as it was. */
static void
test_rename_appends (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *before = g_strconcat (CAIRN_TEST_PROMPT ("hello"), "{\"type\":\"assistant\",\"mess", NULL);
  g_autoptr(GFile) file = cairn_test_write_gfile (dir, CAIRN_TEST_ROWS_ID ".jsonl", before);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnConversationInfo) info = NULL;
  g_autofree char *after = NULL;

  cairn_history_rename_async (file, "New name", NULL, done_cb, &result);
  g_assert_true (cairn_test_wait_until (is_set, &result, 5000));
  g_assert_true (cairn_history_rename_finish (result, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (g_file_peek_path (file), &after, NULL, NULL));
  g_assert_true (g_str_has_prefix (after, before));
  g_assert_cmpstr (after + strlen (before), ==,
                   "\n{\"type\":\"custom-title\",\"customTitle\":\"New name\",\"sessionId\":\"" CAIRN_TEST_ROWS_ID "\"}\n");
  info = cairn_test_read_info (file);
  g_assert_cmpstr (cairn_conversation_info_get_title (info), ==, "New name");
  cairn_test_remove_dir (dir);
}

/* Delete moves the file and its folder to the Trash; undo brings both
 * back. The test has a Trash of its own (XDG_DATA_HOME). */
static void
test_trash_and_restore (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *data_home = cairn_test_make_dir ("data-home");
  g_autofree char *contents = cairn_test_rows_contents ();
  g_autoptr(GFile) file = cairn_test_write_gfile (dir, CAIRN_TEST_ROWS_ID ".jsonl", contents);
  g_autofree char *sub = g_build_filename (dir, CAIRN_TEST_ROWS_ID, "subagents", NULL);
  g_autoptr(GAsyncResult) trashed = NULL;
  g_autoptr(GAsyncResult) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *back = NULL;

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  cairn_history_trash_async (file, NULL, done_cb, &trashed);
  g_assert_true (cairn_test_wait_until (is_set, &trashed, 5000));
  if (!cairn_history_trash_finish (trashed, &error))
    {
      g_test_skip_printf ("no Trash here: %s", error->message);
      return;
    }
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));

  cairn_history_restore_async (file, NULL, done_cb, &restored);
  g_assert_true (cairn_test_wait_until (is_set, &restored, 5000));
  g_assert_true (cairn_history_restore_finish (restored, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (g_file_peek_path (file), &back, NULL, NULL));
  g_assert_cmpstr (back, ==, contents);
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  g_unsetenv ("XDG_DATA_HOME");
  cairn_test_remove_dir (dir);
  cairn_test_remove_dir (data_home);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/history/folder-names", test_folder_names);
  g_test_add_func ("/cairn/history/info-of-recorded-conversation", test_info_of_recorded_conversation);
  g_test_add_func ("/cairn/history/title-order", test_title_order);
  g_test_add_func ("/cairn/history/bad-files", test_bad_files);
  g_test_add_func ("/cairn/history/index-lists-and-follows", test_index_lists_and_follows);
  g_test_add_func ("/cairn/history/rename-appends", test_rename_appends);
  g_test_add_func ("/cairn/history/trash-and-restore", test_trash_and_restore);

  return g_test_run ();
}
