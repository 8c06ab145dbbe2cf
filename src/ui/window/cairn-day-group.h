/* cairn-day-group.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CAIRN_DAY_GROUP_TODAY,
  CAIRN_DAY_GROUP_YESTERDAY,
  CAIRN_DAY_GROUP_PREVIOUS_7_DAYS,
  CAIRN_DAY_GROUP_OLDER,
} CairnDayGroup;

CairnDayGroup cairn_day_group     (GDateTime *now,
                                   gint64     when);
char         *cairn_relative_time (GDateTime *now,
                                   gint64     when);

G_END_DECLS
