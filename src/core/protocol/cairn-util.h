/* cairn-util.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* g_set_str () is GLib 2.76; Debian 12 has 2.74. */
gboolean cairn_set_str (char       **field,
                        const char  *value);

gint64   cairn_saturating_add (gint64       a,
                               gint64       b);

char    *cairn_format_cost    (double       usd);

char    *cairn_format_duration (gint64      ms);

char    *cairn_format_reset_time (gint64    unix_time);

void     cairn_run_on_context (GMainContext  *context,
                               int            priority,
                               GSourceFunc    func,
                               gpointer       data,
                               GDestroyNotify notify);
int      cairn_write_all      (int          fd,
                               const void  *data,
                               gsize        size);

G_END_DECLS
