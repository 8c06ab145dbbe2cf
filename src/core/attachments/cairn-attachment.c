/* cairn-attachment.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-attachment"

#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n.h>
#include <string.h>

#include "attachments/cairn-attachment.h"

/* One image the user attached to a prompt, exactly as it will be sent: the
 * data is what goes into the base64 block, so size, type and dimensions
 * describe that data, not the file the user picked. Immutable: saving it
 * makes a copy that knows its path. */
struct _CairnAttachment
{
  GObject   parent_instance;
  GBytes   *data;
  char     *path;
  char     *display_name;
  char     *media_type;
  int       width;
  int       height;
  gboolean  was_scaled;
};

G_DEFINE_FINAL_TYPE (CairnAttachment, cairn_attachment, G_TYPE_OBJECT)

G_DEFINE_QUARK (cairn-attachment-error-quark, cairn_attachment_error)

enum {
  PROP_0,
  PROP_DATA,
  PROP_PATH,
  PROP_DISPLAY_NAME,
  PROP_MEDIA_TYPE,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_SIZE,
  PROP_WAS_SCALED,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* The types the Messages API accepts. */
static const struct {
  const char *media_type;
  const char *name;
  const char *extension;
} image_types[] = {
  { "image/png", "PNG", "png" },
  { "image/jpeg", "JPEG", "jpg" },
  { "image/gif", "GIF", "gif" },
  { "image/webp", "WebP", "webp" },
};

/* JPEG quality steps tried at each size before the size is reduced. */
static const int qualities[] = { 90, 80, 70 };

#define MAX_SHRINK_STEPS 12
#define MIN_SIDE         16

static void
cairn_attachment_finalize (GObject *object)
{
  CairnAttachment *self = (CairnAttachment *)object;

  g_clear_pointer (&self->data, g_bytes_unref);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->display_name, g_free);
  g_clear_pointer (&self->media_type, g_free);

  G_OBJECT_CLASS (cairn_attachment_parent_class)->finalize (object);
}

static void
cairn_attachment_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CairnAttachment *self = CAIRN_ATTACHMENT (object);

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, self->data);
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, self->display_name);
      break;

    case PROP_MEDIA_TYPE:
      g_value_set_string (value, self->media_type);
      break;

    case PROP_WIDTH:
      g_value_set_int (value, self->width);
      break;

    case PROP_HEIGHT:
      g_value_set_int (value, self->height);
      break;

    case PROP_SIZE:
      g_value_set_uint64 (value, cairn_attachment_get_size (self));
      break;

    case PROP_WAS_SCALED:
      g_value_set_boolean (value, self->was_scaled);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_attachment_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CairnAttachment *self = CAIRN_ATTACHMENT (object);

  switch (prop_id)
    {
    case PROP_DATA:
      self->data = g_value_dup_boxed (value);
      break;

    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;

    case PROP_DISPLAY_NAME:
      self->display_name = g_value_dup_string (value);
      break;

    case PROP_MEDIA_TYPE:
      self->media_type = g_value_dup_string (value);
      break;

    case PROP_WIDTH:
      self->width = g_value_get_int (value);
      break;

    case PROP_HEIGHT:
      self->height = g_value_get_int (value);
      break;

    case PROP_WAS_SCALED:
      self->was_scaled = g_value_get_boolean (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
construct_string (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                               G_PARAM_STATIC_STRINGS));
}

