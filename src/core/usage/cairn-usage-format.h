/* cairn-usage-format.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "usage/cairn-usage-report.h"

G_BEGIN_DECLS

void  cairn_usage_format_json         (CairnUsageData     *data,
                                       const char         *report,
                                       GPtrArray          *rows,
                                       GString            *out);
void  cairn_usage_format_blocks_json  (CairnUsageData     *data,
                                       GPtrArray          *blocks,
                                       gint64              now_us,
                                       GString            *out);
void  cairn_usage_format_table        (CairnUsageGrouping  grouping,
                                       GPtrArray          *rows,
                                       gboolean            breakdown,
                                       GString            *out);
void  cairn_usage_format_blocks_table (GPtrArray          *blocks,
                                       gint64              now_us,
                                       gboolean            breakdown,
                                       GString            *out);
void  cairn_usage_format_csv          (GPtrArray          *rows,
                                       GString            *out);
void  cairn_usage_format_notes        (CairnUsageData     *data,
                                       GString            *out);
char *cairn_usage_format_tokens       (guint64             tokens);
char *cairn_usage_format_tokens_short (double              tokens);
char *cairn_usage_format_cost         (const CairnUsageSums *sums);

typedef struct
{
  double tokens_per_minute;
  double cost_per_hour;
  double projected_tokens;
  double projected_cost;
  double remaining_minutes;
  gboolean has_rate;
  gboolean has_projection;
} CairnUsageBurn;

CairnUsageBurn cairn_usage_block_burn (const CairnUsageBlock *block,
                                       gint64                 now_us);

G_END_DECLS
