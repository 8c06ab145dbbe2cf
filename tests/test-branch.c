/* test-branch.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "protocol/cairn-json-parse.h"
#include "transcript/cairn-text-item.h"

/* Going back to a prompt through the real CLI: edit and resend makes a
 * sibling branch in the same file (its parentUuid is the edited prompt's),
 * and a branch into a new conversation makes a new file with the history
 * up to there, the original untouched. */

typedef struct
{
  CairnTestFakeApi *api;
  CairnSession     *session;
  CairnSession     *result;
  GError           *error;
  gboolean          done;
} Fixture;

static void
branched_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Fixture *f = user_data;

  f->result = cairn_session_branch_finish (CAIRN_SESSION (source), result, &f->error);
  f->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Fixture *)data)->done;
}

static CairnTextItem *
prompt (CairnSession *session,
        guint         nth)
{
  return CAIRN_TEXT_ITEM (cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_USER, nth));
}

/* The session file's first line of @type that has @needle, parsed. */
static JsonObject *
line_of_type_with (Fixture      *f,
                   CairnSession *session,
                   const char   *type,
                   const char   *needle)
{
  g_autofree char *path = cairn_test_session_file (f->api, cairn_session_get_session_id (session));
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *quoted_type = g_strdup_printf ("\"type\":\"%s\"", type);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], quoted_type) && strstr (lines[i], needle))
      return cairn_json_parse_line (lines[i], strlen (lines[i]));
  return NULL;
}

/* The session file's user line that says @text, parsed. */
static JsonObject *
line_saying (Fixture      *f,
             CairnSession *session,
             const char   *text)
{
  g_autofree char *quoted = g_strdup_printf ("\"content\":\"%s\"", text);

  return line_of_type_with (f, session, "user", quoted);
}

/* Whether @line's parent is @uuid, or a system line under it: Cairn's
 * Stop hook makes the CLI write a stop_hook_summary after each reply, and
 * the next prompt hangs from that. */
static gboolean
hangs_under (Fixture      *f,
             CairnSession *session,
             JsonObject   *line,
             const char   *uuid)
{
  const char *parent = cairn_json_get_string (line, "parentUuid");
  g_autofree char *quoted = g_strdup_printf ("\"uuid\":\"%s\"", parent ? parent : "none");
  g_autoptr(JsonObject) system = NULL;

  if (g_strcmp0 (parent, uuid) == 0)
    return TRUE;
  system = line_of_type_with (f, session, "system", quoted);
  return system != NULL && g_strcmp0 (cairn_json_get_string (system, "parentUuid"), uuid) == 0;
}

static void
finish (Fixture *f)
{
  g_assert_true (cairn_test_wait_until (is_done, f, 30000));
  g_assert_no_error (f->error);
  g_assert_nonnull (f->result);
}

/* A conversation through the real CLI with two prompts sent. */
static void
fixture_start (Fixture    *f,
               const char *second)
{
  f->api = cairn_test_fake_api_start ("{}");
  f->session = cairn_session_new (f->api->project, cairn_test_cli_path ());
  cairn_test_send_and_wait (f->session, "first prompt");
  cairn_test_send_and_wait (f->session, second);
}

static void
fixture_clear (Fixture *f)
{
  g_clear_object (&f->result);
  cairn_session_close (f->session);
  cairn_test_run_for (200);
  g_clear_object (&f->session);
  g_clear_pointer (&f->api, cairn_test_fake_api_free);
}

static void
test_edit_and_resend (void)
{
  Fixture f = { 0 };
  g_autoptr(JsonObject) old = NULL;
  g_autoptr(JsonObject) edited = NULL;

  fixture_start (&f, "second prompt");

  cairn_session_edit_prompt_async (f.session, prompt (f.session, 1), NULL, branched_cb, &f);
  finish (&f);
  g_assert_true (f.result == f.session);
  /* the transcript ends before the edited prompt */
  g_assert_null (prompt (f.session, 1));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session), "You said: second prompt"));
  cairn_test_send_and_wait (f.session, "second prompt, edited");

  old = line_saying (&f, f.session, "second prompt");
  edited = line_saying (&f, f.session, "second prompt, edited");
  g_assert_nonnull (old);
  g_assert_nonnull (edited);
  /* a sibling of the edited prompt: the same message before it */
  g_assert_cmpstr (cairn_json_get_string (edited, "parentUuid"), ==, cairn_json_get_string (old, "parentUuid"));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session),
                                                 "You said: second prompt, edited"));

  fixture_clear (&f);
}

