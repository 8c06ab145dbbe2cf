/* cairn-debug-info.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "app/cairn-settings.h"

G_BEGIN_DECLS

void  cairn_debug_info_collect_async  (GtkWindow           *window,
                                       CairnSettings       *settings,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
char *cairn_debug_info_collect_finish (GAsyncResult        *result,
                                       GError             **error);

G_END_DECLS
