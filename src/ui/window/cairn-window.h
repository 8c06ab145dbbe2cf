/* cairn-window.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "app/cairn-settings.h"
#include "history/cairn-history-index.h"
#include "session/cairn-session-set.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_WINDOW (cairn_window_get_type())

G_DECLARE_FINAL_TYPE (CairnWindow, cairn_window, CAIRN, WINDOW, AdwApplicationWindow)

CairnWindow  *cairn_window_new         (GtkApplication    *application,
                                        CairnSettings     *settings,
                                        CairnSessionSet   *sessions,
                                        CairnHistoryIndex *history,
                                        GFile             *folder);
CairnSession *cairn_window_get_session (CairnWindow      *self);
void          cairn_window_set_folder  (CairnWindow      *self,
                                        GFile            *folder);
void          cairn_window_open_conversation (CairnWindow *self,
                                              GFile       *file);
void          cairn_window_open_latest       (CairnWindow *self);
void          cairn_window_open_at_match     (CairnWindow *self,
                                              GFile       *file,
                                              const char  *query,
                                              guint        nth);
gboolean      cairn_window_search_for        (CairnWindow *self,
                                              const char  *text);
GFile        *cairn_window_get_folder        (CairnWindow *self);
gboolean      cairn_window_show_conversation (CairnWindow *self,
                                              const char  *session_id);
gboolean      cairn_window_review_request (CairnWindow    *self,
                                           const char     *request_id);

G_END_DECLS
