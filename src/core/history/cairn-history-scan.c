/* cairn-history-scan.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "history/cairn-history-scan.h"

/* Reads the top-level keys of one session-file line in a single pass over
 * its bytes, skipping strings, nested objects and arrays without building
 * anything: a 400 KB tool result costs a memchr-like walk, not a tree.
 * Lines take untrusted bytes: every read is bounds-checked and nothing is
 * allocated, so a fuzzer can call this directly. */

typedef struct
{
  const char *p;
  const char *end;
} Cursor;

static void
skip_space (Cursor *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n'))
    c->p++;
}

/**
 * cairn_history_scan_skip_string:
 * @p: at a JSON string's opening quote
 *
 * Returns: (nullable): just past its closing quote, or %NULL when the
 *   string doesn't end before @end
 */
const char *
cairn_history_scan_skip_string (const char *p,
                                const char *end)
{
  const char *from = ++p;

  while (p < end)
    {
      const char *q = memchr (p, '"', end - p);
      const char *b;
      gsize backslashes = 0;

      if (q == NULL)
        return NULL;
      for (b = q; b > from && b[-1] == '\\'; b--)
        backslashes++;
      p = q + 1;
      if (backslashes % 2 == 0)
        return p;
    }
  return NULL;
}

/* At an opening quote: moves past the closing one. Returns FALSE when the
 * string doesn't end in the line. */
static gboolean
skip_string (Cursor *c)
{
  const char *after = cairn_history_scan_skip_string (c->p, c->end);

  c->p = after ? after : c->end;
  return after != NULL;
}

/* Any value: a string, a nested object or array (however deep), or a
 * literal. Returns FALSE on bytes that end the line early. */
static gboolean
skip_value (Cursor *c)
{
  gsize depth = 0;

  skip_space (c);
  if (c->p >= c->end)
    return FALSE;
  if (*c->p == '"')
    return skip_string (c);
  do
    {
      if (c->p >= c->end)
        return FALSE;
      switch (*c->p)
        {
        case '"':
          if (!skip_string (c))
            return FALSE;
          continue;
        case '{':
        case '[':
          depth++;
          break;
        case '}':
        case ']':
          if (depth == 0)
            return TRUE;   /* the end of the enclosing object: not ours */
          depth--;
          break;
        case ',':
          if (depth == 0)
            return TRUE;
          break;
        default:
          break;
        }
      c->p++;
    }
  while (depth > 0 || (c->p < c->end && *c->p != ',' && *c->p != '}' && *c->p != ']'));
  return TRUE;
}

/**
 * cairn_history_scan_key_is:
 *
 * Whether the key @key (@length bytes, as a #CairnScanKeyFunc gets it) is
 * @name.
 */
gboolean
cairn_history_scan_key_is (const char *key,
                           gsize       length,
                           const char *name)
{
  return length == strlen (name) && memcmp (key, name, length) == 0;
}

#define key_is cairn_history_scan_key_is

static void
keep_span (const char *line,
           const char *start,
           const char *end,
           guint32    *span_start,
           guint32    *span_length)
{
  *span_start = start - line;
  *span_length = end - start;
}

static void
note_value (const char     *line,
            const char     *key,
            gsize           key_length,
            const char     *value,
            const char     *value_end,
            CairnLineFacts *facts)
{
  gboolean is_string = value < value_end && *value == '"' && value_end - value >= 2;
  const char *inner = value + 1, *inner_end = value_end - 1;

  if (key_is (key, key_length, "isSidechain"))
    facts->is_sidechain = value_end - value == 4 && memcmp (value, "true", 4) == 0;
  else if (key_is (key, key_length, "sourceToolAssistantUUID"))
    facts->is_tool_result = is_string;
  else if (key_is (key, key_length, "isMeta") || key_is (key, key_length, "isCompactSummary"))
    facts->is_meta |= value_end - value == 4 && memcmp (value, "true", 4) == 0;
  else if (!is_string)
    return;
  else if (key_is (key, key_length, "type"))
    keep_span (line, inner, inner_end, &facts->type_start, &facts->type_length);
  else if (key_is (key, key_length, "uuid"))
    keep_span (line, inner, inner_end, &facts->uuid_start, &facts->uuid_length);
  else if (key_is (key, key_length, "parentUuid"))
    keep_span (line, inner, inner_end, &facts->parent_start, &facts->parent_length);
  else if (key_is (key, key_length, "leafUuid"))
    keep_span (line, inner, inner_end, &facts->leaf_start, &facts->leaf_length);
  else if (key_is (key, key_length, "logicalParentUuid") && facts->parent_length == 0)
    keep_span (line, inner, inner_end, &facts->parent_start, &facts->parent_length);
}

