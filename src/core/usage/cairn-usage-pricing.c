/* cairn-usage-pricing.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <json-glib/json-glib.h>

#include "cairn-core-resources.h"
#include "protocol/cairn-json.h"
#include "usage/cairn-usage-pricing.h"

/* The pricing table is data/pricing.json, built into the core as a
 * resource: the figures of the pinned CLI's own model catalog, with
 * their source and date in the file. It is read once; a model it doesn't
 * name has no price (never $0). */

typedef struct
{
  GHashTable *prices;   /* model id → CairnUsagePrice */
  char       *date;
} Table;

static void
read_rates (JsonObject      *object,
            CairnUsageRates *rates)
{
  rates->input = cairn_json_get_double (object, "input", 0);
  rates->output = cairn_json_get_double (object, "output", 0);
  rates->cache_write_5m = cairn_json_get_double (object, "cache_write_5m", 0);
  rates->cache_write_1h = cairn_json_get_double (object, "cache_write_1h", rates->cache_write_5m);
  rates->cache_read = cairn_json_get_double (object, "cache_read", 0);
}

static void
add_model (Table      *table,
           JsonObject *entry)
{
  CairnUsagePrice *price = g_new0 (CairnUsagePrice, 1);
  JsonObject *long_context = cairn_json_get_object (entry, "long_context");
  JsonArray *ids = cairn_json_get_array (entry, "ids");

  read_rates (entry, &price->base);
  if (long_context != NULL)
    {
      read_rates (long_context, &price->long_context);
      price->long_above = cairn_json_get_int (long_context, "above_prompt_tokens", 0);
    }
  /* the table owns each price once, under its first id */
  for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
    {
      const char *id = cairn_json_array_get_string (ids, i);
      if (id != NULL)
        g_hash_table_insert (table->prices, g_strdup (id), i == 0 ? price : g_memdup2 (price, sizeof *price));
    }
  if (ids == NULL || json_array_get_length (ids) == 0)
    g_free (price);
}

/**
 * cairn_usage_pricing_bytes:
 *
 * The pricing table as built in (the usage snapshot's key has it: costs
 * worked out with other prices are not kept).
 * Returns: (transfer full) (nullable):
 */
GBytes *
cairn_usage_pricing_bytes (GError **error)
{
  return g_resource_lookup_data (cairn_core_get_resource (), "/io/github/cairnapp/Cairn/core/pricing.json",
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

static gpointer
load_table (gpointer data)
{
  Table *table = g_new0 (Table, 1);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GList) values = NULL;
  JsonObject *root, *models;

  table->prices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  bytes = cairn_usage_pricing_bytes (&error);
  if (bytes == NULL ||
      !json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_warning ("The pricing table can't be read: %s", error ? error->message : "not an object");
      return table;
    }
  root = json_node_get_object (json_parser_get_root (parser));
  table->date = g_strdup (cairn_json_get_string (root, "date"));
  models = cairn_json_get_object (root, "models");
  values = models ? json_object_get_values (models) : NULL;
  for (GList *l = values; l != NULL; l = l->next)
    if (JSON_NODE_HOLDS_OBJECT (l->data))
      add_model (table, json_node_get_object (l->data));
  return table;
}

static Table *
pricing_table (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, load_table, NULL);
}

/**
 * cairn_usage_price_lookup:
 *
 * Returns: (nullable): the rates of @model, or %NULL when the table
 *   doesn't know it
 */
const CairnUsagePrice *
cairn_usage_price_lookup (const char *model)
{
  g_return_val_if_fail (model != NULL, NULL);
  return g_hash_table_lookup (pricing_table ()->prices, model);
}

const char *
cairn_usage_pricing_date (void)
{
  return pricing_table ()->date;
}

/**
 * cairn_usage_price_cost:
 *
 * What one request cost, as the CLI counts it: the cache writes split
 * into 1-hour ones and the rest at the 5-minute rate, and the whole
 * request at the long-context rates when its prompt (input, cache writes
 * and reads) is over the model's threshold.
 */
double
cairn_usage_price_cost (const CairnUsagePrice *price,
                        guint64                input,
                        guint64                output,
                        guint64                cache_write,
                        guint64                cache_write_1h,
                        guint64                cache_read)
{
  const CairnUsageRates *r = &price->base;

  if (price->long_above > 0 && input + cache_write + cache_read > price->long_above)
    r = &price->long_context;
  cache_write_1h = MIN (cache_write_1h, cache_write);
  return (input * r->input + output * r->output + (cache_write - cache_write_1h) * r->cache_write_5m +
          cache_write_1h * r->cache_write_1h + cache_read * r->cache_read) / 1e6;
}
