/* test-attachments.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "attachments/cairn-attachment-store.h"
#include "cairn-test-harness.h"

/* What the store makes of a file or pasted bytes: the type from the bytes,
 * each kind of bad input refused with its own code, and images too large
 * for the API scaled down in a thread. Saving is test-attachments-save.c. */

static char *workdir;


/* A 1 × 1 lossless WebP. */
static const char tiny_webp_base64[] = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==";

static char *
write_file (const char *dir,
            const char *name,
            GBytes     *bytes)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  return path;
}

static char *
write_text (const char *dir,
            const char *name,
            const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return write_file (dir, name, bytes);
}

static guint32
crc32_of (const guint8 *data,
          gsize         length)
{
  guint32 crc = 0xffffffff;

  for (gsize i = 0; i < length; i++)
    {
      crc ^= data[i];
      for (guint k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xedb88320 & -(crc & 1));
    }
  return ~crc;
}

static void
append_chunk (GByteArray   *png,
              const char   *type,
              const guint8 *data,
              guint32       length)
{
  g_autoptr(GByteArray) body = g_byte_array_new ();
  guint32 be_length = GUINT32_TO_BE (length);
  guint32 be_crc;

  g_byte_array_append (body, (const guint8 *)type, 4);
  g_byte_array_append (body, data, length);
  be_crc = GUINT32_TO_BE (crc32_of (body->data, body->len));
  g_byte_array_append (png, (const guint8 *)&be_length, 4);
  g_byte_array_append (png, body->data, body->len);
  g_byte_array_append (png, (const guint8 *)&be_crc, 4);
}

/* A valid PNG header that claims 20000 × 20000 pixels (1.2 GB decoded). */
static GBytes *
make_pixel_bomb (void)
{
  GByteArray *png = g_byte_array_new ();
  guint8 ihdr[13] = { 0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20, 8, 2, 0, 0, 0 };
  guint8 idat[16] = { 0x78, 0x9c };

  g_byte_array_append (png, (const guint8 *)"\x89PNG\r\n\x1a\n", 8);
  append_chunk (png, "IHDR", ihdr, sizeof ihdr);
  append_chunk (png, "IDAT", idat, sizeof idat);
  append_chunk (png, "IEND", NULL, 0);
  return g_byte_array_free_to_bytes (png);
}

static CairnAttachment *
prepare_file (CairnAttachmentStore  *store,
              const char            *path,
              const char            *root,
              GError               **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) root_file = root ? g_file_new_for_path (root) : NULL;
  g_autoptr(GAsyncResult) result = NULL;

  cairn_attachment_store_prepare_file_async (store, file, root_file, NULL,
                                             cairn_test_store_result_cb, &result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, CAIRN_TEST_WAIT_MS));
  return cairn_attachment_store_prepare_file_finish (store, result, error);
}

static gboolean
has_format (const char *name)
{
  g_autoptr(GSList) formats = gdk_pixbuf_get_formats ();

  for (GSList *l = formats; l != NULL; l = l->next)
    {
      g_autofree char *format_name = gdk_pixbuf_format_get_name (l->data);

      if (g_str_equal (format_name, name))
        return TRUE;
    }
  return FALSE;
}


/* Each bad input gets its own code, and a message naming the file. */
static void
assert_refused (CairnAttachmentStore *store,
                const char           *path,
                const char           *root,
                CairnAttachmentError  code,
                const char           *also_mentions)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnAttachment) attachment = prepare_file (store, path, root, &error);
  g_autofree char *name = g_path_get_basename (path);

  g_assert_null (attachment);
  g_assert_error (error, CAIRN_ATTACHMENT_ERROR, (int)code);
  g_test_message ("%s: %s", name, error->message);
  g_assert_nonnull (strstr (error->message, name));
  if (also_mentions != NULL)
    g_assert_nonnull (strstr (error->message, also_mentions));
}

static CairnAttachment *
assert_accepted (CairnAttachmentStore *store,
                 const char           *path,
                 const char           *root,
                 const char           *media_type)
{
  g_autoptr(GError) error = NULL;
  CairnAttachment *attachment = prepare_file (store, path, root, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, media_type);
  g_assert_null (cairn_attachment_get_path (attachment));
  return attachment;
}

