/* cairn-markdown-parse.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-markdown"

#include "config.h"

#include <md4c.h>
#include <string.h>

#include "markdown/cairn-markdown-markup.h"

/* md4c's callbacks build the block tree. Replies stream: the whole
 * growing text is parsed again up to once a frame (md4c takes
 * microseconds per KB), and a view compares the new tree with the last. */

typedef CairnMarkdownBlock Block;

/* An attribute (a link's or image's URL, a code block's language) as
 * text, its entities decoded. */
static char *
attribute_dup (const MD_ATTRIBUTE *attr)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; attr->substr_offsets[i] < attr->size; i++)
    {
      MD_OFFSET start = attr->substr_offsets[i];
      MD_SIZE len = attr->substr_offsets[i + 1] - start;

      if (attr->substr_types[i] == MD_TEXT_ENTITY)
        cairn_markdown_append_entity (out, attr->text + start, len);
      else if (attr->substr_types[i] == MD_TEXT_NULLCHAR)
        g_string_append_unichar (out, 0xFFFD);
      else
        g_string_append_len (out, attr->text + start, len);
    }
  return g_string_free (out, FALSE);
}


typedef struct
{
  Block     *root;
  GPtrArray *open;      /* Blocks being filled, innermost last */
  GArray    *links;     /* per open link: whether an <a> was written */
  GPtrArray *images;    /* per open image: its URL */
  guint      list_depth;
  guint      spans;     /* open spans: markup that a cut would break */
  gboolean   in_head;
} Parser;

static Block *
parser_top (Parser *parser)
{
  return g_ptr_array_index (parser->open, parser->open->len - 1);
}

static void
parser_pop (Parser *parser)
{
  g_ptr_array_set_size (parser->open, parser->open->len - 1);
}

/* A tight list item's text comes without a paragraph around it; it gets
 * one, closed when a block (a nested list) starts or the item ends. */
static void
close_implicit (Parser *parser)
{
  if (parser_top (parser)->implicit)
    parser_pop (parser);
}

static Block *
parser_push (Parser            *parser,
             CairnMarkdownKind  kind)
{
  Block *block = cairn_markdown_block_new (kind);

  close_implicit (parser);
  g_ptr_array_add (parser_top (parser)->children, block);
  g_ptr_array_add (parser->open, block);
  return block;
}

/* Where inline text goes: the open paragraph, heading or cell. */
static GString *
parser_inline (Parser *parser)
{
  Block *top = parser_top (parser);

  if (top->kind == CAIRN_MARKDOWN_ITEM || top->kind == CAIRN_MARKDOWN_QUOTE)
    {
      top = parser_push (parser, CAIRN_MARKDOWN_PARAGRAPH);
      top->implicit = TRUE;
    }
  return top->text;
}

static const char *
bullet_for_depth (guint depth)
{
  static const char *bullets[] = { "•", "◦", "▪" };

  return bullets[(depth - 1) % G_N_ELEMENTS (bullets)];
}

static void
enter_item (Parser             *parser,
            MD_BLOCK_LI_DETAIL *detail)
{
  Block *list = parser_top (parser);
  Block *item = parser_push (parser, CAIRN_MARKDOWN_ITEM);

  item->level = parser->list_depth;
  if (detail->is_task)
    g_string_assign (item->text, detail->task_mark == ' ' ? "☐" : "☑");
  else if (list->level > 0)
    g_string_printf (item->text, "%u.", list->level - 1 + list->children->len - 1);
  else
    g_string_assign (item->text, bullet_for_depth (parser->list_depth));
}

static void
enter_code (Parser               *parser,
            MD_BLOCK_CODE_DETAIL *detail)
{
  Block *block = parser_push (parser, CAIRN_MARKDOWN_CODE);

  if (detail->lang.size > 0)
    block->lang = attribute_dup (&detail->lang);
}

