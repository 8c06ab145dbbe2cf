/* cairn-popover-list.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void        cairn_popover_list_class_init (GtkWidgetClass *widget_class);
GtkListBox *cairn_popover_list_init       (GtkWidget      *widget,
                                           const char     *heading,
                                           const char     *accessible_name);
void        cairn_popover_list_dispose    (GtkWidget      *widget,
                                           GtkListBox    **list_box);

G_END_DECLS
