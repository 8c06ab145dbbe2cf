/* cairn-application.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "history/cairn-history-index.h"
#include "session/cairn-session-set.h"
#include "app/cairn-settings.h"
#include "window/cairn-window.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_APPLICATION (cairn_application_get_type())

G_DECLARE_FINAL_TYPE (CairnApplication, cairn_application, CAIRN, APPLICATION, AdwApplication)

void              cairn_application_skip_gl_for_cairo (void);
CairnApplication *cairn_application_new          (gboolean          standalone);
CairnSettings    *cairn_application_get_settings (CairnApplication *self);
CairnHistoryIndex *cairn_application_get_history (CairnApplication *self);
CairnSessionSet  *cairn_application_get_sessions (CairnApplication *self);
CairnWindow      *cairn_application_new_window   (CairnApplication *self,
                                                  GFile            *folder);

G_END_DECLS
