/* cairn-approval-queue.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_APPROVAL_QUEUE (cairn_approval_queue_get_type())

G_DECLARE_FINAL_TYPE (CairnApprovalQueue, cairn_approval_queue, CAIRN, APPROVAL_QUEUE, GObject)

CairnApprovalQueue *cairn_approval_queue_new    (GtkWindow          *parent,
                                                 CairnSession       *session,
                                                 gboolean            shown);
void                cairn_approval_queue_set_shown (CairnApprovalQueue *self,
                                                    gboolean            shown);
void                cairn_approval_queue_review (CairnApprovalQueue *self,
                                                 const char         *request_id);

G_END_DECLS
