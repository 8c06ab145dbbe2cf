/* cairn-sidebar.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "search/cairn-search.h"
#include "window/cairn-conversation-row.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_SIDEBAR (cairn_sidebar_get_type())

G_DECLARE_FINAL_TYPE (CairnSidebar, cairn_sidebar, CAIRN, SIDEBAR, GtkWidget)

GtkWidget    *cairn_sidebar_new               (void);
void          cairn_sidebar_set_model         (CairnSidebar *self,
                                               GListModel   *conversations);
void          cairn_sidebar_set_loading       (CairnSidebar *self,
                                               gboolean      loading);
void          cairn_sidebar_set_unreadable    (CairnSidebar *self,
                                               GPtrArray    *files);
void          cairn_sidebar_select_session_id (CairnSidebar *self,
                                               const char   *session_id);
void          cairn_sidebar_set_state         (CairnSidebar *self,
                                               const char   *session_id,
                                               CairnConversationState state);
void          cairn_sidebar_set_search        (CairnSidebar *self,
                                               CairnSearch  *search);
void          cairn_sidebar_focus_search      (CairnSidebar *self);
void          cairn_sidebar_search_for        (CairnSidebar *self,
                                               const char   *text,
                                               gboolean      all_projects);

G_END_DECLS
