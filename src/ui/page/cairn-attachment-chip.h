/* cairn-attachment-chip.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "attachments/cairn-attachment.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_ATTACHMENT_CHIP (cairn_attachment_chip_get_type())

G_DECLARE_FINAL_TYPE (CairnAttachmentChip, cairn_attachment_chip, CAIRN, ATTACHMENT_CHIP, GtkWidget)

GtkWidget       *cairn_attachment_chip_new            (CairnAttachment     *attachment);
CairnAttachment *cairn_attachment_chip_get_attachment (CairnAttachmentChip *self);

G_END_DECLS