static GParamSpec *
construct_int (const char *name)
{
  return g_param_spec_int (name, NULL, NULL, 0, G_MAXINT, 0,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
}

static void
cairn_attachment_class_init (CairnAttachmentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_attachment_finalize;
  object_class->get_property = cairn_attachment_get_property;
  object_class->set_property = cairn_attachment_set_property;

  properties [PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, G_TYPE_BYTES,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [PROP_PATH] = construct_string ("path");
  properties [PROP_DISPLAY_NAME] = construct_string ("display-name");
  properties [PROP_MEDIA_TYPE] = construct_string ("media-type");
  properties [PROP_WIDTH] = construct_int ("width");
  properties [PROP_HEIGHT] = construct_int ("height");
  properties [PROP_SIZE] =
    g_param_spec_uint64 ("size", NULL, NULL, 0, G_MAXUINT64, 0,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_WAS_SCALED] =
    g_param_spec_boolean ("was-scaled", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_attachment_init (CairnAttachment *self)
{
}

static int
image_type_index (const char *media_type)
{
  for (guint i = 0; i < G_N_ELEMENTS (image_types); i++)
    if (g_strcmp0 (image_types[i].media_type, media_type) == 0)
      return i;
  return -1;
}

/**
 * cairn_attachment_new:
 * @data: the image data as it will be sent
 * @media_type: one of image/png, image/jpeg, image/gif, image/webp
 *
 * Wraps data that is already known to be a valid image; nothing is checked
 * or decoded. Use cairn_attachment_new_from_data() for data from a user.
 */
CairnAttachment *
cairn_attachment_new (GBytes     *data,
                      const char *media_type,
                      const char *display_name,
                      int         width,
                      int         height,
                      gboolean    was_scaled)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (image_type_index (media_type) >= 0, NULL);

  return g_object_new (CAIRN_TYPE_ATTACHMENT,
                       "data", data,
                       "media-type", media_type,
                       "display-name", display_name,
                       "width", width,
                       "height", height,
                       "was-scaled", was_scaled,
                       NULL);
}

/**
 * cairn_attachment_copy_with_path:
 * @path: where the data was saved
 *
 * Returns: (transfer full): the same attachment, saved at @path.
 */
CairnAttachment *
cairn_attachment_copy_with_path (CairnAttachment *self,
                                 const char      *path)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);

  return g_object_new (CAIRN_TYPE_ATTACHMENT,
                       "data", self->data,
                       "path", path,
                       "media-type", self->media_type,
                       "display-name", self->display_name,
                       "width", self->width,
                       "height", self->height,
                       "was-scaled", self->was_scaled,
                       NULL);
}

static gboolean
has_bytes (const guint8 *data,
           gsize         size,
           gsize         offset,
           const char   *magic,
           gsize         length)
{
  return size >= offset + length && memcmp (data + offset, magic, length) == 0;
}

/* The type comes from the content: a name can say anything. */
static const char *
sniff_media_type (const guint8 *data,
                  gsize         size)
{
  if (has_bytes (data, size, 0, "\x89PNG\r\n\x1a\n", 8))
    return "image/png";
  if (has_bytes (data, size, 0, "\xff\xd8\xff", 3))
    return "image/jpeg";
  if (has_bytes (data, size, 0, "GIF87a", 6) || has_bytes (data, size, 0, "GIF89a", 6))
    return "image/gif";
  if (has_bytes (data, size, 0, "RIFF", 4) && has_bytes (data, size, 8, "WEBP", 4))
    return "image/webp";
  return NULL;
}

static gboolean
looks_like_text (const guint8 *data,
                 gsize         size)
{
  gsize length = MIN (size, 4096);
  const char *end;

  if (memchr (data, '\0', length) != NULL)
    return FALSE;
  if (g_utf8_validate_len ((const char *)data, length, &end))
    return TRUE;
  /* the sample may have cut the last character in half */
  return length < size && length - (gsize)(end - (const char *)data) < 4;
}

/* Names a few formats people are likely to try, so the error can say more
 * than "not an image". */
static const char *
describe_other_format (const guint8 *data,
                       gsize         size)
{
  if (has_bytes (data, size, 0, "%PDF-", 5))
    return _("a PDF document");
  if (has_bytes (data, size, 0, "II*\0", 4) || has_bytes (data, size, 0, "MM\0*", 4))
    return _("a TIFF image");
  if (has_bytes (data, size, 0, "BM", 2) && has_bytes (data, size, 6, "\0\0\0\0", 4))
    return _("a BMP image");
  if (has_bytes (data, size, 4, "ftypavif", 8))
    return _("an AVIF image");
  if (has_bytes (data, size, 4, "ftyphei", 7) || has_bytes (data, size, 4, "ftypmif1", 8))
    return _("a HEIC image");
  if (looks_like_text (data, size) &&
      g_strstr_len ((const char *)data, MIN (size, 4096), "<svg") != NULL)
    return _("an SVG image");
  return NULL;
}

static void
set_not_an_image_error (GError       **error,
                        const char    *name,
                        const guint8  *data,
                        gsize          size)
{
  const char *other = describe_other_format (data, size);

  if (other != NULL)
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_UNSUPPORTED_TYPE,
                 _("“%s” is %s; only PNG, JPEG, GIF and WebP images can be attached"),
                 name, other);
  else if (looks_like_text (data, size))
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_NOT_AN_IMAGE,
                 _("“%s” is not an image (it contains text)"), name);
  else
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_NOT_AN_IMAGE,
                 _("“%s” is not a PNG, JPEG, GIF or WebP image"), name);
}

