/* cairn-trust-page.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "session/cairn-trust-gate.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TRUST_PAGE (cairn_trust_page_get_type ())

G_DECLARE_FINAL_TYPE (CairnTrustPage, cairn_trust_page, CAIRN, TRUST_PAGE, GtkWidget)

GtkWidget *cairn_trust_page_new      (void);
void       cairn_trust_page_set_gate (CairnTrustPage *self,
                                      CairnTrustGate *gate);

G_END_DECLS
