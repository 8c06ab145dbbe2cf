/* cairn-search.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_SEARCH (cairn_search_get_type())

G_DECLARE_FINAL_TYPE (CairnSearch, cairn_search, CAIRN, SEARCH, GObject)

CairnSearch *cairn_search_new            (void);
void         cairn_search_start          (CairnSearch *self,
                                          const char  *query,
                                          GPtrArray   *folders);
void         cairn_search_stop           (CairnSearch *self);
GListModel  *cairn_search_get_hits       (CairnSearch *self);
gboolean     cairn_search_get_running    (CairnSearch *self);
guint        cairn_search_get_files_done  (CairnSearch *self);
guint        cairn_search_get_files_total (CairnSearch *self);

G_END_DECLS
