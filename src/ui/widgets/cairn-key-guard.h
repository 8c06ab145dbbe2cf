/* cairn-key-guard.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How long after a dialog is shown its allowing buttons stay off. */
#define CAIRN_KEY_GUARD_MS 500

/* Called with armed FALSE when the window is shown, TRUE once keys may
 * answer it. */
typedef void (*CairnKeyGuardFunc) (GtkWidget *window,
                                   gboolean   armed);

void     cairn_key_guard_attach    (GtkWidget         *window,
                                    CairnKeyGuardFunc  func);
gboolean cairn_key_guard_is_armed  (GtkWidget         *window);

G_END_DECLS
