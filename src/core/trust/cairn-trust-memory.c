/* cairn-trust-memory.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "trust/cairn-trust-memory.h"

/* What Cairn remembers of a folder it (or the CLI) trusted: the report's
 * fingerprint, one hash per thing, in
 * `$XDG_STATE_HOME/cairn/trust/<sha256 of the real path>`, whose first line
 * is the path itself. A thing whose hash is not there is new. */

static char *
memory_path (const char *real_folder)
{
  g_autofree char *name = g_compute_checksum_for_string (G_CHECKSUM_SHA256, real_folder, -1);

  return g_build_filename (g_get_user_state_dir (), "cairn", "trust", name, NULL);
}

/**
 * cairn_trust_memory_load:
 *
 * Returns: (transfer full) (nullable): the fingerprint kept for
 *   @real_folder, or %NULL when Cairn has none
 */
char **
cairn_trust_memory_load (const char *real_folder)
{
  g_autofree char *path = memory_path (real_folder);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  if (lines[0] == NULL || !g_str_equal (lines[0], real_folder))
    return NULL;
  return g_strdupv (lines + 1);
}

gboolean
cairn_trust_memory_save (CairnTrustReport  *report,
                         GError           **error)
{
  const char *folder = cairn_trust_report_get_folder (report);
  g_autofree char *path = memory_path (folder);
  g_autofree char *dir = g_path_get_dirname (path);
  g_auto(GStrv) keys = cairn_trust_report_dup_fingerprint (report);
  g_autofree char *joined = g_strjoinv ("\n", keys);
  g_autofree char *text = g_strconcat (folder, "\n", joined, NULL);

  if (strchr (folder, '\n') != NULL)
    return TRUE;  /* a path with a newline is not remembered: it asks each time */
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", dir, g_strerror (errno));
      return FALSE;
    }
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
