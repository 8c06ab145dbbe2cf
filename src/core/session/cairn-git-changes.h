/* cairn-git-changes.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "git/cairn-git.h"
#include "transcript/cairn-changes-item.h"

G_BEGIN_DECLS


void              cairn_git_changes_list_async  (const char           *cwd,
                                                 guint                 timeout_ms,
                                                 GCancellable         *cancellable,
                                                 GAsyncReadyCallback   callback,
                                                 gpointer              user_data);
CairnChangesItem *cairn_git_changes_list_finish (GAsyncResult         *result,
                                                 GError              **error);
void              cairn_git_changes_diff_async  (CairnChangesItem     *changes,
                                                 guint                 i,
                                                 GCancellable         *cancellable,
                                                 GAsyncReadyCallback   callback,
                                                 gpointer              user_data);
char             *cairn_git_changes_diff_finish (GAsyncResult         *result,
                                                 GError              **error);
CairnChangesItem *cairn_git_changes_parse       (const char           *toplevel,
                                                 const char           *porcelain,
                                                 gsize                 length);

G_END_DECLS
