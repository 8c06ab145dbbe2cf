/* cairn-sidebar.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "search/cairn-search.h"

G_BEGIN_DECLS

typedef enum
{
  CAIRN_DAY_GROUP_TODAY,
  CAIRN_DAY_GROUP_YESTERDAY,
  CAIRN_DAY_GROUP_PREVIOUS_7_DAYS,
  CAIRN_DAY_GROUP_OLDER,
} CairnDayGroup;

/* What an open conversation's row says at a glance. */
typedef enum
{
  CAIRN_CONVERSATION_QUIET,     /* nothing to say: not running, or seen */
  CAIRN_CONVERSATION_WORKING,   /* a turn is running */
  CAIRN_CONVERSATION_WAITING,   /* an approval, a plan or a question waits for the user */
  CAIRN_CONVERSATION_UNSEEN,    /* a turn ended while it was in the background */
  CAIRN_CONVERSATION_FAILED,    /* the last turn failed, or its CLI stopped */
} CairnConversationState;

#define CAIRN_TYPE_SIDEBAR (cairn_sidebar_get_type())

G_DECLARE_FINAL_TYPE (CairnSidebar, cairn_sidebar, CAIRN, SIDEBAR, GtkWidget)

GtkWidget    *cairn_sidebar_new               (void);
void          cairn_sidebar_set_model         (CairnSidebar *self,
                                               GListModel   *conversations);
void          cairn_sidebar_set_loading       (CairnSidebar *self,
                                               gboolean      loading);
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
CairnDayGroup cairn_day_group                 (GDateTime    *now,
                                               gint64        when);
char         *cairn_relative_time             (GDateTime    *now,
                                               gint64        when);

G_END_DECLS
