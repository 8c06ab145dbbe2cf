/* cairn-attachment-chip.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-attachment-chip"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-attachment-chip.h"
#include "widgets/cairn-thumbnail.h"

/* An image waiting in the composer: its thumbnail, name, size, a note if
 * Cairn had to scale it down, and a button that emits "remove". */
struct _CairnAttachmentChip
{
  GtkWidget        parent_instance;
  CairnAttachment *attachment;

  CairnThumbnail  *thumbnail;
  GtkLabel        *name_label;
  GtkLabel        *details_label;
  GtkLabel        *note_label;
  GtkButton       *remove_button;
};

G_DEFINE_FINAL_TYPE (CairnAttachmentChip, cairn_attachment_chip, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ATTACHMENT,
  N_PROPS
};

enum {
  REMOVE,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

/* "1.2 MB · 1920 × 1080"; when Cairn scaled the image down, the size and
 * a note saying so: "Scaled down to 8000 × 267". */
static char *
format_details (CairnAttachment *attachment)
{
  g_autofree char *size = g_format_size (cairn_attachment_get_size (attachment));

  if (cairn_attachment_get_was_scaled (attachment))
    return g_steal_pointer (&size);
  return g_strdup_printf (_("%s · %d × %d"), size,
                          cairn_attachment_get_width (attachment),
                          cairn_attachment_get_height (attachment));
}

static char *
format_note (CairnAttachment *attachment)
{
  if (!cairn_attachment_get_was_scaled (attachment))
    return NULL;
  return g_strdup_printf (_("Scaled down to %d × %d"),
                          cairn_attachment_get_width (attachment),
                          cairn_attachment_get_height (attachment));
}

static void
show_attachment (CairnAttachmentChip *self)
{
  CairnAttachment *attachment = self->attachment;
  const char *name = cairn_attachment_get_display_name (attachment);
  g_autofree char *details = format_details (attachment);
  g_autofree char *note = format_note (attachment);
  g_autofree char *remove = g_strdup_printf (_("Remove %s"), name);
  g_autofree char *description = note ? g_strdup_printf ("%s, %s", details, note) : NULL;

  cairn_thumbnail_set_attachment (self->thumbnail, attachment);
  gtk_label_set_label (self->name_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), name);
  gtk_label_set_label (self->details_label, details);
  gtk_label_set_label (self->note_label, note);
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), note != NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->remove_button), remove);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->remove_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, remove, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->thumbnail),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description ? description : details, -1);
}

static void
remove_clicked_cb (CairnAttachmentChip *self,
                   GtkButton           *button)
{
  g_signal_emit (self, signals[REMOVE], 0);
}

CairnAttachment *
cairn_attachment_chip_get_attachment (CairnAttachmentChip *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_CHIP (self), NULL);
  return self->attachment;
}

static void
cairn_attachment_chip_dispose (GObject *object)
{
  CairnAttachmentChip *self = (CairnAttachmentChip *)object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_ATTACHMENT_CHIP);
  /* the template's top box has no id: unparent it too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->attachment);

  G_OBJECT_CLASS (cairn_attachment_chip_parent_class)->dispose (object);
}

static void
cairn_attachment_chip_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CairnAttachmentChip *self = CAIRN_ATTACHMENT_CHIP (object);

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
cairn_attachment_chip_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CairnAttachmentChip *self = CAIRN_ATTACHMENT_CHIP (object);

  switch (prop_id)
    {
    case PROP_ATTACHMENT:
      self->attachment = g_value_dup_object (value);
      if (self->attachment != NULL)
        show_attachment (self);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_attachment_chip_class_init (CairnAttachmentChipClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_attachment_chip_dispose;
  object_class->get_property = cairn_attachment_chip_get_property;
  object_class->set_property = cairn_attachment_chip_set_property;

  properties [PROP_ATTACHMENT] =
    g_param_spec_object ("attachment", NULL, NULL, CAIRN_TYPE_ATTACHMENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals [REMOVE] =
    g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CAIRN_TYPE_THUMBNAIL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-attachment-chip.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "attachmentchip");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentChip, thumbnail);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentChip, name_label);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentChip, details_label);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentChip, note_label);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentChip, remove_button);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
cairn_attachment_chip_init (CairnAttachmentChip *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cairn_attachment_chip_new (CairnAttachment *attachment)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT (attachment), NULL);

  return g_object_new (CAIRN_TYPE_ATTACHMENT_CHIP, "attachment", attachment, NULL);
}
