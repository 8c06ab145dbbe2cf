/* cairn-history-chain.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

GPtrArray *cairn_history_shown_branch (GPtrArray *messages);

G_END_DECLS
