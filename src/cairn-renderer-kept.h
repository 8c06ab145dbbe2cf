/* cairn-renderer-kept.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *cairn_renderer_kept_key  (void);
char *cairn_renderer_kept_read (const char *key);
void  cairn_renderer_keep      (const char *key,
                                const char *software_gl);

G_END_DECLS
