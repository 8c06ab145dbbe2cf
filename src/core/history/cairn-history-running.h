/* cairn-history-running.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

GPid cairn_history_running_pid (const char   *session_id,
                                const GArray *except);
GPid cairn_history_running_pid_for (const char   *session_id,
                                    const GArray *except,
                                    gboolean      in_flatpak);

G_END_DECLS
