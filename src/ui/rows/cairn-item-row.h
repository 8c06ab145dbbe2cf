/* cairn-item-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_ITEM_ROW (cairn_item_row_get_type())

G_DECLARE_DERIVABLE_TYPE (CairnItemRow, cairn_item_row, CAIRN, ITEM_ROW, GtkWidget)

struct _CairnItemRowClass
{
  GtkWidgetClass parent_class;

  /* Called after the item changed, also to NULL, to update what bindings
   * in the template can't express. */
  void (*bind)   (CairnItemRow *self,
                  CairnItem    *item);
  /* Called before the item is dropped: disconnect from it here. */
  void (*unbind) (CairnItemRow *self);
};

CairnItem *cairn_item_row_get_item (CairnItemRow *self);
void       cairn_item_row_set_item (CairnItemRow *self,
                                    CairnItem    *item);

G_END_DECLS
