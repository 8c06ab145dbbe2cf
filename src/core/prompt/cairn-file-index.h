/* cairn-file-index.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* At most this many paths are indexed: enough for "@" completion, and a
 * bound on the memory and time a huge tree can take. */
#define CAIRN_FILE_INDEX_MAX_PATHS 20000

#define CAIRN_TYPE_FILE_INDEX (cairn_file_index_get_type())

G_DECLARE_FINAL_TYPE (CairnFileIndex, cairn_file_index, CAIRN, FILE_INDEX, GObject)

CairnFileIndex *cairn_file_index_new         (const char           *root);
const char     *cairn_file_index_get_root    (CairnFileIndex       *self);
gboolean        cairn_file_index_get_loaded  (CairnFileIndex       *self);
gboolean        cairn_file_index_is_stale    (CairnFileIndex       *self,
                                              guint                 max_age_seconds);
guint           cairn_file_index_get_n_paths (CairnFileIndex       *self);
void            cairn_file_index_load_async  (CairnFileIndex       *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean        cairn_file_index_load_finish (CairnFileIndex       *self,
                                              GAsyncResult         *result,
                                              GError              **error);
GPtrArray      *cairn_file_index_match       (CairnFileIndex       *self,
                                              const char           *query,
                                              guint                 max_results);

G_END_DECLS
