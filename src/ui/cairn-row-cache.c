/* cairn-row-cache.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-row-cache"

#include "config.h"

#include "cairn-row-cache.h"

/* GTK 4.8's list view moves its ~200 row widgets back and forth while
 * scrolling and rebinds them to other items; for a Markdown reply that
 * means building and shaping all its text again (tests/bench-ui.c
 * measured ~3.5 ms a rebind, ~100 ms a scroll frame). This keeps the
 * built rows of the most recently shown items, so scrolling back over
 * them reattaches a row instead of rebuilding it. */
struct _CairnRowCache
{
  GObject     parent_instance;
  guint       capacity;
  GHashTable *by_item;   /* CairnItem* → GList* link in lru */
  GQueue      lru;       /* Entry*, most recent first */
};

typedef struct
{
  CairnItem *item;
  GtkWidget *row;
} Entry;

G_DEFINE_FINAL_TYPE (CairnRowCache, cairn_row_cache, G_TYPE_OBJECT)

#define LIST_VIEW_KEY "cairn-row-cache"

static void
entry_free (Entry *entry)
{
  g_object_unref (entry->item);
  g_object_unref (entry->row);
  g_free (entry);
}

static void
cairn_row_cache_finalize (GObject *object)
{
  CairnRowCache *self = (CairnRowCache *)object;

  g_queue_clear_full (&self->lru, (GDestroyNotify)entry_free);
  g_clear_pointer (&self->by_item, g_hash_table_unref);

  G_OBJECT_CLASS (cairn_row_cache_parent_class)->finalize (object);
}

static void
cairn_row_cache_class_init (CairnRowCacheClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_row_cache_finalize;
}

static void
cairn_row_cache_init (CairnRowCache *self)
{
  self->by_item = g_hash_table_new (NULL, NULL);
  g_queue_init (&self->lru);
}

CairnRowCache *
cairn_row_cache_new (guint capacity)
{
  CairnRowCache *self = g_object_new (CAIRN_TYPE_ROW_CACHE, NULL);

  self->capacity = capacity;
  return self;
}

/* The list view owns the cache: it goes when the list view does. */
void
cairn_row_cache_attach (CairnRowCache *self,
                        GtkWidget     *list_view)
{
  g_return_if_fail (CAIRN_IS_ROW_CACHE (self));

  g_object_set_data_full (G_OBJECT (list_view), LIST_VIEW_KEY, g_object_ref (self), g_object_unref);
}

/**
 * cairn_row_cache_for_widget:
 *
 * Returns: (nullable) (transfer none): the cache of the list view that
 * holds @widget, if it has one
 */
CairnRowCache *
cairn_row_cache_for_widget (GtkWidget *widget)
{
  GtkWidget *list_view = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_VIEW);

  return list_view ? g_object_get_data (G_OBJECT (list_view), LIST_VIEW_KEY) : NULL;
}

/**
 * cairn_row_cache_put:
 * @row: an unparented row showing @item
 */
void
cairn_row_cache_put (CairnRowCache *self,
                     CairnItem     *item,
                     GtkWidget     *row)
{
  g_autoptr(GtkWidget) stale = NULL;
  Entry *entry;

  g_return_if_fail (CAIRN_IS_ROW_CACHE (self));
  g_return_if_fail (gtk_widget_get_parent (row) == NULL);

  stale = cairn_row_cache_take (self, item);
  entry = g_new (Entry, 1);
  entry->item = g_object_ref (item);
  entry->row = g_object_ref (row);
  g_queue_push_head (&self->lru, entry);
  g_hash_table_insert (self->by_item, item, self->lru.head);
  while (self->lru.length > self->capacity)
    {
      Entry *oldest = g_queue_pop_tail (&self->lru);
      g_hash_table_remove (self->by_item, oldest->item);
      entry_free (oldest);
    }
}

/**
 * cairn_row_cache_take:
 *
 * Returns: (nullable) (transfer full): the kept row for @item, out of the cache
 */
GtkWidget *
cairn_row_cache_take (CairnRowCache *self,
                      CairnItem     *item)
{
  GList *link;
  Entry *entry;
  GtkWidget *row;

  g_return_val_if_fail (CAIRN_IS_ROW_CACHE (self), NULL);

  if (!(link = g_hash_table_lookup (self->by_item, item)))
    return NULL;
  entry = link->data;
  g_hash_table_remove (self->by_item, item);
  g_queue_delete_link (&self->lru, link);
  row = g_steal_pointer (&entry->row);
  g_object_unref (entry->item);
  g_free (entry);
  return row;
}
