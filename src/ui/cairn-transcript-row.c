/* cairn-transcript-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-transcript-row"

#include "config.h"

#include "cairn-message-row.h"
#include "cairn-notice-row.h"
#include "cairn-result-row.h"
#include "cairn-row-cache.h"
#include "cairn-thinking-row.h"
#include "cairn-tool-call-row.h"
#include "cairn-transcript-row.h"

/* The list view has one factory for every kind of item, so this row holds
 * the kind's own row widget for the item it is bound to. It has no
 * template: its only child is the kind row, chosen at bind time. */
struct _CairnTranscriptRow
{
  GtkWidget  parent_instance;
  CairnItem *item;
  GtkWidget *child;
};

G_DEFINE_FINAL_TYPE (CairnTranscriptRow, cairn_transcript_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ITEM,
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

    case CAIRN_ITEM_KIND_NOTICE:
    case CAIRN_ITEM_KIND_RAW:
    default:
      return CAIRN_TYPE_NOTICE_ROW;
    }
}

/* The old row goes to the list view's cache (see CairnRowCache), the new
 * one comes from it when this item was shown recently. */
static void
swap_child (CairnTranscriptRow *self,
            CairnItem          *old_item,
            CairnItem          *item)
{
  CairnRowCache *cache = cairn_row_cache_for_widget (GTK_WIDGET (self));
  g_autoptr(GtkWidget) child = NULL;

  if (self->child != NULL)
    {
      child = g_object_ref (self->child);
      g_clear_pointer (&self->child, gtk_widget_unparent);
      if (cache != NULL && old_item != NULL)
        cairn_row_cache_put (cache, old_item, child);
      else
        g_object_set (child, "item", NULL, NULL);
      g_clear_object (&child);
    }
  if (item == NULL)
    return;
  if (cache == NULL || !(child = cairn_row_cache_take (cache, item)))
    {
      child = g_object_ref_sink (g_object_new (row_type_for_item (item), NULL));
      g_object_set (child, "item", item, NULL);
    }
  self->child = child;
  gtk_widget_set_parent (g_steal_pointer (&child), GTK_WIDGET (self));
  g_object_unref (self->child);
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
  swap_child (self, old_item, item);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

CairnItem *
cairn_transcript_row_get_item (CairnTranscriptRow *self)
{
  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT_ROW (self), NULL);
  return self->item;
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "transcriptrow");
}

static void
cairn_transcript_row_init (CairnTranscriptRow *self)
{
}
