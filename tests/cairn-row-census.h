/* cairn-row-census.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the transcript's list view did to its rows between two looks (one
 * frame apart): bench-ui prints it, test-scroll asserts on it. */
typedef struct
{
  guint list_binds;      /* rows the list view bound to another item */
  guint content_binds;   /* rows whose content now shows another item */
  guint came_into_view;  /* items in view that were not at the last look */
  guint in_view;         /* items in view */
  guint blank_in_view;   /* of those, rows showing no content */
} CairnRowCount;

typedef struct _CairnRowCensus CairnRowCensus;

CairnRowCensus *cairn_row_census_new  (GtkWidget      *list_view);
void            cairn_row_census_free (CairnRowCensus *census);
void            cairn_row_census_take (CairnRowCensus *census,
                                       CairnRowCount  *count);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnRowCensus, cairn_row_census_free)

G_END_DECLS
