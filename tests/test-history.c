/* test-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>
#include <utime.h>

#include "cairn-test-harness.h"
#include "history/cairn-conversation-info.h"
#include "history/cairn-history-branches.h"
#include "history/cairn-history-edit.h"
#include "history/cairn-history-index.h"
#include "history/cairn-history-lines.h"
#include "history/cairn-history-paths.h"
#include "history/cairn-history-scan.h"
#include "attachments/cairn-attachment.h"
#include "session/cairn-session.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-text-item.h"

/* The history's listing side: folder names, what the sidebar shows of a
 * conversation, the live index, rename and delete. On the session file
 * the real CLI wrote (tests/data/history/rows) and on files made to go
 * wrong. */

#define ROWS_ID "47c0592a-2c45-496d-86b9-83bc29cb1971"

static char *
rows_contents (void)
{
  g_autofree char *path = cairn_test_data_path ("history/rows/" ROWS_ID ".jsonl");
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static GFile *
write_file (const char *dir,
            const char *name,
            const char *contents)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return g_file_new_for_path (path);
}

static CairnConversationInfo *
read_info (GFile *file)
{
  g_autoptr(GError) error = NULL;
  CairnConversationInfo *info = cairn_conversation_info_read (file, NULL, &error);

  g_assert_no_error (error);
  return info;
}

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
  g_autofree char *contents = rows_contents ();
  g_autoptr(GFile) file = write_file (dir, ROWS_ID ".jsonl", contents);
  g_autoptr(CairnConversationInfo) info = read_info (file);
  g_autoptr(GDateTime) created = g_date_time_new_from_iso8601 ("2026-11-24T00:18:22.170Z", NULL);

  g_assert_nonnull (info);
  g_assert_cmpstr (cairn_conversation_info_get_session_id (info), ==, ROWS_ID);
  g_assert_cmpstr (cairn_conversation_info_get_title (info), ==, "Please do everything");
  g_assert_cmpstr (cairn_conversation_info_get_cwd (info), ==, "/tmp/rowsproj");
  g_assert_cmpstr (cairn_conversation_info_get_git_branch (info), ==, "HEAD");
  g_assert_cmpint (cairn_conversation_info_get_created (info), ==, g_date_time_to_unix (created));
  g_assert_cmpint (cairn_conversation_info_get_modified (info), >=, cairn_conversation_info_get_created (info));
  cairn_test_remove_dir (dir);
}

#define PROMPT(text) "{\"type\":\"user\",\"cwd\":\"/p\",\"timestamp\":\"2026-11-20T10:00:00Z\"," \
                     "\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"

/* A rename wins over a generated title, which wins over the prompts;
 * command wrappers are no title. */
