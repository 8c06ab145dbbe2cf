/* test-history-open.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attachments/cairn-attachment.h"
#include "cairn-test-harness.h"
#include "history/cairn-conversation-info.h"
#include "history/cairn-history-edit.h"
#include "history/cairn-history-running.h"
#include "session/cairn-session.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-text-item.h"

/* A conversation opened from its session file as the window does: the
 * last screen first, unreadable and deleted files, and recordings of the
 * real CLI (an image, renames, /compact, a rewind and its versions). */

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
  g_autofree char *path = g_build_filename (dir, CAIRN_TEST_ROWS_ID ".jsonl", NULL);
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
  g_assert_cmpstr (cairn_session_get_session_id (session), ==, CAIRN_TEST_ROWS_ID);
  g_assert_cmpstr (cairn_session_get_model (session), ==, "claude-test");
  g_assert_cmpstr (cairn_session_get_permission_mode (session), ==, "plan");
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
  g_autoptr(GFile) file = cairn_test_write_gfile (dir, CAIRN_TEST_ROWS_ID ".jsonl", CAIRN_TEST_PROMPT ("still here"));
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
  copy = cairn_test_write_gfile (dir, "da353b36-8dd7-4ab1-996d-dd818e0f449b.jsonl", contents);
  info = cairn_test_read_info (copy);
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
  return cairn_test_write_gfile (dir, REWIND_ID ".jsonl", contents);
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
  g_object_unref (cairn_test_write_gfile (sessions, "1.json", entry));
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
  g_autofree char *path = g_build_filename (dir, CAIRN_TEST_ROWS_ID ".jsonl", NULL);
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

#define FOLLOW_ID "0b6c7b52-2b1c-4b1a-9a39-4b7f6f1d2c10"
#define FOLLOW_USER(uuid, parent, text) \
  "{\"parentUuid\":" parent ",\"isSidechain\":false,\"type\":\"user\",\"uuid\":\"" uuid "\"," \
  "\"sessionId\":\"" FOLLOW_ID "\",\"message\":{\"role\":\"user\",\"content\":\"" text "\"}}\n"
#define FOLLOW_ASSISTANT(uuid, parent, text) \
  "{\"parentUuid\":\"" parent "\",\"isSidechain\":false,\"type\":\"assistant\",\"uuid\":\"" uuid "\"," \
  "\"sessionId\":\"" FOLLOW_ID "\",\"message\":{\"id\":\"msg_" uuid "\",\"model\":\"claude-opus-4-8\"," \
  "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"" text "\"}]}}\n"

static gboolean
mentions_second_answer (gpointer session)
{
  return cairn_test_transcript_mentions (cairn_session_get_transcript (session), "SECOND ANSWER");
}

/* While the terminal pane's CLI has a conversation, what it appends shows,
 * read from where the last read ended: the rows shown before stay the same
 * objects (the file is not read again whole), a line still being written
 * waits until it is whole, and a sidechain's lines are left to their
 * card. Taken back, the conversation is its own again. */
static void
test_follow_appended (void)
{
  g_autofree char *dir = cairn_test_make_dir ("follow");
  g_autofree char *path = g_build_filename (dir, FOLLOW_ID ".jsonl", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = cairn_session_new (dir, "/bin/false");
  g_autoptr(CairnItem) first = NULL;
  g_autoptr(CairnItem) still_first = NULL;
  GListModel *items;
  const char *second_user = FOLLOW_USER ("u2", "\"a1\"", "SECOND QUESTION");

  cairn_test_append_file (path, FOLLOW_USER ("u1", "null", "FIRST QUESTION") FOLLOW_ASSISTANT ("a1", "u1", "first answer"));
  g_assert_true (cairn_test_open_conversation (session, file));
  items = G_LIST_MODEL (cairn_session_get_transcript (session));
  first = g_list_model_get_item (items, 0);
  g_assert_true (cairn_session_hand_to_terminal (session));
  g_assert_true (cairn_session_get_running_elsewhere (session));
  cairn_test_run_for (300);

  /* half a line: nothing yet */
  cairn_test_append_file (path, "{\"parentUuid\":\"a1\",\"isSidechain\":true,\"type\":\"assistant\",\"uuid\":\"s1\",");
  cairn_test_run_for (600);
  cairn_test_append_file (path, "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"SIDECHAIN\"}]}}\n");
  cairn_test_append_file (path, second_user);
  cairn_test_append_file (path, FOLLOW_ASSISTANT ("a2", "u2", "SECOND ANSWER"));
  g_assert_true (cairn_test_wait_until (mentions_second_answer, session, 10000));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (session), "SECOND QUESTION"));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (session), "SIDECHAIN"));
  still_first = g_list_model_get_item (items, 0);
  g_assert_true (first == still_first);
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, 4);

  cairn_session_take_back (session);
  cairn_test_run_for (300);
  g_assert_false (cairn_session_get_running_elsewhere (session));
  g_assert_false (cairn_session_get_held_by_terminal (session));
  cairn_test_remove_dir (dir);
}

