/* cairn-written-changes.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "git/cairn-git-diff.h"

G_BEGIN_DECLS

char            *cairn_written_changes_relative (const char *toplevel,
                                                 const char *path);
CairnGitChanges *cairn_written_changes_collect  (GListModel *transcript,
                                                 const char *cwd);

G_END_DECLS
