/* cairn-paint-report.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean cairn_paint_report_enabled       (void);
void     cairn_paint_report_at_next_paint (GtkWidget  *widget,
                                           const char *event);
void     cairn_paint_report_now           (const char *event);

G_END_DECLS