static const char *gap_path;

/* The open's read is over; before it is taken in, the other process
 * appends a turn. */
static void
opened_after_gap_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  cairn_test_append_file (gap_path, FOLLOW_USER ("u2", "\"a1\"", "GAP QUESTION") FOLLOW_ASSISTANT ("a2", "u2", "GAP ANSWER"));
  opened_cb (source, result, user_data);
}

/* A conversation another Claude Code has open (registered in the CLI's
 * sessions folder; this test's process stands in for it) is followed from
 * the byte where the open's read ended: a turn appended between that read
 * and the start of following shows, once, before what comes later. */
static void
test_follow_from_open (void)
{
  g_autofree char *dir = cairn_test_make_dir ("follow-gap");
  g_autofree char *config = cairn_test_make_dir ("follow-gap-config");
  g_autofree char *sessions = g_build_filename (config, "sessions", NULL);
  g_autofree char *entry = g_strdup_printf ("{\"pid\":%d,\"sessionId\":\"" FOLLOW_ID "\"}", (int)getpid ());
  g_autofree char *path = g_build_filename (dir, FOLLOW_ID ".jsonl", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CairnSession) session = cairn_session_new (dir, "/bin/false");
  g_autofree char *rows = NULL;
  OpenWatch watch = { 0 };

  g_setenv ("CLAUDE_CONFIG_DIR", config, TRUE);
  g_assert_cmpint (g_mkdir_with_parents (sessions, 0700), ==, 0);
  g_object_unref (cairn_test_write_gfile (sessions, "1.json", entry));
  cairn_test_append_file (path, FOLLOW_USER ("u1", "null", "FIRST QUESTION") FOLLOW_ASSISTANT ("a1", "u1", "first answer"));
  gap_path = path;
  cairn_session_open_conversation_async (session, file, NULL, opened_after_gap_cb, &watch);
  g_assert_true (cairn_test_wait_until (open_done, &watch, 30000));
  g_assert_true (cairn_session_get_running_elsewhere (session));
  cairn_test_run_for (300);
  cairn_test_append_file (path, FOLLOW_USER ("u3", "\"a2\"", "LATER QUESTION") FOLLOW_ASSISTANT ("a3", "u3", "SECOND ANSWER"));
  g_assert_true (cairn_test_wait_until (mentions_second_answer, session, 10000));
  cairn_test_run_for (300);

  rows = describe (session);
  g_assert_nonnull (strstr (rows, "GAP QUESTION"));
  g_assert_nonnull (strstr (rows, "GAP ANSWER"));
  /* no gap, no repeat, in order */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (session))), ==, 6);
  g_assert_true (strstr (rows, "first answer") < strstr (rows, "GAP QUESTION"));
  g_assert_true (strstr (rows, "GAP ANSWER") < strstr (rows, "LATER QUESTION"));
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (config);
  cairn_test_remove_dir (dir);
}

/* A registration whose pid is @pid started at @start, in @sessions */
static void
register_process (const char *sessions,
                  GPid        pid,
                  const char *start)
{
  g_autofree char *entry = g_strdup_printf ("{\"pid\":%d,\"sessionId\":\"" FOLLOW_ID "\","
                                            "\"procStart\":\"%s\"}", (int)pid, start);

  g_object_unref (cairn_test_write_gfile (sessions, "1.json", entry));
}

/* In the Flatpak the sandbox sees none of the host's processes: whether a
 * registered CLI still runs is asked on the host (`flatpak-spawn --host cat
 * /proc/PID/stat`, through a stand-in that runs it as the host would). The
 * pid and its start time must both match; a dead one, or a host that does
 * not answer within 2 s, counts as gone. */
