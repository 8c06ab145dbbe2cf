/* cairn-search-scan.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "search/cairn-search-fold.h"

G_BEGIN_DECLS

/* A place in a session file where the words were found in what the
 * conversation shows (not in ids, paths of metadata or JSON keys). */
typedef struct
{
  gsize  line_offset;
  char  *snippet;
  guint  match_start;
  guint  match_length;
} CairnSearchMatch;

typedef gboolean (*CairnSearchMatchFunc) (const CairnSearchMatch *match,
                                          gpointer                user_data);

char       *cairn_search_line_text         (JsonObject           *line);
gboolean    cairn_search_make_snippet      (const char           *text,
                                            const char           *query,
                                            CairnSearchMatch     *match);
guint       cairn_search_scan_buffer       (const char           *buffer,
                                            gsize                 length,
                                            const char           *query,
                                            guint                 max_matches,
                                            CairnSearchMatchFunc  func,
                                            gpointer              user_data);

G_END_DECLS