/* The type comes from the bytes: a PNG named .jpg is a PNG. */
static void
test_sniff_png_and_jpeg (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "sniff");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_make_pixbuf (64, 48, FALSE);
  g_autoptr(GBytes) png = cairn_test_encode_pixbuf (pixbuf, "png", NULL, NULL);
  g_autoptr(GBytes) jpeg = cairn_test_encode_pixbuf (pixbuf, "jpeg", "quality", "90");
  g_autofree char *png_path = write_file (dir, "photo.jpg", png);
  g_autofree char *jpeg_path = write_file (dir, "picture.png", jpeg);
  g_autoptr(CairnAttachment) a = assert_accepted (store, png_path, NULL, "image/png");
  g_autoptr(CairnAttachment) b = assert_accepted (store, jpeg_path, NULL, "image/jpeg");

  g_assert_cmpstr (cairn_attachment_get_display_name (a), ==, "photo.jpg");
  g_assert_cmpint (cairn_attachment_get_width (a), ==, 64);
  g_assert_cmpint (cairn_attachment_get_height (a), ==, 48);
  g_assert_false (cairn_attachment_get_was_scaled (a));
  g_assert_true (g_bytes_equal (cairn_attachment_get_data (a), png));
  g_assert_cmpuint (cairn_attachment_get_size (a), ==, g_bytes_get_size (png));
  g_assert_cmpstr (cairn_attachment_get_extension (a), ==, "png");

  g_assert_cmpint (cairn_attachment_get_width (b), ==, 64);
  g_assert_true (g_bytes_equal (cairn_attachment_get_data (b), jpeg));
  g_assert_cmpstr (cairn_attachment_get_extension (b), ==, "jpg");
}

static void
test_sniff_gif (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "gif");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) gif89 = g_bytes_new_static (cairn_test_tiny_gif, sizeof cairn_test_tiny_gif);
  g_autofree guint8 *copy = g_memdup2 (cairn_test_tiny_gif, sizeof cairn_test_tiny_gif);
  g_autoptr(GBytes) gif87 = NULL;
  g_autoptr(CairnAttachment) pasted = NULL;
  g_autoptr(CairnAttachment) old = NULL;
  g_autoptr(GError) error = NULL;

  pasted = cairn_test_prepare_bytes (store, gif89, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cairn_attachment_get_media_type (pasted), ==, "image/gif");
  g_assert_cmpstr (cairn_attachment_get_display_name (pasted), ==, "Pasted image");
  g_assert_cmpint (cairn_attachment_get_width (pasted), ==, 1);
  g_assert_true (g_bytes_equal (cairn_attachment_get_data (pasted), gif89));

  copy[4] = '7';
  gif87 = g_bytes_new (copy, sizeof cairn_test_tiny_gif);
  old = cairn_test_prepare_bytes (store, gif87, "old.gif", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cairn_attachment_get_media_type (old), ==, "image/gif");
  g_assert_cmpstr (cairn_attachment_get_display_name (old), ==, "old.gif");
}

/* Debian 12 has no WebP loader unless webp-pixbuf-loader is installed. */
static void
test_sniff_webp (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "webp");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  gsize length = 0;
  g_autofree guint8 *webp = g_base64_decode (tiny_webp_base64, &length);
  g_autoptr(GBytes) bytes = g_bytes_new (webp, length);
  g_autofree char *path = write_file (dir, "sticker.webp", bytes);
  g_autoptr(CairnAttachment) attachment = NULL;

  if (has_format ("webp"))
    {
      g_test_message ("GdkPixbuf can read WebP here: expecting it to be accepted");
      attachment = assert_accepted (store, path, NULL, "image/webp");
      g_assert_cmpint (cairn_attachment_get_width (attachment), ==, 1);
    }
  else
    {
      g_test_message ("GdkPixbuf cannot read WebP here: expecting UNSUPPORTED_TYPE");
      assert_refused (store, path, NULL, CAIRN_ATTACHMENT_ERROR_UNSUPPORTED_TYPE, "WebP");
    }
}

