/* cairn-json.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-json"

#include "config.h"

#include <string.h>

#include <math.h>

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
    {
      /* 1e400 and friends: a cast out of range is undefined behaviour */
      double value = json_node_get_double (node);
      if (isnan (value))
        return fallback;
      if (value >= 9.2e18)
        return G_MAXINT64;
      if (value <= -9.2e18)
        return G_MININT64;
      return (gint64) value;
    }
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
  /* 1e400 parses as infinity: a cost or a duration shown as "inf" says
   * nothing, so an out-of-range number counts as missing. */
  if (!isfinite (json_node_get_double (node)))
    return fallback;
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

/* Whether the escape at @p (a backslash) is \uD800–\uDBFF, the first half
 * of a surrogate pair, which must not end a string. */
static gboolean
is_high_surrogate_escape (const char *p,
                          const char *end)
{
  return end - p >= 6 && p[1] == 'u' && g_ascii_tolower (p[2]) == 'd' &&
         strchr ("89abAB", p[3]) != NULL;
}

/* The bytes of the character or escape at @p (a "\\uXXXX" is six: see
 * plainly_quoted()). */
static gsize
escape_length (const char *p,
               const char *end)
{
  if (*p != '\\')
    return 1;
  return MIN ((gsize)(end - p), p + 1 < end && p[1] == 'u' ? 6u : 2u);
}

/* The value of the "\\uXXXX" at @p, or -1 when it has fewer hex digits. */
static gint
unicode_escape_value (const char *p,
                      const char *end)
{
  gint value = 0;

  for (guint i = 2; i < 6; i++)
    {
      if (p + i >= end || !g_ascii_isxdigit (p[i]))
        return -1;
      value = value * 16 + g_ascii_xdigit_value (p[i]);
    }
  return value;
}

/* Whether the "\\u" at @p is whole and, if a surrogate, the first half of
 * a pair whose second half follows (json-glib swallows the character after
 * a lone one, or fails). */
static gboolean
unicode_escape_plain (const char *p,
                      const char *end)
{
  gint value = unicode_escape_value (p, end);
  gint next;

  if (value < 0xD800 || value > 0xDFFF)
    return value >= 0;
  if (value > 0xDBFF || end - p < 12 || p[6] != '\\' || p[7] != 'u')
    return FALSE;
  next = unicode_escape_value (p + 6, end);
  return next >= 0xDC00 && next <= 0xDFFF;
}

/* Whether @line quotes its strings the way JSON does: double quotes only,
 * no comments, every "\\u" with its four hex digits and surrogates in
 * pairs. A line with anything else is not cut anywhere: the parser
 * refuses it anyway, and a cut must see the strings exactly as a parser
 * does (json-glib, which parsed lines before cairn-json-parse.c, read
 * single quotes, comments and a short "\\u" in ways of its own). The
 * CLI's lines have none. */
static gboolean
plainly_quoted (const char *line,
                gsize       length)
{
  const char *p = line, *end = line + length;
  gboolean in_string = FALSE;

  for (; p < end; p++)
    {
      if (!in_string)
        {
          /* a single quote, or a comment, which json-glib skips */
          if (*p == '\'' || *p == '/' || *p == '#')
            return FALSE;
          in_string = *p == '"';
        }
      else if (*p == '"')
        in_string = FALSE;
      else if (*p == '\\' && p + 1 < end && p[1] == 'u')
        {
          if (!unicode_escape_plain (p, end))
            return FALSE;
          /* past the escape, and past the second half of a pair */
          p += unicode_escape_value (p, end) >= 0xD800 && unicode_escape_value (p, end) <= 0xDBFF ? 11 : 5;
        }
      else if (*p == '\\')
        p++;
    }
  return TRUE;
}

/**
 * cairn_json_shorten_strings:
 * @line: one JSON line, changed in place
 * @max_string: the bytes kept of each string
 *
 * Cuts every string of @line longer than @max_string to its start, in
 * place, between two characters (never inside an escape, a UTF-8
 * sequence or a surrogate pair), so the line stays the JSON it was, only
 * shorter. A 100 MB tool output is shown by its start anyway; parsing it
 * whole would take three times its size (json-glib's scanner and node
 * each copy it).
 *
 * Returns: the new length of @line
 */
gsize
cairn_json_shorten_strings (char  *line,
                            gsize  length,
                            gsize  max_string)
{
  const char *p = line, *end = line + length;
  char *out = line;

  if (!plainly_quoted (line, length))
    return length;
  while (p < end)
    {
      gsize kept = 0;
      gboolean cut = FALSE, pair_open = FALSE;

      if (*p != '"')
        {
          *out++ = *p++;
          continue;
        }
      *out++ = *p++;
      while (p < end && *p != '"')
        {
          gsize n = escape_length (p, end);

          /* a UTF-8 sequence goes whole too, escaped or not */
          while (p + n < end && ((guchar)p[n] & 0xC0) == 0x80)
            n++;
          /* not between the halves of a surrogate pair */
          if (!cut && kept + n > max_string && !pair_open)
            cut = TRUE;
          if (!cut)
            {
              pair_open = *p == '\\' && is_high_surrogate_escape (p, end);
              memmove (out, p, n);
              out += n;
              kept += n;
            }
          p += n;
        }
      if (p < end)
        *out++ = *p++;  /* the closing quote */
    }
  return out - line;
}

/**
 * cairn_json_array_get_object:
 *
 * Returns: (nullable): the @index-th element of @array when it is an
 *   object: what the CLI sends is not trusted to have the right shape
 *   (json_array_get_object_element would warn on anything else)
 */
JsonObject *
cairn_json_array_get_object (JsonArray *array,
                             guint      index)
{
  JsonNode *node;

  if (array == NULL || index >= json_array_get_length (array))
    return NULL;
  node = json_array_get_element (array, index);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/**
 * cairn_json_array_get_string:
 *
 * Returns: (nullable): the @index-th element of @array when it is a string
 */
const char *
cairn_json_array_get_string (JsonArray *array,
                             guint      index)
{
  JsonNode *node;

  if (array == NULL || index >= json_array_get_length (array))
    return NULL;
  node = json_array_get_element (array, index);
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
    ? json_node_get_string (node) : NULL;
}
