/* cairn-git-worktree.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A worktree made for a conversation: where, on which branch, from what. */
typedef struct
{
  char  *path;
  char  *branch;
  char  *base;      /* the branch it merges back into */
  guint  n_copied;  /* files .worktreeinclude had copied */
} CairnGitWorktree;

void              cairn_git_worktree_free          (CairnGitWorktree     *worktree);
char             *cairn_git_worktree_name_from_text (const char          *text);
gboolean          cairn_git_worktree_check_name    (const char           *name,
                                                    GError              **error);
CairnGitWorktree *cairn_git_worktree_create        (const char           *cwd,
                                                    const char           *name,
                                                    const char           *base,
                                                    GCancellable         *cancellable,
                                                    GError              **error);
void              cairn_git_worktree_create_async  (const char           *cwd,
                                                    const char           *name,
                                                    const char           *base,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
CairnGitWorktree *cairn_git_worktree_create_finish (GAsyncResult         *result,
                                                    GError              **error);
gboolean          cairn_git_worktree_remove        (const char           *main_toplevel,
                                                    const char           *path,
                                                    const char           *branch,
                                                    GCancellable         *cancellable,
                                                    GError              **error);
guint             cairn_git_worktree_copy_included (const char           *from,
                                                    const char           *to,
                                                    GCancellable         *cancellable);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnGitWorktree, cairn_git_worktree_free)

G_END_DECLS
