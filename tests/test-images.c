/* test-images.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "attachments/cairn-attachment-store.h"
#include "cairn-test-harness.h"
#include "transcript/cairn-text-item.h"

/* An image prompt end to end: two images prepared and saved by the
 * session's attachment store, sent with the prompt through the real,
 * pinned CLI to the project's fake Anthropic API. The model must receive
 * exactly the saved files' bytes. */

#define WAIT_MS 60000

typedef struct
{
  CairnAttachmentStore *store;
  CairnAttachment      *result;
  GError               *error;
  gboolean              done;
} Step;

static gboolean
step_done (gpointer data)
{
  return ((Step *)data)->done;
}

static void
prepared_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Step *step = user_data;

  step->result = cairn_attachment_store_prepare_file_finish (step->store, result, &step->error);
  step->done = TRUE;
}

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Step *step = user_data;

  step->result = cairn_attachment_store_save_finish (step->store, result, &step->error);
  step->done = TRUE;
}

/* A picture with some detail, so that the files are not trivially small. */
static char *
write_picture (const char *dir,
               const char *name,
               const char *type)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 120, 80);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  guint8 *pixels = gdk_pixbuf_get_pixels (pixbuf);
  int stride = gdk_pixbuf_get_rowstride (pixbuf);

  for (int y = 0; y < 80; y++)
    for (int x = 0; x < 120; x++)
      {
        pixels[y * stride + x * 3] = x * 2;
        pixels[y * stride + x * 3 + 1] = y * 3;
        pixels[y * stride + x * 3 + 2] = (x ^ y) & 0xff;
      }
  gdk_pixbuf_save (pixbuf, path, type, &error, NULL);
  g_assert_no_error (error);
  return path;
}

/* Through the store, as the composer does: prepare, then save. */
static CairnAttachment *
attach (CairnAttachmentStore *store,
        const char           *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autoptr(CairnAttachment) prepared = NULL;
  Step step = { store, NULL, NULL, FALSE };

  cairn_attachment_store_prepare_file_async (store, file, folder, NULL, prepared_cb, &step);
  g_assert_true (cairn_test_wait_until (step_done, &step, WAIT_MS));
  g_assert_no_error (step.error);
  prepared = g_steal_pointer (&step.result);

  step.done = FALSE;
  cairn_attachment_store_save_async (store, prepared, NULL, saved_cb, &step);
  g_assert_true (cairn_test_wait_until (step_done, &step, WAIT_MS));
  g_assert_no_error (step.error);
  return step.result;
}

/* The image blocks of the last user message of a request, or NULL. */
static JsonArray *
last_user_images (JsonNode *body)
{
  JsonArray *messages = json_object_get_array_member (json_node_get_object (body), "messages");
  JsonArray *images = json_array_new ();

  for (guint i = json_array_get_length (messages); i > 0; i--)
    {
      JsonObject *message = json_array_get_object_element (messages, i - 1);
      JsonNode *content = json_object_get_member (message, "content");

      if (g_strcmp0 (json_object_get_string_member (message, "role"), "user") != 0)
        continue;
      for (guint j = 0; JSON_NODE_HOLDS_ARRAY (content) &&
                        j < json_array_get_length (json_node_get_array (content)); j++)
        {
          JsonObject *block = json_array_get_object_element (json_node_get_array (content), j);

          if (g_strcmp0 (json_object_get_string_member (block, "type"), "image") == 0)
            json_array_add_object_element (images, json_object_ref (block));
        }
      break;
    }
  return images;
}

static void
assert_block_is_file (JsonObject      *block,
                      CairnAttachment *saved)
{
  JsonObject *source = json_object_get_object_member (block, "source");
  g_autoptr(GBytes) file = cairn_test_read_bytes (cairn_attachment_get_path (saved));
  g_autoptr(GBytes) sent = NULL;
  guchar *decoded;
  gsize length;

  g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "base64");
  g_assert_cmpstr (json_object_get_string_member (source, "media_type"), ==,
                   cairn_attachment_get_media_type (saved));
  decoded = g_base64_decode (json_object_get_string_member (source, "data"), &length);
  sent = g_bytes_new_take (decoded, length);
  g_assert_true (g_bytes_equal (sent, file));
}

