/* cairn-search-fold.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *cairn_search_find_ascii_folded (const char *haystack,
                                            gsize       length,
                                            const char *needle,
                                            gsize       needle_length);

G_END_DECLS
