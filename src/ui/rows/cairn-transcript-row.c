/* cairn-transcript-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-transcript-row"

#include "config.h"

#include "rows/cairn-cached-row.h"
#include "rows/cairn-changes-row.h"
#include "rows/cairn-hook-row.h"
#include "rows/cairn-message-row.h"
#include "rows/cairn-notice-row.h"
#include "rows/cairn-result-row.h"
#include "rows/cairn-row-cache.h"
#include "rows/cairn-thinking-row.h"
#include "rows/cairn-tool-call-row.h"
#include "rows/cairn-transcript-row.h"

/* The list view has one factory for every kind of item, so this row holds
 * the kind's own row widget for the item it is bound to. It has no
 * template: its only child is the kind row.
 *
 * GTK 4.8's list view keeps ~200 rows around the visible ones and, while
 * scrolling, rebinds dozens of them a frame to items far out of view
 * (tests/bench-ui.c). With `defer-content` (the window's rows) a bind only
 * takes the item: the kind row is built, or taken back from the
 * CairnRowCache, when the row comes into view (the cache watches the list
 * view's layout), and until then the row measures as the size the item had
 * when last shown, or a guess. Rows outside a list view build at once. */
struct _CairnTranscriptRow
{
  GtkWidget  parent_instance;
  CairnItem *item;
  GtkWidget *child;          /* shows item; NULL until it comes into view */
  guint      defer_content : 1;
};

static void cairn_transcript_row_cached_row_init (CairnCachedRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CairnTranscriptRow, cairn_transcript_row, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (CAIRN_TYPE_CACHED_ROW,
                                                      cairn_transcript_row_cached_row_init))

enum {
  PROP_0,
  PROP_ITEM,
  PROP_DEFER_CONTENT,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GType
row_type_for_item (CairnItem *item)
{
  switch (cairn_item_get_kind (item))
    {
    case CAIRN_ITEM_KIND_USER:
    case CAIRN_ITEM_KIND_ASSISTANT:
      return CAIRN_TYPE_MESSAGE_ROW;

    case CAIRN_ITEM_KIND_THINKING:
      return CAIRN_TYPE_THINKING_ROW;

    case CAIRN_ITEM_KIND_TOOL_CALL:
      return CAIRN_TYPE_TOOL_CALL_ROW;

    case CAIRN_ITEM_KIND_RESULT:
      return CAIRN_TYPE_RESULT_ROW;

    case CAIRN_ITEM_KIND_HOOK:
      return CAIRN_TYPE_HOOK_ROW;

    case CAIRN_ITEM_KIND_CHANGES:
      return CAIRN_TYPE_CHANGES_ROW;

    case CAIRN_ITEM_KIND_NOTICE:
    case CAIRN_ITEM_KIND_RAW:
    default:
      return CAIRN_TYPE_NOTICE_ROW;
    }
}

/* The old row goes to the list view's cache (see CairnRowCache), to be
 * taken back when its item is shown again. */
static void
put_away_child (CairnTranscriptRow *self,
                CairnItem          *old_item)
{
  CairnRowCache *cache = cairn_row_cache_for_widget (GTK_WIDGET (self));
  g_autoptr(GtkWidget) child = NULL;

  if (self->child == NULL)
    return;
  child = g_object_ref (self->child);
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (cache != NULL && old_item != NULL)
    cairn_row_cache_put (cache, old_item, child);
  else
    g_object_set (child, "item", NULL, NULL);
}

/* Builds the kind row for the bound item (or takes the one kept for it)
 * if the row has none yet. The row cache calls this (CairnCachedRow) when
 * the row comes into view. */
static void
show_content (CairnTranscriptRow *self)
{
  CairnRowCache *cache;
  GtkWidget *child = NULL;

  if (self->item == NULL || self->child != NULL)
    return;
  cache = cairn_row_cache_for_widget (GTK_WIDGET (self));
  if (cache == NULL || !(child = cairn_row_cache_take (cache, self->item)))
    {
      child = g_object_ref_sink (g_object_new (row_type_for_item (self->item), NULL));
      g_object_set (child, "item", self->item, NULL);
    }
  self->child = child;
  gtk_widget_set_parent (child, GTK_WIDGET (self));
  g_object_unref (child);
}

/* Gives the content of a row far out of view back to the row cache (which
 * frees it when it has kept too many); the row measures as it did. */
static void
hide_content (CairnTranscriptRow *self)
{
  if (self->defer_content)
    put_away_child (self, self->item);
}

static gboolean
cairn_transcript_row_wants_content (CairnCachedRow *row)
{
  CairnTranscriptRow *self = CAIRN_TRANSCRIPT_ROW (row);

  return self->item != NULL && self->child == NULL;
}

static void
cairn_transcript_row_show_content (CairnCachedRow *row)
{
  show_content (CAIRN_TRANSCRIPT_ROW (row));
}

static void
cairn_transcript_row_hide_content (CairnCachedRow *row)
{
  hide_content (CAIRN_TRANSCRIPT_ROW (row));
}

static void
cairn_transcript_row_cached_row_init (CairnCachedRowInterface *iface)
{
  iface->wants_content = cairn_transcript_row_wants_content;
  iface->show_content = cairn_transcript_row_show_content;
  iface->hide_content = cairn_transcript_row_hide_content;
}

/**
 * cairn_transcript_row_get_shown_item:
 *
 * Returns: (nullable) (transfer none): the item the row's content shows:
 * the bound item once it was in view, else %NULL
 */
CairnItem *
cairn_transcript_row_get_shown_item (CairnTranscriptRow *self)
{
  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT_ROW (self), NULL);
  return self->child != NULL ? self->item : NULL;
}

