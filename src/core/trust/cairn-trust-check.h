/* cairn-trust-check.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "trust/cairn-trust-report.h"

G_BEGIN_DECLS

gboolean          cairn_trust_check_is_clear_fast (const char           *folder);
CairnTrustReport *cairn_trust_check               (const char           *folder,
                                                   GError              **error);
void              cairn_trust_check_async         (const char           *folder,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
CairnTrustReport *cairn_trust_check_finish        (GAsyncResult         *result,
                                                   GError              **error);
gboolean          cairn_trust_grant               (CairnTrustReport     *report,
                                                   GError              **error);
void              cairn_trust_grant_async         (CairnTrustReport     *report,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
gboolean          cairn_trust_grant_finish        (GAsyncResult         *result,
                                                   GError              **error);

G_END_DECLS
