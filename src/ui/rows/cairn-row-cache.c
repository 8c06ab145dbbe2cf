/* cairn-row-cache.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-row-cache"

#include "config.h"

#include "rows/cairn-cached-row.h"
#include "rows/cairn-row-cache.h"

/* GTK 4.8's list view moves its ~200 row widgets back and forth while
 * scrolling and rebinds dozens of them a frame to other items; for a
 * Markdown reply that means building and shaping all its text again
 * (tests/bench-ui.c measured ~2.5 ms a rebind and 40 rebinds, ~50 ms, a
 * scroll frame). The cache makes those binds nearly free:
 *  - the window's transcript rows defer their content (CairnTranscriptRow
 *    `defer-content`), and after each layout of the list view the cache
 *    has the rows that came into view show it (CairnCachedRow): a frame
 *    builds only what became visible;
 *  - it keeps the built content of the most recently shown items, so
 *    scrolling back over them reattaches it instead of rebuilding;
 *  - it remembers each item's size from when it was last shown, so a row
 *    without its content measures as before and the view keeps its
 *    layout; an item never shown is guessed from the others of its kind. */
struct _CairnRowCache
{
  GObject        parent_instance;
  guint          capacity;
  GHashTable    *by_item;    /* CairnItem* → GList* link in lru */
  GQueue         lru;        /* Entry*, most recent first */
  GQueue         evicted;    /* Entry*, to be freed between frames */
  guint          free_id;
  guint          prepare_id;
  GtkWidget     *list_view;  /* owns the cache */
  GdkFrameClock *clock;      /* while the list view is realized */
  gulong         layout_id;
  int            row_width;  /* the width rows were last given */
  double         height_sum[CAIRN_ITEM_KIND_RAW + 1];  /* of the known heights at row_width */
  guint          height_count[CAIRN_ITEM_KIND_RAW + 1];
};

typedef struct
{
  CairnItem *item;
  GtkWidget *row;
} Entry;

/* An item's size as its content last measured (qdata on the item). */
typedef struct
{
  int width;              /* the width the heights are for; -1: none yet */
  int min_height;
  int nat_height;
  int min_width;
  int nat_width;
} RowSize;

/* Layouts of the list view in one frame, at most: one row in view takes
 * its content before each (a window 2,000 px high shows ~30 rows). */
#define MAX_LAYOUT_ROUNDS 64

/* Rows on either side of the view made ready between frames. */
#define PREPARE_AHEAD 4

/* Rows on either side of the view that keep their content. */
#define KEEP_AROUND 12

/* Time spent freeing evicted rows at once, between frames. */
#define FREE_BUDGET_US 4000

/* Before an item of its kind was ever measured. */
#define GUESSED_HEIGHT 120

static G_DEFINE_QUARK (cairn-row-size, row_size)

G_DEFINE_FINAL_TYPE (CairnRowCache, cairn_row_cache, G_TYPE_OBJECT)

static void stop_watching_layout (CairnRowCache *self);

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

  stop_watching_layout (self);
  g_queue_clear_full (&self->lru, (GDestroyNotify)entry_free);
  g_queue_clear_full (&self->evicted, (GDestroyNotify)entry_free);
  g_clear_handle_id (&self->free_id, g_source_remove);
  g_clear_handle_id (&self->prepare_id, g_source_remove);
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
  g_queue_init (&self->evicted);
}

CairnRowCache *
cairn_row_cache_new (guint capacity)
{
  CairnRowCache *self = g_object_new (CAIRN_TYPE_ROW_CACHE, NULL);

  self->capacity = capacity;
  return self;
}

/* The cached row in @child, a row of the list view, if it is bound to an
 * item and has no content for it yet. */
static CairnCachedRow *
row_without_content (GtkWidget *child)
{
  GtkWidget *row = child ? gtk_widget_get_first_child (child) : NULL;

  if (row == NULL || !CAIRN_IS_CACHED_ROW (row)
      || !cairn_cached_row_wants_content (CAIRN_CACHED_ROW (row)))
    return NULL;
  return CAIRN_CACHED_ROW (row);
}

/* Where the list view keeps its anchor, the point of the view that stays
 * put when rows change height: GTK 4.8 places it at the scroll fraction
 * (at the top when scrolled to the top, at the bottom at the end). */
static float
anchor_y (CairnRowCache *self)
{
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));
  double range = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);
  double fraction = range > 0 ? gtk_adjustment_get_value (adj) / range : 0.5;

  return CLAMP (fraction, 0, 1) * gtk_widget_get_height (self->list_view);
}

/* GTK 4.8's list view allocates, and keeps child-visible, only its rows
 * in view. Of those whose allocation meets the list view's and that have
 * no content yet, the one nearest the anchor shows it; returns whether
 * there was one. Nearest first, because a row that grows as it gets its
 * content pushes the rows beyond it, away from the anchor, out of view:
 * those then need none. */
