/* cairn-text-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-text-item"

#include "config.h"

#include "protocol/cairn-util.h"
#include "transcript/cairn-text-item.h"

/* The user's prompt, the assistant's text or its thinking. The assistant's
 * grows in place while deltas stream in and is then replaced by the final
 * text; duration-ms says how long it streamed (for "Thought for 4 s"). */
struct _CairnTextItem
{
  CairnItem  parent_instance;
  GString   *text;
  gboolean   streaming;
  /* the user stopped the turn while this was written (CLI 2.1.330's
   * `aborted` on the assistant line) */
  gboolean   stopped;
  gint64     stream_started;
  gint64     duration_ms;
  /* images sent with a user prompt (CairnAttachment), or NULL */
  GListStore *attachments;
  /* a user prompt's message uuid, as the session file has it: where
   * files are restored to (not interned: quarks are never freed) */
  char       *uuid;
  /* a prompt edited and sent again: where it stands among the prompts
   * sent from the same message (NULL when it has no sibling) */
  struct {
    char  *parent;
    guint  index;
    guint  count;
  }          *branch;
};

G_DEFINE_FINAL_TYPE (CairnTextItem, cairn_text_item, CAIRN_TYPE_ITEM)

enum {
  PROP_0,
  PROP_TEXT,
  PROP_STREAMING,
  PROP_STOPPED,
  PROP_DURATION_MS,
  PROP_ATTACHMENTS,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_text_item_finalize (GObject *object)
{
  CairnTextItem *self = (CairnTextItem *)object;

  g_string_free (self->text, TRUE);
  g_clear_object (&self->attachments);
  g_free (self->uuid);
  if (self->branch != NULL)
    g_free (self->branch->parent);
  g_free (self->branch);

  G_OBJECT_CLASS (cairn_text_item_parent_class)->finalize (object);
}

static void
cairn_text_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CairnTextItem *self = CAIRN_TEXT_ITEM (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text->str);
      break;

    case PROP_STREAMING:
      g_value_set_boolean (value, self->streaming);
      break;
    case PROP_STOPPED:
      g_value_set_boolean (value, self->stopped);
      break;

    case PROP_DURATION_MS:
      g_value_set_int64 (value, self->duration_ms);
      break;

    case PROP_ATTACHMENTS:
      g_value_set_object (value, self->attachments);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_text_item_class_init (CairnTextItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_text_item_finalize;
  object_class->get_property = cairn_text_item_get_property;

  properties [PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_STREAMING] =
    g_param_spec_boolean ("streaming", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_STOPPED] =
    g_param_spec_boolean ("stopped", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_DURATION_MS] =
    g_param_spec_int64 ("duration-ms", NULL, NULL, 0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_ATTACHMENTS] =
    g_param_spec_object ("attachments", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_text_item_init (CairnTextItem *self)
{
  self->text = g_string_new (NULL);
}

CairnTextItem *
cairn_text_item_new (CairnItemKind  kind,
                     const char    *text)
{
  CairnTextItem *self = g_object_new (CAIRN_TYPE_TEXT_ITEM, "kind", kind, NULL);

  g_string_assign (self->text, text ? text : "");
  return self;
}

const char *
cairn_text_item_get_text (CairnTextItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), NULL);
  return self->text->str;
}

void
cairn_text_item_set_text (CairnTextItem *self,
                          const char    *text)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));

  if (g_strcmp0 (self->text->str, text) == 0)
    return;
  g_string_assign (self->text, text ? text : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

void
cairn_text_item_append (CairnTextItem *self,
                        const char    *text)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));

  if (text == NULL || *text == '\0')
    return;
  g_string_append (self->text, text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

gboolean
cairn_text_item_get_streaming (CairnTextItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), FALSE);
  return self->streaming;
}

void
cairn_text_item_set_streaming (CairnTextItem *self,
                               gboolean       streaming)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));

  streaming = !!streaming;
  if (self->streaming == streaming)
    return;
  self->streaming = streaming;
  if (streaming)
    self->stream_started = g_get_monotonic_time ();
  else if (self->stream_started != 0)
    {
      self->duration_ms = (g_get_monotonic_time () - self->stream_started) / 1000;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DURATION_MS]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STREAMING]);
}

gboolean
cairn_text_item_get_stopped (CairnTextItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), FALSE);
  return self->stopped;
}

void
cairn_text_item_mark_stopped (CairnTextItem *self)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));

  if (self->stopped)
    return;
  self->stopped = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPED]);
}

gint64
cairn_text_item_get_duration_ms (CairnTextItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), 0);
  return self->duration_ms;
}

/**
 * cairn_text_item_get_attachments:
 *
 * Returns: (nullable): the CairnAttachments sent with this prompt
 */
GListModel *
cairn_text_item_get_attachments (CairnTextItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), NULL);
  return self->attachments ? G_LIST_MODEL (self->attachments) : NULL;
}

void
cairn_text_item_set_attachments (CairnTextItem *self,
                                 GPtrArray     *attachments)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));

  g_clear_object (&self->attachments);
  if (attachments != NULL && attachments->len > 0)
    {
      self->attachments = g_list_store_new (G_TYPE_OBJECT);
      g_list_store_splice (self->attachments, 0, 0, attachments->pdata, attachments->len);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTACHMENTS]);
}

/* The uuid of a user prompt's message line, or NULL (not known yet). */
const char *
cairn_text_item_get_uuid (CairnTextItem *self)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), NULL);
  return self->uuid;
}

void
cairn_text_item_set_uuid (CairnTextItem *self,
                          const char    *uuid)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));
  cairn_set_str (&self->uuid, uuid);
}

/**
 * cairn_text_item_set_branch:
 * @parent: (nullable): the message this prompt and its siblings answer;
 *   %NULL: it has none
 * @index: which of them it is, from 0, in the order they were sent
 * @count: how many there are
 *
 * Set before the item is shown; rows read it when they bind.
 */
void
cairn_text_item_set_branch (CairnTextItem *self,
                            const char    *parent,
                            guint          index,
                            guint          count)
{
  g_return_if_fail (CAIRN_IS_TEXT_ITEM (self));
  g_return_if_fail (parent == NULL || index < count);

  if (self->branch != NULL)
    g_free (self->branch->parent);
  g_clear_pointer (&self->branch, g_free);
  if (parent == NULL || count < 2)
    return;
  self->branch = g_malloc (sizeof *self->branch);
  self->branch->parent = g_strdup (parent);
  self->branch->index = index;
  self->branch->count = count;
}

/**
 * cairn_text_item_get_branch:
 * @index: (out) (optional): which of its siblings this prompt is
 * @count: (out) (optional): how many there are
 *
 * Returns: (nullable): the message the prompt and its siblings answer, or
 *   %NULL when it has no sibling
 */
const char *
cairn_text_item_get_branch (CairnTextItem *self,
                            guint         *index,
                            guint         *count)
{
  g_return_val_if_fail (CAIRN_IS_TEXT_ITEM (self), NULL);

  if (index != NULL)
    *index = self->branch ? self->branch->index : 0;
  if (count != NULL)
    *count = self->branch ? self->branch->count : 1;
  return self->branch ? self->branch->parent : NULL;
}
