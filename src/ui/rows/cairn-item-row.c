/* cairn-item-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-item-row"

#include "config.h"

#include "rows/cairn-item-row.h"

/* Base of the rows for each kind of transcript item: holds the `item` the
 * subclass's template binds to, and lays out its one template child. */
typedef struct
{
  CairnItem *item;
} CairnItemRowPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (CairnItemRow, cairn_item_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

CairnItem *
cairn_item_row_get_item (CairnItemRow *self)
{
  CairnItemRowPrivate *priv = cairn_item_row_get_instance_private (self);

  g_return_val_if_fail (CAIRN_IS_ITEM_ROW (self), NULL);
  return priv->item;
}

void
cairn_item_row_set_item (CairnItemRow *self,
                         CairnItem    *item)
{
  CairnItemRowPrivate *priv = cairn_item_row_get_instance_private (self);

  g_return_if_fail (CAIRN_IS_ITEM_ROW (self));
  g_return_if_fail (!item || CAIRN_IS_ITEM (item));

  if (priv->item == item)
    return;
  if (priv->item != NULL && CAIRN_ITEM_ROW_GET_CLASS (self)->unbind != NULL)
    CAIRN_ITEM_ROW_GET_CLASS (self)->unbind (self);
  g_set_object (&priv->item, item);
  if (CAIRN_ITEM_ROW_GET_CLASS (self)->bind != NULL)
    CAIRN_ITEM_ROW_GET_CLASS (self)->bind (self, item);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

static void
cairn_item_row_dispose (GObject *object)
{
  CairnItemRow *self = (CairnItemRow *)object;
  CairnItemRowPrivate *priv = cairn_item_row_get_instance_private (self);
  GtkWidget *child;

  /* dispose_template only drops the children bound by name; the row's
   * top-level box has none, so unparent whatever is left. */
  cairn_item_row_set_item (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), G_OBJECT_TYPE (self));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&priv->item);

  G_OBJECT_CLASS (cairn_item_row_parent_class)->dispose (object);
}

static void
cairn_item_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CairnItemRow *self = CAIRN_ITEM_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, cairn_item_row_get_item (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_item_row_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CairnItemRow *self = CAIRN_ITEM_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      cairn_item_row_set_item (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_item_row_class_init (CairnItemRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_item_row_dispose;
  object_class->get_property = cairn_item_row_get_property;
  object_class->set_property = cairn_item_row_set_property;

  properties [PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, CAIRN_TYPE_ITEM,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cairn_item_row_init (CairnItemRow *self)
{
}
