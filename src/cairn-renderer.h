/* cairn-renderer.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

char     *cairn_renderer_describe_gl       (GdkDisplay *display);
char     *cairn_renderer_describe_gl_context (GdkDisplay *display);
gboolean  cairn_renderer_is_software_gl    (const char *gl_renderer);
gboolean  cairn_renderer_avoid_software_gl (GdkDisplay *display);
gboolean  cairn_renderer_software_gl_kept  (void);

G_END_DECLS
