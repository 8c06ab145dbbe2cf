/* test-attachments-save.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "attachments/cairn-attachment-store.h"
#include "cairn-test-harness.h"

#define N_CONCURRENT_SAVES 20

/* Attachments saved into the project (.cairn/tmp/images): names, modes,
 * the .gitignore, concurrent and cancelled saves, and the content blocks
 * a prompt with images becomes. */

static char *workdir;


static void
assert_mode (const char *path,
             int         mode)
{
  struct stat st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, mode);
}

static void
count_save_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GPtrArray *saved = user_data;
  g_autoptr(GError) error = NULL;
  CairnAttachment *attachment =
    cairn_attachment_store_save_finish (CAIRN_ATTACHMENT_STORE (object), result, &error);

  g_assert_no_error (error);
  g_ptr_array_add (saved, attachment);
}

static gboolean
all_saved (gpointer data)
{
  return ((GPtrArray *)data)->len == N_CONCURRENT_SAVES;
}

static void
assert_saved_copy (CairnAttachment *saved,
                   GBytes          *data,
                   const char      *images_dir,
                   GHashTable      *seen)
{
  const char *path = cairn_attachment_get_path (saved);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr(GBytes) contents = cairn_test_read_bytes (path);

  g_assert_cmpstr (parent, ==, images_dir);
  g_assert_true (g_str_has_suffix (path, ".png"));
  g_assert_false (g_hash_table_contains (seen, path));
  g_hash_table_add (seen, g_strdup (path));
  assert_mode (path, 0600);
  g_assert_true (g_bytes_equal (contents, data));
}

/* Twenty saves at once: twenty files, none overwritten. */
static void
test_concurrent_saves (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "concurrent");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autofree char *images_dir = cairn_attachment_store_dup_images_dir (store);
  g_autofree char *cairn_dir = g_build_filename (dir, ".cairn", NULL);
  g_autofree char *gitignore = g_build_filename (cairn_dir, ".gitignore", NULL);
  g_autoptr(GBytes) png = cairn_test_make_png (32, 32, FALSE);
  g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *ignore_rules = NULL;

  attachment = cairn_test_prepare_bytes (store, png, "screen shot (1).png", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_CONCURRENT_SAVES; i++)
    cairn_attachment_store_save_async (store, attachment, NULL, count_save_cb, saved);
  g_assert_true (cairn_test_wait_until (all_saved, saved, CAIRN_TEST_WAIT_MS));

  for (guint i = 0; i < saved->len; i++)
    assert_saved_copy (g_ptr_array_index (saved, i), png, images_dir, seen);
  g_assert_cmpuint (g_hash_table_size (seen), ==, N_CONCURRENT_SAVES);
  assert_mode (cairn_dir, 0700);
  assert_mode (images_dir, 0700);

  g_file_get_contents (gitignore, &ignore_rules, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ignore_rules, ==, "*\n");
}

static void
test_file_name (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "names");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) gif = g_bytes_new_static (cairn_test_tiny_gif, sizeof cairn_test_tiny_gif);
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(CairnAttachment) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;

  attachment = cairn_test_prepare_bytes (store, gif, "Ünïcode & spaces; rm -rf ~ a very long name indeed.png",
                              &error);
  g_assert_no_error (error);
  saved = cairn_test_save_attachment (store, attachment);
  base = g_path_get_basename (cairn_attachment_get_path (saved));
  g_test_message ("saved as %s", base);
  g_assert_true (g_regex_match_simple ("^[0-9]{8}-[0-9]{6}-[A-Za-z0-9_-]{1,40}-[0-9a-f]{8}\\.gif$",
                                       base, 0, 0));
  g_assert_nonnull (strstr (base, "-rm-rf-a-very-long-name"));
}

static void
test_gitignore_preserved (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "own-gitignore");
  g_autofree char *cairn_dir = g_build_filename (dir, ".cairn", NULL);
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (8, 8, FALSE);
  g_autofree char *gitignore = NULL;
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(CairnAttachment) saved = NULL;
  g_autoptr(GBytes) rules = NULL;
  g_autoptr(GError) error = NULL;

  g_mkdir (cairn_dir, 0755);
  cairn_test_write_file (cairn_dir, ".gitignore", "tmp/\n!settings.json\n");
  gitignore = g_build_filename (cairn_dir, ".gitignore", NULL);

  attachment = cairn_test_prepare_bytes (store, png, "a.png", &error);
  g_assert_no_error (error);
  saved = cairn_test_save_attachment (store, attachment);
  g_assert_true (g_file_test (cairn_attachment_get_path (saved), G_FILE_TEST_IS_REGULAR));
  rules = cairn_test_read_bytes (gitignore);
  g_assert_cmpmem (g_bytes_get_data (rules, NULL), g_bytes_get_size (rules),
                   "tmp/\n!settings.json\n", 20);
}


