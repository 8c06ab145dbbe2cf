/* cairn-history-edit.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void      cairn_history_rename_async   (GFile               *file,
                                        const char          *title,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean  cairn_history_rename_finish  (GAsyncResult        *result,
                                        GError             **error);
gboolean  cairn_history_append_title   (GFile               *file,
                                        const char          *title,
                                        GError             **error);
gboolean  cairn_history_append_leaf    (GFile               *file,
                                        const char          *leaf_uuid,
                                        const char          *last_prompt,
                                        GError             **error);
void      cairn_history_trash_async    (GFile               *file,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean  cairn_history_trash_finish   (GAsyncResult        *result,
                                        GError             **error);
void      cairn_history_restore_async  (GFile               *file,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean  cairn_history_restore_finish (GAsyncResult        *result,
                                        GError             **error);

G_END_DECLS
