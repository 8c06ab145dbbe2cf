/* cairn-text-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TEXT_ITEM (cairn_text_item_get_type())

G_DECLARE_FINAL_TYPE (CairnTextItem, cairn_text_item, CAIRN, TEXT_ITEM, CairnItem)

CairnTextItem *cairn_text_item_new           (CairnItemKind  kind,
                                              const char    *text);
const char    *cairn_text_item_get_text      (CairnTextItem *self);
void           cairn_text_item_set_text      (CairnTextItem *self,
                                              const char    *text);
void           cairn_text_item_append        (CairnTextItem *self,
                                              const char    *text);
gboolean       cairn_text_item_get_streaming (CairnTextItem *self);
void           cairn_text_item_set_streaming (CairnTextItem *self,
                                              gboolean       streaming);
gboolean       cairn_text_item_get_stopped   (CairnTextItem *self);
const char    *cairn_text_item_get_uuid      (CairnTextItem *self);
void           cairn_text_item_set_uuid      (CairnTextItem *self,
                                              const char    *uuid);
void           cairn_text_item_set_branch    (CairnTextItem *self,
                                              const char    *parent,
                                              guint          index,
                                              guint          count);
const char    *cairn_text_item_get_branch    (CairnTextItem *self,
                                              guint         *index,
                                              guint         *count);
void           cairn_text_item_mark_stopped  (CairnTextItem *self);
gint64         cairn_text_item_get_duration_ms (CairnTextItem *self);
GListModel    *cairn_text_item_get_attachments (CairnTextItem *self);
void           cairn_text_item_set_attachments (CairnTextItem *self,
                                                GPtrArray     *attachments);

G_END_DECLS
