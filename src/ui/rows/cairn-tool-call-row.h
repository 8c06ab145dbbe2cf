/* cairn-tool-call-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rows/cairn-item-row.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TOOL_CALL_ROW (cairn_tool_call_row_get_type())

G_DECLARE_FINAL_TYPE (CairnToolCallRow, cairn_tool_call_row, CAIRN, TOOL_CALL_ROW, CairnItemRow)

G_END_DECLS
