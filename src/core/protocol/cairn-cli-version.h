/* cairn-cli-version.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The oldest Claude Code whose recordings the test suite replays
 * (tests/data/): older ones may print what Cairn doesn't know. */
#define CAIRN_CLI_OLDEST_TESTED "2.1.197"

void      cairn_cli_version_query_async  (const char           *cli,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data);
char     *cairn_cli_version_query_finish (GAsyncResult         *result,
                                          GError              **error);
char     *cairn_cli_version_number       (const char           *output);
int       cairn_cli_version_compare      (const char           *a,
                                          const char           *b);
gboolean  cairn_cli_version_is_untested_old (const char        *number);

G_END_DECLS
