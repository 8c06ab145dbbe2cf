/* cairn-notice-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_NOTICE_ITEM (cairn_notice_item_get_type())

G_DECLARE_FINAL_TYPE (CairnNoticeItem, cairn_notice_item, CAIRN, NOTICE_ITEM, CairnItem)

CairnNoticeItem     *cairn_notice_item_new          (CairnNoticeSeverity  severity,
                                                     const char          *title,
                                                     const char          *body);
CairnNoticeItem     *cairn_notice_item_new_raw      (CairnNoticeSeverity  severity,
                                                     const char          *title,
                                                     const char          *raw_text);
CairnNoticeSeverity  cairn_notice_item_get_severity (CairnNoticeItem     *self);
const char          *cairn_notice_item_get_title    (CairnNoticeItem     *self);
const char          *cairn_notice_item_get_body     (CairnNoticeItem     *self);
void                 cairn_notice_item_set_action   (CairnNoticeItem     *self,
                                                     const char          *label,
                                                     const char          *action_name);
const char          *cairn_notice_item_get_action_label (CairnNoticeItem *self);
const char          *cairn_notice_item_get_action_name  (CairnNoticeItem *self);

G_END_DECLS