/* The arrows on an edited prompt: the resent one is version 2 of 2; going
 * to version 1 shows its branch, and what is sent then goes on from that
 * branch's end: the model gets that branch's history, and the file gets
 * the prompt under that branch's last line. */
static void
test_versions (void)
{
  Fixture f = { 0 };
  g_autoptr(CairnTextItem) resent = NULL;
  g_autoptr(CairnTextItem) old = NULL;
  g_autoptr(GPtrArray) bodies = NULL;
  g_autoptr(JsonObject) third = NULL;
  g_autoptr(JsonObject) old_reply = NULL;
  g_autoptr(GError) error = NULL;
  JsonNode *last_body;
  guint index, count;

  fixture_start (&f, "second prompt APPLE");
  cairn_session_edit_prompt_async (f.session, prompt (f.session, 1), NULL, branched_cb, &f);
  finish (&f);
  cairn_test_send_and_wait (f.session, "second prompt BANANA");

  resent = g_object_ref (prompt (f.session, 1));
  g_assert_nonnull (cairn_text_item_get_branch (resent, &index, &count));
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpuint (count, ==, 2);

  g_assert_true (cairn_test_switch_version (f.session, resent, -1, &error));
  g_assert_no_error (error);
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session), "You said: second prompt APPLE"));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session), "BANANA"));
  old = g_object_ref (prompt (f.session, 1));
  cairn_text_item_get_branch (old, &index, &count);
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpuint (count, ==, 2);

  cairn_test_send_and_wait (f.session, "third prompt CHERRY");
  bodies = cairn_test_fake_api_bodies (f.api);
  last_body = g_ptr_array_index (bodies, bodies->len - 1);
  g_assert_true (cairn_test_body_mentions (last_body, "APPLE"));
  g_assert_true (cairn_test_body_mentions (last_body, "CHERRY"));
  g_assert_false (cairn_test_body_mentions (last_body, "BANANA"));
  /* in the file, under the old branch's reply */
  third = line_saying (&f, f.session, "third prompt CHERRY");
  old_reply = line_of_type_with (&f, f.session, "assistant", "You said: second prompt APPLE");
  g_assert_nonnull (third);
  g_assert_nonnull (old_reply);
  g_assert_true (hangs_under (&f, f.session, third, cairn_json_get_string (old_reply, "uuid")));

  /* and back to the newer version: its branch, without the third prompt */
  g_assert_true (cairn_test_switch_version (f.session, old, 1, &error));
  g_assert_true (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session), "You said: second prompt BANANA"));
  g_assert_false (cairn_test_transcript_mentions (cairn_session_get_transcript (f.session), "CHERRY"));

  fixture_clear (&f);
}

static void
test_branch_into_new_conversation (void)
{
  Fixture f = { 0 };
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(JsonObject) forked = NULL;
  g_autoptr(JsonObject) first = NULL;

  fixture_start (&f, "second prompt");
  path = cairn_test_session_file (f.api, cairn_session_get_session_id (f.session));
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  cairn_session_branch_async (f.session, prompt (f.session, 1), NULL, branched_cb, &f);
  finish (&f);
  g_assert_true (f.result != f.session);
  /* the branch shows the history up to there; the original all of it */
  g_assert_nonnull (prompt (f.result, 0));
  g_assert_null (prompt (f.result, 1));
  g_assert_nonnull (prompt (f.session, 1));
  cairn_test_send_and_wait (f.result, "forked prompt");

  g_assert_cmpstr (cairn_session_get_session_id (f.result), !=, cairn_session_get_session_id (f.session));
  forked = line_saying (&f, f.result, "forked prompt");
  first = line_saying (&f, f.result, "first prompt");
  g_assert_nonnull (forked);
  g_assert_nonnull (first);   /* the history came along */
  g_assert_null (line_saying (&f, f.result, "second prompt"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  cairn_session_close (f.result);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/branch/edit-and-resend", test_edit_and_resend);
  g_test_add_func ("/cairn/branch/into-new-conversation", test_branch_into_new_conversation);
  g_test_add_func ("/cairn/branch/versions", test_versions);

  return g_test_run ();
}
