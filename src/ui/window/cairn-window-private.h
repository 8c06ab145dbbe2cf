/* cairn-window-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "window/cairn-background-list.h"
#include "window/cairn-changes-pane.h"
#include "window/cairn-usage-panel.h"
#include "window/cairn-mcp-panel.h"
#include "session/cairn-mcp-server.h"
#include "window/cairn-missing-cli-page.h"
#include "page/cairn-page.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-start-page.h"
#include "rows/cairn-todo-list.h"
#include "window/cairn-window.h"
#include "prompt/cairn-draft-store.h"
#include "git/cairn-git-repo.h"

G_BEGIN_DECLS

/* The window is chrome around pages (page/cairn-page.c), one per open
 * conversation, each with its transcript, composer and approvals. It is
 * split over files, each calling only those listed after it:
 *   cairn-window.c          the window: construction, state, its own actions
 *   cairn-window-history.c  the project: its folder, sidebar, stored
 *                           conversations, search, the start page
 *   cairn-window-pages.c    the pages: making, finding, showing and closing
 *                           them, and their state in the sidebar
 *   cairn-window-header.c   the header, following the session of the page
 *                           shown, and its actions
 *   cairn-window-cli.c      the claude program: found, and its version
 *   cairn-window-signin.c   whether Claude Code is signed in, and Sign In
 *   cairn-window-portal.c   whether the desktop portal answers (Flatpak)
 *   cairn-window-worktree.c a conversation in its own git worktree, and
 *                           whether the folder can have one; the Changes
 *                           pane shown and its comments to the composer
 *   cairn-window-merge.c    a worktree merged back, then removed if asked
 *   cairn-window-export.c   a conversation written to a file (Export)
 *   cairn-window-report.c   the reopened conversation's last screen, timed
 *                           for the benchmarks */

struct _CairnWindow
{
  AdwApplicationWindow  parent_instance;

  GFile                *folder;
  /* the application's, handed down at construction: the window never
   * asks the application for them */
  CairnSettings        *settings;
  CairnSessionSet      *sessions;
  CairnHistoryIndex    *history;
  /* the page shown, and its session, which the header follows */
  CairnPage            *page;
  CairnSession         *session;
  /* closing with conversations working was confirmed */
  gboolean              close_confirmed;
  /* reading stored conversations into their pages */
  GCancellable         *opening;
  CairnSearch          *search;
  /* once the conversation is open: the n-th row that mentions this */
  char                 *locate_query;
  guint                 locate_nth;
  GSignalGroup         *session_signals;
  /* the composers' drafts, for all pages */
  CairnDraftStore      *drafts;

  AdwWindowTitle       *window_title;
  GtkWidget            *sidebar_button;
  GtkWidget            *new_button;
  GtkWidget            *worktree_button;
  GtkToggleButton      *changes_button;
  GtkRevealer          *changes_revealer;
  GtkBox               *changes_box;
  /* made the first time it is shown, in changes_box; %NULL until then */
  CairnChangesPane     *changes_pane;
  /* the folder's repository, or why it can have no worktree */
  CairnGitRepo         *git_repo;
  char                 *git_reason;
  GCancellable         *git_probing;
  /* the sidebar's lists: the project's conversations and its worktrees' */
  GListStore           *conversation_lists;
  AdwFlap              *flap;
  CairnSidebar         *sidebar;
  CairnStartPage       *start_page;
  AdwToastOverlay      *toast_overlay;
  GtkMenuButton        *model_button;
  GtkMenuButton        *mode_button;
  GtkMenuButton        *rules_button;
  GtkListBox           *rules_list;
  GtkLevelBar          *context_meter;
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
  GtkStack             *page_stack;
  GtkRevealer          *old_cli_banner;
  GtkLabel             *old_cli_label;
  /* the claude program whose --version was asked */
  char                 *checked_cli;
  /* the first frame is painted: the probes that wait for it may start
   * (cairn-window.c); until then they wait, marked here */
  gboolean              drawn;
  guint                 drawn_source;
  gboolean              cli_probes_wait;
  gboolean              git_probe_waits;
  CairnMissingCliPage  *missing_page;
  /* signing in (cairn-window-signin.c) */
  GtkRevealer          *signin_banner;
  GtkLabel             *signin_label;
  gboolean              signed_out;
  GCancellable         *signin_checking;
  CairnPage            *signing_in;
  /* the desktop portal (cairn-window-portal.c) */
  GtkRevealer          *portal_banner;
  GtkLabel             *portal_label;
  gboolean              portal_checked;
};

