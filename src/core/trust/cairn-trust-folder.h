/* cairn-trust-folder.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "trust/cairn-trust-report.h"

G_BEGIN_DECLS

/* The most of one settings file that is read: settings are a few KB. */
#define CAIRN_TRUST_MAX_FILE (1024 * 1024)

char             *cairn_trust_real_path        (const char *folder,
                                                GError    **error);
gboolean          cairn_trust_folder_has_files (const char *folder);
CairnTrustReport *cairn_trust_folder_read      (const char *folder,
                                                GError    **error);
char             *cairn_trust_read_capped      (const char *path,
                                                gsize       cap,
                                                gsize      *length,
                                                GError    **error);

/* A blocking read of a folder (NULL without an error: nothing to report). */
typedef CairnTrustReport *(*CairnTrustFolderFunc) (const char  *folder,
                                                   GError     **error);

void              cairn_trust_folder_run_async  (const char           *folder,
                                                 CairnTrustFolderFunc  func,
                                                 gpointer              source_tag,
                                                 GCancellable         *cancellable,
                                                 GAsyncReadyCallback   callback,
                                                 gpointer              user_data);
CairnTrustReport *cairn_trust_folder_run_finish (GAsyncResult         *result,
                                                 GError              **error);

G_END_DECLS
