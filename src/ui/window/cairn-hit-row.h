/* cairn-hit-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "search/cairn-search-hit.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_HIT_ROW (cairn_hit_row_get_type())

G_DECLARE_FINAL_TYPE (CairnHitRow, cairn_hit_row, CAIRN, HIT_ROW, GtkWidget)

GtkWidget      *cairn_hit_row_new     (void);
void            cairn_hit_row_bind    (CairnHitRow    *self,
                                       CairnSearchHit *hit,
                                       const char     *title);
void            cairn_hit_row_unbind  (CairnHitRow    *self);
CairnSearchHit *cairn_hit_row_get_hit (CairnHitRow    *self);

G_END_DECLS
