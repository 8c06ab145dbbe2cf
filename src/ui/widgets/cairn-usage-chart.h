/* cairn-usage-chart.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_USAGE_CHART (cairn_usage_chart_get_type ())

G_DECLARE_FINAL_TYPE (CairnUsageChart, cairn_usage_chart, CAIRN, USAGE_CHART, GtkWidget)

#define CAIRN_TYPE_USAGE_SCALE (cairn_usage_scale_get_type ())

G_DECLARE_FINAL_TYPE (CairnUsageScale, cairn_usage_scale, CAIRN, USAGE_SCALE, GtkWidget)

GtkWidget *cairn_usage_chart_new     (void);
void       cairn_usage_chart_clear   (CairnUsageChart *self);
double     cairn_usage_chart_set_max (CairnUsageChart *self,
                                      double           max);
void       cairn_usage_chart_append  (CairnUsageChart *self,
                                      GtkWidget       *bar,
                                      const char      *label);
guint      cairn_usage_chart_get_label_step (CairnUsageChart *self);
void       cairn_usage_chart_set_scale (CairnUsageChart *self,
                                        CairnUsageScale *scale);
const char *cairn_usage_chart_get_label    (CairnUsageChart *self,
                                            guint            index);

gboolean   cairn_usage_chart_get_label_place (CairnUsageChart *self,
                                              guint            index,
                                              double          *x,
                                              double          *width);

G_END_DECLS
