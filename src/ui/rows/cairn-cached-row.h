/* cairn-cached-row.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_CACHED_ROW (cairn_cached_row_get_type ())

G_DECLARE_INTERFACE (CairnCachedRow, cairn_cached_row, CAIRN, CACHED_ROW, GtkWidget)

/* What the row cache asks of a row in the list view it watches: a row
 * that builds its content only when it comes into view
 * (CairnTranscriptRow). The cache knows the rows by this alone, so that it
 * stays below them. */
struct _CairnCachedRowInterface
{
  GTypeInterface parent_iface;

  /* bound to an item, and without the content that shows it */
  gboolean (*wants_content) (CairnCachedRow *self);
  void     (*show_content)  (CairnCachedRow *self);
  void     (*hide_content)  (CairnCachedRow *self);
};

gboolean cairn_cached_row_wants_content (CairnCachedRow *self);
void     cairn_cached_row_show_content  (CairnCachedRow *self);
void     cairn_cached_row_hide_content  (CairnCachedRow *self);

G_END_DECLS
