/* cairn-usage-panel.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_USAGE_PANEL (cairn_usage_panel_get_type())

G_DECLARE_FINAL_TYPE (CairnUsagePanel, cairn_usage_panel, CAIRN, USAGE_PANEL, GtkWidget)

void cairn_usage_panel_set_session (CairnUsagePanel *self,
                                    CairnSession    *session);
void cairn_usage_panel_refresh     (CairnUsagePanel *self);
char *cairn_usage_panel_describe_limits (const CairnRateLimits *limits);
char *cairn_usage_panel_describe_five_hour (const CairnRateLimits *limits);

G_END_DECLS