/* The keys and values of the object at @c, one level deep. */
static gboolean
scan_object (Cursor           *c,
             CairnScanKeyFunc  func,
             gpointer          data)
{
  skip_space (c);
  if (c->p >= c->end || *c->p != '{')
    return FALSE;
  c->p++;
  for (;;)
    {
      const char *key, *key_end, *value, *value_end;

      skip_space (c);
      if (c->p < c->end && *c->p == '}')
        break;
      if (c->p >= c->end || *c->p != '"')
        return FALSE;
      key = c->p + 1;
      if (!skip_string (c))
        return FALSE;
      key_end = c->p - 1;
      skip_space (c);
      if (c->p >= c->end || *c->p != ':')
        return FALSE;
      c->p++;
      skip_space (c);
      value = c->p;
      if (!skip_value (c))
        return FALSE;
      for (value_end = c->p; value_end > value && g_ascii_isspace (value_end[-1]); value_end--)
        ;
      func (key, key_end - key, value, value_end, data);
      skip_space (c);
      if (c->p < c->end && *c->p == ',')
        {
          c->p++;
          continue;
        }
      if (c->p < c->end && *c->p == '}')
        break;
      return FALSE;
    }
  c->p++;
  return TRUE;
}

/* The line being scanned, for the spans kept in its facts. */
typedef struct
{
  const char     *line;
  CairnLineFacts *facts;
} LineScan;

static void
note_message_key (const char *key,
                  gsize       key_length,
                  const char *value,
                  const char *value_end,
                  gpointer    data)
{
  const char *line = ((LineScan *)data)->line;
  CairnLineFacts *facts = ((LineScan *)data)->facts;

  if (key_is (key, key_length, "id") && value_end - value >= 2 && *value == '"')
    keep_span (line, value + 1, value_end - 1, &facts->message_id_start, &facts->message_id_length);
}

static void
note_line_key (const char *key,
               gsize       key_length,
               const char *value,
               const char *value_end,
               gpointer    data)
{
  LineScan *scan = data;

  if (key_is (key, key_length, "message") && value < value_end && *value == '{')
    {
      Cursor inner = { value, value_end };
      scan_object (&inner, note_message_key, data);
      return;
    }
  note_value (scan->line, key, key_length, value, value_end, scan->facts);
}

/**
 * cairn_history_scan_object:
 * @start: at an object's opening brace
 * @end: where the bytes that may hold it end
 *
 * Calls @func with each key and raw value (a span of the bytes, a string
 * with its quotes) of the object at @start, one level deep, as the line
 * scanner reads them: the usage reader finds its counts with it.
 * Returns: %FALSE when the object is damaged or doesn't end before @end
 */
gboolean
cairn_history_scan_object (const char       *start,
                           const char       *end,
                           CairnScanKeyFunc  func,
                           gpointer          data)
{
  Cursor c = { start, end };

  return scan_object (&c, func, data);
}

/**
 * cairn_history_scan_line:
 *
 * Finds the facts of one line (without its newline).
 * Returns: %FALSE when the line is not a whole JSON object; what was read
 *   before the damage is still in @facts
 */
gboolean
cairn_history_scan_line (const char     *line,
                         gsize           length,
                         CairnLineFacts *facts)
{
  Cursor c = { line, line + length };
  LineScan scan = { line, facts };

  memset (facts, 0, sizeof *facts);
  if (!scan_object (&c, note_line_key, &scan))
    return FALSE;
  skip_space (&c);
  facts->is_object = c.p == c.end;
  return facts->is_object;
}
