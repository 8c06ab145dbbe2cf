/* cairn-trust-memory.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "trust/cairn-trust-report.h"

G_BEGIN_DECLS

char     **cairn_trust_memory_load (const char        *real_folder);
gboolean   cairn_trust_memory_save (CairnTrustReport  *report,
                                    GError           **error);

G_END_DECLS
