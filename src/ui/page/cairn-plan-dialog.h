/* cairn-plan-dialog.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_PLAN_DIALOG (cairn_plan_dialog_get_type())

G_DECLARE_FINAL_TYPE (CairnPlanDialog, cairn_plan_dialog, CAIRN, PLAN_DIALOG, AdwWindow)

CairnPlanDialog *cairn_plan_dialog_new (GtkWindow              *parent,
                                        CairnSession           *session,
                                        CairnPermissionRequest *request);

G_END_DECLS