static void
test_running_on_host (void)
{
  g_autofree char *dir = cairn_test_make_dir ("running-host");
  g_autofree char *sessions = g_build_filename (dir, "sessions", NULL);
  g_autofree char *bin = g_build_filename (dir, "bin", NULL);
  g_autofree char *spawn = g_build_filename (bin, "flatpak-spawn", NULL);
  g_autofree char *fake = g_test_build_filename (G_TEST_DIST, "fake-flatpak-spawn.py", NULL);
  g_autofree char *argv_log = g_build_filename (dir, "argv.json", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = g_strdup_printf ("%s:%s", bin, old_path);
  g_autoptr(GSubprocess) sleeper = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, NULL, "sleep", "60", NULL);
  GPid pid = (GPid)g_ascii_strtoll (g_subprocess_get_identifier (sleeper), NULL, 10);
  g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", (int)pid);
  g_autofree char *stat = NULL;
  g_autofree char *logged = NULL;
  g_auto(GStrv) fields = NULL;
  gint64 start;

  g_assert_true (g_file_get_contents (stat_path, &stat, NULL, NULL));
  fields = g_strsplit (strrchr (stat, ')') + 2, " ", 0);
  g_assert_cmpint (g_mkdir_with_parents (sessions, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (bin, 0700), ==, 0);
  g_assert_cmpint (symlink (fake, spawn), ==, 0);
  g_setenv ("PATH", path, TRUE);
  g_setenv ("FAKE_SPAWN_ARGV_LOG", argv_log, TRUE);
  g_setenv ("CLAUDE_CONFIG_DIR", dir, TRUE);

  register_process (sessions, pid, fields[19]);
  g_assert_cmpint (cairn_history_running_pid_for (FOLLOW_ID, NULL, TRUE), ==, pid);
  g_assert_true (g_file_get_contents (argv_log, &logged, NULL, NULL));
  g_assert_nonnull (strstr (logged, "\"--host\", \"cat\""));
  g_assert_nonnull (strstr (logged, stat_path));
  register_process (sessions, pid, "1");   /* the pid, reused by another */
  g_assert_cmpint (cairn_history_running_pid_for (FOLLOW_ID, NULL, TRUE), ==, 0);
  register_process (sessions, pid, fields[19]);
  g_subprocess_force_exit (sleeper);
  g_assert_true (g_subprocess_wait (sleeper, NULL, NULL));
  g_assert_cmpint (cairn_history_running_pid_for (FOLLOW_ID, NULL, TRUE), ==, 0);

  /* a host that never answers */
  g_unlink (spawn);
  g_object_unref (cairn_test_write_gfile (bin, "flatpak-spawn", "#!/bin/sh\nexec sleep 30\n"));
  g_assert_cmpint (g_chmod (spawn, 0755), ==, 0);
  register_process (sessions, getpid (), "");
  start = g_get_monotonic_time ();
  g_assert_cmpint (cairn_history_running_pid_for (FOLLOW_ID, NULL, TRUE), ==, 0);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 4 * G_USEC_PER_SEC);

  g_setenv ("PATH", old_path, TRUE);
  g_unsetenv ("FAKE_SPAWN_ARGV_LOG");
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (dir);
}

static gpointer
open_fifo_later (gpointer path)
{
  int fd;

  g_usleep (2 * G_USEC_PER_SEC);
  fd = g_open (path, O_WRONLY, 0);   /* lets the check's read of it go on */
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  return NULL;
}

