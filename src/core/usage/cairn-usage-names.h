/* cairn-usage-names.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "usage/cairn-usage-data.h"

G_BEGIN_DECLS

typedef struct _CairnUsageNames CairnUsageNames;

CairnUsageNames *cairn_usage_names_new   (CairnUsageData  *data,
                                          const char      *home);
void             cairn_usage_names_free  (CairnUsageNames *names);
const char      *cairn_usage_names_full  (CairnUsageNames *names,
                                          const char      *project);
const char      *cairn_usage_names_short (CairnUsageNames *names,
                                          const char      *project);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnUsageNames, cairn_usage_names_free)

G_END_DECLS
