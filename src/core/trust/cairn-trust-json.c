/* cairn-trust-json.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <math.h>

#include "trust/cairn-trust-json.h"

/* The CLI's config file as the CLI writes it: JSON.stringify (config,
 * null, 2). Not json-glib 1.6's generator, which writes U+001F raw and a
 * large double as "3e+19.0", neither of them JSON (fuzz-trust found both):
 * the CLI could not read its config back. */

static void append_node (GString *out, JsonNode *node, guint depth);

static void
indent (GString *out,
        guint    depth)
{
  g_string_append_c (out, '\n');
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

/* JSON.stringify's escapes; everything else as it is (UTF-8). */
static void
append_string (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, (char) *p);
        }
    }
  g_string_append_c (out, '"');
}

/* The shortest form that reads back as the same double, as JavaScript
 * prints it; infinity (a number too large, read) as null, as it does. */
static void
append_double (GString *out,
               double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[8];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  for (int digits = 15; digits <= 17; digits++)
    {
      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  g_string_append (out, buffer);
}

static void
append_value (GString  *out,
              JsonNode *node)
{
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING: append_string (out, json_node_get_string (node)); break;
    case G_TYPE_INT64: g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node)); break;
    case G_TYPE_DOUBLE: append_double (out, json_node_get_double (node)); break;
    case G_TYPE_BOOLEAN: g_string_append (out, json_node_get_boolean (node) ? "true" : "false"); break;
    default: g_string_append (out, "null"); break;
    }
}

static void
append_object (GString    *out,
               JsonObject *object,
               guint       depth)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      g_string_append (out, first ? "" : ",");
      first = FALSE;
      indent (out, depth + 1);
      append_string (out, name);
      g_string_append (out, ": ");
      append_node (out, member, depth + 1);
    }
  if (!first)
    indent (out, depth);
  g_string_append_c (out, '}');
}

static void
append_array (GString   *out,
              JsonArray *array,
              guint      depth)
{
  guint n = json_array_get_length (array);

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      g_string_append (out, i == 0 ? "" : ",");
      indent (out, depth + 1);
      append_node (out, json_array_get_element (array, i), depth + 1);
    }
  if (n > 0)
    indent (out, depth);
  g_string_append_c (out, ']');
}

static void
append_node (GString  *out,
             JsonNode *node,
             guint     depth)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    append_object (out, json_node_get_object (node), depth);
  else if (JSON_NODE_HOLDS_ARRAY (node))
    append_array (out, json_node_get_array (node), depth);
  else if (JSON_NODE_HOLDS_VALUE (node))
    append_value (out, node);
  else
    g_string_append (out, "null");
}

/**
 * cairn_trust_json_stringify:
 *
 * Returns: @node as JSON.stringify (node, null, 2) writes it
 */
char *
cairn_trust_json_stringify (JsonNode *node)
{
  GString *out = g_string_new (NULL);

  append_node (out, node, 0);
  return g_string_free (out, FALSE);
}
