/* cairn-conversation-info.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_CONVERSATION_INFO (cairn_conversation_info_get_type())

G_DECLARE_FINAL_TYPE (CairnConversationInfo, cairn_conversation_info, CAIRN, CONVERSATION_INFO, GObject)

CairnConversationInfo *cairn_conversation_info_read           (GFile                 *file,
                                                               GCancellable          *cancellable,
                                                               GError               **error);
CairnConversationInfo *cairn_conversation_info_new            (GFile                 *file,
                                                               const char            *title,
                                                               const char            *cwd,
                                                               const char            *git_branch,
                                                               gint64                 created,
                                                               gint64                 modified,
                                                               guint64                size,
                                                               guint64                mtime_us);
GFile                 *cairn_conversation_info_get_file       (CairnConversationInfo *self);
const char            *cairn_conversation_info_get_session_id (CairnConversationInfo *self);
const char            *cairn_conversation_info_get_cwd        (CairnConversationInfo *self);
const char            *cairn_conversation_info_get_title      (CairnConversationInfo *self);
const char            *cairn_conversation_info_get_git_branch (CairnConversationInfo *self);
gint64                 cairn_conversation_info_get_created    (CairnConversationInfo *self);
gint64                 cairn_conversation_info_get_modified   (CairnConversationInfo *self);
guint64                cairn_conversation_info_get_size       (CairnConversationInfo *self);
guint64                cairn_conversation_info_get_mtime_us   (CairnConversationInfo *self);
void                   cairn_conversation_info_set_title      (CairnConversationInfo *self,
                                                               const char            *title);
char                  *cairn_conversation_clean_title         (const char            *text);

G_END_DECLS
