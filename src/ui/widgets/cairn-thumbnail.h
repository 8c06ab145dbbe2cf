/* cairn-thumbnail.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "attachments/cairn-attachment.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_THUMBNAIL (cairn_thumbnail_get_type())

G_DECLARE_FINAL_TYPE (CairnThumbnail, cairn_thumbnail, CAIRN, THUMBNAIL, GtkWidget)

GtkWidget       *cairn_thumbnail_new            (void);
void             cairn_thumbnail_set_attachment (CairnThumbnail  *self,
                                                 CairnAttachment *attachment);
gboolean         cairn_thumbnail_get_loaded     (CairnThumbnail  *self);
void             cairn_thumbnail_share          (CairnAttachment *from,
                                                 CairnAttachment *to);

G_END_DECLS
