/* cairn-host-kill.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void     cairn_host_kill_tagged_async  (const char           *tag,
                                        GCancellable         *cancellable,
                                        GAsyncReadyCallback   callback,
                                        gpointer              user_data);
gboolean cairn_host_kill_tagged_finish (GAsyncResult         *result,
                                        GError              **error);

G_END_DECLS
