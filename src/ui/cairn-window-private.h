/* cairn-window-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "cairn-background-list.h"
#include "cairn-usage-panel.h"
#include "cairn-mcp-panel.h"
#include "session/cairn-mcp-server.h"
#include "cairn-approval-queue.h"
#include "cairn-composer.h"
#include "cairn-missing-cli-page.h"
#include "cairn-sidebar.h"
#include "cairn-start-page.h"
#include "cairn-todo-list.h"
#include "cairn-window.h"
#include "prompt/cairn-draft-store.h"

G_BEGIN_DECLS

/* The window is split over two files: cairn-window.c (the conversation
 * shown: header, transcript, composer, approvals) and
 * cairn-window-history.c (the project: sidebar, stored conversations,
 * search, the start page). */

struct _CairnWindow
{
  AdwApplicationWindow  parent_instance;

  GFile                *folder;
  CairnSession         *session;
  /* reading a stored conversation into the session shown */
  GCancellable         *opening;
  CairnSearch          *search;
  /* once the conversation is open: the n-th row that mentions this */
  char                 *locate_query;
  guint                 locate_nth;
  GSignalGroup         *session_signals;
  /* the composer's drafts, and the key of the one shown */
  CairnDraftStore      *drafts;
  char                 *draft_key;
  GCancellable         *draft_loading;
  gboolean              follow_output;
  double                last_value;
  double                last_upper;
  guint                 pin_tick;

  AdwWindowTitle       *window_title;
  GtkWidget            *sidebar_button;
  GtkWidget            *new_button;
  AdwFlap              *flap;
  CairnSidebar         *sidebar;
  CairnStartPage       *start_page;
  AdwToastOverlay      *toast_overlay;
  GtkMenuButton        *model_button;
  GtkMenuButton        *mode_button;
  GtkMenuButton        *rules_button;
  GtkListBox           *rules_list;
  CairnApprovalQueue   *approvals;
  GtkLevelBar          *context_meter;
  GtkLabel             *usage_label;
  GtkWidget            *usage_box;
  GtkMenuButton        *usage_button;
  GtkLabel             *limit_label;
  CairnUsagePanel      *usage_panel;
  GtkMenuButton        *mcp_button;
  CairnMcpPanel        *mcp_panel;
  GtkWidget            *jump_button;
  GtkMenuButton        *todo_button;
  GtkLabel             *todo_label;
  CairnTodoList        *todo_list;
  CairnBackgroundList  *background_list;
  GtkStack             *main_stack;
  GtkStack             *transcript_stack;
  AdwStatusPage        *empty_page;
  GtkScrolledWindow    *scroller;
  GtkListView          *list_view;
  GtkNoSelection       *selection;
  GtkRevealer          *elsewhere_banner;
  GtkRevealer          *stall_banner;
  GtkRevealer          *old_cli_banner;
  GtkLabel             *old_cli_label;
  /* the claude program whose --version was asked */
  char                 *checked_cli;
  CairnComposer        *composer;
  CairnMissingCliPage  *missing_page;
};

GSettings    *_cairn_window_get_settings        (CairnWindow *self);
CairnSession *_cairn_window_show_new_session     (CairnWindow *self);
void          _cairn_window_start_new_conversation (CairnWindow *self);
void          _cairn_window_set_follow_output    (CairnWindow *self,
                                                  gboolean     follow);
void          _cairn_window_scroll_to_end        (CairnWindow *self);
void          _cairn_window_load_project         (CairnWindow *self);
void          _cairn_window_class_init_history   (GtkWidgetClass *widget_class);
void          _cairn_window_track_session        (CairnWindow  *self,
                                                  CairnSession *session);
void          _cairn_window_init_drafts          (CairnWindow  *self);
void          _cairn_window_check_cli_version    (CairnWindow  *self,
                                                  const char   *cli);
void          _cairn_window_dispose_drafts       (CairnWindow  *self);
void          _cairn_window_show_draft_of        (CairnWindow  *self,
                                                  CairnSession *session);

G_END_DECLS
