/* cairn-search-hit.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_SEARCH_HIT (cairn_search_hit_get_type())

G_DECLARE_FINAL_TYPE (CairnSearchHit, cairn_search_hit, CAIRN, SEARCH_HIT, GObject)

CairnSearchHit *cairn_search_hit_new            (GFile          *file,
                                                 const char     *session_id,
                                                 const char     *snippet,
                                                 guint           match_start,
                                                 guint           match_length,
                                                 gint64          line_offset);
GFile          *cairn_search_hit_get_file       (CairnSearchHit *self);
const char     *cairn_search_hit_get_session_id (CairnSearchHit *self);
const char     *cairn_search_hit_get_snippet    (CairnSearchHit *self);
guint           cairn_search_hit_get_match_start  (CairnSearchHit *self);
guint           cairn_search_hit_get_match_length (CairnSearchHit *self);

G_END_DECLS