static void
test_not_images (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "not-images");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (16, 16, FALSE);
  g_autoptr(GBytes) broken = NULL;
  g_autoptr(GByteArray) garbage = g_byte_array_new ();
  g_autofree char *text = write_text (dir, "notes.png", "Shopping list:\n- milk\n- bread\n");
  g_autofree char *pdf = write_text (dir, "scan.png", "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n");
  g_autofree char *svg = write_text (dir, "logo.svg", "<?xml version=\"1.0\"?>\n"
                                     "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
  g_autoptr(GBytes) zeros = g_bytes_new_static ("\x01\x02\x03\x00\xff\xfe", 6);
  g_autofree char *binary = write_file (dir, "data.bin", zeros);
  g_autofree char *broken_path = NULL;

  g_byte_array_append (garbage, g_bytes_get_data (png, NULL), 16);
  for (guint i = 0; i < 200; i++)
    g_byte_array_append (garbage, (const guint8 *)"\xde\xad\xbe\xef", 4);
  broken = g_byte_array_free_to_bytes (g_steal_pointer (&garbage));
  broken_path = write_file (dir, "broken.png", broken);

  assert_refused (store, text, NULL, CAIRN_ATTACHMENT_ERROR_NOT_AN_IMAGE, "text");
  assert_refused (store, pdf, NULL, CAIRN_ATTACHMENT_ERROR_UNSUPPORTED_TYPE, "PDF");
  assert_refused (store, svg, NULL, CAIRN_ATTACHMENT_ERROR_UNSUPPORTED_TYPE, "SVG");
  assert_refused (store, binary, NULL, CAIRN_ATTACHMENT_ERROR_NOT_AN_IMAGE, NULL);
  assert_refused (store, broken_path, NULL, CAIRN_ATTACHMENT_ERROR_BROKEN_IMAGE, "PNG");
}

static void
assert_remote_refused (CairnAttachmentStore *store)
{
  g_autoptr(GFile) file = g_file_new_for_uri ("https://example.com/cat.png");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnAttachment) attachment = NULL;

  cairn_attachment_store_prepare_file_async (store, file, NULL, NULL, cairn_test_store_result_cb, &result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, CAIRN_TEST_WAIT_MS));
  attachment = cairn_attachment_store_prepare_file_finish (store, result, &error);
  g_assert_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "cat.png"));
}

static void
test_bad_files (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "bad-files");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autofree char *folder = g_build_filename (dir, "folder.png", NULL);
  g_autofree char *empty = write_text (dir, "empty.png", "");
  g_autofree char *big = g_build_filename (dir, "huge.png", NULL);
  g_autoptr(GBytes) bomb = make_pixel_bomb ();
  g_autofree char *bomb_path = write_file (dir, "bomb.png", bomb);
  FILE *file;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  /* sparse: the size is refused before anything is read */
  file = fopen (big, "w");
  g_assert_cmpint (ftruncate (fileno (file), CAIRN_ATTACHMENT_MAX_FILE_SIZE + 1), ==, 0);
  fclose (file);

  assert_refused (store, folder, NULL, CAIRN_ATTACHMENT_ERROR_NOT_A_FILE, "folder");
  assert_refused (store, empty, NULL, CAIRN_ATTACHMENT_ERROR_EMPTY, NULL);
  assert_refused (store, big, NULL, CAIRN_ATTACHMENT_ERROR_TOO_LARGE, NULL);
  assert_refused (store, bomb_path, NULL, CAIRN_ATTACHMENT_ERROR_TOO_LARGE, "20000");
  assert_remote_refused (store);
}

static void
test_empty_bytes (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "empty-bytes");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) nothing = g_bytes_new (NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnAttachment) attachment = cairn_test_prepare_bytes (store, nothing, NULL, &error);

  g_assert_null (attachment);
  g_assert_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_EMPTY);
  g_assert_nonnull (strstr (error->message, "Pasted image"));
}

/* As root, chmod 000 does not stop reading: use a file no one can read. */
static void
test_unreadable (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "unreadable");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (8, 8, FALSE);
  g_autofree char *path = write_file (dir, "secret.png", png);

  g_assert_cmpint (g_chmod (path, 0), ==, 0);
  if (geteuid () != 0)
    {
      assert_refused (store, path, NULL, CAIRN_ATTACHMENT_ERROR_UNREADABLE, NULL);
      return;
    }
  g_test_message ("Running as root: reading /proc/self/mem instead of a chmod 000 file");
  assert_refused (store, "/proc/self/mem", NULL, CAIRN_ATTACHMENT_ERROR_UNREADABLE, NULL);
}

