/* cairn-question-dialog.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_QUESTION_DIALOG (cairn_question_dialog_get_type())

G_DECLARE_FINAL_TYPE (CairnQuestionDialog, cairn_question_dialog, CAIRN, QUESTION_DIALOG, AdwWindow)

CairnQuestionDialog *cairn_question_dialog_new (GtkWindow              *parent,
                                                CairnSession           *session,
                                                CairnPermissionRequest *request);

G_END_DECLS
