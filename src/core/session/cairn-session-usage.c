/* cairn-session-usage.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include "protocol/cairn-json.h"
#include "protocol/cairn-util.h"
#include "session/cairn-model-usage.h"
#include "session/cairn-session-private.h"

/* Cost and tokens per model, for the cost popover. A result's modelUsage
 * adds up over its process's life, like total_cost_usd: each result adds
 * what grew since the process's previous one. */

typedef struct
{
  double cost_usd;
  gint64 input_tokens;
  gint64 output_tokens;
} Figures;

static CairnModelUsage *
find_or_add_model (CairnSession *self,
                   const char   *model)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model_usage));
  g_autoptr(CairnModelUsage) added = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnModelUsage) usage = g_list_model_get_item (G_LIST_MODEL (self->model_usage), i);
      if (g_strcmp0 (cairn_model_usage_get_model (usage), model) == 0)
        return usage;   /* the store keeps it */
    }
  added = cairn_model_usage_new (model);
  g_list_store_append (self->model_usage, added);
  return added;
}

static Figures
read_figures (JsonObject *entry)
{
  static const char *inputs[] = { "inputTokens", "cacheReadInputTokens", "cacheCreationInputTokens" };
  Figures figures = { MAX (0, cairn_json_get_double (entry, "costUSD", 0)), 0,
                      MAX (0, cairn_json_get_int (entry, "outputTokens", 0)) };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    figures.input_tokens = cairn_saturating_add (figures.input_tokens,
                                                 MAX (0, cairn_json_get_int (entry, inputs[i], 0)));
  return figures;
}

/* @model_usage: (nullable): a result's modelUsage */
void
_cairn_session_tally_models (CairnSession *self,
                             JsonObject   *model_usage)
{
  g_autoptr(GList) models = model_usage ? json_object_get_members (model_usage) : NULL;

  for (GList *l = models; l != NULL; l = l->next)
    {
      Figures now = read_figures (cairn_json_get_object (model_usage, l->data));
      Figures *before = g_hash_table_lookup (self->process_models, l->data);

      if (before == NULL)
        {
          before = g_new0 (Figures, 1);
          g_hash_table_insert (self->process_models, g_strdup (l->data), before);
        }
      cairn_model_usage_add (find_or_add_model (self, l->data), now.cost_usd - before->cost_usd,
                             now.input_tokens - before->input_tokens,
                             now.output_tokens - before->output_tokens);
      *before = now;
    }
}

/**
 * cairn_session_get_model_usage:
 *
 * Returns: (transfer none): a #GListModel of #CairnModelUsage, in the
 *   order the models were first used
 */
GListModel *
cairn_session_get_model_usage (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->model_usage);
}