static void
enter_cell (Parser             *parser,
            MD_BLOCKTYPE        type,
            MD_BLOCK_TD_DETAIL *detail)
{
  Block *cell = parser_push (parser, CAIRN_MARKDOWN_CELL);

  switch (detail->align)
    {
    case MD_ALIGN_LEFT: cell->align = CAIRN_MARKDOWN_ALIGN_LEFT; break;
    case MD_ALIGN_CENTER: cell->align = CAIRN_MARKDOWN_ALIGN_CENTER; break;
    case MD_ALIGN_RIGHT: cell->align = CAIRN_MARKDOWN_ALIGN_RIGHT; break;
    case MD_ALIGN_DEFAULT:
    default: cell->align = CAIRN_MARKDOWN_ALIGN_DEFAULT; break;
    }
  cell->header = type == MD_BLOCK_TH;
}

static int
enter_block_cb (MD_BLOCKTYPE  type,
                void         *detail,
                void         *user_data)
{
  Parser *parser = user_data;

  switch (type)
    {
    case MD_BLOCK_DOC: break;
    case MD_BLOCK_QUOTE: parser_push (parser, CAIRN_MARKDOWN_QUOTE); break;
    case MD_BLOCK_UL:
    case MD_BLOCK_OL:
      /* An ordered list's level is its first number plus one: 0 is bullets. */
      parser->list_depth++;
      parser_push (parser, CAIRN_MARKDOWN_LIST)->level =
        type == MD_BLOCK_OL ? ((MD_BLOCK_OL_DETAIL *)detail)->start + 1 : 0;
      break;
    case MD_BLOCK_LI: enter_item (parser, detail); break;
    case MD_BLOCK_HR: parser_push (parser, CAIRN_MARKDOWN_RULE); break;
    case MD_BLOCK_H:
      parser_push (parser, CAIRN_MARKDOWN_HEADING)->level = ((MD_BLOCK_H_DETAIL *)detail)->level;
      break;
    case MD_BLOCK_CODE: enter_code (parser, detail); break;
    case MD_BLOCK_HTML: parser_push (parser, CAIRN_MARKDOWN_HTML); break;
    case MD_BLOCK_P: parser_push (parser, CAIRN_MARKDOWN_PARAGRAPH); break;
    case MD_BLOCK_TABLE: parser_push (parser, CAIRN_MARKDOWN_TABLE); break;
    case MD_BLOCK_THEAD: parser->in_head = TRUE; break;
    case MD_BLOCK_TBODY: parser->in_head = FALSE; break;
    case MD_BLOCK_TR: parser_push (parser, CAIRN_MARKDOWN_ROW); break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD: enter_cell (parser, type, detail); break;
    default: break;
    }
  return 0;
}

/* Numbers of an ordered list line up on their dot: all markers get the
 * width of the longest. */
static void
leave_list (Parser *parser,
            Block  *list)
{
  guint width = 0;

  parser->list_depth--;
  if (list->level == 0)
    return;
  for (guint i = 0; i < list->children->len; i++)
    width = MAX (width, g_utf8_strlen (((Block *)g_ptr_array_index (list->children, i))->text->str, -1));
  for (guint i = 0; i < list->children->len; i++)
    ((Block *)g_ptr_array_index (list->children, i))->width = width;
}

static int
leave_block_cb (MD_BLOCKTYPE  type,
                void         *detail,
                void         *user_data)
{
  Parser *parser = user_data;
  Block *block;

  if (type == MD_BLOCK_DOC || type == MD_BLOCK_THEAD || type == MD_BLOCK_TBODY)
    return 0;

  close_implicit (parser);
  block = parser_top (parser);
  parser_pop (parser);

  /* Verbatim text ends with the line break of its last line. */
  if ((block->kind == CAIRN_MARKDOWN_CODE || block->kind == CAIRN_MARKDOWN_HTML) &&
      block->text->len > 0 && block->text->str[block->text->len - 1] == '\n')
    g_string_truncate (block->text, block->text->len - 1);
  else if (block->kind == CAIRN_MARKDOWN_LIST)
    leave_list (parser, block);
  return 0;
}

static gboolean
inside_link (Parser *parser)
{
  for (guint i = 0; i < parser->links->len; i++)
    {
      if (g_array_index (parser->links, gboolean, i))
        return TRUE;
    }
  return FALSE;
}