static void
test_symlinks (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "links");
  g_autofree char *root = g_build_filename (dir, "chosen", NULL);
  g_autofree char *outside = g_build_filename (dir, "outside", NULL);
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (8, 8, FALSE);
  g_autofree char *inside_target = NULL;
  g_autofree char *outside_target = NULL;
  g_autofree char *escape = g_build_filename (root, "escape.png", NULL);
  g_autofree char *local = g_build_filename (root, "local.png", NULL);
  g_autofree char *dangling = g_build_filename (root, "dangling.png", NULL);
  g_autofree char *to_folder = g_build_filename (root, "to-folder.png", NULL);
  g_autoptr(CairnAttachment) allowed = NULL;
  g_autoptr(CairnAttachment) unrestricted = NULL;

  g_mkdir (root, 0700);
  g_mkdir (outside, 0700);
  inside_target = write_file (root, "real.png", png);
  outside_target = write_file (outside, "elsewhere.png", png);
  g_assert_cmpint (symlink (outside_target, escape), ==, 0);
  g_assert_cmpint (symlink ("real.png", local), ==, 0);
  g_assert_cmpint (symlink ("no-such-file.png", dangling), ==, 0);
  g_assert_cmpint (symlink (outside, to_folder), ==, 0);

  assert_refused (store, escape, root, CAIRN_ATTACHMENT_ERROR_OUTSIDE_CHOSEN_FOLDER, "chosen");
  allowed = assert_accepted (store, local, root, "image/png");
  g_assert_cmpstr (cairn_attachment_get_display_name (allowed), ==, "local.png");
  /* without a chosen folder, a link to a regular file is fine */
  unrestricted = assert_accepted (store, escape, NULL, "image/png");
  assert_refused (store, dangling, root, CAIRN_ATTACHMENT_ERROR_NOT_A_FILE, NULL);
  assert_refused (store, to_folder, NULL, CAIRN_ATTACHMENT_ERROR_NOT_A_FILE, NULL);
}

static gboolean
count_tick_cb (gpointer data)
{
  (*(guint *)data)++;
  return G_SOURCE_CONTINUE;
}

/* Prepares in the thread while counting main loop ticks, to show the main
 * loop keeps running. */
static CairnAttachment *
prepare_counting_ticks (CairnAttachmentStore  *store,
                        const char            *path,
                        guint                 *ticks,
                        GError               **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GAsyncResult) result = NULL;
  guint id = g_timeout_add (5, count_tick_cb, ticks);

  cairn_attachment_store_prepare_file_async (store, file, NULL, NULL, cairn_test_store_result_cb, &result);
  g_assert_null (result);
  g_assert_true (cairn_test_wait_until (cairn_test_has_result, &result, CAIRN_TEST_WAIT_MS));
  g_source_remove (id);
  return cairn_attachment_store_prepare_file_finish (store, result, error);
}

static void
test_downscale_wide (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "wide");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (9000, 300, FALSE);
  g_autofree char *path = write_file (dir, "panorama.png", png);
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(GError) error = NULL;
  double expected_height = 300.0 * CAIRN_ATTACHMENT_MAX_SIDE / 9000;
  int width, height;

  attachment = prepare_file (store, path, NULL, &error);
  g_assert_no_error (error);
  width = cairn_attachment_get_width (attachment);
  height = cairn_attachment_get_height (attachment);
  g_test_message ("9000 × 300, %zu bytes → %d × %d, %zu bytes", g_bytes_get_size (png),
                  width, height, cairn_attachment_get_size (attachment));
  g_assert_true (cairn_attachment_get_was_scaled (attachment));
  g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, "image/png");
  g_assert_cmpint (width, ==, CAIRN_ATTACHMENT_MAX_SIDE);
  g_assert_cmpfloat_with_epsilon (height, expected_height, 1.0);
}

static void
assert_decodes_as (CairnAttachment *attachment)
{
  g_autoptr(GdkPixbufLoader) loader = gdk_pixbuf_loader_new ();
  g_autoptr(GError) error = NULL;
  GdkPixbuf *pixbuf;

  gdk_pixbuf_loader_write_bytes (loader, cairn_attachment_get_data (attachment), &error);
  g_assert_no_error (error);
  gdk_pixbuf_loader_close (loader, &error);
  g_assert_no_error (error);
  pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, cairn_attachment_get_width (attachment));
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, cairn_attachment_get_height (attachment));
}

/* Policy: a PNG stays a PNG (lossless, and the model sees at most about
 * 1.15 megapixels anyway), only smaller. */
static void
test_downscale_heavy_png (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "heavy");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GBytes) png = cairn_test_make_png (2600, 2600, TRUE);
  g_autofree char *path = write_file (dir, "noise.png", png);
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  guint ticks = 0;
  gsize size;

  g_assert_cmpuint (g_bytes_get_size (png) / 3 * 4, >, CAIRN_ATTACHMENT_MAX_ENCODED_SIZE);
  attachment = prepare_counting_ticks (store, path, &ticks, &error);
  g_assert_no_error (error);
  size = cairn_attachment_get_size (attachment);
  g_test_message ("2600 × 2600, %zu bytes (%zu in base64) → %d × %d, %zu bytes (%zu in base64), "
                  "%.2f s, %u main loop ticks meanwhile",
                  g_bytes_get_size (png), (g_bytes_get_size (png) + 2) / 3 * 4,
                  cairn_attachment_get_width (attachment), cairn_attachment_get_height (attachment),
                  size, (size + 2) / 3 * 4, (g_get_monotonic_time () - start) / 1e6, ticks);
  g_assert_true (cairn_attachment_get_was_scaled (attachment));
  g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, "image/png");
  g_assert_cmpuint ((size + 2) / 3 * 4, <=, CAIRN_ATTACHMENT_MAX_ENCODED_SIZE);
  g_assert_cmpint (cairn_attachment_get_width (attachment), ==,
                   cairn_attachment_get_height (attachment));
  g_assert_cmpuint (ticks, >, 0);
  assert_decodes_as (attachment);
}

