/* cairn-usage-bar.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_USAGE_BAR (cairn_usage_bar_get_type ())

G_DECLARE_FINAL_TYPE (CairnUsageBar, cairn_usage_bar, CAIRN, USAGE_BAR, GtkWidget)

#define CAIRN_USAGE_BAR_COLORS 7
#define CAIRN_USAGE_BAR_OTHER  CAIRN_USAGE_BAR_COLORS   /* the rest's colour, after the named ones */

GtkWidget  *cairn_usage_bar_new             (void);
void        cairn_usage_bar_set             (CairnUsageBar *self,
                                             const double  *values,
                                             guint          n_values,
                                             double         max,
                                             const char    *label,
                                             const char    *description);
GtkWidget  *cairn_usage_bar_new_swatch      (guint          color);
const char *cairn_usage_bar_get_description (CairnUsageBar *self);
const double *cairn_usage_bar_get_values    (CairnUsageBar *self,
                                             guint         *n_values);

G_END_DECLS
