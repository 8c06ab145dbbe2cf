/* cairn-code-block.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_CODE_BLOCK (cairn_code_block_get_type())

G_DECLARE_FINAL_TYPE (CairnCodeBlock, cairn_code_block, CAIRN, CODE_BLOCK, GtkWidget)

GtkWidget  *cairn_code_block_new          (void);
void        cairn_code_block_set_code     (CairnCodeBlock *self,
                                           const char     *language,
                                           const char     *code);
const char *cairn_code_block_get_language (CairnCodeBlock *self);

G_END_DECLS
