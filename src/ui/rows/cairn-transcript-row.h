/* cairn-transcript-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TRANSCRIPT_ROW (cairn_transcript_row_get_type())

G_DECLARE_FINAL_TYPE (CairnTranscriptRow, cairn_transcript_row, CAIRN, TRANSCRIPT_ROW, GtkWidget)

CairnItem *cairn_transcript_row_get_item       (CairnTranscriptRow *self);
void       cairn_transcript_row_set_item       (CairnTranscriptRow *self,
                                                CairnItem          *item);
CairnItem *cairn_transcript_row_get_shown_item (CairnTranscriptRow *self);

G_END_DECLS