static void
item_highlighted_cb (CairnTranscriptRow *self)
{
  if (self->item != NULL && cairn_item_get_highlighted (self->item))
    gtk_widget_add_css_class (GTK_WIDGET (self), "search-match");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "search-match");
}

void
cairn_transcript_row_set_item (CairnTranscriptRow *self,
                               CairnItem          *item)
{
  g_autoptr(CairnItem) old_item = NULL;

  g_return_if_fail (CAIRN_IS_TRANSCRIPT_ROW (self));
  g_return_if_fail (!item || CAIRN_IS_ITEM (item));

  if (self->item == item)
    return;
  old_item = g_steal_pointer (&self->item);
  if (old_item != NULL)
    g_signal_handlers_disconnect_by_func (old_item, item_highlighted_cb, self);
  self->item = item ? g_object_ref (item) : NULL;
  if (item != NULL)
    g_signal_connect_object (item, "notify::highlighted", G_CALLBACK (item_highlighted_cb), self,
                             G_CONNECT_SWAPPED);
  item_highlighted_cb (self);
  put_away_child (self, old_item);
  if (self->defer_content)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  else
    show_content (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

CairnItem *
cairn_transcript_row_get_item (CairnTranscriptRow *self)
{
  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT_ROW (self), NULL);
  return self->item;
}

/* The content's size, remembered for when the row shows the item again
 * before its content is back; without content, that size (or a guess). */
static void
cairn_transcript_row_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  CairnTranscriptRow *self = CAIRN_TRANSCRIPT_ROW (widget);
  CairnRowCache *cache = self->item ? cairn_row_cache_for_widget (widget) : NULL;

  *minimum = *natural = 0;
  if (self->child != NULL)
    {
      gtk_widget_measure (self->child, orientation, for_size, minimum, natural, NULL, NULL);
      if (cache != NULL)
        cairn_row_cache_remember_size (cache, self->item, orientation, for_size,
                                       *minimum, *natural);
    }
  else if (cache != NULL)
    cairn_row_cache_guess_size (cache, self->item, orientation, for_size, minimum, natural);
}

/* Text wraps in every kind of row. */
static GtkSizeRequestMode
cairn_transcript_row_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cairn_transcript_row_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  CairnTranscriptRow *self = CAIRN_TRANSCRIPT_ROW (widget);
  CairnRowCache *cache = self->defer_content ? cairn_row_cache_for_widget (widget) : NULL;

  if (cache != NULL)
    cairn_row_cache_set_row_width (cache, width);
  if (self->child != NULL)
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

static void
cairn_transcript_row_dispose (GObject *object)
{
  CairnTranscriptRow *self = (CairnTranscriptRow *)object;

  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (self->item != NULL)
    g_signal_handlers_disconnect_by_func (self->item, item_highlighted_cb, self);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (cairn_transcript_row_parent_class)->dispose (object);
}

static void
cairn_transcript_row_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CairnTranscriptRow *self = CAIRN_TRANSCRIPT_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    case PROP_DEFER_CONTENT:
      g_value_set_boolean (value, self->defer_content);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_transcript_row_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CairnTranscriptRow *self = CAIRN_TRANSCRIPT_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      cairn_transcript_row_set_item (self, g_value_get_object (value));
      break;

    case PROP_DEFER_CONTENT:
      self->defer_content = g_value_get_boolean (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_transcript_row_class_init (CairnTranscriptRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_transcript_row_dispose;
  object_class->get_property = cairn_transcript_row_get_property;
  object_class->set_property = cairn_transcript_row_set_property;

  properties [PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, CAIRN_TYPE_ITEM,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Build the content only once the row is in a list view's view (set
   * before the item, so the first bind already waits). */
  properties [PROP_DEFER_CONTENT] =
    g_param_spec_boolean ("defer-content", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->get_request_mode = cairn_transcript_row_get_request_mode;
  widget_class->measure = cairn_transcript_row_measure;
  widget_class->size_allocate = cairn_transcript_row_size_allocate;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "transcriptrow");
}

static void
cairn_transcript_row_init (CairnTranscriptRow *self)
{
}