static gboolean
check_data_size (const char  *name,
                 gsize        size,
                 GError     **error)
{
  g_autofree char *limit = NULL;

  if (size == 0)
    {
      g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_EMPTY,
                   _("“%s” is empty"), name);
      return FALSE;
    }
  if (size <= CAIRN_ATTACHMENT_MAX_FILE_SIZE)
    return TRUE;
  limit = g_format_size (CAIRN_ATTACHMENT_MAX_FILE_SIZE);
  g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_TOO_LARGE,
               _("“%s” is larger than %s, the most Cairn will attach"), name, limit);
  return FALSE;
}

typedef struct
{
  int      width;
  int      height;
  gboolean too_many_pixels;
} SizeCheck;

static void
size_prepared_cb (GdkPixbufLoader *loader,
                  int              width,
                  int              height,
                  gpointer         user_data)
{
  SizeCheck *check = user_data;

  check->width = width;
  check->height = height;
  /* A zero size makes the loader stop before it allocates the pixels. */
  if ((gint64)width * height > CAIRN_ATTACHMENT_MAX_PIXELS)
    {
      check->too_many_pixels = TRUE;
      gdk_pixbuf_loader_set_size (loader, 0, 0);
    }
}

static void
set_decode_error (GError          **error,
                  const char       *name,
                  const char       *media_type,
                  const SizeCheck  *check)
{
  const char *type_name = image_types[image_type_index (media_type)].name;

  if (check->too_many_pixels)
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_TOO_LARGE,
                 _("“%s” is too large (%d × %d pixels); images up to %d megapixels can be "
                   "attached"),
                 name, check->width, check->height, CAIRN_ATTACHMENT_MAX_PIXELS / 1000000);
  else
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_BROKEN_IMAGE,
                 _("“%s” looks like a %s image but is damaged and cannot be opened"),
                 name, type_name);
}

static GdkPixbufLoader *
new_loader (const char  *name,
            const char  *media_type,
            GError     **error)
{
  const char *type_name = image_types[image_type_index (media_type)].name;
  g_autoptr(GError) local_error = NULL;
  GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_mime_type (media_type, &local_error);

  /* Debian 12 ships no WebP loader unless webp-pixbuf-loader is installed. */
  if (loader == NULL)
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_UNSUPPORTED_TYPE,
                 _("“%s” is a %s image, which this computer cannot open; convert it to PNG "
                   "or JPEG, or install %s support for GdkPixbuf"),
                 name, type_name, type_name);
  return loader;
}