/* Saved 0600 under .cairn/tmp/images/, with .cairn/.gitignore in place. */
static void
assert_saved_privately (CairnAttachmentStore *store,
                        CairnAttachment      *saved)
{
  g_autofree char *images_dir = cairn_attachment_store_dup_images_dir (store);
  g_autofree char *expected_dir = g_build_filename (cairn_attachment_store_get_project_dir (store),
                                                    ".cairn", "tmp", "images", NULL);
  g_autofree char *dir = g_path_get_dirname (cairn_attachment_get_path (saved));
  GStatBuf st;

  g_assert_cmpstr (images_dir, ==, expected_dir);
  g_assert_cmpstr (dir, ==, expected_dir);
  g_assert_cmpint (g_stat (cairn_attachment_get_path (saved), &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
}

static void
assert_gitignore (CairnAttachmentStore *store)
{
  g_autofree char *path = g_build_filename (cairn_attachment_store_get_project_dir (store),
                                            ".cairn", ".gitignore", NULL);
  g_autoptr(GBytes) contents = cairn_test_read_bytes (path);
  g_autofree char *text = g_strndup (g_bytes_get_data (contents, NULL),
                                     g_bytes_get_size (contents));

  g_assert_cmpstr (g_strstrip (text), ==, "*");
}

static void
test_two_images_reach_the_model (void)
{
  g_autoptr(CairnTestFakeApi) api = cairn_test_fake_api_start ("{}");
  g_autoptr(CairnSession) session = cairn_session_new (api->project, cairn_test_cli_path ());
  CairnAttachmentStore *store = cairn_session_get_attachment_store (session);
  g_autofree char *pictures = g_build_filename (api->dir, "pictures", NULL);
  g_autofree char *png_path = NULL;
  g_autofree char *jpeg_path = NULL;
  g_autoptr(GPtrArray) saved = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) bodies = NULL;
  g_autoptr(JsonArray) images = NULL;
  CairnItem *user;

  g_assert_cmpint (g_mkdir_with_parents (pictures, 0700), ==, 0);
  png_path = write_picture (pictures, "diagram.png", "png");
  jpeg_path = write_picture (pictures, "photo.jpg", "jpeg");
  g_ptr_array_add (saved, attach (store, png_path));
  g_ptr_array_add (saved, attach (store, jpeg_path));
  g_assert_cmpstr (cairn_attachment_get_media_type (saved->pdata[0]), ==, "image/png");
  g_assert_cmpstr (cairn_attachment_get_media_type (saved->pdata[1]), ==, "image/jpeg");

  cairn_session_send_prompt_with_images (session, "What is in these pictures?", saved);
  g_assert_true (cairn_test_wait_until (cairn_test_session_idle, session, WAIT_MS));

  bodies = cairn_test_fake_api_bodies (api);
  g_assert_cmpuint (bodies->len, >=, 1);
  images = last_user_images (g_ptr_array_index (bodies, bodies->len - 1));
  g_assert_cmpuint (json_array_get_length (images), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      assert_block_is_file (json_array_get_object_element (images, i), saved->pdata[i]);
      assert_saved_privately (store, g_ptr_array_index (saved, i));
    }
  assert_gitignore (store);

  /* the transcript's prompt carries its images, for the thumbnails */
  user = cairn_test_find_item (cairn_session_get_transcript (session), CAIRN_ITEM_KIND_USER, 0);
  g_assert_nonnull (user);
  g_assert_cmpuint (g_list_model_get_n_items (
    cairn_text_item_get_attachments (CAIRN_TEXT_ITEM (user))), ==, 2);

  cairn_session_close (session);
  cairn_test_run_for (200);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/integration/images/two-images-reach-the-model",
                   test_two_images_reach_the_model);

  return g_test_run ();
}
