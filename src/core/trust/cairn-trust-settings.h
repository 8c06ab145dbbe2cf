/* cairn-trust-settings.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "trust/cairn-trust-report.h"

G_BEGIN_DECLS

/* The deepest nesting a folder's JSON file may have: settings are a few
 * levels deep; anything deeper is refused before it is parsed. */
#define CAIRN_TRUST_MAX_DEPTH 64

void cairn_trust_settings_read (CairnTrustReport *report,
                                const char       *source,
                                const char       *text,
                                gsize             length);
void cairn_trust_mcp_read      (CairnTrustReport *report,
                                const char       *source,
                                const char       *text,
                                gsize             length);

G_END_DECLS
