/* cairn-util.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "protocol/cairn-util.h"

/* Replaces *field with a copy of value; TRUE when that changed anything,
 * so callers notify only on real change. */
gboolean
cairn_set_str (char       **field,
               const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}