static void
test_title_order (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autoptr(GFile) wrapped = write_file (dir, "a.jsonl",
    PROMPT ("<command-name>/compact</command-name>")
    PROMPT ("Fix   the\\n  build"));
  g_autoptr(GFile) titled = write_file (dir, "b.jsonl",
    PROMPT ("first") "{\"type\":\"ai-title\",\"aiTitle\":\"Generated\"}\n"
    "{\"type\":\"custom-title\",\"customTitle\":\"Mine\"}\n"
    "{\"type\":\"ai-title\",\"aiTitle\":\"Generated later\"}\n");
  g_autoptr(GFile) generated = write_file (dir, "c.jsonl",
    PROMPT ("first") "{\"type\":\"ai-title\",\"aiTitle\":\"Generated\"}\n");
  g_autoptr(CairnConversationInfo) a = read_info (wrapped);
  g_autoptr(CairnConversationInfo) b = read_info (titled);
  g_autoptr(CairnConversationInfo) c = read_info (generated);

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
  g_autofree char *huge_first = g_strdup_printf (PROMPT ("%s") PROMPT ("second") "%s", big,
                                                 "{\"type\":\"last-prompt\",\"lastPrompt\":\"the last one\"}\n");
  g_autoptr(GFile) cut = write_file (dir, "cut.jsonl", PROMPT ("kept") "{\"type\":\"user\",\"message\":{\"con");
  g_autoptr(GFile) junk = write_file (dir, "junk.jsonl", "not json\n{\"broken\n" PROMPT ("still here"));
  g_autoptr(GFile) empty = write_file (dir, "empty.jsonl", "");
  g_autoptr(GFile) sidechain = write_file (dir, "side.jsonl",
    "{\"type\":\"user\",\"isSidechain\":true,\"message\":{\"content\":\"agent\"}}\n");
  g_autoptr(GFile) huge = write_file (dir, "huge.jsonl", huge_first);
  g_autoptr(GFile) invalid = write_file (dir, "invalid.jsonl",
    "{\"type\":\"custom-title\",\"customTitle\":\"bad \xff bytes\"}\n" PROMPT ("p"));
  g_autoptr(GFile) gone = g_file_new_build_filename (dir, "gone.jsonl", NULL);
  g_autoptr(CairnConversationInfo) cut_info = read_info (cut);
  g_autoptr(CairnConversationInfo) junk_info = read_info (junk);
  g_autoptr(CairnConversationInfo) huge_info = read_info (huge);
  g_autoptr(CairnConversationInfo) invalid_info = read_info (invalid);
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (cairn_conversation_info_get_title (cut_info), ==, "kept");
  g_assert_cmpstr (cairn_conversation_info_get_title (junk_info), ==, "still here");
  g_assert_null (read_info (empty));
  g_assert_null (read_info (sidechain));
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
  older = write_file (folder_path, "older.jsonl",
    "{\"type\":\"user\",\"timestamp\":\"2026-11-01T10:00:00Z\",\"message\":{\"content\":\"older\"}}\n");
  newer = write_file (folder_path, "newer.jsonl",
    "{\"type\":\"user\",\"timestamp\":\"2026-11-02T10:00:00Z\",\"message\":{\"content\":\"newer\"}}\n");
  g_object_unref (write_file (folder_path, "notes.txt", "not a conversation"));
  /* the CLI's index of the folder is often stale: it is never read */
  g_object_unref (write_file (folder_path, "sessions-index.json",
                              "{\"entries\":[{\"sessionId\":\"gone\",\"summary\":\"stale\"}]}"));
  unreadable = write_file (folder_path, "locked.jsonl",
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

  later = write_file (folder_path, "later.jsonl",
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
  g_autofree char *before = g_strconcat (PROMPT ("hello"), "{\"type\":\"assistant\",\"mess", NULL);
  g_autoptr(GFile) file = write_file (dir, ROWS_ID ".jsonl", before);
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
                   "\n{\"type\":\"custom-title\",\"customTitle\":\"New name\",\"sessionId\":\"" ROWS_ID "\"}\n");
  info = read_info (file);
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
  g_autofree char *contents = rows_contents ();
  g_autoptr(GFile) file = write_file (dir, ROWS_ID ".jsonl", contents);
  g_autofree char *sub = g_build_filename (dir, ROWS_ID, "subagents", NULL);
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

/* The scanner reads top-level keys only, through strings with escaped
 * quotes and nested objects, and says when a line is damaged. */
static void
test_scan_line (void)
{
  const char *line = "{\"message\":{\"id\":\"msg_1\",\"content\":[{\"text\":\"a \\\"uuid\\\":\\\"x\\\" {\"}],"
                     "\"nested\":{\"uuid\":\"inner\"}},\"type\":\"assistant\",\"uuid\":\"u1\","
                     "\"parentUuid\":null,\"logicalParentUuid\":\"u0\",\"isSidechain\":true }";
  g_autofree char *deep = g_strnfill (100000, '[');
  g_autofree char *deep_line = g_strdup_printf ("{\"type\":\"user\",\"x\":%s", deep);
  CairnLineFacts facts;

  g_assert_true (cairn_history_scan_line (line, strlen (line), &facts));
  g_assert_cmpint (facts.type_length, ==, 9);
  g_assert_true (strncmp (line + facts.type_start, "assistant", 9) == 0);
  g_assert_true (strncmp (line + facts.uuid_start, "u1", facts.uuid_length) == 0 && facts.uuid_length == 2);
  g_assert_true (strncmp (line + facts.parent_start, "u0", facts.parent_length) == 0);
  g_assert_true (strncmp (line + facts.message_id_start, "msg_1", facts.message_id_length) == 0);
  g_assert_true (facts.is_sidechain);

  g_assert_false (cairn_history_scan_line ("{\"type\":\"user\",\"message\":{\"con", 31, &facts));
  g_assert_false (cairn_history_scan_line ("not json", 8, &facts));
  g_assert_false (cairn_history_scan_line ("", 0, &facts));
  g_assert_false (cairn_history_scan_line ("{\"a\":1} trailing", 17, &facts));
  /* 100,000 levels deep: no recursion, just a walk, and a clear "no" */
  g_assert_false (cairn_history_scan_line (deep_line, strlen (deep_line), &facts));
}

#define LINE(type, uuid, parent, extra) \
  "{\"type\":\"" type "\",\"uuid\":\"" uuid "\",\"parentUuid\":" parent extra "}"

static CairnHistoryLines *
lines_of (const char * const *lines)
{
  CairnHistoryLines *index = cairn_history_lines_new ();
  gint64 offset = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      cairn_history_lines_add (index, offset, lines[i], strlen (lines[i]));
      offset += strlen (lines[i]) + 1;
    }
  return index;
}

static char *
uuids_of (CairnHistoryLines *index,
          GArray            *shown)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < shown->len; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (index, g_array_index (shown, guint, i));
      g_string_append_printf (out, "%s ", line->uuid ? line->uuid : line->kind == CAIRN_LINE_INVALID ? "!" : "-");
    }
  return g_strdup (g_strstrip (out->str));
}

static char *
shown_uuids (const char * const *lines)
{
  g_autoptr(CairnHistoryLines) index = lines_of (lines);
  g_autoptr(GArray) shown = cairn_history_lines_shown (index);

  return uuids_of (index, shown);
}

/* The versions of an edited prompt: siblings in file order, where each
 * one's branch ends, and what each branch shows. */