/* Decoding proves the data is an image and not just a matching header. */
static GdkPixbuf *
decode (GBytes      *data,
        const char  *name,
        const char  *media_type,
        GError     **error)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  g_autoptr(GError) local_error = NULL;
  SizeCheck check = { 0 };
  GdkPixbuf *pixbuf = NULL;

  if (!(loader = new_loader (name, media_type, error)))
    return NULL;
  g_signal_connect (loader, "size-prepared", G_CALLBACK (size_prepared_cb), &check);
  /* the loader must be closed even after a failed write */
  if (gdk_pixbuf_loader_write_bytes (loader, data, &local_error))
    gdk_pixbuf_loader_close (loader, &local_error);
  else
    gdk_pixbuf_loader_close (loader, NULL);

  if (local_error == NULL && !check.too_many_pixels)
    pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pixbuf == NULL)
    {
      g_debug ("Decoding %s: %s", name, local_error ? local_error->message : "no image");
      set_decode_error (error, name, media_type, &check);
      return NULL;
    }
  /* what the user sees, and what a re-encoded copy must look like */
  return gdk_pixbuf_apply_embedded_orientation (pixbuf);
}

static gsize
encoded_size (gsize size)
{
  return (size + 2) / 3 * 4;
}

static gboolean
fits (gsize size)
{
  return encoded_size (size) <= CAIRN_ATTACHMENT_MAX_ENCODED_SIZE;
}

static gboolean
can_save (const char *format_name)
{
  g_autoptr(GSList) formats = gdk_pixbuf_get_formats ();

  for (GSList *l = formats; l != NULL; l = l->next)
    {
      g_autofree char *name = gdk_pixbuf_format_get_name (l->data);

      if (g_str_equal (name, format_name) &&
          gdk_pixbuf_format_is_writable (l->data) &&
          !gdk_pixbuf_format_is_disabled (l->data))
        return TRUE;
    }
  return FALSE;
}

/* Keep the type where a saver exists. GdkPixbuf cannot write GIF, and can
 * write WebP only with webp-pixbuf-loader: those become PNG, which keeps
 * transparency. */
static const char *
choose_saver (const char *media_type)
{
  if (g_str_equal (media_type, "image/jpeg"))
    return "jpeg";
  if (g_str_equal (media_type, "image/webp") && can_save ("webp"))
    return "webp";
  return "png";
}

static const char *
saver_media_type (const char *saver)
{
  if (g_str_equal (saver, "jpeg"))
    return "image/jpeg";
  if (g_str_equal (saver, "webp"))
    return "image/webp";
  return "image/png";
}

static GBytes *
encode (GdkPixbuf   *pixbuf,
        const char  *saver,
        int          quality,
        GError     **error)
{
  g_autofree char *buffer = NULL;
  g_autofree char *quality_text = g_strdup_printf ("%d", quality);
  gsize size = 0;
  gboolean saved;

  if (g_str_equal (saver, "png"))
    saved = gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, saver, error, NULL);
  else
    saved = gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, saver, error,
                                       "quality", quality_text, NULL);
  if (!saved)
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&buffer), size);
}

/* PNG is lossless: only its size can change. JPEG and WebP first give up
 * some quality. Returns the last try even when it does not fit. */
static GBytes *
encode_best (GdkPixbuf   *pixbuf,
             const char  *saver,
             GError     **error)
{
  guint tries = g_str_equal (saver, "png") ? 1 : G_N_ELEMENTS (qualities);
  GBytes *bytes = NULL;

  for (guint i = 0; i < tries; i++)
    {
      g_clear_pointer (&bytes, g_bytes_unref);
      if (!(bytes = encode (pixbuf, saver, qualities[i], error)))
        return NULL;
      if (fits (g_bytes_get_size (bytes)))
        break;
    }
  return bytes;
}

/* libm is not linked into the core, and this is all it would be used for. */
static double
square_root (double x)
{
  double root = MAX (x, 1.0);

  for (guint i = 0; i < 40; i++)
    root = (root + x / root) / 2;
  return root;
}

