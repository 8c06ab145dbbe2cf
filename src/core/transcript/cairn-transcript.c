/* cairn-transcript.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-transcript"

#include "config.h"

#include <string.h>

#include "transcript/cairn-transcript.h"

/* The conversation as a list model. It only grows: items change in place
 * (and notify) while they stream, so the list view never re-creates rows. */
struct _CairnTranscript
{
  GObject    parent_instance;
  GPtrArray *items;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CairnTranscript, cairn_transcript, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GType
get_item_type (GListModel *model)
{
  return CAIRN_TYPE_ITEM;
}

static guint
get_n_items (GListModel *model)
{
  return CAIRN_TRANSCRIPT (model)->items->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  CairnTranscript *self = CAIRN_TRANSCRIPT (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
cairn_transcript_finalize (GObject *object)
{
  CairnTranscript *self = (CairnTranscript *)object;

  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (cairn_transcript_parent_class)->finalize (object);
}

static void
cairn_transcript_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CairnTranscript *self = CAIRN_TRANSCRIPT (object);

  switch (prop_id)
    {
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_transcript_class_init (CairnTranscriptClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_transcript_finalize;
  object_class->get_property = cairn_transcript_get_property;

  properties [PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_transcript_init (CairnTranscript *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

CairnTranscript *
cairn_transcript_new (void)
{
  return g_object_new (CAIRN_TYPE_TRANSCRIPT, NULL);
}

void
cairn_transcript_append (CairnTranscript *self,
                         CairnItem       *item)
{
  g_return_if_fail (CAIRN_IS_TRANSCRIPT (self));
  g_return_if_fail (CAIRN_IS_ITEM (item));

  g_ptr_array_add (self->items, g_object_ref (item));
  g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

/**
 * cairn_transcript_replace_last:
 *
 * Puts @item in the place of the last item (one row says what two did).
 */
void
cairn_transcript_replace_last (CairnTranscript *self,
                               CairnItem       *item)
{
  guint last;

  g_return_if_fail (CAIRN_IS_TRANSCRIPT (self));
  g_return_if_fail (CAIRN_IS_ITEM (item));
  g_return_if_fail (self->items->len > 0);

  last = self->items->len - 1;
  g_object_unref (g_ptr_array_index (self->items, last));
  g_ptr_array_index (self->items, last) = g_object_ref (item);
  g_list_model_items_changed (G_LIST_MODEL (self), last, 1, 1);
}

/**
 * cairn_transcript_append_all:
 * @items: (element-type CairnItem): items to add at the end
 *
 * Adds many items with one change of the model (a loaded history): the
 * list view then binds only the rows it shows, not one row per item.
 */
void
cairn_transcript_append_all (CairnTranscript *self,
                             GPtrArray       *items)
{
  g_return_if_fail (CAIRN_IS_TRANSCRIPT (self));

  cairn_transcript_insert_all (self, self->items->len, items);
}

/**
 * cairn_transcript_splice:
 * @removed: how many items from @position go
 * @items: (element-type CairnItem): what takes their place
 *
 * One model change. An opened conversation whose first screen was not the
 * one its whole file shows puts the whole in that screen's place; what
 * came after that screen stays.
 */
void
cairn_transcript_splice (CairnTranscript *self,
                         guint            position,
                         guint            removed,
                         GPtrArray       *items)
{
  guint old_len;

  g_return_if_fail (CAIRN_IS_TRANSCRIPT (self));
  g_return_if_fail (items != NULL);
  g_return_if_fail (position + removed <= self->items->len);

  if (removed == 0 && items->len == 0)
    return;
  g_ptr_array_remove_range (self->items, position, removed);
  old_len = self->items->len;
  g_ptr_array_set_size (self->items, old_len + items->len);
  memmove (&self->items->pdata[position + items->len], &self->items->pdata[position],
           (old_len - position) * sizeof (gpointer));
  for (guint i = 0; i < items->len; i++)
    self->items->pdata[position + i] = g_object_ref (g_ptr_array_index (items, i));
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, items->len);
  if (removed != items->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

/**
 * cairn_transcript_insert_all:
 * @items: (element-type CairnItem): items to put before @position
 *
 * Inserts @items as one model change. An opened conversation shows its end
 * first and puts earlier turns in front as they are read.
 */
void
cairn_transcript_insert_all (CairnTranscript *self,
                             guint            position,
                             GPtrArray       *items)
{
  cairn_transcript_splice (self, position, 0, items);
}

/**
 * cairn_transcript_replace_all:
 * @items: (element-type CairnItem): what the transcript holds from now
 *
 * Replaces every item in one model change (a conversation read again).
 */
void
cairn_transcript_replace_all (CairnTranscript *self,
                              GPtrArray       *items)
{
  g_return_if_fail (CAIRN_IS_TRANSCRIPT (self));

  cairn_transcript_splice (self, 0, self->items->len, items);
}

guint
cairn_transcript_count_kind (CairnTranscript *self,
                             CairnItemKind    kind)
{
  guint count = 0;

  g_return_val_if_fail (CAIRN_IS_TRANSCRIPT (self), 0);

  for (guint i = 0; i < self->items->len; i++)
    if (cairn_item_get_kind (g_ptr_array_index (self->items, i)) == kind)
      count++;
  return count;
}
