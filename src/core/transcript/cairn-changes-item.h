/* cairn-changes-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_CHANGES_ITEM (cairn_changes_item_get_type())

G_DECLARE_FINAL_TYPE (CairnChangesItem, cairn_changes_item, CAIRN, CHANGES_ITEM, CairnItem)

CairnChangesItem *cairn_changes_item_new           (const char        *toplevel,
                                                    GStrv              codes,
                                                    GStrv              paths);
const char       *cairn_changes_item_get_toplevel  (CairnChangesItem  *self);
guint             cairn_changes_item_get_n_files   (CairnChangesItem  *self);
const char       *cairn_changes_item_get_path      (CairnChangesItem  *self,
                                                    guint              i);
const char       *cairn_changes_item_get_code      (CairnChangesItem  *self,
                                                    guint              i);
gboolean          cairn_changes_item_is_untracked  (CairnChangesItem  *self,
                                                    guint              i);

G_END_DECLS
