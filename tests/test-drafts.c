/* test-drafts.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Nothing typed is lost: CairnDraftStore keeps a draft (text and images)
 * on disk, where another store — the next run of Cairn — finds it. */

#include "cairn-test-harness.h"
#include "attachments/cairn-attachment.h"
#include "prompt/cairn-draft-store.h"

typedef struct
{
  gboolean   done;
  char      *text;
  GPtrArray *files;
} Loaded;

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Loaded *loaded = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_draft_store_load_finish (CAIRN_DRAFT_STORE (object), result,
                                                &loaded->text, &loaded->files, &error));
  g_assert_no_error (error);
  loaded->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Loaded *)data)->done;
}

static void
load (const char *dir,
      const char *key,
      Loaded     *loaded)
{
  g_autoptr(CairnDraftStore) store = cairn_draft_store_new (dir);

  cairn_draft_store_load_async (store, key, NULL, loaded_cb, loaded);
  g_assert_true (cairn_test_wait_until (is_done, loaded, 5000));
}

static void
loaded_clear (Loaded *loaded)
{
  g_clear_pointer (&loaded->text, g_free);
  g_clear_pointer (&loaded->files, g_ptr_array_unref);
  loaded->done = FALSE;
}

static CairnAttachment *
attachment_of (const char *bytes)
{
  g_autoptr(GBytes) data = g_bytes_new (bytes, strlen (bytes));

  return cairn_attachment_new (data, "image/png", "shot.png", 1, 1, FALSE);
}

/* A draft typed and left (the store goes away as Cairn does, even before
 * the typing pause) is read back whole by the next store. */
static void
test_kept_across_runs (void)
{
  g_autofree char *dir = cairn_test_make_dir ("drafts");
  g_autoptr(GPtrArray) images = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *image = NULL;
  gsize size;
  Loaded loaded = { 0 };

  g_ptr_array_add (images, attachment_of ("not really a png"));
  {
    g_autoptr(CairnDraftStore) store = cairn_draft_store_new (dir);
    cairn_draft_store_save (store, "session-1", "half a tho", NULL);
    cairn_draft_store_save (store, "session-1", "half a thought", images);
    cairn_draft_store_save (store, "session-2", "another one", NULL);
  }

  load (dir, "session-1", &loaded);
  g_assert_cmpstr (loaded.text, ==, "half a thought");
  g_assert_cmpuint (loaded.files->len, ==, 1);
  g_assert_true (g_file_load_contents (loaded.files->pdata[0], NULL, &image, &size, NULL, NULL));
  g_assert_cmpmem (image, size, "not really a png", 16);
  loaded_clear (&loaded);

  load (dir, "session-2", &loaded);
  g_assert_cmpstr (loaded.text, ==, "another one");
  g_assert_cmpuint (loaded.files->len, ==, 0);
  loaded_clear (&loaded);
  cairn_test_remove_dir (dir);
}

/* Written while typing, before any quit: a kill loses at most the pause. */
static void
test_written_after_pause (void)
{
  g_autofree char *dir = cairn_test_make_dir ("drafts");
  g_autoptr(CairnDraftStore) store = cairn_draft_store_new (dir);
  g_autofree char *key = cairn_draft_key_for_new ("/home/me/project");
  Loaded loaded = { 0 };

  cairn_draft_store_save (store, key, "typed, then the power went", NULL);
  cairn_test_run_for (CAIRN_DRAFT_STORE_DELAY_MS + 500);
  /* a second store reads it while the first is still alive */
  load (dir, key, &loaded);
  g_assert_cmpstr (loaded.text, ==, "typed, then the power went");
  loaded_clear (&loaded);
  cairn_test_remove_dir (dir);
}

/* Sending empties the composer, which forgets the draft and its images. */
static void
test_empty_forgets (void)
{
  g_autofree char *dir = cairn_test_make_dir ("drafts");
  g_autoptr(CairnDraftStore) store = cairn_draft_store_new (dir);
  g_autoptr(GPtrArray) images = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GDir) left = NULL;
  Loaded loaded = { 0 };

  g_ptr_array_add (images, attachment_of ("pixels"));
  cairn_draft_store_save (store, "s", "sent soon", images);
  cairn_draft_store_flush (store);
  cairn_draft_store_save (store, "s", "", NULL);
  cairn_draft_store_flush (store);

  load (dir, "s", &loaded);
  g_assert_null (loaded.text);
  g_assert_cmpuint (loaded.files->len, ==, 0);
  loaded_clear (&loaded);
  left = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (left));
  cairn_test_remove_dir (dir);
}

/* A draft file that is not JSON is no draft: an empty composer, no error. */
static void
test_unreadable_draft (void)
{
  g_autofree char *dir = cairn_test_make_dir ("drafts");
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA1, "s", -1);
  g_autofree char *folder = g_build_filename (dir, hash, NULL);
  g_autofree char *path = g_build_filename (folder, "draft.json", NULL);
  Loaded loaded = { 0 };

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "{\"text\": [[[", -1, NULL));
  load (dir, "s", &loaded);
  g_assert_null (loaded.text);
  loaded_clear (&loaded);
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/drafts/kept-across-runs", test_kept_across_runs);
  g_test_add_func ("/cairn/drafts/written-after-pause", test_written_after_pause);
  g_test_add_func ("/cairn/drafts/empty-forgets", test_empty_forgets);
  g_test_add_func ("/cairn/drafts/unreadable-draft", test_unreadable_draft);

  return g_test_run ();
}
