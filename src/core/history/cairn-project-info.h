/* cairn-project-info.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_PROJECT_INFO (cairn_project_info_get_type())

G_DECLARE_FINAL_TYPE (CairnProjectInfo, cairn_project_info, CAIRN, PROJECT_INFO, GObject)

CairnProjectInfo *cairn_project_info_new                 (const char       *cwd,
                                                          GFile            *folder,
                                                          guint             n_conversations,
                                                          gint64            modified);
gint64            cairn_project_info_get_modified        (CairnProjectInfo *self);

G_END_DECLS