/* cairn-window-report.c */
void          _cairn_window_watch_last_screen     (CairnWindow    *self,
                                                   CairnPage      *page);
void          _cairn_window_report_opened         (CairnWindow    *self);

/* cairn-window-history.c */
void          _cairn_window_load_project          (CairnWindow    *self);
void          _cairn_window_show_folder           (CairnWindow    *self);
void          _cairn_window_watch_history         (CairnWindow    *self);
void          _cairn_window_class_init_history    (GtkWidgetClass *widget_class);
void          _cairn_window_class_init_export     (GtkWidgetClass *widget_class);
void          _cairn_window_export                (CairnWindow    *self,
                                                   GFile          *conversation,
                                                   const char     *title);

/* cairn-window-pages.c */
CairnSession *_cairn_window_show_new_session      (CairnWindow  *self);
CairnSession *_cairn_window_show_new_session_in   (CairnWindow  *self,
                                                   const char   *cwd);
void          _cairn_window_start_new_conversation (CairnWindow  *self);
CairnPage    *_cairn_window_add_page              (CairnWindow  *self,
                                                   CairnSession *session);
CairnPage    *_cairn_window_find_page             (CairnWindow  *self,
                                                   const char   *session_id);
CairnPage    *_cairn_window_find_fresh_page       (CairnWindow  *self);
void          _cairn_window_show_page             (CairnWindow  *self,
                                                   CairnPage    *page);
void          _cairn_window_close_page            (CairnWindow  *self,
                                                   CairnPage    *page);
void          _cairn_window_close_all_pages       (CairnWindow  *self);
gboolean      _cairn_window_confirm_close         (CairnWindow  *self);
char         *_cairn_window_dup_cut_off_title     (CairnPage    *page);
void          _cairn_window_add_to_session_set    (CairnWindow  *self,
                                                   CairnSession *session);
void          _cairn_window_watch_page            (CairnWindow  *self,
                                                   CairnPage    *page);

/* cairn-window-header.c */
void          _cairn_window_set_header_session    (CairnWindow    *self,
                                                   CairnSession   *session);
void          _cairn_window_class_init_header     (GtkWidgetClass *widget_class);
void          _cairn_window_init_header           (CairnWindow    *self);

/* cairn-window-signin.c */
void          _cairn_window_check_signin          (CairnWindow    *self,
                                                   const char     *cli);
void          _cairn_window_watch_signin          (CairnWindow    *self,
                                                   CairnPage      *page);
void          _cairn_window_class_init_signin     (GtkWidgetClass *widget_class);
void          _cairn_window_dispose_signin        (CairnWindow    *self);

/* cairn-window-worktree.c */
void          _cairn_window_probe_git             (CairnWindow    *self);
void          _cairn_window_run_git_probe         (CairnWindow    *self);
void          _cairn_window_class_init_worktree   (GtkWidgetClass *widget_class);
void          _cairn_window_list_conversations    (CairnWindow    *self);
char         *_cairn_window_cwd_of               (CairnWindow    *self,
                                                   GFile          *file);
void          _cairn_window_say                   (CairnWindow    *self,
                                                   const char     *heading,
                                                   const char     *message);

/* cairn-window-merge.c */
void          _cairn_window_merge                 (CairnWindow    *self);

/* cairn-window-portal.c */
void          _cairn_window_check_portal          (CairnWindow    *self);
void          _cairn_window_class_init_portal     (GtkWidgetClass *widget_class);

/* cairn-window-cli.c */
char         *_cairn_window_find_cli              (CairnWindow  *self);
void          _cairn_window_run_cli_probes        (CairnWindow  *self);
void          _cairn_window_forget_cli_check      (CairnWindow  *self);

G_END_DECLS
