/* cairn-export-tree.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-export"

#include "config.h"

#include <string.h>

#include "export/cairn-export-private.h"
#include "markdown/cairn-markdown.h"

/* A reply's Markdown as HTML, from the tree the window shows it from
 * (src/core/markdown). The tree's text is Pango markup the core wrote
 * itself: escaped text and a few elements. It is parsed here, and each
 * element it knows becomes its HTML one; anything else is dropped, its
 * text kept (escaped again). A link is checked again: http, https and
 * mailto only. Code and HTML blocks are text. */

typedef struct
{
  GString *out;
  GArray  *open;   /* const char *: the HTML element each open one became */
} Markup;

static const char *
html_element (const char   *element,
              const char  **names,
              const char  **values,
              GString      *out)
{
  static const struct { const char *pango, *html; } simple[] = {
    { "b", "strong" }, { "i", "em" }, { "s", "del" }, { "u", "u" }, { "span", "code" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    if (g_str_equal (element, simple[i].pango))
      {
        g_string_append_printf (out, "<%s>", simple[i].html);
        return simple[i].html;
      }
  if (g_str_equal (element, "a"))
    for (guint i = 0; names[i] != NULL; i++)
      if (g_str_equal (names[i], "href") && cairn_markdown_is_openable_uri (values[i]))
        {
          g_string_append (out, "<a rel=\"noopener noreferrer\" href=\"");
          _cairn_export_html_escape (out, values[i]);
          g_string_append (out, "\">");
          return "a";
        }
  return NULL;
}

static void
start_cb (GMarkupParseContext  *context,
          const char           *element,
          const char          **names,
          const char          **values,
          gpointer              user_data,
          GError              **error)
{
  Markup *markup = user_data;
  const char *html = g_str_equal (element, "markup") ? NULL : html_element (element, names, values, markup->out);

  g_array_append_val (markup->open, html);
}

static void
end_cb (GMarkupParseContext  *context,
        const char           *element,
        gpointer              user_data,
        GError              **error)
{
  Markup *markup = user_data;
  const char *html = g_array_index (markup->open, const char *, markup->open->len - 1);

  if (html != NULL)
    g_string_append_printf (markup->out, "</%s>", html);
  g_array_set_size (markup->open, markup->open->len - 1);
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  Markup *markup = user_data;
  g_autofree char *copy = g_strndup (text, length);

  _cairn_export_html_escape (markup->out, copy);
}

/* The tree's markup as HTML; markup that does not parse (never written
 * by the core) is shown as its text, escaped. */
static void
write_inline (GString    *out,
              const char *pango)
{
  static const GMarkupParser parser = { start_cb, end_cb, text_cb, NULL, NULL };
  g_autofree char *wrapped = g_strconcat ("<markup>", pango, "</markup>", NULL);
  g_autoptr(GString) html = g_string_new (NULL);
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (const char *));
  Markup markup = { html, open };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, &markup, NULL);

  if (g_markup_parse_context_parse (context, wrapped, -1, NULL) &&
      g_markup_parse_context_end_parse (context, NULL))
    g_string_append_len (out, html->str, html->len);
  else
    _cairn_export_html_escape (out, pango);
}

static void write_block (GString *out, const CairnMarkdownBlock *block);

static void
write_children (GString                  *out,
                const CairnMarkdownBlock *block)
{
  for (guint i = 0; block->children != NULL && i < block->children->len; i++)
    write_block (out, g_ptr_array_index (block->children, i));
}

static void
write_wrapped (GString                  *out,
               const CairnMarkdownBlock *block,
               const char               *element)
{
  g_string_append_printf (out, "<%s>", element);
  write_children (out, block);
  g_string_append_printf (out, "</%s>\n", element);
}

static void
write_text_block (GString                  *out,
                  const CairnMarkdownBlock *block,
                  const char               *element)
{
  g_string_append_printf (out, "<%s>", element);
  write_inline (out, block->text ? block->text->str : "");
  g_string_append_printf (out, "</%s>\n", element);
}

static void
write_cell (GString                  *out,
            const CairnMarkdownBlock *block)
{
  static const char *aligns[] = { "", " style=\"text-align:left\"", " style=\"text-align:center\"",
                                  " style=\"text-align:right\"" };

  g_string_append_printf (out, "<%s%s>", block->header ? "th" : "td", aligns[block->align % 4]);
  write_inline (out, block->text ? block->text->str : "");
  g_string_append_printf (out, "</%s>", block->header ? "th" : "td");
}

static void
write_list (GString                  *out,
            const CairnMarkdownBlock *block)
{
  if (block->level == 0)
    g_string_append (out, "<ul>\n");
  else
    g_string_append_printf (out, "<ol start=\"%u\">\n", block->level - 1);
  write_children (out, block);
  g_string_append (out, block->level == 0 ? "</ul>\n" : "</ol>\n");
}

static void
write_block (GString                  *out,
             const CairnMarkdownBlock *block)
{
  g_autofree char *heading = NULL;
  const char *text = block->text ? block->text->str : "";

  switch (block->kind)
    {
    case CAIRN_MARKDOWN_PARAGRAPH:
      if (block->implicit)
        write_inline (out, text);
      else
        write_text_block (out, block, "p");
      break;
    case CAIRN_MARKDOWN_HEADING:
      heading = g_strdup_printf ("h%u", CLAMP (block->level, 1, 6));
      write_text_block (out, block, heading);
      break;
    case CAIRN_MARKDOWN_RULE:
      g_string_append (out, "<hr>\n");
      break;
    case CAIRN_MARKDOWN_CODE:
      g_string_append (out, "<pre><code>");
      _cairn_export_html_escape (out, text);
      g_string_append (out, "</code></pre>\n");
      break;
    case CAIRN_MARKDOWN_HTML:
      /* shown as text, its markup escaped by the core already */
      g_string_append (out, "<pre><code>");
      write_inline (out, text);
      g_string_append (out, "</code></pre>\n");
      break;
    case CAIRN_MARKDOWN_QUOTE: write_wrapped (out, block, "blockquote"); break;
    case CAIRN_MARKDOWN_LIST: write_list (out, block); break;
    case CAIRN_MARKDOWN_ITEM: write_wrapped (out, block, "li"); break;
    case CAIRN_MARKDOWN_TABLE: write_wrapped (out, block, "table"); break;
    case CAIRN_MARKDOWN_ROW: write_wrapped (out, block, "tr"); break;
    case CAIRN_MARKDOWN_CELL: write_cell (out, block); break;
    case CAIRN_MARKDOWN_DOCUMENT:
    default: write_children (out, block); break;
    }
}

/**
 * _cairn_export_html_markdown:
 *
 * Appends @markdown, rendered, to @out.
 */
void
_cairn_export_html_markdown (GString    *out,
                             const char *markdown)
{
  g_autoptr(CairnMarkdownBlock) document = cairn_markdown_parse (markdown ? markdown : "",
                                                                 markdown ? strlen (markdown) : 0);

  write_block (out, document);
}
