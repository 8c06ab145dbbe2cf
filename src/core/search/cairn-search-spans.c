/* cairn-search-spans.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-search"

#include "config.h"

#include <string.h>

#include "history/cairn-history-scan.h"
#include "search/cairn-search-fold.h"
#include "search/cairn-search-spans.h"

/* Before a line where the words occur is parsed (json-glib, the slow
 * part), a walk over its bytes tells whether an occurrence can be in what
 * the line shows: words that are only in keys and ids ("uuid", "type",
 * "session") would otherwise have every line parsed. The walk is a
 * superset of cairn_search_line_text(): strings under the keys that text
 * is taken from, and the whole of a tool's input and of a tool result's
 * content object. When the walk is unsure (damaged or deep JSON) it says
 * yes, and the parse decides, as before. Untrusted bytes: bounds-checked,
 * no allocation but the span list. */

#define MAX_DEPTH 64

typedef struct
{
  const char *start;
  const char *p;
  const char *end;
  GArray     *spans;   /* gsize pairs: byte ranges shown */
  guint       depth;
} Walk;

static void
add_span (Walk       *w,
          const char *from,
          const char *to)
{
  gsize span[2] = { from - w->start, to - w->start };

  g_array_append_vals (w->spans, span, 2);
}

static void
skip_space (Walk *w)
{
  while (w->p < w->end && (*w->p == ' ' || *w->p == '\t' || *w->p == '\r' || *w->p == '\n'))
    w->p++;
}

static gboolean
skip_string (Walk *w)
{
  const char *after = cairn_history_scan_skip_string (w->p, w->end);

  w->p = after ? after : w->end;
  return after != NULL;
}

static gboolean
key_is (const char *key,
        gsize       length,
        const char *name)
{
  return length == strlen (name) && memcmp (key, name, length) == 0;
}

static gboolean walk_value (Walk *w, const char *key, gsize key_length, gboolean element);

static gboolean
walk_members (Walk *w)
{
  w->p++;
  for (;;)
    {
      const char *key;
      gsize key_length;

      skip_space (w);
      if (w->p < w->end && *w->p == '}')
        break;
      if (w->p >= w->end || *w->p != '"')
        return FALSE;
      key = w->p + 1;
      if (!skip_string (w))
        return FALSE;
      key_length = w->p - 1 - key;
      skip_space (w);
      if (w->p >= w->end || *w->p != ':')
        return FALSE;
      w->p++;
      if (!walk_value (w, key, key_length, FALSE))
        return FALSE;
      skip_space (w);
      if (w->p < w->end && *w->p == ',')
        {
          w->p++;
          continue;
        }
      if (w->p < w->end && *w->p == '}')
        break;
      return FALSE;
    }
  w->p++;
  return TRUE;
}

/* An array's strings are shown when its key's are (a list of texts); its
 * objects (a message's blocks) by their own keys. */
static gboolean
walk_elements (Walk       *w,
               const char *key,
               gsize       key_length)
{
  w->p++;
  for (;;)
    {
      skip_space (w);
      if (w->p < w->end && *w->p == ']')
        break;
      if (!walk_value (w, key, key_length, TRUE))
        return FALSE;
      skip_space (w);
      if (w->p < w->end && *w->p == ',')
        {
          w->p++;
          continue;
        }
      if (w->p < w->end && *w->p == ']')
        break;
      return FALSE;
    }
  w->p++;
  return TRUE;
}

static gboolean
shows_strings (const char *key,
               gsize       length)
{
  static const char *keys[] = { "content", "text", "thinking", "customTitle", "aiTitle", "summary" };

  for (guint i = 0; key != NULL && i < G_N_ELEMENTS (keys); i++)
    if (key_is (key, length, keys[i]))
      return TRUE;
  return FALSE;
}

/* A value under @key (NULL: the line itself, or an element of an array
 * whose key shows nothing), or an @element of an array under @key. */
static gboolean
walk_value (Walk       *w,
            const char *key,
            gsize       key_length,
            gboolean    element)
{
  const char *value;
  gboolean shown = shows_strings (key, key_length);
  gboolean ok;

  skip_space (w);
  if (w->p >= w->end)
    return FALSE;
  value = w->p;
  if (*w->p == '"')
    {
      if (!skip_string (w))
        return FALSE;
      if (shown)
        add_span (w, value, w->p);
      return TRUE;
    }
  if (*w->p != '{' && *w->p != '[')
    {
      while (w->p < w->end && *w->p != ',' && *w->p != '}' && *w->p != ']')
        w->p++;
      return TRUE;
    }
  if (++w->depth > MAX_DEPTH)
    return FALSE;
  if (*w->p == '{')
    ok = walk_members (w);
  else
    ok = walk_elements (w, shown ? key : NULL, shown ? key_length : 0);
  w->depth--;
  /* shown whole: a tool's input as JSON, a tool result's content object */
  if (ok && !element && (key_is (key ? key : "", key_length, "input") ||
                         (*value == '{' && key_is (key ? key : "", key_length, "content"))))
    add_span (w, value, w->p);
  return ok;
}

/**
 * cairn_search_line_may_show:
 *
 * Returns: %FALSE when no occurrence of @query (ignoring ASCII case) in
 *   @line can be in what the line shows, so it needs no parsing; %TRUE
 *   when one may, or when the line can't be walked
 */
gboolean
cairn_search_line_may_show (const char *line,
                            gsize       length,
                            const char *query,
                            gsize       query_length)
{
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (gsize));
  Walk w = { line, line, line + length, spans, 0 };
  const char *at = line;

  skip_space (&w);
  if (w.p >= w.end || *w.p != '{' || !walk_value (&w, NULL, 0, FALSE))
    return TRUE;
  while ((at = cairn_search_find_ascii_folded (at, line + length - at, query, query_length)) != NULL)
    {
      gsize from = at - line, to = from + query_length;

      for (guint i = 0; i + 1 < spans->len; i += 2)
        if (from < g_array_index (spans, gsize, i + 1) && to > g_array_index (spans, gsize, i))
          return TRUE;
      at++;
    }
  return FALSE;
}
