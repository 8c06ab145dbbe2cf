/* cairn-page.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "app/cairn-settings.h"
#include "prompt/cairn-draft-store.h"
#include "protocol/cairn-terminal-command.h"
#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_PAGE (cairn_page_get_type())

G_DECLARE_FINAL_TYPE (CairnPage, cairn_page, CAIRN, PAGE, GtkWidget)

CairnPage    *cairn_page_new                (CairnSession    *session,
                                             CairnDraftStore *drafts,
                                             CairnSettings   *settings);
char         *cairn_page_dup_title          (CairnPage       *self);
CairnSession *cairn_page_get_session        (CairnPage       *self);
void          cairn_page_set_shown          (CairnPage       *self,
                                             gboolean         shown);
gboolean      cairn_page_get_unseen         (CairnPage       *self);
gboolean      cairn_page_is_fresh           (CairnPage       *self);
void          cairn_page_follow_output      (CairnPage       *self);
gboolean      cairn_page_shows_end          (CairnPage       *self);
void          cairn_page_hold_history       (CairnPage       *self);
void          cairn_page_release_history    (CairnPage       *self);
void          cairn_page_show_item          (CairnPage       *self,
                                             guint            position);
void          cairn_page_focus_composer     (CairnPage       *self);
void          cairn_page_add_note           (CairnPage       *self,
                                             const char      *note);
void          cairn_page_edit_text          (CairnPage       *self,
                                             const char      *text);
gboolean      cairn_page_answer_request     (CairnPage       *self,
                                             const char      *verb,
                                             const char      *request_id);
gboolean      cairn_page_has_request        (CairnPage       *self,
                                             const char      *request_id);
void          cairn_page_set_folder_path    (CairnPage       *self,
                                             const char      *path);
void          cairn_page_open_terminal      (CairnPage         *self,
                                             CairnTerminalKind  kind,
                                             CairnLoginMethod   method);
void          cairn_page_close_terminal     (CairnPage       *self);
void          cairn_page_toggle_terminal    (CairnPage       *self);
void          cairn_page_switch_focus       (CairnPage       *self);
gboolean      cairn_page_get_terminal_running (CairnPage     *self);
struct _CairnTerminal *cairn_page_get_terminal (CairnPage    *self);
void          cairn_page_set_signed_out     (CairnPage       *self,
                                             gboolean         signed_out);
const char   *cairn_page_get_waiting_prompt (CairnPage       *self);

G_END_DECLS
