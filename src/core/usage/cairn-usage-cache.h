/* cairn-usage-cache.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "usage/cairn-usage-file.h"

G_BEGIN_DECLS

typedef struct _CairnUsageCacheWriter CairnUsageCacheWriter;
typedef struct _CairnUsageCacheRecord CairnUsageCacheRecord;

char       *cairn_usage_cache_path  (void);
GHashTable *cairn_usage_cache_parse (GBytes      *bytes);
GHashTable *cairn_usage_cache_load_records (const char *path);
void        cairn_usage_cache_record_stat  (CairnUsageCacheRecord *record,
                                            guint64               *size,
                                            guint64               *mtime_us);
CairnUsageFile *cairn_usage_cache_record_file (CairnUsageCacheRecord *record);
gboolean    cairn_usage_cache_save  (const char  *path,
                                     GPtrArray   *files,
                                     GError     **error);

CairnUsageCacheWriter *cairn_usage_cache_writer_new    (const char             *path,
                                                        GError                **error);
gboolean               cairn_usage_cache_writer_add    (CairnUsageCacheWriter  *writer,
                                                        CairnUsageFile         *file,
                                                        GError                **error);
gboolean               cairn_usage_cache_writer_add_record (CairnUsageCacheWriter  *writer,
                                                            CairnUsageCacheRecord  *record,
                                                            GError                **error);
gboolean               cairn_usage_cache_writer_finish (CairnUsageCacheWriter  *writer,
                                                        gboolean                keep,
                                                        GError                **error);

G_END_DECLS
