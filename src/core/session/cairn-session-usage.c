/* cairn-session-usage.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

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

static CairnLimitStatus
limit_status (const char *status)
{
  if (g_strcmp0 (status, "allowed") == 0)
    return CAIRN_LIMIT_ALLOWED;
  if (g_strcmp0 (status, "allowed_warning") == 0)
    return CAIRN_LIMIT_WARNING;
  if (g_strcmp0 (status, "rejected") == 0)
    return CAIRN_LIMIT_REJECTED;
  return CAIRN_LIMIT_UNKNOWN;
}

static void
read_window (CairnLimitWindow *window,
             JsonObject       *object)
{
  if (object == NULL)
    return;
  window->status = limit_status (cairn_json_get_string (object, "status"));
  window->utilization = cairn_json_get_double (object, "utilization", -1);
  window->resets_at = MAX (0, cairn_json_get_int (object, "resetsAt", 0));
}

/* rate_limit_event's rate_limit_info (docs/protocol-changes.md): the top
 * level is about the window that limits now (rateLimitType); CLI 2.1.330
 * may add every window in unifiedWindows. Each event says all it knows. */
void
_cairn_session_take_rate_limits (CairnSession *self,
                                 JsonObject   *info)
{
  CairnRateLimits limits = { 0 };
  const char *type = cairn_json_get_string (info, "rateLimitType");
  JsonObject *windows = cairn_json_get_object (info, "unifiedWindows");

  limits.status = limit_status (cairn_json_get_string (info, "status"));
  limits.resets_at = MAX (0, cairn_json_get_int (info, "resetsAt", 0));
  limits.five_hour.utilization = limits.seven_day.utilization = -1;
  if (g_strcmp0 (type, "five_hour") == 0)
    read_window (&limits.five_hour, info);
  else if (g_strcmp0 (type, "seven_day") == 0)
    read_window (&limits.seven_day, info);
  read_window (&limits.five_hour, cairn_json_get_object (windows, "five_hour"));
  read_window (&limits.seven_day, cairn_json_get_object (windows, "seven_day"));
  self->rate_limits = limits;
  _cairn_session_notify (self, CAIRN_SESSION_PROP_RATE_LIMITS);
}

/**
 * cairn_session_get_rate_limits:
 *
 * Returns: (transfer none): the plan's limits as the CLI last said them;
 *   all unknown until it does
 */
const CairnRateLimits *
cairn_session_get_rate_limits (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return &self->rate_limits;
}

/* "You can go on at 14:30", for a turn refused at the limit; NULL when
 * not at a limit or its reset is unknown. */
char *
_cairn_session_describe_limit_reset (CairnSession *self)
{
  g_autofree char *at = NULL;

  if (self->rate_limits.status != CAIRN_LIMIT_REJECTED)
    return NULL;
  at = cairn_format_reset_time (self->rate_limits.resets_at);
  if (at == NULL)
    return NULL;
  /* Translators: %s is a time, such as "14:30" or "Mon 09:00" */
  return g_strdup_printf (_("Your plan's usage limit is reached. You can go on at %s."), at);
}
