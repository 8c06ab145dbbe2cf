/* cairn-conversation-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "window/cairn-sidebar.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_CONVERSATION_ROW (cairn_conversation_row_get_type())

G_DECLARE_FINAL_TYPE (CairnConversationRow, cairn_conversation_row, CAIRN, CONVERSATION_ROW, GtkWidget)

GtkWidget *cairn_conversation_row_new         (void);
void       cairn_conversation_row_bind        (CairnConversationRow   *self,
                                               GObject                *item,
                                               CairnConversationState  state);
void       cairn_conversation_row_unbind      (CairnConversationRow   *self);
GObject   *cairn_conversation_row_get_item    (CairnConversationRow   *self);
void       cairn_conversation_row_set_heading (CairnConversationRow   *self,
                                               const char             *heading);
void       cairn_conversation_row_set_state   (CairnConversationRow   *self,
                                               CairnConversationState  state);

G_END_DECLS