static JsonObject *
element_object (JsonArray *array,
                guint      index)
{
  JsonNode *node = json_array_get_element (array, index);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_node_get_object (node);
}

static void
assert_image_block (JsonObject      *block,
                    CairnAttachment *saved)
{
  JsonObject *source = json_object_get_object_member (block, "source");
  g_autoptr(GBytes) on_disk = cairn_test_read_bytes (cairn_attachment_get_path (saved));
  g_autofree guint8 *decoded = NULL;
  gsize length = 0;

  g_assert_cmpuint (json_object_get_size (block), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (block, "type"), ==, "image");
  g_assert_cmpuint (json_object_get_size (source), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "base64");
  g_assert_cmpstr (json_object_get_string_member (source, "media_type"), ==,
                   cairn_attachment_get_media_type (saved));
  decoded = g_base64_decode (json_object_get_string_member (source, "data"), &length);
  g_assert_cmpmem (decoded, length, g_bytes_get_data (on_disk, NULL), g_bytes_get_size (on_disk));
}

static void
assert_text_block (JsonObject *block,
                   const char *text)
{
  g_assert_cmpuint (json_object_get_size (block), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (block, "type"), ==, "text");
  g_assert_cmpstr (json_object_get_string_member (block, "text"), ==, text);
}

/* docs/protocol.md, "User messages": text, then base64 image blocks; then
 * the saved paths. */
static void
test_content_blocks (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "content");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (20, 10, FALSE);
  g_autoptr(GBytes) gif = g_bytes_new_static (cairn_test_tiny_gif, sizeof cairn_test_tiny_gif);
  g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(JsonArray) content = NULL;
  g_autoptr(JsonArray) images_only = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;
  GBytes *inputs[] = { png, gif };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(CairnAttachment) attachment = cairn_test_prepare_bytes (store, inputs[i], NULL, &error);

      g_assert_no_error (error);
      g_ptr_array_add (saved, cairn_test_save_attachment (store, attachment));
    }
  note = g_strdup_printf ("[Attached images saved in the project: .cairn/tmp/images/%s, "
                          ".cairn/tmp/images/%s]",
                          strrchr (cairn_attachment_get_path (saved->pdata[0]), '/') + 1,
                          strrchr (cairn_attachment_get_path (saved->pdata[1]), '/') + 1);

  content = cairn_attachment_store_build_user_content (store, saved, "What is in these?");
  g_assert_cmpuint (json_array_get_length (content), ==, 4);
  assert_text_block (element_object (content, 0), "What is in these?");
  assert_image_block (element_object (content, 1), saved->pdata[0]);
  assert_image_block (element_object (content, 2), saved->pdata[1]);
  assert_text_block (element_object (content, 3), note);

  /* the API refuses an empty text block */
  images_only = cairn_attachment_store_build_user_content (store, saved, "");
  g_assert_cmpuint (json_array_get_length (images_only), ==, 3);
  assert_image_block (element_object (images_only, 0), saved->pdata[0]);
}

static void
test_cancelled_save (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "cancel");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) gif = g_bytes_new_static (cairn_test_tiny_gif, sizeof cairn_test_tiny_gif);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(CairnAttachment) saved = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *images_dir = cairn_attachment_store_dup_images_dir (store);
  g_autoptr(GDir) listing = NULL;

  attachment = cairn_test_prepare_bytes (store, gif, NULL, &error);
  g_assert_no_error (error);
  g_cancellable_cancel (cancellable);
  cairn_attachment_store_save_async (store, attachment, cancellable, cairn_test_store_result_cb, &result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, CAIRN_TEST_WAIT_MS));
  saved = cairn_attachment_store_save_finish (store, result, &error);
  g_assert_null (saved);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  listing = g_dir_open (images_dir, 0, NULL);
  g_assert_true (listing == NULL || g_dir_read_name (listing) == NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/attachments/concurrent-saves", test_concurrent_saves);
  g_test_add_func ("/cairn/attachments/file-name", test_file_name);
  g_test_add_func ("/cairn/attachments/gitignore-preserved", test_gitignore_preserved);
  g_test_add_func ("/cairn/attachments/content-blocks", test_content_blocks);
  g_test_add_func ("/cairn/attachments/cancelled-save", test_cancelled_save);

  return cairn_test_run_in_dir (&workdir, "attachments");
}
