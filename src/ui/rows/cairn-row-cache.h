/* cairn-row-cache.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_ROW_CACHE (cairn_row_cache_get_type())

G_DECLARE_FINAL_TYPE (CairnRowCache, cairn_row_cache, CAIRN, ROW_CACHE, GObject)

CairnRowCache *cairn_row_cache_new        (guint          capacity);
void           cairn_row_cache_attach     (CairnRowCache *self,
                                           GtkWidget     *list_view);
CairnRowCache *cairn_row_cache_for_widget (GtkWidget     *widget);
void           cairn_row_cache_put        (CairnRowCache *self,
                                           CairnItem     *item,
                                           GtkWidget     *row);
GtkWidget     *cairn_row_cache_take       (CairnRowCache *self,
                                           CairnItem     *item);
void           cairn_row_cache_remember_size (CairnRowCache  *self,
                                              CairnItem      *item,
                                              GtkOrientation  orientation,
                                              int             for_size,
                                              int             minimum,
                                              int             natural);
void           cairn_row_cache_set_row_width (CairnRowCache  *self,
                                              int             width);
void           cairn_row_cache_guess_size    (CairnRowCache  *self,
                                              CairnItem      *item,
                                              GtkOrientation  orientation,
                                              int             for_size,
                                              int            *minimum,
                                              int            *natural);

G_END_DECLS
