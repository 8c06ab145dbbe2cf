/* cairn-thumbnail.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-thumbnail"

#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>

#include "widgets/cairn-thumbnail.h"

/* A small picture of an attached image, cropped to fill the widget's size
 * request (set it with width-request / height-request), with the corners
 * CSS gives it. The image is decoded once per attachment, in a thread, at
 * a few hundred pixels, and kept on the attachment: transcript rows are
 * recycled while scrolling, and must not decode a 5 MB image each time. */
#define THUMBNAIL_SHORT_SIDE 256
#define THUMBNAIL_LONG_SIDE  (4 * THUMBNAIL_SHORT_SIDE)

struct _CairnThumbnail
{
  GtkWidget        parent_instance;
  CairnAttachment *attachment;
  GdkTexture      *texture;
  GCancellable    *cancellable;
};

G_DEFINE_FINAL_TYPE (CairnThumbnail, cairn_thumbnail, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ATTACHMENT,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GQuark
texture_quark (void)
{
  return g_quark_from_static_string ("cairn-thumbnail-texture");
}

/* Small enough to be cheap, big enough for a sharp crop on a 2× screen;
 * a very long image keeps a bounded size. */
static void
size_prepared_cb (GdkPixbufLoader *loader,
                  int              width,
                  int              height)
{
  double scale = (double)THUMBNAIL_SHORT_SIDE / MAX (1, MIN (width, height));

  scale = MIN (scale, (double)THUMBNAIL_LONG_SIDE / MAX (1, MAX (width, height)));
  if (scale < 1.0)
    gdk_pixbuf_loader_set_size (loader, MAX (1, width * scale), MAX (1, height * scale));
}

static void
decode_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  g_autoptr(GdkPixbufLoader) loader = gdk_pixbuf_loader_new ();
  g_autoptr(GError) error = NULL;
  GdkPixbuf *pixbuf;

  g_signal_connect (loader, "size-prepared", G_CALLBACK (size_prepared_cb), NULL);
  if (!gdk_pixbuf_loader_write_bytes (loader, task_data, &error))
    {
      gdk_pixbuf_loader_close (loader, NULL);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (!gdk_pixbuf_loader_close (loader, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  /* a photo's EXIF orientation, as viewers show it */
  g_task_return_pointer (task, gdk_pixbuf_apply_embedded_orientation (pixbuf), g_object_unref);
}

static void
set_texture (CairnThumbnail *self,
             GdkTexture     *texture)
{
  if (g_set_object (&self->texture, texture))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  if (texture != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "loaded");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "loaded");
}

static void
decode_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CairnThumbnail) self = user_data;
  CairnAttachment *attachment = CAIRN_ATTACHMENT (object);
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  if (!(pixbuf = g_task_propagate_pointer (G_TASK (result), &error)))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("No thumbnail for “%s”: %s",
                   cairn_attachment_get_display_name (attachment), error->message);
      return;
    }
  texture = gdk_texture_new_for_pixbuf (pixbuf);
  g_object_set_qdata_full (G_OBJECT (attachment), texture_quark (),
                           g_object_ref (texture), g_object_unref);
  if (self->attachment == attachment)
    set_texture (self, texture);
}

static void
load (CairnThumbnail *self)
{
  g_autoptr(GTask) task = NULL;
  GdkTexture *cached = g_object_get_qdata (G_OBJECT (self->attachment), texture_quark ());

  if (cached != NULL)
    {
      set_texture (self, cached);
      return;
    }
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self->attachment, self->cancellable, decode_cb, g_object_ref (self));
  g_task_set_source_tag (task, load);
  g_task_set_task_data (task, g_bytes_ref (cairn_attachment_get_data (self->attachment)),
                        (GDestroyNotify)g_bytes_unref);
  g_task_run_in_thread (task, decode_in_thread);
}

void
cairn_thumbnail_set_attachment (CairnThumbnail  *self,
                                CairnAttachment *attachment)
{
  g_return_if_fail (CAIRN_IS_THUMBNAIL (self));
  g_return_if_fail (attachment == NULL || CAIRN_IS_ATTACHMENT (attachment));

  if (self->attachment == attachment)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_set_object (&self->attachment, attachment);
  set_texture (self, NULL);
  if (attachment != NULL)
    load (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTACHMENT]);
}

/**
 * cairn_thumbnail_get_loaded:
 *
 * Whether the picture is there (for tests).
 */
gboolean
cairn_thumbnail_get_loaded (CairnThumbnail *self)
{
  g_return_val_if_fail (CAIRN_IS_THUMBNAIL (self), FALSE);
  return self->texture != NULL;
}

/**
 * cairn_thumbnail_share:
 *
 * Lets @to, a copy of @from with the same image (such as the saved copy of
 * an attachment), use the picture already decoded for @from.
 */
void
cairn_thumbnail_share (CairnAttachment *from,
                       CairnAttachment *to)
{
  GdkTexture *texture;

  g_return_if_fail (CAIRN_IS_ATTACHMENT (from));
  g_return_if_fail (CAIRN_IS_ATTACHMENT (to));

  if ((texture = g_object_get_qdata (G_OBJECT (from), texture_quark ())))
    g_object_set_qdata_full (G_OBJECT (to), texture_quark (),
                             g_object_ref (texture), g_object_unref);
}

/* Like "object-fit: cover": fill the widget, centred, cropped. */
static void
cairn_thumbnail_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  CairnThumbnail *self = CAIRN_THUMBNAIL (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double tw, th, scale;

  if (self->texture == NULL || width <= 0 || height <= 0)
    return;
  tw = gdk_texture_get_width (self->texture);
  th = gdk_texture_get_height (self->texture);
  scale = MAX (width / tw, height / th);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_append_texture (snapshot, self->texture,
                               &GRAPHENE_RECT_INIT ((width - tw * scale) / 2,
                                                    (height - th * scale) / 2,
                                                    tw * scale, th * scale));
  gtk_snapshot_pop (snapshot);
}

static void
cairn_thumbnail_dispose (GObject *object)
{
  CairnThumbnail *self = (CairnThumbnail *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->attachment);
  g_clear_object (&self->texture);

  G_OBJECT_CLASS (cairn_thumbnail_parent_class)->dispose (object);
}

static void
cairn_thumbnail_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CairnThumbnail *self = CAIRN_THUMBNAIL (object);

  switch (prop_id)
    {
    case PROP_ATTACHMENT:
      g_value_set_object (value, self->attachment);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_thumbnail_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CairnThumbnail *self = CAIRN_THUMBNAIL (object);

  switch (prop_id)
    {
    case PROP_ATTACHMENT:
      cairn_thumbnail_set_attachment (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_thumbnail_class_init (CairnThumbnailClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_thumbnail_dispose;
  object_class->get_property = cairn_thumbnail_get_property;
  object_class->set_property = cairn_thumbnail_set_property;
  widget_class->snapshot = cairn_thumbnail_snapshot;

  properties [PROP_ATTACHMENT] =
    g_param_spec_object ("attachment", NULL, NULL, CAIRN_TYPE_ATTACHMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "thumbnail");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cairn_thumbnail_init (CairnThumbnail *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
cairn_thumbnail_new (void)
{
  return g_object_new (CAIRN_TYPE_THUMBNAIL, NULL);
}
