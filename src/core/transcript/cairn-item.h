/* cairn-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "cairn-types.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_ITEM (cairn_item_get_type())

G_DECLARE_DERIVABLE_TYPE (CairnItem, cairn_item, CAIRN, ITEM, GObject)

struct _CairnItemClass
{
  GObjectClass parent_class;
};

CairnItemKind  cairn_item_get_kind        (CairnItem *self);
gboolean       cairn_item_get_highlighted (CairnItem *self);
guint          cairn_item_get_serial      (CairnItem *self);
void           cairn_item_set_highlighted (CairnItem *self,
                                           gboolean   highlighted);

G_END_DECLS
