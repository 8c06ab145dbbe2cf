/* cairn-model-usage.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_MODEL_USAGE (cairn_model_usage_get_type())

G_DECLARE_FINAL_TYPE (CairnModelUsage, cairn_model_usage, CAIRN, MODEL_USAGE, GObject)

CairnModelUsage *cairn_model_usage_new               (const char      *model);
const char      *cairn_model_usage_get_model         (CairnModelUsage *self);
double           cairn_model_usage_get_cost_usd      (CairnModelUsage *self);
gint64           cairn_model_usage_get_input_tokens  (CairnModelUsage *self);
gint64           cairn_model_usage_get_output_tokens (CairnModelUsage *self);
void             cairn_model_usage_add               (CairnModelUsage *self,
                                                      double           cost_usd,
                                                      gint64           input_tokens,
                                                      gint64           output_tokens);

G_END_DECLS