static void
enter_link (Parser           *parser,
            MD_SPAN_A_DETAIL *detail)
{
  g_autofree char *href = attribute_dup (&detail->href);
  /* GtkLabel links cannot nest (an image inside a link) */
  gboolean shown = cairn_markdown_is_openable_uri (href) && !inside_link (parser);

  if (shown)
    cairn_markdown_append_link_open (parser_inline (parser), href);
  g_array_append_val (parser->links, shown);
}

static void
leave_link (Parser *parser)
{
  if (g_array_index (parser->links, gboolean, parser->links->len - 1))
    g_string_append (parser_inline (parser), "</a>");
  g_array_set_size (parser->links, parser->links->len - 1);
}

/* An image shows its alt text, then its URL as a link. */
static void
leave_image (Parser *parser)
{
  g_autofree char *src = g_ptr_array_steal_index (parser->images, parser->images->len - 1);
  GString *out = parser_inline (parser);
  gboolean link = cairn_markdown_is_openable_uri (src) && !inside_link (parser);

  g_string_append (out, " (");
  if (link)
    cairn_markdown_append_link_open (out, src);
  cairn_markdown_append_escaped (out, src, strlen (src));
  if (link)
    g_string_append (out, "</a>");
  g_string_append (out, ")");
}

/* Inline code: monospace on a faint grey that reads on light and dark. */
#define CODE_SPAN_OPEN "<span font_family=\"monospace\" bgcolor=\"#808080\" bgalpha=\"18%\">"

static int
enter_span_cb (MD_SPANTYPE  type,
               void        *detail,
               void        *user_data)
{
  Parser *parser = user_data;

  parser->spans++;
  switch (type)
    {
    case MD_SPAN_EM: g_string_append (parser_inline (parser), "<i>"); break;
    case MD_SPAN_STRONG: g_string_append (parser_inline (parser), "<b>"); break;
    case MD_SPAN_DEL: g_string_append (parser_inline (parser), "<s>"); break;
    case MD_SPAN_U: g_string_append (parser_inline (parser), "<u>"); break;
    case MD_SPAN_CODE: g_string_append (parser_inline (parser), CODE_SPAN_OPEN); break;
    case MD_SPAN_A: enter_link (parser, detail); break;
    case MD_SPAN_IMG:
      g_ptr_array_add (parser->images, attribute_dup (&((MD_SPAN_IMG_DETAIL *)detail)->src));
      break;
    /* Not enabled in the dialect */
    case MD_SPAN_LATEXMATH:
    case MD_SPAN_LATEXMATH_DISPLAY:
    case MD_SPAN_WIKILINK:
    default: break;
    }
  return 0;
}

static int
leave_span_cb (MD_SPANTYPE  type,
               void        *detail,
               void        *user_data)
{
  Parser *parser = user_data;

  parser->spans--;
  switch (type)
    {
    case MD_SPAN_EM: g_string_append (parser_inline (parser), "</i>"); break;
    case MD_SPAN_STRONG: g_string_append (parser_inline (parser), "</b>"); break;
    case MD_SPAN_DEL: g_string_append (parser_inline (parser), "</s>"); break;
    case MD_SPAN_U: g_string_append (parser_inline (parser), "</u>"); break;
    case MD_SPAN_CODE: g_string_append (parser_inline (parser), "</span>"); break;
    case MD_SPAN_A: leave_link (parser); break;
    case MD_SPAN_IMG: leave_image (parser); break;
    case MD_SPAN_LATEXMATH:
    case MD_SPAN_LATEXMATH_DISPLAY:
    case MD_SPAN_WIKILINK:
    default: break;
    }
  return 0;
}

/* A paragraph is one label, and Pango lays a label out whole: a paragraph
 * of megabytes (a runaway reply, a flood of deltas) would take seconds a
 * frame and more while it streams. Plain text beyond PIECE_MAX bytes goes
 * on in a new label, cut after a space (or at a character when there is
 * none), so a growing paragraph re-lays out only its last piece. */
#define PIECE_MAX   4096
#define SPACE_REACH 256

