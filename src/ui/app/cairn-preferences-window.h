/* cairn-preferences-window.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "app/cairn-settings.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_PREFERENCES_WINDOW (cairn_preferences_window_get_type())

G_DECLARE_FINAL_TYPE (CairnPreferencesWindow, cairn_preferences_window, CAIRN, PREFERENCES_WINDOW, AdwPreferencesWindow)

CairnPreferencesWindow *cairn_preferences_window_new (GtkWindow     *parent,
                                                      CairnSettings *settings);

G_END_DECLS
