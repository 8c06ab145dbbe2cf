/* cairn-auth-status.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What `claude auth status` says (docs/protocol.md, "Signing in"). */
typedef struct
{
  gboolean  logged_in;
  /* "claude.ai", "api_key", "third_party", "none", … as the CLI says */
  char     *auth_method;
  /* "firstParty", "bedrock", "vertex", … */
  char     *api_provider;
  /* with an API key: where it comes from ("ANTHROPIC_API_KEY", …) */
  char     *api_key_source;
} CairnAuthStatus;

CairnAuthStatus *cairn_auth_status_parse        (const char           *json,
                                                 GError              **error);
char            *cairn_auth_status_describe     (const CairnAuthStatus *status);
void             cairn_auth_status_free         (CairnAuthStatus      *status);
void             cairn_auth_status_check_async  (const char           *cli_path,
                                                 gboolean              in_flatpak,
                                                 GCancellable         *cancellable,
                                                 GAsyncReadyCallback   callback,
                                                 gpointer              user_data);
CairnAuthStatus *cairn_auth_status_check_finish (GAsyncResult         *result,
                                                 GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnAuthStatus, cairn_auth_status_free)

G_END_DECLS
