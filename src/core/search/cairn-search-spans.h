/* cairn-search-spans.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean cairn_search_line_may_show (const char *line,
                                     gsize       length,
                                     const char *query,
                                     gsize       query_length);

G_END_DECLS