/* A JPEG stays a JPEG: first a lower quality at the same size. */
static void
test_recompress_jpeg (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "jpeg");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autoptr(GdkPixbuf) pixbuf = cairn_test_make_pixbuf (1600, 1600, TRUE);
  g_autoptr(GBytes) jpeg = cairn_test_encode_pixbuf (pixbuf, "jpeg", "quality", "100");
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;

  g_assert_cmpuint (g_bytes_get_size (jpeg) / 3 * 4, >, CAIRN_ATTACHMENT_MAX_ENCODED_SIZE);
  attachment = cairn_test_prepare_bytes (store, jpeg, "photo.jpg", &error);
  g_assert_no_error (error);
  size = cairn_attachment_get_size (attachment);
  g_test_message ("1600 × 1600 JPEG, %zu bytes → %d × %d, %zu bytes",
                  g_bytes_get_size (jpeg), cairn_attachment_get_width (attachment),
                  cairn_attachment_get_height (attachment), size);
  g_assert_true (cairn_attachment_get_was_scaled (attachment));
  g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, "image/jpeg");
  g_assert_cmpuint ((size + 2) / 3 * 4, <=, CAIRN_ATTACHMENT_MAX_ENCODED_SIZE);
  assert_decodes_as (attachment);
}

/* GdkPixbuf cannot write GIF: a GIF that must shrink becomes a PNG. */
static void
test_gif_becomes_png (void)
{
  g_autofree char *dir = cairn_test_make_subdir (workdir, "wide-gif");
  g_autoptr(CairnAttachmentStore) store = cairn_attachment_store_new (dir);
  g_autofree guint8 *wide = g_memdup2 (cairn_test_tiny_gif, sizeof cairn_test_tiny_gif);
  g_autoptr(GBytes) gif = NULL;
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(GError) error = NULL;

  /* the logical screen: 9000 × 10, the one frame stays 1 × 1 */
  wide[6] = 9000 & 0xff;
  wide[7] = 9000 >> 8;
  wide[8] = 10;
  gif = g_bytes_new (wide, sizeof cairn_test_tiny_gif);
  attachment = cairn_test_prepare_bytes (store, gif, "banner.gif", &error);
  g_assert_no_error (error);
  g_test_message ("9000 × 10 GIF → %d × %d %s", cairn_attachment_get_width (attachment),
                  cairn_attachment_get_height (attachment),
                  cairn_attachment_get_media_type (attachment));
  g_assert_true (cairn_attachment_get_was_scaled (attachment));
  g_assert_cmpstr (cairn_attachment_get_media_type (attachment), ==, "image/png");
  g_assert_cmpint (cairn_attachment_get_width (attachment), ==, CAIRN_ATTACHMENT_MAX_SIDE);
  g_assert_cmpint (cairn_attachment_get_height (attachment), ==, 9);
  assert_decodes_as (attachment);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/attachments/sniff-png-and-jpeg", test_sniff_png_and_jpeg);
  g_test_add_func ("/cairn/attachments/sniff-gif", test_sniff_gif);
  g_test_add_func ("/cairn/attachments/sniff-webp", test_sniff_webp);
  g_test_add_func ("/cairn/attachments/not-images", test_not_images);
  g_test_add_func ("/cairn/attachments/bad-files", test_bad_files);
  g_test_add_func ("/cairn/attachments/empty-bytes", test_empty_bytes);
  g_test_add_func ("/cairn/attachments/unreadable", test_unreadable);
  g_test_add_func ("/cairn/attachments/symlinks", test_symlinks);
  g_test_add_func ("/cairn/attachments/downscale-wide", test_downscale_wide);
  g_test_add_func ("/cairn/attachments/downscale-heavy-png", test_downscale_heavy_png);
  g_test_add_func ("/cairn/attachments/recompress-jpeg", test_recompress_jpeg);
  g_test_add_func ("/cairn/attachments/gif-becomes-png", test_gif_becomes_png);

  return cairn_test_run_in_dir (&workdir, "attachments");
}
