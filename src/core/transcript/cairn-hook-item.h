/* cairn-hook-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_HOOK_ITEM (cairn_hook_item_get_type())

G_DECLARE_FINAL_TYPE (CairnHookItem, cairn_hook_item, CAIRN, HOOK_ITEM, CairnItem)

CairnHookItem *cairn_hook_item_new           (const char    *hook_id,
                                              const char    *event,
                                              const char    *name);
void           cairn_hook_item_set_output    (CairnHookItem *self,
                                              const char    *output);
void           cairn_hook_item_set_command   (CairnHookItem *self,
                                              const char    *command);
const char    *cairn_hook_item_get_command   (CairnHookItem *self);
void           cairn_hook_item_finish        (CairnHookItem *self,
                                              const char    *outcome,
                                              gboolean       has_exit_code,
                                              gint64         exit_code,
                                              const char    *output);
const char    *cairn_hook_item_get_hook_id   (CairnHookItem *self);
const char    *cairn_hook_item_get_event     (CairnHookItem *self);
const char    *cairn_hook_item_get_name      (CairnHookItem *self);
const char    *cairn_hook_item_get_outcome   (CairnHookItem *self);
const char    *cairn_hook_item_get_output    (CairnHookItem *self);
gboolean       cairn_hook_item_get_running   (CairnHookItem *self);
gboolean       cairn_hook_item_get_failed    (CairnHookItem *self);
char          *cairn_hook_item_dup_status    (CairnHookItem *self);

G_END_DECLS
