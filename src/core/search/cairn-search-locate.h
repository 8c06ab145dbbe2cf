/* cairn-search-locate.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-transcript.h"

G_BEGIN_DECLS

gboolean cairn_search_item_mentions (CairnItem       *item,
                                     const char      *query);
gboolean cairn_search_locate_item   (CairnTranscript *transcript,
                                     const char      *query,
                                     guint            nth,
                                     guint           *position);

G_END_DECLS
