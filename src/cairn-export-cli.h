/* cairn-export-cli.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

int cairn_export_cli_run (GVariantDict *options);

G_END_DECLS
