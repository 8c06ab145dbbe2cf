/* test-worktree-cli.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "git/cairn-git.h"
#include "git/cairn-git-diff.h"
#include "git/cairn-git-merge.h"
#include "git/cairn-git-worktree.h"
#include "history/cairn-history-paths.h"
#include "session/cairn-commit-message.h"
#include "session/cairn-session.h"
#include "cairn-test-harness.h"

/* A conversation in its own worktree, through the real CLI against the
 * fake API and a git repository the test makes: the model's Read and Write
 * land in the worktree, not the main checkout; its change is listed, one
 * hunk undone, a review comment reaches the model, and the rest is
 * squash-merged into main. */

#define TEXT(t) "{\"type\":\"text\",\"text\":\"" t "\"}"

static const char script[] =
  "{\"rules\":["
  "{\"match\":\"Write a git commit message\",\"replies\":["
  "  {\"blocks\":[" TEXT ("```\\nShout the first and last lines\\n\\nONE and TWELVE are upper case.\\n```") "]}]},"
  "{\"match\":\"edit the file\",\"replies\":["
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_read\",\"name\":\"Read\","
  "    \"input\":{\"file_path\":\"{{CWD}}/a.txt\"}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_write\",\"name\":\"Write\","
  "    \"input\":{\"file_path\":\"{{CWD}}/a.txt\",\"content\":\"ONE\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n10\\n11\\nTWELVE\\n\"}}]},"
  "  {\"blocks\":[{\"type\":\"tool_use\",\"id\":\"toolu_new\",\"name\":\"Write\","
  "    \"input\":{\"file_path\":\"{{CWD}}/model.txt\",\"content\":\"from the model\\n\"}}]},"
  "  {\"blocks\":[" TEXT ("Edited.") "]}]}"
  "],\"default\":{\"blocks\":[" TEXT ("Noted.") "]}}";

static void
trust (const char *project)
{
  g_autofree char *real = realpath (project, NULL);
  g_autofree char *record =
    g_strdup_printf ("{\"projects\":{\"%s\":{\"hasTrustDialogAccepted\":true}}}", real);

  cairn_test_write_file (g_getenv ("CLAUDE_CONFIG_DIR"), ".claude.json", record);
}

static gboolean
body_has (CairnTestFakeApi *api,
          const char       *needle)
{
  g_autoptr(GPtrArray) bodies = cairn_test_fake_api_bodies (api);

  for (guint i = 0; i < bodies->len; i++)
    if (cairn_test_body_mentions (g_ptr_array_index (bodies, i), needle))
      return TRUE;
  return FALSE;
}

static char *
read_in (const char *dir,
         const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) ? text : NULL;
}

static CairnGitFileChange *
find_file (CairnGitChanges *changes,
           const char      *path)
{
  for (guint i = 0; i < changes->files->len; i++)
    if (g_str_equal (((CairnGitFileChange *)g_ptr_array_index (changes->files, i))->path, path))
      return g_ptr_array_index (changes->files, i);
  return NULL;
}

static guint
count_session_files (CairnTestFakeApi *api)
{
  g_autofree char *out = NULL;
  g_autofree char *command = g_strdup_printf ("find '%s' -name '*.jsonl' | wc -l", g_getenv ("CLAUDE_CONFIG_DIR"));

  g_assert_true (g_spawn_command_line_sync (command, &out, NULL, NULL, NULL));
  return (guint)g_ascii_strtoull (out, NULL, 10);
}

/* Claude's squash message: a CLI run of its own with the worktree's diff,
 * no tools, nothing stored, no turn in the conversation. */
