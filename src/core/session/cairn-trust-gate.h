/* cairn-trust-gate.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "trust/cairn-trust-report.h"

G_BEGIN_DECLS

typedef enum
{
  CAIRN_TRUST_GATE_UNCHECKED,   /* nothing asked to start yet (or started: checked again next time) */
  CAIRN_TRUST_GATE_CHECKING,    /* reading the folder and the CLI's record */
  CAIRN_TRUST_GATE_ASKING,      /* the report waits for Trust or Cancel */
  CAIRN_TRUST_GATE_GRANTING,    /* Trust: writing the record */
  CAIRN_TRUST_GATE_CLEAR,       /* the next start may go */
  CAIRN_TRUST_GATE_CANCELLED,   /* Cancel: nothing started */
} CairnTrustGateState;

#define CAIRN_TYPE_TRUST_GATE (cairn_trust_gate_get_type ())

G_DECLARE_FINAL_TYPE (CairnTrustGate, cairn_trust_gate, CAIRN, TRUST_GATE, GObject)

CairnTrustGate      *cairn_trust_gate_new          (const char     *folder);
CairnTrustGateState  cairn_trust_gate_get_state    (CairnTrustGate *self);
CairnTrustReport    *cairn_trust_gate_get_report   (CairnTrustGate *self);
const char          *cairn_trust_gate_get_error    (CairnTrustGate *self);
gboolean             cairn_trust_gate_allows_start (CairnTrustGate *self);
void                 cairn_trust_gate_hold         (CairnTrustGate *self,
                                                    JsonObject     *message);
GPtrArray           *cairn_trust_gate_take_held    (CairnTrustGate *self);
gboolean             cairn_trust_gate_get_sending_soon (CairnTrustGate *self);
void                 cairn_trust_gate_trust        (CairnTrustGate *self);
void                 cairn_trust_gate_cancel       (CairnTrustGate *self);

G_END_DECLS
