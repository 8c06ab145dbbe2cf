/* cairn-git-repo.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A folder's repository, as git sees it now. */
typedef struct
{
  char *toplevel;       /* the checkout the folder is in */
  char *main_toplevel;  /* the main checkout (differs in a linked worktree) */
  char *branch;         /* short name; NULL on a detached HEAD */
  char *head;           /* the commit HEAD names */
  char *base;           /* a Cairn worktree's base branch, else NULL */
  gboolean trusted;     /* the user trusted the folder (the CLI's record) */
  gboolean dirty;       /* tracked files changed, not committed (asked only by
                         * cairn_git_repo_probe_async(), and when trusted) */
} CairnGitRepo;

void          cairn_git_repo_free          (CairnGitRepo        *repo);
CairnGitRepo *cairn_git_repo_probe         (const char          *cwd,
                                            GCancellable        *cancellable,
                                            GError             **error);
void          cairn_git_repo_probe_async   (const char          *cwd,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
CairnGitRepo *cairn_git_repo_probe_finish  (GAsyncResult        *result,
                                            GError             **error);
gboolean      cairn_git_repo_is_worktree   (const CairnGitRepo  *repo);
gboolean      cairn_git_repo_check_trusted (const CairnGitRepo  *repo,
                                            GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnGitRepo, cairn_git_repo_free)

G_END_DECLS
