/* cairn-source-style.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-source-style"

#include "config.h"

#include <adwaita.h>

#include "widgets/cairn-source-style.h"

/* Code, diffs and JSON use GtkSourceView's Adwaita schemes, following the
 * light or dark style of the desktop as it changes. */

static void
apply_scheme (GtkSourceBuffer *buffer)
{
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  gtk_source_buffer_set_style_scheme (buffer, gtk_source_style_scheme_manager_get_scheme (
    schemes, dark ? "Adwaita-dark" : "Adwaita"));
}

static void
dark_changed_cb (GtkSourceBuffer *buffer,
                 GParamSpec      *pspec,
                 AdwStyleManager *style_manager)
{
  apply_scheme (buffer);
}

void
cairn_source_style_follow (GtkSourceBuffer *buffer)
{
  g_return_if_fail (GTK_SOURCE_IS_BUFFER (buffer));

  apply_scheme (buffer);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (dark_changed_cb), buffer, G_CONNECT_SWAPPED);
}
