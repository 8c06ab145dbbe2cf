/* cairn-result-item.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

/* The figures of one finished turn, as the CLI's `result` line gave them. */
typedef struct
{
  gboolean    is_error;
  gint64      duration_ms;
  gint64      input_tokens;
  gint64      output_tokens;
  double      cost_usd;
  const char *message;
} CairnTurnFigures;

#define CAIRN_TYPE_RESULT_ITEM (cairn_result_item_get_type())

G_DECLARE_FINAL_TYPE (CairnResultItem, cairn_result_item, CAIRN, RESULT_ITEM, CairnItem)

CairnResultItem *cairn_result_item_new               (const CairnTurnFigures *figures);
gboolean         cairn_result_item_get_is_error      (CairnResultItem        *self);
gint64           cairn_result_item_get_duration_ms   (CairnResultItem        *self);
gint64           cairn_result_item_get_input_tokens  (CairnResultItem        *self);
gint64           cairn_result_item_get_output_tokens (CairnResultItem        *self);
double           cairn_result_item_get_cost_usd      (CairnResultItem        *self);
const char      *cairn_result_item_get_message       (CairnResultItem        *self);
gboolean         cairn_result_item_get_retryable     (CairnResultItem        *self);
void             cairn_result_item_set_retryable     (CairnResultItem        *self,
                                                      gboolean                retryable);

G_END_DECLS
