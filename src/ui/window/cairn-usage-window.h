/* cairn-usage-window.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_USAGE_WINDOW (cairn_usage_window_get_type ())

G_DECLARE_FINAL_TYPE (CairnUsageWindow, cairn_usage_window, CAIRN, USAGE_WINDOW, AdwWindow)

CairnUsageWindow *cairn_usage_window_new       (GtkWindow        *parent);
void              cairn_usage_window_load      (CairnUsageWindow *self,
                                                GFile            *projects);
GtkWidget        *cairn_usage_window_get_bars  (CairnUsageWindow *self);
gboolean          cairn_usage_window_is_loaded (CairnUsageWindow *self);
void              cairn_usage_window_set_plan_limit (CairnUsageWindow *self,
                                                     const char       *text);

G_END_DECLS
