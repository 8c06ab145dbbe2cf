/* cairn-conversation-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What an open conversation's row says at a glance. */
typedef enum
{
  CAIRN_CONVERSATION_QUIET,     /* nothing to say: not running, or seen */
  CAIRN_CONVERSATION_WORKING,   /* a turn is running */
  CAIRN_CONVERSATION_WAITING,   /* an approval, a plan or a question waits for the user */
  CAIRN_CONVERSATION_UNSEEN,    /* a turn ended while it was in the background */
  CAIRN_CONVERSATION_FAILED,    /* the last turn failed, or its CLI stopped */
} CairnConversationState;

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
