/* cairn-row-census.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-row-census.h"
#include "rows/cairn-transcript-row.h"

struct _CairnRowCensus
{
  GtkWidget  *list_view;
  GHashTable *bound;    /* row → the item it was bound to */
  GHashTable *shown;    /* row → the item its content showed */
  GHashTable *in_view;  /* the items in view */
};

/* The first look (cairn_row_census_take()) counts every row with content
 * as bound. */
CairnRowCensus *
cairn_row_census_new (GtkWidget *list_view)
{
  CairnRowCensus *census = g_new0 (CairnRowCensus, 1);

  census->list_view = g_object_ref (list_view);
  census->bound = g_hash_table_new (NULL, NULL);
  census->shown = g_hash_table_new (NULL, NULL);
  census->in_view = g_hash_table_new (NULL, NULL);
  return census;
}

void
cairn_row_census_free (CairnRowCensus *census)
{
  g_object_unref (census->list_view);
  g_hash_table_unref (census->bound);
  g_hash_table_unref (census->shown);
  g_hash_table_unref (census->in_view);
  g_free (census);
}

static gboolean
row_in_view (GtkWidget *row,
             GtkWidget *list_view)
{
  graphene_rect_t bounds;

  return gtk_widget_get_child_visible (gtk_widget_get_parent (row))
         && gtk_widget_compute_bounds (row, list_view, &bounds)
         && bounds.origin.y < gtk_widget_get_height (list_view)
         && bounds.origin.y + bounds.size.height > 0;
}

/* Counts the rows' changes since the last look, and remembers this one. */
void
cairn_row_census_take (CairnRowCensus *census,
                       CairnRowCount  *count)
{
  g_autoptr(GHashTable) in_view = g_hash_table_new (NULL, NULL);

  memset (count, 0, sizeof *count);
  for (GtkWidget *child = gtk_widget_get_first_child (census->list_view);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = gtk_widget_get_first_child (child);
      CairnItem *item, *shown;

      if (row == NULL || !CAIRN_IS_TRANSCRIPT_ROW (row))
        continue;
      item = cairn_transcript_row_get_item (CAIRN_TRANSCRIPT_ROW (row));
      shown = cairn_transcript_row_get_shown_item (CAIRN_TRANSCRIPT_ROW (row));
      count->list_binds += g_hash_table_lookup (census->bound, row) != item;
      count->content_binds += shown != NULL && g_hash_table_lookup (census->shown, row) != shown;
      g_hash_table_insert (census->bound, row, item);
      g_hash_table_insert (census->shown, row, shown);
      if (item != NULL && row_in_view (row, census->list_view))
        {
          count->in_view++;
          count->blank_in_view += shown != item;
          count->came_into_view += !g_hash_table_contains (census->in_view, item);
          g_hash_table_add (in_view, item);
        }
    }
  g_hash_table_unref (census->in_view);
  census->in_view = g_steal_pointer (&in_view);
}
