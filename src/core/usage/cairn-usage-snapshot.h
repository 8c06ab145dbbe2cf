/* cairn-usage-snapshot.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "usage/cairn-usage-data.h"

G_BEGIN_DECLS

char           *cairn_usage_snapshot_path  (const char      *index_path);
CairnUsageData *cairn_usage_snapshot_parse (GBytes          *bytes,
                                            const char      *key);
CairnUsageData *cairn_usage_snapshot_load  (const char      *path,
                                            const char      *key);
gboolean        cairn_usage_snapshot_save  (const char      *path,
                                            const char      *key,
                                            CairnUsageData  *data,
                                            GError         **error);

G_END_DECLS
