/* cairn-changes-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "rows/cairn-item-row.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_CHANGES_ROW (cairn_changes_row_get_type())

G_DECLARE_FINAL_TYPE (CairnChangesRow, cairn_changes_row, CAIRN, CHANGES_ROW, CairnItemRow)

G_END_DECLS
