/* cairn-background-task.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_BACKGROUND_TASK (cairn_background_task_get_type())

G_DECLARE_FINAL_TYPE (CairnBackgroundTask, cairn_background_task, CAIRN, BACKGROUND_TASK, GObject)

CairnBackgroundTask *cairn_background_task_new             (const char          *id,
                                                            const char          *description,
                                                            const char          *task_type);
const char          *cairn_background_task_get_id          (CairnBackgroundTask *self);
const char          *cairn_background_task_get_description (CairnBackgroundTask *self);
const char          *cairn_background_task_get_kind_label  (CairnBackgroundTask *self);

G_END_DECLS
