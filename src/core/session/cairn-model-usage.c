/* cairn-model-usage.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "protocol/cairn-util.h"
#include "session/cairn-model-usage.h"

/* What one model has cost the conversation so far, and its tokens: the
 * lines of the cost popover (from `result.modelUsage`). */

struct _CairnModelUsage
{
  GObject  parent_instance;
  char    *model;
  double   cost_usd;
  gint64   input_tokens;
  gint64   output_tokens;
};

G_DEFINE_FINAL_TYPE (CairnModelUsage, cairn_model_usage, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_COST_USD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cairn_model_usage_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CairnModelUsage *self = CAIRN_MODEL_USAGE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_string (value, self->model);
      break;
    case PROP_COST_USD:
      g_value_set_double (value, self->cost_usd);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_model_usage_finalize (GObject *object)
{
  g_free (CAIRN_MODEL_USAGE (object)->model);
  G_OBJECT_CLASS (cairn_model_usage_parent_class)->finalize (object);
}

static void
cairn_model_usage_class_init (CairnModelUsageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cairn_model_usage_get_property;
  object_class->finalize = cairn_model_usage_finalize;

  properties[PROP_MODEL] =
    g_param_spec_string ("model", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* notified once per change of the figures */
  properties[PROP_COST_USD] =
    g_param_spec_double ("cost-usd", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_model_usage_init (CairnModelUsage *self)
{
}

CairnModelUsage *
cairn_model_usage_new (const char *model)
{
  CairnModelUsage *self = g_object_new (CAIRN_TYPE_MODEL_USAGE, NULL);

  self->model = g_strdup (model);
  return self;
}

const char *
cairn_model_usage_get_model (CairnModelUsage *self)
{
  g_return_val_if_fail (CAIRN_IS_MODEL_USAGE (self), NULL);
  return self->model;
}

double
cairn_model_usage_get_cost_usd (CairnModelUsage *self)
{
  g_return_val_if_fail (CAIRN_IS_MODEL_USAGE (self), 0);
  return self->cost_usd;
}

gint64
cairn_model_usage_get_input_tokens (CairnModelUsage *self)
{
  g_return_val_if_fail (CAIRN_IS_MODEL_USAGE (self), 0);
  return self->input_tokens;
}

gint64
cairn_model_usage_get_output_tokens (CairnModelUsage *self)
{
  g_return_val_if_fail (CAIRN_IS_MODEL_USAGE (self), 0);
  return self->output_tokens;
}

/* Counts come from the CLI and are added without overflowing. */
void
cairn_model_usage_add (CairnModelUsage *self,
                       double           cost_usd,
                       gint64           input_tokens,
                       gint64           output_tokens)
{
  g_return_if_fail (CAIRN_IS_MODEL_USAGE (self));

  if (cost_usd <= 0 && input_tokens <= 0 && output_tokens <= 0)
    return;
  self->cost_usd += MAX (cost_usd, 0);
  self->input_tokens = cairn_saturating_add (self->input_tokens, MAX (input_tokens, 0));
  self->output_tokens = cairn_saturating_add (self->output_tokens, MAX (output_tokens, 0));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COST_USD]);
}
