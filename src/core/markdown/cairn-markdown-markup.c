/* cairn-markdown-markup.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-markdown"

#include "config.h"

#include <string.h>

#include "markdown/cairn-markdown-markup.h"

/* Text into Pango markup: escaping, entities, URLs. Plain string work;
 * nothing from outside is ever taken as markup. */

void
cairn_markdown_append_escaped (GString    *out,
                               const char *text,
                               gsize       len)
{
  for (const char *p = text; p < text + len; p++)
    {
      switch (*p)
        {
        case '&': g_string_append (out, "&amp;"); break;
        case '<': g_string_append (out, "&lt;"); break;
        case '>': g_string_append (out, "&gt;"); break;
        case '"': g_string_append (out, "&quot;"); break;
        case '\'': g_string_append (out, "&#39;"); break;
        default: g_string_append_c (out, *p); break;
        }
    }
}

/* md4c hands over entities as written; it knows no names. These are the
 * ones people (and models) write; others stay literal. */
static const struct {
  const char *name;
  const char *text;
} named_entities[] = {
  { "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" }, { "apos", "'" },
  { "nbsp", "\u00a0" }, { "copy", "©" }, { "reg", "®" }, { "trade", "™" },
  { "hellip", "…" }, { "mdash", "—" }, { "ndash", "–" }, { "bull", "•" },
  { "middot", "·" }, { "times", "×" }, { "divide", "÷" }, { "deg", "°" },
  { "plusmn", "±" }, { "le", "≤" }, { "ge", "≥" }, { "ne", "≠" },
  { "larr", "←" }, { "rarr", "→" }, { "uarr", "↑" }, { "darr", "↓" },
  { "harr", "↔" }, { "laquo", "«" }, { "raquo", "»" }, { "lsquo", "‘" },
  { "rsquo", "’" }, { "ldquo", "“" }, { "rdquo", "”" }, { "euro", "€" },
  { "pound", "£" }, { "yen", "¥" }, { "cent", "¢" }, { "sect", "§" },
  { "para", "¶" }, { "check", "✓" },
};

static gunichar
parse_numeric_entity (const char *digits)
{
  guint64 value = 0;
  char *end = NULL;

  if (digits[0] == 'x' || digits[0] == 'X')
    value = g_ascii_strtoull (digits + 1, &end, 16);
  else
    value = g_ascii_strtoull (digits, &end, 10);
  if (end == NULL || *end != '\0' || value == 0 || value > 0x10FFFF ||
      !g_unichar_validate ((gunichar)value))
    return 0xFFFD;
  return (gunichar)value;
}

/* Appends the entity "&…;" decoded (not escaped) to @out. */
void
cairn_markdown_append_entity (GString    *out,
                              const char *text,
                              gsize       len)
{
  g_autofree char *name = NULL;

  if (len < 3)
    {
      g_string_append_len (out, text, len);
      return;
    }
  name = g_strndup (text + 1, len - 2);
  if (name[0] == '#')
    {
      g_string_append_unichar (out, parse_numeric_entity (name + 1));
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (named_entities); i++)
    {
      if (strcmp (name, named_entities[i].name) == 0)
        {
          g_string_append (out, named_entities[i].text);
          return;
        }
    }
  g_string_append_len (out, text, len);
}

/* Links in a reply open in the browser; other schemes (file:, javascript:,
 * custom handlers) are shown as text, never handed to the system. */
gboolean
cairn_markdown_is_openable_uri (const char *uri)
{
  const char *scheme = g_uri_peek_scheme (uri);

  return g_strcmp0 (scheme, "http") == 0 ||
         g_strcmp0 (scheme, "https") == 0 ||
         g_strcmp0 (scheme, "mailto") == 0;
}

void
cairn_markdown_append_link_open (GString    *out,
                                 const char *uri)
{
  g_string_append (out, "<a href=\"");
  cairn_markdown_append_escaped (out, uri, strlen (uri));
  g_string_append (out, "\">");
}