static char *
ask_message (CairnTestFakeApi *api,
             CairnGitWorktree *worktree,
             CairnSession     *session)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) bodies = NULL;
  g_autoptr(GError) error = NULL;
  guint stored = count_session_files (api);
  guint items = g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (session)));
  JsonNode *asked = NULL;
  char *message;

  cairn_commit_message_write_async (cairn_test_cli_path (), NULL, worktree->path, "Edit the file", NULL,
                                    cairn_test_store_result_cb, &result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, 60000));
  message = cairn_commit_message_write_finish (result, &error);
  g_assert_no_error (error);
  bodies = cairn_test_fake_api_bodies (api);
  for (guint i = 0; i < bodies->len; i++)
    if (cairn_test_body_mentions (g_ptr_array_index (bodies, i), "Write a git commit message"))
      asked = g_ptr_array_index (bodies, i);
  g_assert_nonnull (asked);
  g_assert_true (cairn_test_body_mentions (asked, "+TWELVE"));
  g_assert_true (cairn_test_body_mentions (asked, "Edit the file"));
  g_assert_false (cairn_test_body_mentions (asked, "\"name\":\"Write\""));   /* no tools */
  g_assert_cmpuint (count_session_files (api), ==, stored);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (session))), ==, items);
  return message;
}

static void
test_worktree_conversation (void)
{
  g_autoptr(CairnTestFakeApi) api = cairn_test_fake_api_start (script);
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnGitWorktree) worktree = NULL;
  g_autoptr(CairnSession) session = NULL;
  g_autoptr(CairnGitChanges) changes = NULL;
  g_autofree char *diff = NULL;
  g_autofree char *comment = NULL;
  g_autofree char *text = NULL;
  g_autofree char *in_main = NULL;
  g_autofree char *log = NULL;
  g_autofree char *message = NULL;
  g_autofree char *subject = NULL;
  CairnGitFileChange *file;

  cairn_test_sh (api->project, "git init -q -b main . && seq 1 12 > a.txt && git add a.txt && git commit -qm init");
  trust (api->project);
  worktree = cairn_git_worktree_create (api->project, "edit", NULL, NULL, &error);
  g_assert_no_error (error);

  session = cairn_session_new (worktree->path, cairn_test_cli_path ());
  cairn_session_set_start_mode (session, CAIRN_PERMISSION_MODE_ACCEPT_EDITS);
  g_assert_true (cairn_session_start (session));
  cairn_test_send_and_wait (session, "edit the file");

  /* the model's writes are the worktree's; main is as it was */
  text = read_in (worktree->path, "a.txt");
  g_assert_cmpstr (text, ==, "ONE\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\nTWELVE\n");
  in_main = read_in (api->project, "a.txt");
  g_assert_true (g_str_has_prefix (in_main, "1\n2\n"));
  g_clear_pointer (&in_main, g_free);
  in_main = read_in (api->project, "model.txt");
  g_assert_null (in_main);

  /* the Changes pane's list and diff; the first hunk undone */
  changes = cairn_git_changes_read (worktree->path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (changes->base_name, ==, "main");
  file = find_file (changes, "a.txt");
  g_assert_nonnull (file);
  g_assert_cmpint (file->added, ==, 2);
  g_assert_nonnull (find_file (changes, "model.txt"));
  diff = cairn_git_file_diff (changes->toplevel, changes->base, file, NULL, &error);
  g_assert_true (cairn_git_undo_hunk (changes->toplevel, changes->base, file, diff, 0, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  text = read_in (worktree->path, "a.txt");
  g_assert_cmpstr (text, ==, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\nTWELVE\n");

  /* a review comment, as the pane puts it in the composer, reaches the model */
  comment = cairn_git_diff_comment ("a.txt", 12, "keep this lower case");
  cairn_test_send_and_wait (session, comment);
  g_assert_true (body_has (api, "`a.txt:12` — keep this lower case"));

  /* squash-merged into main, with the message Claude wrote */
  message = ask_message (api, worktree, session);
  g_assert_cmpstr (message, ==, "Shout the first and last lines\n\nONE and TWELVE are upper case.");
  g_assert_true (cairn_git_merge (worktree->path, CAIRN_GIT_MERGE_SQUASH, message, NULL, &error));
  g_assert_no_error (error);
  subject = g_strdup_printf ("git -C '%s' log -1 --format=%%s > subject.txt", api->project);
  cairn_test_sh (api->project, subject);
  g_clear_pointer (&text, g_free);
  text = read_in (api->project, "subject.txt");
  g_assert_cmpstr (text, ==, "Shout the first and last lines\n");
  g_clear_pointer (&text, g_free);
  text = read_in (api->project, "a.txt");
  g_assert_true (g_str_has_suffix (text, "11\nTWELVE\n"));
  g_clear_pointer (&text, g_free);
  text = read_in (api->project, "model.txt");
  g_assert_cmpstr (text, ==, "from the model\n");
  cairn_session_close (session);
  cairn_test_run_for (200);
}

static gboolean
session_exited (gpointer session)
{
  return cairn_session_get_state (session) == CAIRN_SESSION_STATE_EXITED;
}

/* A worktree named with a "." (v1.2): the CLI stores its conversation
 * under "…--claude-worktrees-v1-2", a name that no longer says "v1.2".
 * Once the worktree is removed the project still lists the conversation,
 * the lookup points at no folder (so the window resumes it in the main
 * checkout), and there it opens with its history and goes on: the model
 * gets the first prompt with the next. */
static void
test_dotted_name_after_remove (void)
{
  g_autoptr(CairnTestFakeApi) api = cairn_test_fake_api_start (script);
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnGitWorktree) worktree = NULL;
  g_autoptr(CairnSession) session = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GPtrArray) bodies = NULL;
  g_auto(GStrv) cwds = NULL;
  g_autofree char *real = NULL;
  g_autofree char *id = NULL;
  g_autofree char *path = NULL;
  g_autofree char *cwd = NULL;

  cairn_test_sh (api->project, "git init -q -b main . && seq 1 12 > a.txt && git add a.txt && git commit -qm init");
  trust (api->project);
  real = realpath (api->project, NULL);
  worktree = cairn_git_worktree_create (api->project, "v1.2", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (worktree->path, "/v1.2"));

  session = cairn_session_new (worktree->path, cairn_test_cli_path ());
  cairn_session_set_start_mode (session, CAIRN_PERMISSION_MODE_ACCEPT_EDITS);
  g_assert_true (cairn_session_start (session));
  cairn_test_send_and_wait (session, "edit the file");
  id = g_strdup (cairn_session_get_session_id (session));
  path = cairn_test_session_file (api, id);
  g_assert_nonnull (strstr (path, "-claude-worktrees-v1-2/"));
  cairn_session_close (session);
  g_assert_true (cairn_test_wait_until (session_exited, session, 10000));
  g_clear_object (&session);

  /* the work committed on its branch, then the worktree removed */
  cairn_test_sh (worktree->path, "git add -A && git commit -qm work");
  g_assert_true (cairn_git_worktree_remove (real, worktree->path, worktree->branch, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (worktree->path, G_FILE_TEST_EXISTS));

  file = g_file_new_for_path (path);
  folder = g_file_get_parent (file);
  cwds = cairn_history_worktree_cwds (real);
  g_assert_cmpuint (g_strv_length (cwds), ==, 1);
  cwd = cairn_history_worktree_cwd (real, folder);
  g_assert_nonnull (cwd);
  g_assert_false (g_file_test (cwd, G_FILE_TEST_IS_DIR));

  session = cairn_session_new (api->project, cairn_test_cli_path ());
  g_assert_true (cairn_test_open_conversation (session, file));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (session), "edit the file"));
  cairn_test_send_and_wait (session, "and then go on");
  bodies = cairn_test_fake_api_bodies (api);
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "and then go on"));
  g_assert_true (cairn_test_body_mentions (g_ptr_array_index (bodies, bodies->len - 1), "edit the file"));
  cairn_session_close (session);
  cairn_test_run_for (200);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GIT_CONFIG_NOSYSTEM", "1", TRUE);
  g_setenv ("GIT_AUTHOR_NAME", "Test", TRUE);
  g_setenv ("GIT_AUTHOR_EMAIL", "test@example.org", TRUE);
  g_setenv ("GIT_COMMITTER_NAME", "Test", TRUE);
  g_setenv ("GIT_COMMITTER_EMAIL", "test@example.org", TRUE);
  g_test_add_func ("/cairn/worktree-cli/conversation", test_worktree_conversation);
  g_test_add_func ("/cairn/worktree-cli/dotted-name-after-remove", test_dotted_name_after_remove);
  return g_test_run ();
}
