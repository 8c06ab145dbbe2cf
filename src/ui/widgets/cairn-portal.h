/* cairn-portal.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void cairn_portal_chooser_show        (GtkFileChooserNative *chooser,
                                       GtkWidget            *widget);
void cairn_portal_check_notifications (GtkWindow            *window);

G_END_DECLS