static void
test_branch_versions (void)
{
  const char *lines[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    LINE ("user", "c", "\"b\"", ""), LINE ("assistant", "d", "\"c\"", ""),
    /* a meta line and a tool result answering b are not versions */
    LINE ("user", "m", "\"b\"", ",\"isMeta\":true"),
    LINE ("user", "e", "\"b\"", ""), LINE ("assistant", "f", "\"e\"", ""),
    LINE ("user", "g", "\"f\"", ""), LINE ("assistant", "h", "\"g\"", ""),
    LINE ("user", "s", "\"b\"", ",\"isSidechain\":true"), NULL };
  g_autoptr(CairnHistoryLines) index = lines_of (lines);
  g_autoptr(GArray) siblings = cairn_history_branch_siblings (index, "b");
  g_autoptr(GArray) shown = cairn_history_lines_shown (index);
  g_autoptr(GHashTable) positions = cairn_history_branch_positions (index, shown);
  g_autoptr(GArray) old_branch = NULL;
  g_autofree char *old_shown = NULL;
  CairnBranchPosition *position;

  g_assert_cmpuint (siblings->len, ==, 2);
  g_assert_cmpuint (g_array_index (siblings, guint, 0), ==, 2);
  g_assert_cmpuint (g_array_index (siblings, guint, 1), ==, 5);
  g_assert_cmpuint (cairn_history_lines_newest_under (index, 2), ==, 3);
  g_assert_cmpuint (cairn_history_lines_newest_under (index, 5), ==, 8);
  /* the newest branch shows e, the second of two; a and g have none */
  position = g_hash_table_lookup (positions, "e");
  g_assert_nonnull (position);
  g_assert_cmpstr (position->parent, ==, "b");
  g_assert_cmpuint (position->index, ==, 1);
  g_assert_cmpuint (position->count, ==, 2);
  g_assert_null (g_hash_table_lookup (positions, "a"));
  g_assert_null (g_hash_table_lookup (positions, "g"));
  g_assert_null (g_hash_table_lookup (positions, "c"));   /* not shown */
  old_branch = cairn_history_lines_shown_to (index, 3);
  old_shown = uuids_of (index, old_branch);
  g_assert_cmpstr (old_shown, ==, "a b c d");
}

/* The branch a last-prompt line names, and such lines gone wrong: one
 * naming a line not in the file, cut mid-write, with bytes that are not
 * UTF-8, or empty, leaves the branch at the newest line; a later good one
 * wins over an earlier one. */
