/* cairn-shell-search-provider.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "history/cairn-history-index.h"
#include "window/cairn-window.h"

G_BEGIN_DECLS

/* How the provider gets a window for a folder it has none for: the
 * application's, handed in so that the provider needs nothing of it. */
typedef CairnWindow *(*CairnNewWindowFunc) (GtkApplication *app,
                                            GFile          *folder);

#define CAIRN_TYPE_SHELL_SEARCH_PROVIDER (cairn_shell_search_provider_get_type())

G_DECLARE_FINAL_TYPE (CairnShellSearchProvider, cairn_shell_search_provider, CAIRN, SHELL_SEARCH_PROVIDER, GObject)

CairnShellSearchProvider *cairn_shell_search_provider_new      (GtkApplication           *app,
                                                                CairnHistoryIndex        *history,
                                                                CairnNewWindowFunc        new_window);
gboolean                  cairn_shell_search_provider_export   (CairnShellSearchProvider *self,
                                                                GDBusConnection          *connection,
                                                                const char               *object_path,
                                                                GError                  **error);
void                      cairn_shell_search_provider_prepare  (CairnShellSearchProvider *self);
void                      cairn_shell_search_provider_unexport (CairnShellSearchProvider *self);

G_END_DECLS
