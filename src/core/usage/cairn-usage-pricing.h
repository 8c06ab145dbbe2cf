/* cairn-usage-pricing.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* US dollars per million tokens. */
typedef struct
{
  double input;
  double output;
  double cache_write_5m;
  double cache_write_1h;
  double cache_read;
} CairnUsageRates;

typedef struct
{
  CairnUsageRates base;
  CairnUsageRates long_context;
  guint64         long_above;     /* 0: no long-context rates */
} CairnUsagePrice;

const CairnUsagePrice *cairn_usage_price_lookup  (const char            *model);
double                 cairn_usage_price_cost    (const CairnUsagePrice *price,
                                                  guint64                input,
                                                  guint64                output,
                                                  guint64                cache_write,
                                                  guint64                cache_write_1h,
                                                  guint64                cache_read);
const char            *cairn_usage_pricing_date  (void);
GBytes                *cairn_usage_pricing_bytes (GError               **error);

G_END_DECLS
