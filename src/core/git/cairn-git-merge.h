/* cairn-git-merge.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  CAIRN_GIT_MERGE_SQUASH,       /* one commit on the base */
  CAIRN_GIT_MERGE_MERGE,        /* a merge commit */
  CAIRN_GIT_MERGE_REBASE,       /* the branch's commits replayed on the base */
  CAIRN_GIT_MERGE_BRANCH_ONLY,  /* the work committed on its branch, nothing merged */
} CairnGitMergeMode;

guint    cairn_git_base_moved        (const char          *worktree,
                                      const char          *base,
                                      GCancellable        *cancellable);
gboolean cairn_git_merge             (const char          *worktree,
                                      CairnGitMergeMode    mode,
                                      const char          *message,
                                      GCancellable        *cancellable,
                                      GError             **error);
void     cairn_git_merge_async       (const char          *worktree,
                                      CairnGitMergeMode    mode,
                                      const char          *message,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
gboolean cairn_git_merge_finish      (GAsyncResult        *result,
                                      GError             **error);
void     cairn_git_remove_worktree_async  (const char          *worktree,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean cairn_git_remove_worktree_finish (GAsyncResult        *result,
                                           GError             **error);

G_END_DECLS
