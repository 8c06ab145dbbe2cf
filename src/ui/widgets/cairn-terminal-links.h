/* cairn-terminal-links.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <vte/vte.h>

G_BEGIN_DECLS

void cairn_terminal_links_attach (VteTerminal *vte);

G_END_DECLS
