/* cairn-history-index.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "history/cairn-conversation-info.h"
#include "history/cairn-project-info.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_HISTORY_INDEX (cairn_history_index_get_type())

G_DECLARE_FINAL_TYPE (CairnHistoryIndex, cairn_history_index, CAIRN, HISTORY_INDEX, GObject)

CairnHistoryIndex *cairn_history_index_new                   (void);
GListModel        *cairn_history_index_get_conversations     (CairnHistoryIndex    *self,
                                                              const char           *cwd);
GListModel        *cairn_history_index_get_projects          (CairnHistoryIndex    *self);
void               cairn_history_index_refresh_projects      (CairnHistoryIndex    *self);
GPtrArray         *cairn_history_index_list_folder           (CairnHistoryIndex    *self,
                                                              GFile                *folder,
                                                              GCancellable         *cancellable);
gboolean           cairn_history_index_get_listed            (CairnHistoryIndex    *self,
                                                              const char           *cwd);
GPtrArray         *cairn_history_index_get_unreadable        (CairnHistoryIndex    *self,
                                                              const char           *cwd);
gboolean           cairn_history_index_get_projects_listed   (CairnHistoryIndex    *self);
void               cairn_history_index_forget                (CairnHistoryIndex    *self,
                                                              GFile                *file);

G_END_DECLS
