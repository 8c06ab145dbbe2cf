/* cairn-page-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "page/cairn-approval-queue.h"
#include "page/cairn-composer.h"
#include "page/cairn-page.h"
#include "page/cairn-trust-page.h"
#include "transcript/cairn-text-item.h"
#include "widgets/cairn-terminal.h"

G_BEGIN_DECLS

/* The page is split over seven files; cairn-page.c calls the others, and
 * cairn-page-branch.c calls the restore and scroll files:
 *   cairn-page.c          the transcript, the banners, the approvals
 *   cairn-page-branch.c   Edit and Resend, Branch, a prompt's versions
 *   cairn-page-restore.c  "Restore Files to Here" on a user's message
 *   cairn-page-drafts.c   the composer's draft, kept on disk
 *   cairn-page-notify.c   a turn that ends out of sight, in a notification
 *   cairn-page-scroll.c   following the end, scrolling to an item
 *   cairn-page-terminal.c the terminal pane */

struct _CairnPage
{
  GtkWidget           parent_instance;

  CairnSession       *session;
  CairnApprovalQueue *approvals;
  gboolean            shown;
  gboolean            unseen;
  gboolean            was_busy;
  gboolean            follow_output;
  double              last_value;
  double              last_upper;
  /* scrolls asked of the page, done once it is laid out */
  guint               pin_tick;
  gboolean            pin_pending;
  guint               show_tick;
  gboolean            show_pending;
  guint               shown_item;
  /* the rest of a conversation being read waits for its last screen */
  gboolean            holding_history;
  GdkFrameClock      *history_clock;

  CairnSettings      *settings;
  /* the composer's drafts, and the key of the one shown */
  CairnDraftStore    *drafts;
  char               *draft_key;
  GCancellable       *draft_loading;

  GtkStack           *transcript_stack;
  AdwStatusPage      *empty_page;
  GtkScrolledWindow  *scroller;
  GtkListView        *list_view;
  GtkNoSelection     *selection;
  GtkWidget          *jump_button;
  CairnTrustPage     *trust_page;
  GtkRevealer        *elsewhere_banner;
  GtkRevealer        *stall_banner;
  CairnComposer      *composer;

  /* the terminal pane: made when first opened */
  GtkPaned           *paned;
  GtkWidget          *terminal_pane;
  GtkLabel           *terminal_title;
  GtkToggleButton    *terminal_claude_toggle;
  GtkToggleButton    *terminal_shell_toggle;
  CairnTerminal      *terminal;
  CairnTerminalKind   terminal_kind;
  gboolean            showing_kind;   /* the switch is set, not pressed */
  /* the pane's CLI has the conversation */
  gboolean            terminal_holds;
  /* Claude Code is not signed in: a prompt waits here */
  gboolean            signed_out;
  char               *waiting_text;
  GPtrArray          *waiting_images;
};

/* cairn-page-scroll.c */
void _cairn_page_init_scroll       (CairnPage *self);
void _cairn_page_set_follow_output (CairnPage *self,
                                    gboolean   follow);
void _cairn_page_scroll_to_end     (CairnPage *self);
void _cairn_page_arm_ticks         (CairnPage *self);
void _cairn_page_disarm_ticks      (CairnPage *self);
void _cairn_page_update_transcript (CairnPage *self);

void _cairn_page_class_init_terminal (GtkWidgetClass *widget_class);
gboolean _cairn_page_hold_prompt      (CairnPage      *self,
                                       const char     *text,
                                       GPtrArray      *images);
void _cairn_page_init_drafts       (CairnPage *self);
void _cairn_page_dispose_drafts    (CairnPage *self);
void _cairn_page_notify_turn_end   (CairnPage *self);
void _cairn_page_restore_files_action (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *param);
void _cairn_page_edit_prompt_action   (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *param);
void _cairn_page_previous_version_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *param);
void _cairn_page_next_version_action  (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *param);
void _cairn_page_branch_action        (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *param);
CairnTextItem *_cairn_page_find_prompt (CairnPage  *self,
                                        guint       serial);
void _cairn_page_say                  (CairnPage  *self,
                                       const char *heading,
                                       const char *body);

G_END_DECLS
