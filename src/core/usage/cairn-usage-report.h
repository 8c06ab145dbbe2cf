/* cairn-usage-report.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "usage/cairn-usage-data.h"

G_BEGIN_DECLS

typedef enum
{
  CAIRN_USAGE_DAILY,
  CAIRN_USAGE_WEEKLY,
  CAIRN_USAGE_MONTHLY,
  CAIRN_USAGE_SESSION,
  CAIRN_USAGE_PROJECT,
  CAIRN_USAGE_MODEL,
} CairnUsageGrouping;

/* what a row's parts are: its models, or its projects (the chart's
 * stacks when it is coloured by project) */
typedef enum
{
  CAIRN_USAGE_SPLIT_MODEL,
  CAIRN_USAGE_SPLIT_PROJECT,
} CairnUsageSplit;

typedef struct
{
  guint64 input;
  guint64 output;
  guint64 cache_write;
  guint64 cache_read;
  double  cost;        /* of the requests with a price */
  guint   requests;
  guint   unpriced;    /* requests whose model has no price: not in cost */
} CairnUsageSums;

typedef struct
{
  char           *model;
  CairnUsageSums  sums;
} CairnUsageModelSums;

typedef struct
{
  char           *key;        /* 2026-11-24; a week's first day; 2026-11; a session id; a project; a model */
  char           *project;    /* a session's project folder, else NULL */
  char           *cwd;        /* a session's or project's folder when known, else NULL */
  gint64          first_us;
  gint64          last_us;
  CairnUsageSums  sums;
  GPtrArray      *models;     /* CairnUsageModelSums, by model name (by project: CAIRN_USAGE_SPLIT_PROJECT) */
} CairnUsageRow;

typedef struct
{
  gint64          start_us;   /* the hour (UTC) of its first request */
  gint64          end_us;     /* start + 5 h */
  gint64          first_us;   /* its first and last request; a gap: the gap's bounds */
  gint64          last_us;
  gboolean        is_gap;
  gboolean        is_active;
  CairnUsageSums  sums;
  GPtrArray      *models;     /* CairnUsageModelSums */
} CairnUsageBlock;

typedef struct
{
  CairnUsageGrouping grouping;
  guint              since;       /* local day as YYYYMMDD, 0: no bound */
  guint              until;
  GDateWeekday       week_start;  /* G_DATE_SUNDAY like ccusage, or G_DATE_MONDAY */
  const char        *model;       /* only this model, or NULL */
  const char        *project;     /* only this project folder's name, or NULL */
  CairnUsageSplit    split;       /* what each row's models are */
} CairnUsageQuery;

#define CAIRN_USAGE_BLOCK_US (5 * G_TIME_SPAN_HOUR)

GPtrArray *cairn_usage_report        (CairnUsageData        *data,
                                      const CairnUsageQuery *query);
GPtrArray *cairn_usage_blocks        (CairnUsageData        *data,
                                      const CairnUsageQuery *query,
                                      gint64                 now_us);
GPtrArray *cairn_usage_block_rows    (CairnUsageData        *data,
                                      const CairnUsageQuery *query,
                                      gint64                 now_us);
void       cairn_usage_sums_add      (CairnUsageSums        *sums,
                                      const CairnUsageSums  *more);
guint64    cairn_usage_sums_tokens   (const CairnUsageSums  *sums);
CairnUsageSums cairn_usage_total     (GPtrArray             *rows);
GPtrArray *cairn_usage_total_models  (GPtrArray             *rows);
gboolean   cairn_usage_parse_day     (const char            *text,
                                      guint                 *day);
GPtrArray *cairn_usage_top_keys      (CairnUsageData        *data,
                                      CairnUsageSplit        split,
                                      guint                  n);

G_END_DECLS
