/* cairn-json.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-json"

#include "config.h"

#include "protocol/cairn-json.h"

static JsonNode *
get_member (JsonObject *object,
            const char *member)
{
  if (object == NULL)
    return NULL;
  return json_object_get_member (object, member);
}

const char *
cairn_json_get_string (JsonObject *object,
                       const char *member)
{
  JsonNode *node = get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

JsonObject *
cairn_json_get_object (JsonObject *object,
                       const char *member)
{
  JsonNode *node = get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  return json_node_get_object (node);
}

JsonArray *
cairn_json_get_array (JsonObject *object,
                      const char *member)
{
  JsonNode *node = get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  return json_node_get_array (node);
}

static gboolean
holds_number (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

gint64
cairn_json_get_int (JsonObject *object,
                    const char *member,
                    gint64      fallback)
{
  JsonNode *node = get_member (object, member);

  if (!holds_number (node))
    return fallback;
  if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    return (gint64) json_node_get_double (node);
  return json_node_get_int (node);
}

double
cairn_json_get_double (JsonObject *object,
                       const char *member,
                       double      fallback)
{
  JsonNode *node = get_member (object, member);

  if (!holds_number (node))
    return fallback;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return (double) json_node_get_int (node);
  return json_node_get_double (node);
}

gboolean
cairn_json_get_bool (JsonObject *object,
                     const char *member,
                     gboolean    fallback)
{
  JsonNode *node = get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fallback;
  return json_node_get_boolean (node);
}

char *
cairn_json_to_string (JsonNode *node,
                      gboolean  pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

char *
cairn_json_object_to_string (JsonObject *object,
                             gboolean    pretty)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, object);
  return cairn_json_to_string (node, pretty);
}
