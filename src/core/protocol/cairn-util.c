/* cairn-util.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

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

/**
 * cairn_saturating_add:
 *
 * @a + @b, held at G_MAXINT64 / G_MININT64 instead of overflowing: token
 * counts come from the CLI and may be anything.
 */
gint64
cairn_saturating_add (gint64 a,
                      gint64 b)
{
  if (b > 0 && a > G_MAXINT64 - b)
    return G_MAXINT64;
  if (b < 0 && a < G_MININT64 - b)
    return G_MININT64;
  return a + b;
}

/**
 * cairn_format_cost:
 *
 * A cost in dollars as the header shows it: "$0.00" for nothing, "< $0.01"
 * for a few tenths of a cent (a short turn costs that, and "$0.00" read as
 * if it were free), cents from there.
 */
char *
cairn_format_cost (double usd)
{
  if (!(usd > 0))
    return g_strdup ("$0.00");
  if (usd < 0.01)
    /* Translators: a cost of less than one US cent */
    return g_strdup (_("< $0.01"));
  return g_strdup_printf ("$%.2f", usd);
}
