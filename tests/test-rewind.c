/* test-rewind.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"

/* Restoring files through the real CLI (rewind_files, with the file
 * checkpointing the launcher turns on): what a dry run says would change,
 * files put back as they were before a message, and the CLI's error for a
 * message it has no checkpoint of. */

#define WRITE(id, text) \
  "{\"type\":\"tool_use\",\"id\":\"" id "\",\"name\":\"Write\",\"input\":" \
  "{\"file_path\":\"@PROJECT@/notes.txt\",\"content\":\"" text "\\n\"}}"
#define TEXT(t) "{\"type\":\"text\",\"text\":\"" t "\"}"

static const char script[] =
  "{\"rules\":["
  "{\"match\":\"first version\",\"replies\":[{\"blocks\":[" WRITE ("toolu_v1", "version 1") "]},"
  "  {\"blocks\":[" TEXT ("Wrote version 1.") "]}]},"
  "{\"match\":\"second version\",\"replies\":[{\"blocks\":[" WRITE ("toolu_v2", "version 2") "]},"
  "  {\"blocks\":[" TEXT ("Wrote version 2.") "]}]}"
  "]}";

typedef struct
{
  CairnTestFakeApi  *api;
  CairnSession      *session;
  CairnRewindResult *result;
  GError            *error;
  gboolean           done;
} Fixture;

static void
rewound_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Fixture *f = user_data;

  f->result = cairn_session_rewind_files_finish (CAIRN_SESSION (source), result, &f->error);
  f->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Fixture *)data)->done;
}

static void
rewind_files (Fixture       *f,
              CairnTextItem *prompt,
              gboolean       dry_run)
{
  g_clear_pointer (&f->result, cairn_rewind_result_free);
  g_clear_error (&f->error);
  f->done = FALSE;
  cairn_session_rewind_files_async (f->session, prompt, dry_run, NULL, rewound_cb, f);
  g_assert_true (cairn_test_wait_until (is_done, f, 30000));
}

static char *
notes (Fixture *f)
{
  g_autofree char *path = g_build_filename (f->api->project, "notes.txt", NULL);
  char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) ? contents : NULL;
}

static CairnTextItem *
prompt (Fixture *f,
        guint    nth)
{
  CairnItem *item = cairn_test_find_item (cairn_session_get_transcript (f->session), CAIRN_ITEM_KIND_USER, nth);

  g_assert_nonnull (item);
  return CAIRN_TEXT_ITEM (item);
}

static void
test_restore_files (void)
{
  Fixture f = { 0 };
  g_autofree char *after_two = NULL;
  g_autofree char *after_rewind = NULL;
  g_autofree char *after_first = NULL;

  f.api = cairn_test_fake_api_start (script);
  f.session = cairn_session_new (f.api->project, cairn_test_cli_path ());
  cairn_session_set_start_mode (f.session, CAIRN_PERMISSION_MODE_ACCEPT_EDITS);
  cairn_test_send_and_wait (f.session, "first version");
  cairn_test_send_and_wait (f.session, "second version");
  after_two = notes (&f);
  g_assert_cmpstr (after_two, ==, "version 2\n");

  /* what putting the files back before the second prompt would change */
  rewind_files (&f, prompt (&f, 1), TRUE);
  g_assert_no_error (f.error);
  g_assert_cmpuint (g_strv_length (f.result->files_changed), ==, 1);
  g_assert_true (g_str_has_suffix (f.result->files_changed[0], "notes.txt"));
  g_assert_cmpint (f.result->insertions, ==, 1);
  g_assert_cmpint (f.result->deletions, ==, 1);
  after_rewind = notes (&f);
  g_assert_cmpstr (after_rewind, ==, "version 2\n");   /* a dry run changes nothing */

  rewind_files (&f, prompt (&f, 1), FALSE);
  g_assert_no_error (f.error);
  g_free (after_rewind);
  after_rewind = notes (&f);
  g_assert_cmpstr (after_rewind, ==, "version 1\n");

  /* before the first prompt the file was not there */
  rewind_files (&f, prompt (&f, 0), FALSE);
  g_assert_no_error (f.error);
  after_first = notes (&f);
  g_assert_null (after_first);

  /* the prompts were found in the session file, by the uuids it has */
  g_assert_nonnull (cairn_text_item_get_uuid (prompt (&f, 0)));
  g_assert_cmpstr (cairn_text_item_get_uuid (prompt (&f, 0)), !=, cairn_text_item_get_uuid (prompt (&f, 1)));

  /* a message the CLI has no checkpoint of: its error, as it says it */
  {
    g_autoptr(CairnTextItem) unknown = CAIRN_TEXT_ITEM (cairn_text_item_new (CAIRN_ITEM_KIND_USER, "?"));
    cairn_text_item_set_uuid (unknown, "aaaaaaaa-1111-4000-8000-000000000009");
    rewind_files (&f, unknown, TRUE);
  }
  g_assert_null (f.result);
  g_assert_nonnull (f.error);
  g_assert_nonnull (strstr (f.error->message, "checkpoint"));

  g_clear_error (&f.error);
  cairn_session_close (f.session);
  cairn_test_run_for (200);
  g_clear_object (&f.session);
  g_clear_pointer (&f.api, cairn_test_fake_api_free);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/rewind/restore-files", test_restore_files);

  return g_test_run ();
}
