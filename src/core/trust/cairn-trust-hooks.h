/* cairn-trust-hooks.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "trust/cairn-trust-report.h"

G_BEGIN_DECLS

void              cairn_trust_hooks_read_async  (const char          *folder,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
CairnTrustReport *cairn_trust_hooks_read_finish (GAsyncResult        *result,
                                                 GError             **error);
gboolean          cairn_trust_hooks_matcher_matches (const char      *matcher,
                                                     const char      *target);
char             *cairn_trust_hooks_dup_command (CairnTrustReport    *report,
                                                 const char          *hook_name);

G_END_DECLS