static void
test_named_branch (void)
{
#define TREE LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""), \
             LINE ("user", "c", "\"b\"", ""), LINE ("assistant", "d", "\"c\"", ""), \
             LINE ("user", "e", "\"b\"", ""), LINE ("assistant", "f", "\"e\"", "")
#define LEAF(uuid) "{\"type\":\"last-prompt\",\"leafUuid\":\"" uuid "\"}"
  const char *named[] = { TREE, LEAF ("d"), NULL };
  const char *named_then_newer[] = { TREE, LEAF ("d"), LEAF ("f"), NULL };
  const char *named_mid_branch[] = { TREE, LEAF ("c"), NULL };
  const char *missing[] = { TREE, LEAF ("gone"), NULL };
  const char *cut[] = { TREE, "{\"type\":\"last-prompt\",\"leafUuid\":\"d", NULL };
  const char *not_utf8[] = { TREE, LEAF ("\xc3\x28"), NULL };
  const char *empty[] = { TREE, LEAF (""), NULL };
  const struct { const char * const *lines; const char *shown; } cases[] = {
    { named, "a b c d -" },
    { named_then_newer, "a b e f - -" },
    { named_mid_branch, "a b c d -" },   /* and what came after it */
    { missing, "a b e f -" },
    { cut, "a b e f !" },
    { not_utf8, "a b e f -" },
    { empty, "a b e f -" },
  };
#undef TREE
#undef LEAF

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = shown_uuids (cases[i].lines);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

/* Which lines a conversation shows: the branch that ends at the newest
 * line, and how that copes with a tree gone wrong. */
static void
test_shown_branch (void)
{
  const char *rewound[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    LINE ("user", "c", "\"b\"", ""), LINE ("assistant", "d", "\"c\"", ""),
    /* an edited prompt: a branch from b */
    LINE ("user", "e", "\"b\"", ""), LINE ("assistant", "f", "\"e\"", ""),
    "{\"type\":\"custom-title\",\"customTitle\":\"t\"}", NULL };
  const char *missing_parent[] = {
    LINE ("user", "a", "null", ""), LINE ("user", "c", "\"gone\"", ""), LINE ("assistant", "d", "\"c\"", ""), NULL };
  const char *cycle[] = {
    LINE ("user", "a", "\"b\"", ""), LINE ("assistant", "b", "\"a\"", ""), NULL };
  const char *compacted[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"c\",\"parentUuid\":null,\"logicalParentUuid\":\"b\"}",
    LINE ("user", "d", "\"c\"", ""), NULL };
  const char *parallel[] = {
    LINE ("user", "p", "null", ""),
    LINE ("assistant", "t1", "\"p\"", ",\"message\":{\"id\":\"m1\"}"),
    LINE ("assistant", "t2", "\"t1\"", ",\"message\":{\"id\":\"m1\"}"),
    LINE ("user", "r2", "\"t2\"", ",\"sourceToolAssistantUUID\":\"t2\""),
    LINE ("user", "r1", "\"t1\"", ",\"sourceToolAssistantUUID\":\"t1\""),
    LINE ("assistant", "n", "\"r1\"", ",\"message\":{\"id\":\"m2\"}"), NULL };
  /* a Stop hook's summary after each reply: the next prompt hangs from
   * it, and an edited one is its sibling there, not beside the branch */
  const char *stop_hooked[] = {
    LINE ("user", "a", "null", ""), LINE ("assistant", "b", "\"a\"", ""),
    "{\"type\":\"system\",\"subtype\":\"stop_hook_summary\",\"uuid\":\"s\",\"parentUuid\":\"b\"}",
    LINE ("user", "c", "\"s\"", ""), LINE ("assistant", "d", "\"c\"", ""),
    LINE ("user", "e", "\"s\"", ""), LINE ("assistant", "f", "\"e\"", ""), NULL };
  const char *sidechain_only[] = {
    LINE ("user", "s1", "null", ",\"isSidechain\":true"), NULL };
  const char *damaged[] = {
    LINE ("user", "a", "null", ""), "garbage", LINE ("mystery", "b", "\"a\"", ""),
    "{\"type\":\"assistant\",\"uuid\":\"cut", NULL };
  g_autofree char *rewound_shown = shown_uuids (rewound);
  g_autofree char *missing_shown = shown_uuids (missing_parent);
  g_autofree char *cycle_shown = shown_uuids (cycle);
  g_autofree char *compacted_shown = shown_uuids (compacted);
  g_autofree char *parallel_shown = shown_uuids (parallel);
  g_autofree char *sidechain_shown = shown_uuids (sidechain_only);
  g_autofree char *stop_hooked_shown = shown_uuids (stop_hooked);
  g_autofree char *damaged_shown = shown_uuids (damaged);

  g_assert_cmpstr (rewound_shown, ==, "a b e f -");
  g_assert_cmpstr (missing_shown, ==, "c d");
  g_assert_cmpstr (cycle_shown, ==, "a b");
  g_assert_cmpstr (compacted_shown, ==, "a b c d");
  g_assert_cmpstr (parallel_shown, ==, "p t1 t2 r2 r1 n");
  g_assert_cmpstr (sidechain_shown, ==, "");
  g_assert_cmpstr (stop_hooked_shown, ==, "a b s e f");
  g_assert_cmpstr (damaged_shown, ==, "a ! b !");
}

typedef struct
{
  guint first_change;   /* items in the transcript at its first change */
  gboolean done;
} OpenWatch;

static void
first_change_cb (GListModel *model,
                 guint       position,
                 guint       removed,
                 guint       added,
                 OpenWatch  *watch)
{
  if (watch->first_change == 0)
    watch->first_change = g_list_model_get_n_items (model);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  OpenWatch *watch = user_data;

  g_assert_true (cairn_session_open_conversation_finish (CAIRN_SESSION (source), result, NULL));
  watch->done = TRUE;
}

static gboolean
open_done (gpointer data)
{
  return ((OpenWatch *)data)->done;
}

static const char *
text_at (CairnSession *session,
         guint         position)
{
  g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (session)),
                                                     position);

  return cairn_text_item_get_text (CAIRN_TEXT_ITEM (item));
}

/* A long conversation shows its last screen first, then all of it in
 * order; a last line cut mid-write is shown as unreadable, not lost. */
static void
test_open_tail_first (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *path = g_build_filename (dir, ROWS_ID ".jsonl", NULL);
  g_autoptr(GString) contents = g_string_new (NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(CairnSession) session = cairn_session_new (dir, "/bin/true");
  OpenWatch watch = { 0 };
  guint turns = 3000, n;
  g_autoptr(CairnItem) last = NULL;

  for (guint i = 0; i < turns; i++)
    {
      g_autofree char *parent = i ? g_strdup_printf ("\"a%u\"", i - 1) : g_strdup ("null");

      g_string_append_printf (contents, "{\"type\":\"user\",\"uuid\":\"u%u\",\"parentUuid\":%s,"
                              "\"permissionMode\":\"plan\",\"message\":{\"role\":\"user\",\"content\":\"prompt %u\"}}\n",
                              i, parent, i);
      g_string_append_printf (contents, "{\"type\":\"assistant\",\"uuid\":\"a%u\",\"parentUuid\":\"u%u\","
                              "\"message\":{\"id\":\"m%u\",\"model\":\"claude-test\",\"role\":\"assistant\","
                              "\"content\":[{\"type\":\"text\",\"text\":\"reply %u\"}]}}\n", i, i, i, i);
    }
  g_string_append (contents, "{\"type\":\"assistant\",\"uuid\":\"cut-mid-wri");
  g_assert_true (g_file_set_contents (path, contents->str, contents->len, NULL));
  file = g_file_new_for_path (path);

  g_signal_connect (cairn_session_get_transcript (session), "items-changed", G_CALLBACK (first_change_cb), &watch);
  cairn_session_open_conversation_async (session, file, NULL, opened_cb, &watch);
  g_assert_true (cairn_test_wait_until (open_done, &watch, 30000));

  /* the last screen came first, by itself */
  g_assert_cmpuint (watch.first_change, >, 0);
  g_assert_cmpuint (watch.first_change, <, 100);
  n = g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (session)));
  g_assert_cmpuint (n, ==, 2 * turns + 1);
  g_assert_cmpstr (text_at (session, 0), ==, "prompt 0");
  g_assert_cmpstr (text_at (session, 1), ==, "reply 0");
  g_assert_cmpstr (text_at (session, n - 2), ==, "reply 2999");
  last = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (session)), n - 1);
  g_assert_cmpint (cairn_item_get_kind (last), ==, CAIRN_ITEM_KIND_RAW);
  g_assert_cmpstr (cairn_session_get_session_id (session), ==, ROWS_ID);
  g_assert_cmpstr (cairn_session_get_model (session), ==, "claude-test");
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "plan");
  cairn_test_remove_dir (dir);
}