/* Encoded size grows with the pixel count, so the side shrinks by the square
 * root of how far over it is, with a margin, and always by at least 10%. */
static double
shrink_factor (gsize size)
{
  double over = (double)CAIRN_ATTACHMENT_MAX_ENCODED_SIZE / encoded_size (size);

  return MIN (square_root (over) * 0.95, 0.9);
}

static int
longest_side (GdkPixbuf *pixbuf)
{
  return MAX (gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf));
}

static double
first_scale (GdkPixbuf   *pixbuf,
             const char  *media_type,
             const char  *saver,
             gsize        original_size)
{
  double scale = MIN (1.0, (double)CAIRN_ATTACHMENT_MAX_SIDE / longest_side (pixbuf));
  gsize estimate = (gsize)(original_size * scale * scale);

  /* A PNG saved again as PNG comes out about as big as it went in: skip
   * the encode that would only prove it is still too big. */
  if (g_str_equal (media_type, "image/png") && g_str_equal (saver, "png") && !fits (estimate))
    scale *= shrink_factor (estimate);
  return scale;
}

static GdkPixbuf *
scale_pixbuf (GdkPixbuf *pixbuf,
              double     scale)
{
  int width = gdk_pixbuf_get_width (pixbuf);
  int height = gdk_pixbuf_get_height (pixbuf);
  int new_width = CLAMP ((int)(width * scale + 0.5), 1, CAIRN_ATTACHMENT_MAX_SIDE);
  int new_height = CLAMP ((int)(height * scale + 0.5), 1, CAIRN_ATTACHMENT_MAX_SIDE);

  if (new_width == width && new_height == height)
    return g_object_ref (pixbuf);
  return gdk_pixbuf_scale_simple (pixbuf, new_width, new_height, GDK_INTERP_BILINEAR);
}

static void
set_cannot_shrink_error (GError     **error,
                         const char  *name)
{
  g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_TOO_LARGE,
               _("“%s” could not be made small enough to send"), name);
}

/* Re-encodes smaller and smaller copies until one is within the limits. */
static CairnAttachment *
shrink (GdkPixbuf     *pixbuf,
        const char    *name,
        const char    *media_type,
        gsize          original_size,
        GCancellable  *cancellable,
        GError       **error)
{
  const char *saver = choose_saver (media_type);
  double scale = first_scale (pixbuf, media_type, saver, original_size);

  for (guint step = 0; step < MAX_SHRINK_STEPS; step++)
    {
      g_autoptr(GdkPixbuf) scaled = NULL;
      g_autoptr(GBytes) bytes = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      scaled = scale_pixbuf (pixbuf, scale);
      if (scaled == NULL || longest_side (scaled) < MIN_SIDE)
        break;
      if (!(bytes = encode_best (scaled, saver, error)))
        return NULL;
      if (fits (g_bytes_get_size (bytes)))
        return cairn_attachment_new (bytes, saver_media_type (saver), name,
                                     gdk_pixbuf_get_width (scaled),
                                     gdk_pixbuf_get_height (scaled), TRUE);
      scale *= shrink_factor (g_bytes_get_size (bytes));
    }
  set_cannot_shrink_error (error, name);
  return NULL;
}

static gboolean
within_limits (GdkPixbuf *pixbuf,
               gsize      size)
{
  return fits (size) &&
         gdk_pixbuf_get_width (pixbuf) <= CAIRN_ATTACHMENT_MAX_SIDE &&
         gdk_pixbuf_get_height (pixbuf) <= CAIRN_ATTACHMENT_MAX_SIDE;
}

