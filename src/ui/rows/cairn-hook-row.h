/* cairn-hook-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rows/cairn-item-row.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_HOOK_ROW (cairn_hook_row_get_type())

G_DECLARE_FINAL_TYPE (CairnHookRow, cairn_hook_row, CAIRN, HOOK_ROW, CairnItemRow)

G_END_DECLS