/* A conversation of @turns prompts and replies, over 2 MB (the end a
 * last screen is read from first) by a field the replay ignores; lines
 * in @extra follow turn @extra_after, @end (nullable) the last turn. */
static char *
write_long_conversation (const char *dir,
                         guint       turns,
                         guint       extra_after,
                         const char *extra,
                         const char *end)
{
  g_autofree char *path = g_build_filename (dir, ROWS_ID ".jsonl", NULL);
  g_autoptr(GString) contents = g_string_new (NULL);
  g_autofree char *padding = g_strnfill (2000, 'x');

  for (guint i = 0; i < turns; i++)
    {
      g_autofree char *parent = i ? g_strdup_printf ("\"a%u\"", i - 1) : g_strdup ("null");

      g_string_append_printf (contents, "{\"type\":\"user\",\"uuid\":\"u%u\",\"parentUuid\":%s,\"pad\":\"%s\","
                              "\"message\":{\"role\":\"user\",\"content\":\"prompt %u\"}}\n",
                              i, parent, padding, i);
      g_string_append_printf (contents, "{\"type\":\"assistant\",\"uuid\":\"a%u\",\"parentUuid\":\"u%u\","
                              "\"message\":{\"id\":\"m%u\",\"role\":\"assistant\","
                              "\"content\":[{\"type\":\"text\",\"text\":\"reply %u\"}]}}\n", i, i, i, i);
      if (i == extra_after && extra != NULL)
        g_string_append (contents, extra);
    }
  if (end != NULL)
    g_string_append (contents, end);
  g_assert_cmpuint (contents->len, >, 2 * 1024 * 1024);
  g_assert_true (g_file_set_contents (path, contents->str, contents->len, NULL));
  return g_steal_pointer (&path);
}

static guint
n_shown (CairnSession *session)
{
  return g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (session)));
}

