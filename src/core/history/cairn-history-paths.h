/* cairn-history-paths.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GFile *cairn_history_projects_dir    (void);
char  *cairn_history_folder_name     (const char *cwd);
GStrv  cairn_history_worktree_cwds   (const char *real_cwd);
char  *cairn_history_worktree_cwd    (const char *real_cwd,
                                      GFile      *history_folder);
GFile *cairn_history_project_folder  (const char *cwd);
GFile *cairn_history_find_conversation (const char *session_id);

G_END_DECLS
