/* cairn-settings.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "cairn-types.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_SETTINGS (cairn_settings_get_type())

G_DECLARE_FINAL_TYPE (CairnSettings, cairn_settings, CAIRN, SETTINGS, GObject)

CairnSettings      *cairn_settings_new                         (void);
CairnPermissionMode cairn_settings_get_default_permission_mode (CairnSettings *self);
gboolean            cairn_settings_get_supervised              (CairnSettings *self);
const char         *cairn_settings_get_cli_path                (CairnSettings *self);
void                cairn_settings_set_cli_path                (CairnSettings *self,
                                                                const char    *path);
const char         *cairn_settings_get_debug_protocol_dir      (CairnSettings *self);
gboolean            cairn_settings_get_notify_turn_end         (CairnSettings *self);
guint               cairn_settings_get_max_processes           (CairnSettings *self);
guint               cairn_settings_get_idle_minutes            (CairnSettings *self);
void                cairn_settings_get_window_size             (CairnSettings *self,
                                                                int           *width,
                                                                int           *height);
gboolean            cairn_settings_get_window_maximized        (CairnSettings *self);
void                cairn_settings_save_window_state           (CairnSettings *self,
                                                                int            width,
                                                                int            height,
                                                                gboolean       maximized);
char               *cairn_settings_dup_last_conversation       (CairnSettings *self,
                                                                const char    *cwd);
void                cairn_settings_set_last_conversation       (CairnSettings *self,
                                                                const char    *cwd,
                                                                const char    *session_id);

G_END_DECLS