static gboolean
has_items (gpointer session)
{
  return n_shown (session) > 0;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

/* While the page holds a conversation's history, nothing shows until it
 * has drawn a frame, then only the last screen; let go, the rest comes,
 * all of it, in order. */
static void
test_open_held (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *path = write_long_conversation (dir, 1200, 0, NULL, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = cairn_session_new (dir, "/bin/true");
  OpenWatch watch = { 0 };

  cairn_session_hold_history (session);
  cairn_session_open_conversation_async (session, file, NULL, opened_cb, &watch);
  cairn_test_wait_until (never, NULL, 300);
  g_assert_cmpuint (n_shown (session), ==, 0);
  cairn_session_show_history (session);
  g_assert_true (cairn_test_wait_until (has_items, session, 30000));
  g_assert_cmpstr (text_at (session, n_shown (session) - 1), ==, "reply 1199");
  cairn_test_wait_until (never, NULL, 300);
  g_assert_false (watch.done);
  g_assert_cmpuint (n_shown (session), <, 100);

  cairn_session_release_history (session);
  g_assert_true (cairn_test_wait_until (open_done, &watch, 30000));
  g_assert_cmpuint (n_shown (session), ==, 2 * 1200);
  g_assert_cmpstr (text_at (session, 0), ==, "prompt 0");
  g_assert_cmpstr (text_at (session, 2 * 600), ==, "prompt 600");
  cairn_test_remove_dir (dir);
}

/* The last screen read from the file's end is the newest branch; when the
 * file names another one (the user went back to an early version of a
 * prompt), the whole pass shows that one instead, with its versions, and
 * what came after that screen (a notice, a prompt sent) stays. */
static void
test_open_end_replaced (void)
{
  const char *edited =
    "{\"type\":\"user\",\"uuid\":\"e5\",\"parentUuid\":\"a4\","
    "\"message\":{\"role\":\"user\",\"content\":\"edited 5\"}}\n"
    "{\"type\":\"assistant\",\"uuid\":\"f5\",\"parentUuid\":\"e5\","
    "\"message\":{\"id\":\"n5\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"reply e5\"}]}}\n";
  /* the CLI names the branch it resumes in a last-prompt line */
  const char *leaf = "{\"type\":\"last-prompt\",\"lastPrompt\":\"edited 5\",\"leafUuid\":\"f5\"}\n";
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *path = write_long_conversation (dir, 1200, 5, edited, leaf);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = cairn_session_new (dir, "/bin/true");
  g_autoptr(CairnNoticeItem) later = cairn_notice_item_new (CAIRN_NOTICE_INFO, "later", NULL);
  g_autoptr(CairnItem) prompt = NULL;
  g_autoptr(CairnItem) last = NULL;
  OpenWatch watch = { 0 };
  guint index, count;

  g_signal_connect (cairn_session_get_transcript (session), "items-changed", G_CALLBACK (first_change_cb), &watch);
  cairn_session_hold_history (session);
  cairn_session_show_history (session);
  cairn_session_open_conversation_async (session, file, NULL, opened_cb, &watch);
  g_assert_true (cairn_test_wait_until (has_items, session, 30000));
  cairn_transcript_append (cairn_session_get_transcript (session), CAIRN_ITEM (later));
  cairn_session_release_history (session);
  g_assert_true (cairn_test_wait_until (open_done, &watch, 30000));

  g_assert_cmpuint (watch.first_change, >, 12);   /* the newest branch's end came first */
  g_assert_cmpuint (n_shown (session), ==, 13);
  last = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (session)), 12);
  g_assert_true (last == CAIRN_ITEM (later));
  g_assert_cmpstr (text_at (session, 0), ==, "prompt 0");
  g_assert_cmpstr (text_at (session, 8), ==, "prompt 4");
  g_assert_cmpstr (text_at (session, 10), ==, "edited 5");
  g_assert_cmpstr (text_at (session, 11), ==, "reply e5");
  prompt = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (session)), 10);
  g_assert_cmpstr (cairn_text_item_get_branch (CAIRN_TEXT_ITEM (prompt), &index, &count), ==, "a4");
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpuint (count, ==, 2);
  cairn_test_remove_dir (dir);
}

/* Opens a recorded conversation as the window does. */
static CairnSession *
open_recording (const char *name,
                const char *session_id)
{
  g_autofree char *relative = g_strdup_printf ("history/%s/%s.jsonl", name, session_id);
  g_autofree char *path = cairn_test_data_path (relative);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CairnSession *session = cairn_session_new (g_get_tmp_dir (), "/bin/true");

  g_assert_true (cairn_test_open_conversation (session, file));
  return session;
}

static char *
describe (CairnSession *session)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (session));
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);
      if (CAIRN_IS_TEXT_ITEM (item))
        g_string_append_printf (out, "%d:%s\n", cairn_item_get_kind (item), cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
      else if (CAIRN_IS_NOTICE_ITEM (item))
        g_string_append_printf (out, "notice:%s\n", cairn_notice_item_get_title (CAIRN_NOTICE_ITEM (item)));
    }
  return g_string_free (out, FALSE);
}

/* A conversation that can't be read says so in the window; one deleted
 * after it was opened keeps its rows. */
static void
test_open_unreadable_and_deleted (void)
{
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autoptr(GFile) gone = g_file_new_build_filename (dir, "gone.jsonl", NULL);
  g_autoptr(GFile) file = write_file (dir, ROWS_ID ".jsonl", PROMPT ("still here"));
  g_autoptr(CairnSession) failed = cairn_session_new (dir, "/bin/true");
  g_autoptr(CairnSession) opened = cairn_session_new (dir, "/bin/true");

  g_assert_false (cairn_test_open_conversation (failed, gone));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (failed),
                                                 "This conversation could not be read"));
  g_assert_true (cairn_test_open_conversation (opened, file));
  g_assert_cmpint (g_unlink (g_file_peek_path (file)), ==, 0);
  cairn_test_run_for (200);
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (opened), "still here"));
  cairn_test_remove_dir (dir);
}

/* Recordings of the real CLI 2.1.197 (tests/record-history.py). A prompt
 * with an image shows the image. */
static void
test_recorded_image (void)
{
  g_autoptr(CairnSession) session = open_recording ("image", "6afb02ce-6f21-49ff-9682-857e3b738ab9");
  g_autoptr(CairnItem) prompt = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (session)), 0);
  GListModel *images = cairn_text_item_get_attachments (CAIRN_TEXT_ITEM (prompt));
  g_autoptr(CairnAttachment) image = NULL;

  g_assert_cmpint (cairn_item_get_kind (prompt), ==, CAIRN_ITEM_KIND_USER);
  g_assert_cmpstr (cairn_text_item_get_text (CAIRN_TEXT_ITEM (prompt)), ==, "What is in this picture?");
  g_assert_nonnull (images);
  g_assert_cmpuint (g_list_model_get_n_items (images), ==, 1);
  image = g_list_model_get_item (images, 0);
  g_assert_cmpstr (cairn_attachment_get_media_type (image), ==, "image/png");
  g_assert_cmpint (cairn_attachment_get_width (image), ==, 2);
}