/**
 * cairn_attachment_new_from_data:
 * @data: the bytes of an image file, from a user
 * @display_name: (nullable): the file's name; %NULL for pasted data
 * @cancellable: (nullable): checked between re-encoding steps
 *
 * Checks that @data really is a PNG, JPEG, GIF or WebP image by its content
 * and by decoding it. An image over the API's limits comes back smaller and
 * re-encoded, with #CairnAttachment:was-scaled set; otherwise the data is
 * kept as it is. This blocks for as long as decoding takes (a second or more
 * for big images): call it in a thread, as #CairnAttachmentStore does.
 *
 * Returns: (transfer full): an attachment that is not saved yet
 */
CairnAttachment *
cairn_attachment_new_from_data (GBytes        *data,
                                const char    *display_name,
                                GCancellable  *cancellable,
                                GError       **error)
{
  const char *name = display_name != NULL ? display_name : _("Pasted image");
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  const char *media_type;
  const guint8 *bytes;
  gsize size;

  g_return_val_if_fail (data != NULL, NULL);

  bytes = g_bytes_get_data (data, &size);
  if (!check_data_size (name, size, error))
    return NULL;
  if (!(media_type = sniff_media_type (bytes, size)))
    {
      set_not_an_image_error (error, name, bytes, size);
      return NULL;
    }
  if (!(pixbuf = decode (data, name, media_type, error)))
    return NULL;
  if (within_limits (pixbuf, size))
    return cairn_attachment_new (data, media_type, name, gdk_pixbuf_get_width (pixbuf),
                                 gdk_pixbuf_get_height (pixbuf), FALSE);
  return shrink (pixbuf, name, media_type, size, cancellable, error);
}

/**
 * cairn_attachment_get_path:
 *
 * Returns: (nullable): the saved file, or %NULL before it is saved
 */
const char *
cairn_attachment_get_path (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);
  return self->path;
}

const char *
cairn_attachment_get_display_name (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);
  return self->display_name;
}

const char *
cairn_attachment_get_media_type (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);
  return self->media_type;
}

/**
 * cairn_attachment_get_extension:
 *
 * Returns: the file name extension for the media type, without a dot
 */
const char *
cairn_attachment_get_extension (CairnAttachment *self)
{
  int i;

  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);

  i = image_type_index (self->media_type);
  return i >= 0 ? image_types[i].extension : "img";
}

int
cairn_attachment_get_width (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), 0);
  return self->width;
}

int
cairn_attachment_get_height (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), 0);
  return self->height;
}

/**
 * cairn_attachment_get_size:
 *
 * Returns: the number of bytes that will be sent (before base64)
 */
gsize
cairn_attachment_get_size (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), 0);
  return self->data ? g_bytes_get_size (self->data) : 0;
}

/**
 * cairn_attachment_get_was_scaled:
 *
 * Returns: %TRUE if the data is a smaller, re-encoded copy of what the user
 *   attached; the UI should say so
 */
gboolean
cairn_attachment_get_was_scaled (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), FALSE);
  return self->was_scaled;
}

/**
 * cairn_attachment_get_data:
 *
 * Returns: (transfer none): the bytes that will be sent
 */
GBytes *
cairn_attachment_get_data (CairnAttachment *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);
  return self->data;
}

/**
 * cairn_attachment_to_content_block:
 *
 * Returns: (transfer full): an `image` content block for a user message,
 *   `{"type":"image","source":{"type":"base64","media_type":…,"data":…}}`
 */
JsonObject *
cairn_attachment_to_content_block (CairnAttachment *self)
{
  g_autoptr(JsonObject) source = json_object_new ();
  g_autofree char *encoded = NULL;
  JsonObject *block;
  const guint8 *bytes;
  gsize size;

  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (self), NULL);

  bytes = g_bytes_get_data (self->data, &size);
  encoded = g_base64_encode (bytes, size);
  json_object_set_string_member (source, "type", "base64");
  json_object_set_string_member (source, "media_type", self->media_type);
  json_object_set_string_member (source, "data", encoded);

  block = json_object_new ();
  json_object_set_string_member (block, "type", "image");
  json_object_set_object_member (block, "source", g_steal_pointer (&source));
  return block;
}
