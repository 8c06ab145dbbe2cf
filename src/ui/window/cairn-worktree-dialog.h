/* cairn-worktree-dialog.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_WORKTREE_DIALOG (cairn_worktree_dialog_get_type())

G_DECLARE_FINAL_TYPE (CairnWorktreeDialog, cairn_worktree_dialog, CAIRN, WORKTREE_DIALOG, AdwMessageDialog)

CairnWorktreeDialog *cairn_worktree_dialog_new        (GtkWindow           *parent,
                                                       const char          *main_toplevel,
                                                       const char          *base,
                                                       gboolean             dirty);
char                *cairn_worktree_dialog_dup_name   (CairnWorktreeDialog *self);
char                *cairn_worktree_dialog_dup_base   (CairnWorktreeDialog *self);
char                *cairn_worktree_dialog_dup_prompt (CairnWorktreeDialog *self);

G_END_DECLS