static Block *
continue_paragraph (Parser *parser)
{
  Block *piece = parser_top (parser);
  gboolean implicit = piece->implicit;

  parser_pop (parser);
  piece = cairn_markdown_block_new (CAIRN_MARKDOWN_PARAGRAPH);
  piece->implicit = implicit;
  g_ptr_array_add (parser_top (parser)->children, piece);
  g_ptr_array_add (parser->open, piece);
  return piece;
}

/* How much of @text (@size bytes) fits in a piece that holds @used bytes. */
static gsize
piece_cut (const char *text,
           gsize       size,
           gsize       used)
{
  gsize room = used < PIECE_MAX ? PIECE_MAX - used : 0;
  gsize cut;

  if (size <= room)
    return size;
  for (cut = room; cut < size && cut < room + SPACE_REACH; cut++)
    if (text[cut] == ' ')
      return cut + 1;
  cut = room;
  while (cut > 0 && (text[cut] & 0xC0) == 0x80)
    cut--;
  return cut;
}

static void
append_plain (Parser     *parser,
              const char *text,
              gsize       size)
{
  Block *top = parser_top (parser);

  if (top->kind != CAIRN_MARKDOWN_PARAGRAPH || parser->spans > 0)
    {
      cairn_markdown_append_escaped (top->text, text, size);
      return;
    }
  for (;;)
    {
      gsize cut = piece_cut (text, size, top->text->len);

      cairn_markdown_append_escaped (top->text, text, cut);
      text += cut;
      size -= cut;
      if (size == 0)
        return;
      top = continue_paragraph (parser);
    }
}

static int
text_cb (MD_TEXTTYPE    type,
         const MD_CHAR *text,
         MD_SIZE        size,
         void          *user_data)
{
  Parser *parser = user_data;
  GString *out = parser_inline (parser);

  switch (type)
    {
    case MD_TEXT_NULLCHAR: g_string_append_unichar (out, 0xFFFD); break;
    case MD_TEXT_BR: g_string_append_c (out, '\n'); break;
    case MD_TEXT_SOFTBR: g_string_append_c (out, ' '); break;
    case MD_TEXT_ENTITY:
      {
        g_autoptr(GString) decoded = g_string_new (NULL);

        cairn_markdown_append_entity (decoded, text, size);
        cairn_markdown_append_escaped (out, decoded->str, decoded->len);
      }
      break;
    case MD_TEXT_NORMAL:
    case MD_TEXT_CODE:
    case MD_TEXT_HTML:
    case MD_TEXT_LATEXMATH:
    default:
      /* Code is kept as is for the code view; all else is markup, and raw
       * HTML is shown as the text it is. */
      if (parser_top (parser)->kind == CAIRN_MARKDOWN_CODE)
        g_string_append_len (out, text, size);
      else
        append_plain (parser, text, size);
      break;
    }
  return 0;
}

/**
 * cairn_markdown_parse:
 * @markdown: GitHub-flavoured Markdown, valid UTF-8
 * @len: its length in bytes
 *
 * Returns: (transfer full): the tree of @markdown, a DOCUMENT block
 */
CairnMarkdownBlock *
cairn_markdown_parse (const char *markdown,
                      gsize       len)
{
  static const MD_PARSER md_parser = {
    .flags = MD_DIALECT_GITHUB,
    .enter_block = enter_block_cb,
    .leave_block = leave_block_cb,
    .enter_span = enter_span_cb,
    .leave_span = leave_span_cb,
    .text = text_cb,
  };
  Parser parser = { 0 };

  parser.root = cairn_markdown_block_new (CAIRN_MARKDOWN_DOCUMENT);
  parser.open = g_ptr_array_new ();
  parser.links = g_array_new (FALSE, FALSE, sizeof (gboolean));
  parser.images = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (parser.open, parser.root);

  if (md_parse (markdown, len, &md_parser, &parser) != 0)
    g_warning ("Could not parse a reply's Markdown");

  g_ptr_array_unref (parser.open);
  g_array_unref (parser.links);
  g_ptr_array_unref (parser.images);
  return parser.root;
}
