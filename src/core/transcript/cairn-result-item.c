/* cairn-result-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-result-item"

#include "config.h"

#include "transcript/cairn-result-item.h"

struct _CairnResultItem
{
  CairnItem         parent_instance;
  CairnTurnFigures  figures;
  char             *message;
  gboolean          retryable;
};

G_DEFINE_FINAL_TYPE (CairnResultItem, cairn_result_item, CAIRN_TYPE_ITEM)

enum {
  PROP_0,
  PROP_IS_ERROR,
  PROP_DURATION_MS,
  PROP_INPUT_TOKENS,
  PROP_OUTPUT_TOKENS,
  PROP_COST_USD,
  PROP_MESSAGE,
  PROP_RETRYABLE,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_result_item_finalize (GObject *object)
{
  CairnResultItem *self = (CairnResultItem *)object;

  g_clear_pointer (&self->message, g_free);

  G_OBJECT_CLASS (cairn_result_item_parent_class)->finalize (object);
}

static void
cairn_result_item_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CairnResultItem *self = CAIRN_RESULT_ITEM (object);

  switch (prop_id)
    {
    case PROP_IS_ERROR:
      g_value_set_boolean (value, self->figures.is_error);
      break;

    case PROP_DURATION_MS:
      g_value_set_int64 (value, self->figures.duration_ms);
      break;

    case PROP_INPUT_TOKENS:
      g_value_set_int64 (value, self->figures.input_tokens);
      break;

    case PROP_OUTPUT_TOKENS:
      g_value_set_int64 (value, self->figures.output_tokens);
      break;

    case PROP_COST_USD:
      g_value_set_double (value, self->figures.cost_usd);
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;

    case PROP_RETRYABLE:
      g_value_set_boolean (value, self->retryable);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
int64_pspec (const char *name)
{
  return g_param_spec_int64 (name, NULL, NULL, 0, G_MAXINT64, 0,
                             (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
cairn_result_item_class_init (CairnResultItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_result_item_finalize;
  object_class->get_property = cairn_result_item_get_property;

  properties [PROP_IS_ERROR] =
    g_param_spec_boolean ("is-error", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_DURATION_MS] = int64_pspec ("duration-ms");
  properties [PROP_INPUT_TOKENS] = int64_pspec ("input-tokens");
  properties [PROP_OUTPUT_TOKENS] = int64_pspec ("output-tokens");
  properties [PROP_COST_USD] =
    g_param_spec_double ("cost-usd", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /* a failed turn whose prompt can be sent again (the latest one) */
  properties [PROP_RETRYABLE] =
    g_param_spec_boolean ("retryable", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_result_item_init (CairnResultItem *self)
{
}

CairnResultItem *
cairn_result_item_new (const CairnTurnFigures *figures)
{
  CairnResultItem *self;

  g_return_val_if_fail (figures != NULL, NULL);

  self = g_object_new (CAIRN_TYPE_RESULT_ITEM, "kind", CAIRN_ITEM_KIND_RESULT, NULL);
  self->figures = *figures;
  self->message = g_strdup (figures->message);
  self->figures.message = self->message;
  return self;
}

gboolean
cairn_result_item_get_is_error (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), FALSE);
  return self->figures.is_error;
}

gint64
cairn_result_item_get_duration_ms (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), 0);
  return self->figures.duration_ms;
}

gint64
cairn_result_item_get_input_tokens (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), 0);
  return self->figures.input_tokens;
}

gint64
cairn_result_item_get_output_tokens (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), 0);
  return self->figures.output_tokens;
}

double
cairn_result_item_get_cost_usd (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), 0);
  return self->figures.cost_usd;
}

const char *
cairn_result_item_get_message (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), NULL);
  return self->message;
}

gboolean
cairn_result_item_get_retryable (CairnResultItem *self)
{
  g_return_val_if_fail (CAIRN_IS_RESULT_ITEM (self), FALSE);
  return self->retryable;
}

void
cairn_result_item_set_retryable (CairnResultItem *self,
                                 gboolean         retryable)
{
  g_return_if_fail (CAIRN_IS_RESULT_ITEM (self));

  if (self->retryable == !!retryable)
    return;
  self->retryable = !!retryable;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RETRYABLE]);
}