static gboolean
show_row_in_view (CairnRowCache *self)
{
  int height = gtk_widget_get_height (self->list_view);
  float anchor = anchor_y (self), nearest_distance = G_MAXFLOAT;
  CairnCachedRow *nearest = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (self->list_view);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      CairnCachedRow *row = row_without_content (child);
      graphene_rect_t bounds;
      float distance;

      if (row == NULL || !gtk_widget_get_child_visible (child)
          || !gtk_widget_compute_bounds (GTK_WIDGET (row), self->list_view, &bounds)
          || bounds.origin.y >= height || bounds.origin.y + bounds.size.height <= 0)
        continue;
      distance = MAX (0, MAX (bounds.origin.y - anchor,
                              anchor - bounds.origin.y - bounds.size.height));
      if (distance < nearest_distance)
        {
          nearest = row;
          nearest_distance = distance;
        }
    }
  if (nearest != NULL)
    cairn_cached_row_show_content (nearest);
  return nearest != NULL;
}

/* The list view's first and last rows in view (its children are in the
 * order of the items); FALSE if none is. */
static gboolean
rows_in_view (CairnRowCache  *self,
              GtkWidget     **first,
              GtkWidget     **last)
{
  *first = *last = NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (self->list_view);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_child_visible (child))
      {
        *first = *first ? *first : child;
        *last = child;
      }
  return *first != NULL;
}

/* The nearest row to the ones in view, below first, that has no content
 * yet, up to PREPARE_AHEAD rows away. */
static CairnCachedRow *
nearest_row_to_prepare (CairnRowCache *self)
{
  GtkWidget *above, *below;

  if (!rows_in_view (self, &above, &below))
    return NULL;
  for (guint i = 0; i < PREPARE_AHEAD; i++)
    {
      below = below ? gtk_widget_get_next_sibling (below) : NULL;
      above = above ? gtk_widget_get_prev_sibling (above) : NULL;
      if (row_without_content (below) != NULL)
        return row_without_content (below);
      if (row_without_content (above) != NULL)
        return row_without_content (above);
    }
  return NULL;
}

static GtkWidget *
sibling (GtkWidget *child,
         gboolean   forward)
{
  return forward ? gtk_widget_get_next_sibling (child) : gtk_widget_get_prev_sibling (child);
}

/* The rows more than KEEP_AROUND rows after (or before) @edge give their
 * content back. */
static void
put_away_beyond (GtkWidget *edge,
                 gboolean   forward)
{
  GtkWidget *child = edge;

  for (guint n = 0; child != NULL && n <= KEEP_AROUND; n++)
    child = sibling (child, forward);
  for (; child != NULL; child = sibling (child, forward))
    {
      GtkWidget *row = gtk_widget_get_first_child (child);

      if (row != NULL && CAIRN_IS_CACHED_ROW (row))
        cairn_cached_row_hide_content (CAIRN_CACHED_ROW (row));
    }
}

/* GTK keeps ~200 rows bound around the view, and those that were in view
 * keep their content: rows far from it give it back to the cache, which
 * frees what it cannot keep. */
static void
put_away_far_rows (CairnRowCache *self)
{
  GtkWidget *first, *last;

  if (!rows_in_view (self, &first, &last))
    return;
  put_away_beyond (first, FALSE);
  put_away_beyond (last, TRUE);
}

/* Between frames, the rows next to the view get their content ready, one
 * at a time, measured at the rows' width (which computes their style
 * too): when they scroll into view, the frame only places them. Once they
 * all have it, the rows far away give theirs back. */
static gboolean
prepare_near_rows_cb (gpointer user_data)
{
  CairnRowCache *self = user_data;
  CairnCachedRow *row = nearest_row_to_prepare (self);
  int min, nat;

  if (row == NULL)
    {
      put_away_far_rows (self);
      self->prepare_id = 0;
      return G_SOURCE_REMOVE;
    }
  cairn_cached_row_show_content (row);
  gtk_widget_measure (GTK_WIDGET (row), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (row), GTK_ORIENTATION_VERTICAL, self->row_width,
                      &min, &nat, NULL, NULL);
  return G_SOURCE_CONTINUE;
}

/* Runs after GTK's own layout in each frame. A row that shows its content
 * takes its real height, and where that differs from the size it had
 * without (an item never shown is guessed), the rows beyond it move: so
 * the list view is laid out again, at the allocation it has, after each
 * row, until every row in view shows its content. (The frame clock would
 * lay out again itself, but only four times a frame.) */
static void
layout_cb (CairnRowCache *self)
{
  for (guint round = 0; round < MAX_LAYOUT_ROUNDS && show_row_in_view (self); round++)
    {
      GtkAllocation allocation;

      gtk_widget_get_allocation (self->list_view, &allocation);
      gtk_widget_size_allocate (self->list_view, &allocation,
                                gtk_widget_get_allocated_baseline (self->list_view));
    }
  if (self->prepare_id == 0)
    self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_near_rows_cb, self, NULL);
}

