/* cairn-bench-items.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

extern const char *const cairn_bench_prompts[];
extern const char *const cairn_bench_replies[];
extern const char *const cairn_bench_kind_names[];

CairnItem *cairn_bench_text_item   (CairnItemKind  kind,
                                    const char    *text);
CairnItem *cairn_bench_make_item   (CairnItemKind  kind,
                                    const char    *cwd,
                                    guint          i);
GPtrArray *cairn_bench_build_items (const char    *cwd,
                                    const char    *kinds,
                                    guint          n);

G_END_DECLS
