/* cairn-test-usage.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "usage/cairn-usage-data.h"
#include "usage/cairn-usage-report.h"

G_BEGIN_DECLS

CairnUsageData *cairn_test_usage_load    (const char     *projects_path,
                                          const char     *index_path);
CairnUsageData *cairn_test_usage_load_at (const char     *projects_path,
                                          const char     *index_path,
                                          gint64          now_us);
CairnUsageSums  cairn_test_usage_total   (CairnUsageData *data);

G_END_DECLS
