/* cairn-working-indicator.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_WORKING_INDICATOR (cairn_working_indicator_get_type())

G_DECLARE_FINAL_TYPE (CairnWorkingIndicator, cairn_working_indicator, CAIRN, WORKING_INDICATOR, GtkWidget)

GtkWidget *cairn_working_indicator_new           (void);
gboolean   cairn_working_indicator_get_working   (CairnWorkingIndicator *self);
void       cairn_working_indicator_set_working   (CairnWorkingIndicator *self,
                                                  gboolean               working);
gboolean   cairn_working_indicator_is_animating  (CairnWorkingIndicator *self);

G_END_DECLS
