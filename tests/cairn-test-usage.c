/* cairn-test-usage.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-usage.h"

/* What the usage tests share: a history read, and its total. */

/* @now_us: 0 for the real clock */
CairnUsageData *
cairn_test_usage_load_at (const char *projects_path,
                          const char *index_path,
                          gint64      now_us)
{
  g_autoptr(GFile) projects = g_file_new_for_path (projects_path);
  CairnUsageLoadOptions options = { NULL, index_path != NULL, index_path, now_us };

  return cairn_usage_data_load (projects, &options, NULL);
}

CairnUsageData *
cairn_test_usage_load (const char *projects_path,
                       const char *index_path)
{
  return cairn_test_usage_load_at (projects_path, index_path, 0);
}

CairnUsageSums
cairn_test_usage_total (CairnUsageData *data)
{
  CairnUsageQuery query = { CAIRN_USAGE_DAILY, 0, 0, G_DATE_SUNDAY, NULL };
  g_autoptr(GPtrArray) rows = cairn_usage_report (data, &query);

  return cairn_usage_total (rows);
}