/* The CLI's own rename (rename_session) is the title, and Cairn's rename
 * appends exactly the line the CLI wrote. */
static void
test_recorded_rename (void)
{
  g_autofree char *source = cairn_test_data_path ("history/rename/da353b36-8dd7-4ab1-996d-dd818e0f449b.jsonl");
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *contents = NULL;
  g_autoptr(GFile) copy = NULL;
  g_autoptr(CairnConversationInfo) info = NULL;
  g_autofree char *after = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) new_lines = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  copy = write_file (dir, "da353b36-8dd7-4ab1-996d-dd818e0f449b.jsonl", contents);
  info = read_info (copy);
  g_assert_cmpstr (cairn_conversation_info_get_title (info), ==, "Renamed by the CLI");

  g_assert_true (cairn_history_append_title (copy, "Renamed by the CLI", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (g_file_peek_path (copy), &after, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  new_lines = g_strsplit (after, "\n", -1);
  /* the CLI wrote its line first; Cairn's comes last, byte for byte the same */
  g_assert_cmpstr (new_lines[g_strv_length (new_lines) - 2], ==, lines[0]);
  cairn_test_remove_dir (dir);
}

/* After /compact: the earlier turns still show, then the marker and the
 * summary (beside the branch: the CLI continues the conversation from the
 * last turn before them), the command, then the rest. */
static void
test_recorded_compaction (void)
{
  g_autoptr(CairnSession) session = open_recording ("compact", "1349c147-9c39-4f26-b3be-c2f5e184897a");
  g_autofree char *rows = describe (session);
  const char *kiwi = strstr (rows, "0:Remember the word KIWI");
  const char *command = strstr (rows, "0:/compact");
  const char *marker = strstr (rows, "notice:The conversation was compacted");
  const char *summary = strstr (rows, "notice:Summary of the earlier conversation");
  const char *after = strstr (rows, "0:After the compaction");

  g_assert_nonnull (kiwi);
  g_assert_nonnull (command);
  g_assert_nonnull (marker);
  g_assert_nonnull (summary);
  g_assert_nonnull (after);
  g_assert_true (kiwi < marker && marker < summary && summary < command && command < after);
  g_assert_null (strstr (rows, "Caveat"));
  g_assert_null (strstr (rows, "<command-name>"));
  /* the CLI wrote the last reply before /compact twice: shown once */
  g_assert_null (strstr (strstr (rows, "You said: Turn 6") + 1, "You said: Turn 6"));
}

/* A prompt edited with --resume-session-at starts a branch: the newest
 * branch shows, the abandoned prompt doesn't. */
static void
test_recorded_rewind (void)
{
  g_autoptr(CairnSession) session = open_recording ("rewind", "a93094b3-7abe-4fd0-b7c7-c08cea4c6339");
  g_autofree char *rows = describe (session);

  g_assert_nonnull (strstr (rows, "0:First prompt\n"));
  g_assert_nonnull (strstr (rows, "0:Second prompt, edited\n"));
  g_assert_null (strstr (rows, "later abandoned"));
}

#define REWIND_ID "a93094b3-7abe-4fd0-b7c7-c08cea4c6339"

/* A copy of the recorded rewind conversation, to go to its branches in. */
static GFile *
copy_of_rewind (void)
{
  g_autofree char *source = cairn_test_data_path ("history/rewind/" REWIND_ID ".jsonl");
  g_autofree char *dir = cairn_test_make_dir ("history");
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  return write_file (dir, REWIND_ID ".jsonl", contents);
}

static CairnSession *
open_file (GFile *file)
{
  CairnSession *session = cairn_session_new (g_get_tmp_dir (), "/bin/true");

  g_assert_true (cairn_test_open_conversation (session, file));
  return session;
}

/* The last line of @file. */
static char *
last_line_of (GFile *file)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint n;

  g_assert_true (g_file_load_contents (file, NULL, &contents, NULL, NULL, NULL));
  lines = g_strsplit (g_strchomp (contents), "\n", -1);
  n = g_strv_length (lines);
  return g_strdup (n > 0 ? lines[n - 1] : "");
}

/* While another Claude Code has the conversation open (its entry in the
 * CLI's sessions folder; this test's own process stands in for it), no
 * version is switched to and the file is left as it was. */
static void
refuse_while_open_elsewhere (CairnSession  *session,
                             CairnTextItem *prompt,
                             GFile         *file)
{
  g_autofree char *config = cairn_test_make_dir ("config");
  g_autofree char *sessions = g_build_filename (config, "sessions", NULL);
  g_autofree char *entry = g_strdup_printf ("{\"pid\":%d,\"sessionId\":\"" REWIND_ID "\"}", (int)getpid ());
  g_autofree char *before = last_line_of (file);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  g_assert_cmpint (g_mkdir_with_parents (sessions, 0700), ==, 0);
  g_object_unref (write_file (sessions, "1.json", entry));
  g_assert_false (cairn_test_switch_version (session, prompt, -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  after = last_line_of (file);
  g_assert_cmpstr (after, ==, before);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
}

/* The arrows on an edited prompt: the recorded file has two versions of
 * the second prompt; going to the first shows its branch and names it in
 * the file as the CLI does (a last-prompt line), so that the CLI resumes
 * it and the conversation opens on it again; and back. */
static void
test_recorded_versions (void)
{
  g_autoptr(GFile) file = copy_of_rewind ();
  g_autoptr(CairnSession) session = open_file (file);
  g_autoptr(CairnSession) reopened = NULL;
  CairnTranscript *transcript = cairn_session_get_transcript (session);
  /* held: the transcript lets them go when it shows another branch */
  g_autoptr(CairnItem) first = g_object_ref (cairn_test_find_item (transcript, CAIRN_ITEM_KIND_USER, 0));
  g_autoptr(CairnItem) edited = g_object_ref (cairn_test_find_item (transcript, CAIRN_ITEM_KIND_USER, 1));
  g_autoptr(CairnItem) abandoned = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *old_rows = NULL;
  g_autofree char *reopened_rows = NULL;
  g_autofree char *new_rows = NULL;
  g_autofree char *named = NULL;
  guint index, count;

  g_assert_null (cairn_text_item_get_branch (CAIRN_TEXT_ITEM (first), NULL, NULL));
  g_assert_cmpstr (cairn_text_item_get_branch (CAIRN_TEXT_ITEM (edited), &index, &count), ==,
                   "6dda3d05-5b12-48dc-87e9-d7a511f12ba9");
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpuint (count, ==, 2);
  /* there is no version after the newest */
  g_assert_false (cairn_test_switch_version (session, CAIRN_TEXT_ITEM (edited), 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  refuse_while_open_elsewhere (session, CAIRN_TEXT_ITEM (edited), file);
  g_assert_true (cairn_test_switch_version (session, CAIRN_TEXT_ITEM (edited), -1, &error));
  g_assert_no_error (error);
  old_rows = describe (session);
  g_assert_nonnull (strstr (old_rows, "0:First prompt\n"));
  g_assert_nonnull (strstr (old_rows, "0:Second prompt, later abandoned\n"));
  g_assert_nonnull (strstr (old_rows, "You said: Second prompt, later abandoned"));
  g_assert_null (strstr (old_rows, "edited"));
  abandoned = g_object_ref (cairn_test_find_item (transcript, CAIRN_ITEM_KIND_USER, 1));
  cairn_text_item_get_branch (CAIRN_TEXT_ITEM (abandoned), &index, &count);
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpuint (count, ==, 2);
  named = last_line_of (file);
  g_assert_cmpstr (named, ==, "{\"type\":\"last-prompt\",\"lastPrompt\":\"Second prompt, later abandoned\","
                              "\"leafUuid\":\"bf6c5154-af42-40c3-9062-1369c24fca84\",\"sessionId\":\"" REWIND_ID "\"}");
  reopened = open_file (file);
  reopened_rows = describe (reopened);
  g_assert_cmpstr (reopened_rows, ==, old_rows);

  g_assert_true (cairn_test_switch_version (session, CAIRN_TEXT_ITEM (abandoned), 1, &error));
  new_rows = describe (session);
  g_assert_nonnull (strstr (new_rows, "You said: Second prompt, edited"));
  g_assert_null (strstr (new_rows, "abandoned"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/history/folder-names", test_folder_names);
  g_test_add_func ("/cairn/history/scan-line", test_scan_line);
  g_test_add_func ("/cairn/history/shown-branch", test_shown_branch);
  g_test_add_func ("/cairn/history/open-tail-first", test_open_tail_first);
  g_test_add_func ("/cairn/history/open-held", test_open_held);
  g_test_add_func ("/cairn/history/open-end-replaced", test_open_end_replaced);
  g_test_add_func ("/cairn/history/open-unreadable-and-deleted", test_open_unreadable_and_deleted);
  g_test_add_func ("/cairn/history/recorded-image", test_recorded_image);
  g_test_add_func ("/cairn/history/recorded-rename", test_recorded_rename);
  g_test_add_func ("/cairn/history/recorded-compaction", test_recorded_compaction);
  g_test_add_func ("/cairn/history/recorded-rewind", test_recorded_rewind);
  g_test_add_func ("/cairn/history/recorded-versions", test_recorded_versions);
  g_test_add_func ("/cairn/history/branch-versions", test_branch_versions);
  g_test_add_func ("/cairn/history/named-branch", test_named_branch);
  g_test_add_func ("/cairn/history/info-of-recorded-conversation", test_info_of_recorded_conversation);
  g_test_add_func ("/cairn/history/title-order", test_title_order);
  g_test_add_func ("/cairn/history/bad-files", test_bad_files);
  g_test_add_func ("/cairn/history/index-lists-and-follows", test_index_lists_and_follows);
  g_test_add_func ("/cairn/history/rename-appends", test_rename_appends);
  g_test_add_func ("/cairn/history/trash-and-restore", test_trash_and_restore);

  return g_test_run ();
}
