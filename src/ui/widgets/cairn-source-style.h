/* cairn-source-style.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtksourceview/gtksource.h>

G_BEGIN_DECLS

void cairn_source_style_follow (GtkSourceBuffer *buffer);

G_END_DECLS
