/* cairn-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-item"

#include "config.h"

#include "cairn-enums.h"
#include "transcript/cairn-item.h"

/* One entry of the transcript. Subclasses carry the kind's own properties;
 * rows bind to those and never look at protocol JSON. */
typedef struct
{
  CairnItemKind kind;
  /* found by a search, and shown marked */
  gboolean      highlighted;
  /* names the item in an action's parameter ("page.restore-files") */
  guint         serial;
} CairnItemPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (CairnItem, cairn_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_HIGHLIGHTED,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_item_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  CairnItem *self = CAIRN_ITEM (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, cairn_item_get_kind (self));
      break;

    case PROP_HIGHLIGHTED:
      g_value_set_boolean (value, cairn_item_get_highlighted (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_item_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  CairnItem *self = CAIRN_ITEM (object);
  CairnItemPrivate *priv = cairn_item_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_KIND:
      priv->kind = g_value_get_enum (value);
      break;

    case PROP_HIGHLIGHTED:
      cairn_item_set_highlighted (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_item_class_init (CairnItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cairn_item_get_property;
  object_class->set_property = cairn_item_set_property;

  properties [PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL,
                       CAIRN_TYPE_ITEM_KIND, CAIRN_ITEM_KIND_RAW,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [PROP_HIGHLIGHTED] =
    g_param_spec_boolean ("highlighted", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_item_init (CairnItem *self)
{
  static guint last_serial;
  CairnItemPrivate *priv = cairn_item_get_instance_private (self);

  priv->serial = g_atomic_int_add (&last_serial, 1) + 1;
}

/* A number no other item of the process has. */
guint
cairn_item_get_serial (CairnItem *self)
{
  CairnItemPrivate *priv = cairn_item_get_instance_private (self);

  g_return_val_if_fail (CAIRN_IS_ITEM (self), 0);
  return priv->serial;
}

CairnItemKind
cairn_item_get_kind (CairnItem *self)
{
  CairnItemPrivate *priv = cairn_item_get_instance_private (self);

  g_return_val_if_fail (CAIRN_IS_ITEM (self), CAIRN_ITEM_KIND_RAW);
  return priv->kind;
}

gboolean
cairn_item_get_highlighted (CairnItem *self)
{
  CairnItemPrivate *priv = cairn_item_get_instance_private (self);

  g_return_val_if_fail (CAIRN_IS_ITEM (self), FALSE);
  return priv->highlighted;
}

/**
 * cairn_item_set_highlighted:
 *
 * Marks the item a search led to.
 */
void
cairn_item_set_highlighted (CairnItem *self,
                            gboolean   highlighted)
{
  CairnItemPrivate *priv = cairn_item_get_instance_private (self);

  g_return_if_fail (CAIRN_IS_ITEM (self));

  highlighted = !!highlighted;
  if (priv->highlighted == highlighted)
    return;
  priv->highlighted = highlighted;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHTED]);
}