static gboolean
count_tick (gpointer ticks)
{
  (*(guint *)ticks)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
mentions_both_prompts (gpointer session)
{
  CairnTranscript *transcript = cairn_session_get_transcript (session);

  return cairn_test_transcript_mentions (transcript, "HELD ONE") &&
         cairn_test_transcript_mentions (transcript, "HELD TWO");
}

/* A session on a conversation in @dir (also the CLI's config folder),
 * opened, and then a registration there that a check blocks on reading:
 * a FIFO (returned in @fifo) that nobody writes to yet. */
static CairnSession *
open_with_blocking_registration (const char  *dir,
                                 char       **fifo)
{
  g_autofree char *sessions = g_build_filename (dir, "sessions", NULL);
  g_autofree char *path = g_build_filename (dir, FOLLOW_ID ".jsonl", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CairnSession *session = cairn_session_new (dir, "/bin/false");

  g_setenv ("CLAUDE_CONFIG_DIR", dir, TRUE);
  cairn_test_append_file (path, FOLLOW_USER ("u1", "null", "FIRST QUESTION") FOLLOW_ASSISTANT ("a1", "u1", "first answer"));
  g_assert_true (cairn_test_open_conversation (session, file));
  g_assert_cmpint (g_mkdir_with_parents (sessions, 0700), ==, 0);
  *fifo = g_build_filename (sessions, "slow.json", NULL);
  g_assert_cmpint (mkfifo (*fifo, 0600), ==, 0);
  return session;
}

/* Before a prompt resumes a stored conversation, whether another Claude
 * Code has it is asked off the main loop: here a registration the check
 * blocks on (a FIFO nobody writes for 2 s; in the Flatpak, a host slow to
 * answer). The sends return at once, the loop runs meanwhile, and both
 * prompts are held (busy, not yet shown), then go in order. */
static void
test_running_check_off_main_loop (void)
{
  g_autofree char *dir = cairn_test_make_dir ("check-async");
  g_autofree char *fifo = NULL;
  g_autoptr(CairnSession) session = open_with_blocking_registration (dir, &fifo);
  CairnTranscript *transcript = cairn_session_get_transcript (session);
  GThread *writer;
  guint ticks = 0;
  guint tick_source;
  gint64 start;
  char *one, *two;
  g_autofree char *rows = NULL;

  writer = g_thread_new ("fifo-writer", open_fifo_later, fifo);

  start = g_get_monotonic_time ();
  cairn_session_send_prompt (session, "HELD ONE");
  cairn_session_send_prompt (session, "HELD TWO");
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
  tick_source = g_timeout_add (50, count_tick, &ticks);
  cairn_test_run_for (1000);
  g_assert_cmpuint (ticks, >=, 10);
  g_assert_true (cairn_session_get_busy (session));
  g_assert_false (cairn_test_transcript_mentions (transcript, "HELD ONE"));

  g_assert_true (cairn_test_wait_until (mentions_both_prompts, session, 10000));
  g_thread_join (writer);
  g_source_remove (tick_source);
  g_assert_false (cairn_session_get_running_elsewhere (session));
  rows = describe (session);
  one = strstr (rows, "HELD ONE");
  two = strstr (rows, "HELD TWO");
  g_assert_true (one != NULL && two != NULL && one < two);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (dir);
}

/* Lets a check blocked on opening @fifo go on: opened for writing once
 * the check's thread has it open for reading. */
static void
release_fifo (const char *fifo)
{
  int fd = -1;

  for (guint i = 0; i < 500 && fd < 0; i++)
    if ((fd = g_open (fifo, O_WRONLY | O_NONBLOCK, 0)) < 0)
      g_usleep (10000);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
}

static gboolean
is_null (gpointer pointer)
{
  return *(gpointer *)pointer == NULL;
}

/* A session let go of while its check runs is gone while the check is
 * still blocked (the check holds no reference; what the open itself
 * still had in flight may take a moment on a loaded machine) and the
 * check's answer, later, finds nothing. */
static void
test_running_check_outlived (void)
{
  g_autofree char *dir = cairn_test_make_dir ("check-outlived");
  g_autofree char *fifo = NULL;
  CairnSession *session = open_with_blocking_registration (dir, &fifo);

  cairn_session_send_prompt (session, "NEVER SENT");
  g_assert_true (cairn_session_get_busy (session));
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *)&session);
  g_object_unref (session);
  g_assert_true (cairn_test_wait_until (is_null, &session, 10000));
  release_fifo (fifo);
  cairn_test_run_for (300);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/history/open-tail-first", test_open_tail_first);
  g_test_add_func ("/cairn/history/open-unreadable-and-deleted", test_open_unreadable_and_deleted);
  g_test_add_func ("/cairn/history/recorded-image", test_recorded_image);
  g_test_add_func ("/cairn/history/recorded-rename", test_recorded_rename);
  g_test_add_func ("/cairn/history/recorded-compaction", test_recorded_compaction);
  g_test_add_func ("/cairn/history/recorded-rewind", test_recorded_rewind);
  g_test_add_func ("/cairn/history/recorded-versions", test_recorded_versions);

  g_test_add_func ("/cairn/history/open-held", test_open_held);
  g_test_add_func ("/cairn/history/open-end-replaced", test_open_end_replaced);
  g_test_add_func ("/cairn/history/follow-appended", test_follow_appended);
  g_test_add_func ("/cairn/history/follow-from-open", test_follow_from_open);
  g_test_add_func ("/cairn/history/running-on-host", test_running_on_host);
  g_test_add_func ("/cairn/history/running-check-off-main-loop", test_running_check_off_main_loop);
  g_test_add_func ("/cairn/history/running-check-outlived", test_running_check_outlived);

  return g_test_run ();
}
