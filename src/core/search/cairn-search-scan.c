/* cairn-search-scan.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-search"

#include "config.h"

#include <string.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "protocol/cairn-tool-summary.h"
#include "search/cairn-search-fold.h"
#include "search/cairn-search-scan.h"
#include "search/cairn-search-spans.h"

/* Full-text search over session files without parsing them: the words
 * are looked for in the raw bytes (memchr-fast), and only a line where
 * they occur is parsed, to check they are in what the conversation shows
 * and to cut a snippet. Matching ignores ASCII case. These functions take
 * untrusted bytes and keep no state, so a fuzzer can call them. */

#define SNIPPET_CONTEXT 60
/* A line longer than this is searched, but only its first part is parsed
 * for a snippet if the line is even bigger (a 400 KB tool result). */
#define MAX_PARSED_LINE (8 * 1024 * 1024)

static void
append_content_text (GString  *text,
                     JsonNode *content)
{
  g_autofree char *plain = content ? cairn_tool_content_to_text (content) : NULL;

  if (plain != NULL && *plain != '\0')
    g_string_append_printf (text, "%s\n", plain);
}

static void
append_block_text (GString    *text,
                   JsonObject *block)
{
  const char *type = cairn_json_get_string (block, "type");
  JsonObject *input = cairn_json_get_object (block, "input");

  if (g_strcmp0 (type, "text") == 0 || g_strcmp0 (type, "thinking") == 0)
    g_string_append_printf (text, "%s\n", cairn_json_get_string (block, type) ?: "");
  else if (g_strcmp0 (type, "tool_use") == 0 && input != NULL)
    {
      g_autofree char *json = cairn_json_object_to_string (input, FALSE);
      g_string_append_printf (text, "%s\n", json);
    }
  else if (g_strcmp0 (type, "tool_result") == 0)
    append_content_text (text, json_object_get_member (block, "content"));
}

/**
 * cairn_search_line_text:
 *
 * Returns: (nullable): what a session file's line shows: a prompt, a
 *   reply, thinking, a tool's input or output, a title
 */
char *
cairn_search_line_text (JsonObject *line)
{
  JsonObject *message = cairn_json_get_object (line, "message");
  JsonArray *blocks = cairn_json_get_array (message, "content");
  const char *titles[] = { "customTitle", "aiTitle", "summary" };
  GString *text = g_string_new (NULL);

  if (cairn_json_get_string (message, "content") != NULL)
    g_string_append (text, cairn_json_get_string (message, "content"));
  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    {
      JsonNode *node = json_array_get_element (blocks, i);
      if (JSON_NODE_HOLDS_OBJECT (node))
        append_block_text (text, json_node_get_object (node));
    }
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (cairn_json_get_string (line, titles[i]) != NULL)
      g_string_append (text, cairn_json_get_string (line, titles[i]));
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

/* A character boundary at or before @p, not before @start. */
static const char *
char_start (const char *start,
            const char *p)
{
  while (p > start && (*p & 0xC0) == 0x80)
    p--;
  return p;
}

/**
 * cairn_search_make_snippet:
 *
 * Cuts a one-line snippet of @text around the first occurrence of @query.
 * Returns: %FALSE when @text doesn't contain @query
 */
gboolean
cairn_search_make_snippet (const char       *text,
                           const char       *query,
                           CairnSearchMatch *match)
{
  gsize length = strlen (text), query_length = strlen (query);
  const char *at = cairn_search_find_ascii_folded (text, length, query, query_length);
  const char *from, *to;
  GString *snippet;

  if (at == NULL)
    return FALSE;
  from = char_start (text, at - MIN ((gsize)(at - text), SNIPPET_CONTEXT));
  to = at + query_length + MIN ((gsize)(text + length - at - query_length), SNIPPET_CONTEXT);
  to = char_start (text, to);
  snippet = g_string_new (from > text ? "…" : "");
  match->match_start = snippet->len + (at - from);
  g_string_append_len (snippet, from, to - from);
  if (to < text + length)
    g_string_append (snippet, "…");
  for (gsize i = 0; i < snippet->len; i++)
    if (snippet->str[i] == '\n' || snippet->str[i] == '\t' || snippet->str[i] == '\r')
      snippet->str[i] = ' ';
  match->match_length = query_length;
  match->snippet = g_utf8_make_valid (snippet->str, snippet->len);
  g_string_free (snippet, TRUE);
  return TRUE;
}

static gboolean
match_in_line (const char       *line,
               gsize             length,
               const char       *query,
               CairnSearchMatch *match)
{
  g_autofree char *valid = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) object = NULL;

  if (length > MAX_PARSED_LINE || !cairn_search_line_may_show (line, length, query, strlen (query)))
    return FALSE;
  /* the parser refuses invalid UTF-8; the rest of such a line is worth finding */
  if (!g_utf8_validate_len (line, length, NULL))
    {
      valid = g_utf8_make_valid (line, length);
      line = valid;
      length = strlen (valid);
    }
  if ((object = cairn_json_parse_line (line, length)) == NULL ||
      cairn_json_get_bool (object, "isSidechain", FALSE))
    return FALSE;
  text = cairn_search_line_text (object);
  return text != NULL && cairn_search_make_snippet (text, query, match);
}

/**
 * cairn_search_scan_buffer:
 * @func: called for each match, in order; returns %FALSE to stop
 *
 * Finds @query in the lines of a session file held in @buffer.
 * Returns: how many matches were reported
 */
guint
cairn_search_scan_buffer (const char           *buffer,
                          gsize                 length,
                          const char           *query,
                          guint                 max_matches,
                          CairnSearchMatchFunc  func,
                          gpointer              user_data)
{
  gsize query_length = strlen (query);
  const char *end = buffer + length;
  const char *p = buffer;
  guint found = 0;

  while (found < max_matches && p < end)
    {
      const char *at = cairn_search_find_ascii_folded (p, end - p, query, query_length);
      const char *line, *line_end;
      CairnSearchMatch match = { 0 };
      gboolean go_on = TRUE;

      if (at == NULL)
        break;
      line = at;
      while (line > buffer && line[-1] != '\n')
        line--;
      line_end = memchr (at, '\n', end - at);
      if (line_end == NULL)
        line_end = end;
      if (match_in_line (line, line_end - line, query, &match))
        {
          match.line_offset = line - buffer;
          found++;
          go_on = func (&match, user_data);
          g_free (match.snippet);
        }
      if (!go_on)
        break;
      p = line_end + 1;
    }
  return found;
}
