/* cairn-cached-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-cached-row"

#include "config.h"

#include "rows/cairn-cached-row.h"

/* What the row cache asks of the rows it watches (cairn-row-cache.c):
 * the cache stays below the rows, which implement this. */

G_DEFINE_INTERFACE (CairnCachedRow, cairn_cached_row, GTK_TYPE_WIDGET)

static void
cairn_cached_row_default_init (CairnCachedRowInterface *iface)
{
}

gboolean
cairn_cached_row_wants_content (CairnCachedRow *self)
{
  g_return_val_if_fail (CAIRN_IS_CACHED_ROW (self), FALSE);
  return CAIRN_CACHED_ROW_GET_IFACE (self)->wants_content (self);
}

/**
 * cairn_cached_row_show_content:
 *
 * Builds the content for the bound item, or takes back the one the cache
 * kept for it. The row cache calls this when the row comes into view.
 */
void
cairn_cached_row_show_content (CairnCachedRow *self)
{
  g_return_if_fail (CAIRN_IS_CACHED_ROW (self));
  CAIRN_CACHED_ROW_GET_IFACE (self)->show_content (self);
}

/**
 * cairn_cached_row_hide_content:
 *
 * Gives the content of a row far out of view back to the row cache (which
 * frees it when it has kept too many); the row measures as it did.
 */
void
cairn_cached_row_hide_content (CairnCachedRow *self)
{
  g_return_if_fail (CAIRN_IS_CACHED_ROW (self));
  CAIRN_CACHED_ROW_GET_IFACE (self)->hide_content (self);
}