static void
stop_watching_layout (CairnRowCache *self)
{
  g_clear_handle_id (&self->prepare_id, g_source_remove);
  if (self->clock != NULL)
    g_clear_signal_handler (&self->layout_id, self->clock);
  g_clear_object (&self->clock);
}

static void
list_view_realize_cb (CairnRowCache *self)
{
  stop_watching_layout (self);
  self->clock = g_object_ref (gtk_widget_get_frame_clock (self->list_view));
  self->layout_id = g_signal_connect_object (self->clock, "layout",
                                             G_CALLBACK (layout_cb), self,
                                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

/* The list view owns the cache: it goes when the list view does. */
void
cairn_row_cache_attach (CairnRowCache *self,
                        GtkWidget     *list_view)
{
  g_return_if_fail (CAIRN_IS_ROW_CACHE (self));
  g_return_if_fail (self->list_view == NULL);

  self->list_view = list_view;
  g_signal_connect_object (list_view, "realize", G_CALLBACK (list_view_realize_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (list_view, "unrealize", G_CALLBACK (stop_watching_layout), self,
                           G_CONNECT_SWAPPED);
  if (gtk_widget_get_realized (list_view))
    list_view_realize_cb (self);
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

/* Freeing a built row (its widgets, their accessibility objects) costs
 * as much as a third of building it: evicted rows go between frames, a
 * few milliseconds' worth at a time. */
static gboolean
free_evicted_cb (gpointer user_data)
{
  CairnRowCache *self = user_data;
  gint64 until = g_get_monotonic_time () + FREE_BUDGET_US;

  while (self->evicted.length > 0 && g_get_monotonic_time () < until)
    entry_free (g_queue_pop_head (&self->evicted));
  if (self->evicted.length > 0)
    return G_SOURCE_CONTINUE;
  self->free_id = 0;
  return G_SOURCE_REMOVE;
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
      g_queue_push_tail (&self->evicted, oldest);
    }
  if (self->evicted.length > 0 && self->free_id == 0)
    self->free_id = g_idle_add_full (G_PRIORITY_LOW, free_evicted_cb, self, NULL);
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

/**
 * cairn_row_cache_remember_size:
 *
 * Keeps what @item's content measured, for when a row shows @item again
 * before its content is back.
 */
void
cairn_row_cache_remember_size (CairnRowCache  *self,
                               CairnItem      *item,
                               GtkOrientation  orientation,
                               int             for_size,
                               int             minimum,
                               int             natural)
{
  RowSize *size = g_object_get_qdata (G_OBJECT (item), row_size_quark ());
  CairnItemKind kind = MIN (cairn_item_get_kind (item), CAIRN_ITEM_KIND_RAW);

  g_return_if_fail (CAIRN_IS_ROW_CACHE (self));

  if (size == NULL)
    {
      size = g_new0 (RowSize, 1);
      size->width = -1;
      g_object_set_qdata_full (G_OBJECT (item), row_size_quark (), size, g_free);
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      size->min_width = minimum;
      size->nat_width = natural;
      return;
    }
  /* The list view also asks for heights at other widths (no width: its
   * own natural size); only those for the rows' width count. */
  if (for_size != self->row_width)
    return;
  if (size->width == self->row_width)
    self->height_sum[kind] -= size->nat_height;
  else
    self->height_count[kind]++;
  self->height_sum[kind] += natural;
  size->width = for_size;
  size->min_height = minimum;
  size->nat_height = natural;
}

/**
 * cairn_row_cache_set_row_width:
 *
 * The width the list view gives its rows: heights are remembered for it.
 * A new width forgets the heights of every kind (each item's is measured
 * again when shown).
 */
void
cairn_row_cache_set_row_width (CairnRowCache *self,
                               int            width)
{
  g_return_if_fail (CAIRN_IS_ROW_CACHE (self));

  if (width == self->row_width)
    return;
  self->row_width = width;
  memset (self->height_sum, 0, sizeof self->height_sum);
  memset (self->height_count, 0, sizeof self->height_count);
}

/**
 * cairn_row_cache_guess_size:
 *
 * The size @item's content had when last measured (its height for another
 * width if the width changed since), or for an item never shown, the mean
 * height of the items of its kind.
 */
void
cairn_row_cache_guess_size (CairnRowCache  *self,
                            CairnItem      *item,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural)
{
  RowSize *size = g_object_get_qdata (G_OBJECT (item), row_size_quark ());
  CairnItemKind kind = MIN (cairn_item_get_kind (item), CAIRN_ITEM_KIND_RAW);

  g_return_if_fail (CAIRN_IS_ROW_CACHE (self));

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = size ? size->min_width : 0;
      *natural = size ? size->nat_width : 0;
    }
  else if (size != NULL && size->width == for_size)
    {
      *minimum = size->min_height;
      *natural = size->nat_height;
    }
  else
    {
      *minimum = *natural = self->height_count[kind] > 0
        ? (int)(self->height_sum[kind] / self->height_count[kind]) : GUESSED_HEIGHT;
    }
}
