/* cairn-markdown-view.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-markdown-view"

#include "config.h"

#include <md4c.h>
#include <string.h>

#include "rows/cairn-code-block.h"
#include "rows/cairn-markdown-view.h"

/* Assistant text shown as native widgets: one child per top-level block
 * (labels with Pango markup, code blocks, tables, lists, quotes).
 *
 * Replies stream: set_markdown() gets the whole growing text up to once a
 * frame. Each call parses the text again with md4c (fast: microseconds per
 * KB) into a light tree of Blocks, then walks it beside the tree of the
 * previous call. A block whose content is unchanged keeps its widget
 * untouched; one of the same kind whose content changed (usually the last)
 * is updated in place; only the rest is built or removed. So the work per
 * update that touches GTK is bounded by what changed, not by the length of
 * the reply. */

typedef enum
{
  BLOCK_DOCUMENT,
  BLOCK_PARAGRAPH,
  BLOCK_HEADING,
  BLOCK_HTML,
  BLOCK_RULE,
  BLOCK_CODE,
  BLOCK_QUOTE,
  BLOCK_LIST,
  BLOCK_ITEM,
  BLOCK_TABLE,
  BLOCK_ROW,
  BLOCK_CELL,
} BlockKind;

/* What one block shows, and the widgets that show it. Comparing two Blocks
 * (block_equal) is comparing what they show: markup is built from the
 * source text, so equal markup means nothing to redraw. */
typedef struct _Block Block;
struct _Block
{
  BlockKind  kind;
  guint      level;     /* heading level; list depth */
  guint      width;     /* marker width of list items, in characters */
  MD_ALIGN   align;     /* table cells */
  guint      header : 1;    /* table cells of the head row */
  guint      implicit : 1;  /* paragraph of a tight list item's text */
  GString   *text;      /* markup; the code; an item's marker */
  char      *lang;      /* code blocks */
  GPtrArray *children;  /* Blocks; rows of a table; cells of a row */

  GtkWidget *widget;    /* the block's widget, once built */
  GtkWidget *box;       /* where the children's widgets go */
};

struct _CairnMarkdownView
{
  GtkWidget  parent_instance;

  char      *markdown;
  Block     *root;
};

G_DEFINE_FINAL_TYPE (CairnMarkdownView, cairn_markdown_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MARKDOWN,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* Blocks */

static Block *
block_new (BlockKind kind)
{
  Block *block = g_new0 (Block, 1);

  block->kind = kind;
  block->text = g_string_new (NULL);
  block->children = g_ptr_array_new ();
  return block;
}

static void
block_free (Block *block)
{
  if (block == NULL)
    return;
  g_ptr_array_foreach (block->children, (GFunc)block_free, NULL);
  g_ptr_array_unref (block->children);
  g_string_free (block->text, TRUE);
  g_free (block->lang);
  g_free (block);
}

static gboolean
block_equal (const Block *a,
             const Block *b)
{
  if (a->kind != b->kind || a->level != b->level || a->width != b->width ||
      a->align != b->align || a->header != b->header ||
      a->children->len != b->children->len ||
      !g_string_equal (a->text, b->text) || g_strcmp0 (a->lang, b->lang) != 0)
    return FALSE;

  for (guint i = 0; i < a->children->len; i++)
    {
      if (!block_equal (g_ptr_array_index (a->children, i), g_ptr_array_index (b->children, i)))
        return FALSE;
    }
  return TRUE;
}

/* Text: escaping, entities, URLs */

static void
append_escaped (GString    *out,
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
static void
append_entity (GString    *out,
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

static char *
attribute_dup (const MD_ATTRIBUTE *attr)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; attr->substr_offsets[i] < attr->size; i++)
    {
      MD_OFFSET start = attr->substr_offsets[i];
      MD_SIZE len = attr->substr_offsets[i + 1] - start;

      if (attr->substr_types[i] == MD_TEXT_ENTITY)
        append_entity (out, attr->text + start, len);
      else if (attr->substr_types[i] == MD_TEXT_NULLCHAR)
        g_string_append_unichar (out, 0xFFFD);
      else
        g_string_append_len (out, attr->text + start, len);
    }
  return g_string_free (out, FALSE);
}

/* Links in a reply open in the browser; other schemes (file:, javascript:,
 * custom handlers) are shown as text, never handed to the system. */
static gboolean
is_openable_uri (const char *uri)
{
  const char *scheme = g_uri_peek_scheme (uri);

  return g_strcmp0 (scheme, "http") == 0 ||
         g_strcmp0 (scheme, "https") == 0 ||
         g_strcmp0 (scheme, "mailto") == 0;
}

static void
append_link_open (GString    *out,
                  const char *uri)
{
  g_string_append (out, "<a href=\"");
  append_escaped (out, uri, strlen (uri));
  g_string_append (out, "\">");
}

/* Parsing: md4c callbacks build the Block tree */

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
parser_push (Parser    *parser,
             BlockKind  kind)
{
  Block *block = block_new (kind);

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

  if (top->kind == BLOCK_ITEM || top->kind == BLOCK_QUOTE)
    {
      top = parser_push (parser, BLOCK_PARAGRAPH);
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
  Block *item = parser_push (parser, BLOCK_ITEM);

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
  Block *block = parser_push (parser, BLOCK_CODE);

  if (detail->lang.size > 0)
    block->lang = attribute_dup (&detail->lang);
}

static void
enter_cell (Parser             *parser,
            MD_BLOCKTYPE        type,
            MD_BLOCK_TD_DETAIL *detail)
{
  Block *cell = parser_push (parser, BLOCK_CELL);

  cell->align = detail->align;
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
    case MD_BLOCK_QUOTE: parser_push (parser, BLOCK_QUOTE); break;
    case MD_BLOCK_UL:
    case MD_BLOCK_OL:
      /* An ordered list's level is its first number plus one: 0 is bullets. */
      parser->list_depth++;
      parser_push (parser, BLOCK_LIST)->level =
        type == MD_BLOCK_OL ? ((MD_BLOCK_OL_DETAIL *)detail)->start + 1 : 0;
      break;
    case MD_BLOCK_LI: enter_item (parser, detail); break;
    case MD_BLOCK_HR: parser_push (parser, BLOCK_RULE); break;
    case MD_BLOCK_H:
      parser_push (parser, BLOCK_HEADING)->level = ((MD_BLOCK_H_DETAIL *)detail)->level;
      break;
    case MD_BLOCK_CODE: enter_code (parser, detail); break;
    case MD_BLOCK_HTML: parser_push (parser, BLOCK_HTML); break;
    case MD_BLOCK_P: parser_push (parser, BLOCK_PARAGRAPH); break;
    case MD_BLOCK_TABLE: parser_push (parser, BLOCK_TABLE); break;
    case MD_BLOCK_THEAD: parser->in_head = TRUE; break;
    case MD_BLOCK_TBODY: parser->in_head = FALSE; break;
    case MD_BLOCK_TR: parser_push (parser, BLOCK_ROW); break;
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
  if ((block->kind == BLOCK_CODE || block->kind == BLOCK_HTML) &&
      block->text->len > 0 && block->text->str[block->text->len - 1] == '\n')
    g_string_truncate (block->text, block->text->len - 1);
  else if (block->kind == BLOCK_LIST)
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
  gboolean shown = is_openable_uri (href) && !inside_link (parser);

  if (shown)
    append_link_open (parser_inline (parser), href);
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
  gboolean link = is_openable_uri (src) && !inside_link (parser);

  g_string_append (out, " (");
  if (link)
    append_link_open (out, src);
  append_escaped (out, src, strlen (src));
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
  piece = block_new (BLOCK_PARAGRAPH);
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

  if (top->kind != BLOCK_PARAGRAPH || parser->spans > 0)
    {
      append_escaped (top->text, text, size);
      return;
    }
  for (;;)
    {
      gsize cut = piece_cut (text, size, top->text->len);

      append_escaped (top->text, text, cut);
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

        append_entity (decoded, text, size);
        append_escaped (out, decoded->str, decoded->len);
      }
      break;
    case MD_TEXT_NORMAL:
    case MD_TEXT_CODE:
    case MD_TEXT_HTML:
    case MD_TEXT_LATEXMATH:
    default:
      /* Code is kept as is for the code view; all else is markup, and raw
       * HTML is shown as the text it is. */
      if (parser_top (parser)->kind == BLOCK_CODE)
        g_string_append_len (out, text, size);
      else
        append_plain (parser, text, size);
      break;
    }
  return 0;
}

static Block *
parse_markdown (const char *markdown,
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

  parser.root = block_new (BLOCK_DOCUMENT);
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

/* Widgets */

static gboolean
activate_link_cb (GtkLabel   *label,
                  const char *uri,
                  gpointer    user_data)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (label));

  /* Only openable links are written as links; this guards the rest too. */
  if (is_openable_uri (uri))
    gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, uri, GDK_CURRENT_TIME);
  return TRUE;
}

/* The narrowest a paragraph gets. GtkLabel finds a wrapping label's
 * minimum width by laying it out at this width; at the default (0) every
 * character of a word-char label is a line of its own, which makes the
 * first layout of a reply several times slower. */
#define MIN_WIDTH_CHARS 12

static GtkWidget *
text_label_new (const char         *markup,
                GtkAccessibleRole   role)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", role,
                                   "use-markup", TRUE,
                                   "label", markup,
                                   "wrap", TRUE,
                                   "wrap-mode", PANGO_WRAP_WORD_CHAR,
                                   "width-chars", MIN_WIDTH_CHARS,
                                   "selectable", TRUE,
                                   "xalign", 0.0f,
                                   NULL);

  g_signal_connect (label, "activate-link", G_CALLBACK (activate_link_cb), NULL);
  return label;
}

/* Cells do not wrap: a table too wide for the reply scrolls sideways.
 * (A scrolled window asks its child for its height without a width, so
 * wrapping cells would leave it as tall as at its narrowest.) */
static GtkWidget *
cell_label_new (const char *markup)
{
  GtkWidget *label = text_label_new (markup, GTK_ACCESSIBLE_ROLE_LABEL);

  gtk_label_set_wrap (GTK_LABEL (label), FALSE);
  gtk_label_set_width_chars (GTK_LABEL (label), -1);
  return label;
}

static const char *
heading_class (guint level)
{
  static const char *classes[] = { "title-1", "title-2", "title-3", "title-4" };

  return level >= 1 && level <= G_N_ELEMENTS (classes) ? classes[level - 1] : "heading";
}

static void
set_heading_level (GtkWidget *label,
                   guint      level)
{
  gtk_widget_set_css_classes (label, (const char *[]) { heading_class (level), "md-heading", NULL });
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

static void
set_label_markup (GtkWidget  *label,
                  const char *markup)
{
  /* gtk_label_get_label() is the markup as it was set */
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), markup) != 0)
    gtk_label_set_markup (GTK_LABEL (label), markup);
}

static void
set_cell_style (GtkWidget   *label,
                const Block *cell)
{
  float xalign = cell->align == MD_ALIGN_CENTER ? 0.5f : cell->align == MD_ALIGN_RIGHT ? 1.0f : 0.0f;

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_justify (GTK_LABEL (label),
                         cell->align == MD_ALIGN_CENTER ? GTK_JUSTIFY_CENTER :
                         cell->align == MD_ALIGN_RIGHT ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_widget_set_css_classes (label,
                              (const char *[]) { "md-cell", cell->header ? "md-header" : NULL, NULL });
}

static void build_block (Block *block);
static void sync_blocks (GtkWidget *parent,
                         GPtrArray *old,
                         GPtrArray *new);

/* Table cells are kept per (row, column) in the grid: a growing table
 * updates its last row and adds the next. */
static void
sync_table (GtkGrid *grid,
            Block   *old,
            Block   *new)
{
  for (guint r = 0; r < new->children->len; r++)
    {
      Block *row = g_ptr_array_index (new->children, r);
      Block *old_row = old != NULL && r < old->children->len ? g_ptr_array_index (old->children, r) : NULL;

      for (guint c = 0; c < row->children->len; c++)
        {
          Block *cell = g_ptr_array_index (row->children, c);
          Block *old_cell = old_row != NULL && c < old_row->children->len ?
                            g_ptr_array_index (old_row->children, c) : NULL;

          if (old_cell != NULL)
            {
              cell->widget = g_steal_pointer (&old_cell->widget);
              set_label_markup (cell->widget, cell->text->str);
            }
          else
            {
              cell->widget = cell_label_new (cell->text->str);
              gtk_grid_attach (grid, cell->widget, c, r, 1, 1);
            }
          set_cell_style (cell->widget, cell);
        }
    }
}

/* What sync_table() did not take over from the old table goes away. */
static void
remove_table_leftovers (GtkGrid *grid,
                        Block   *old)
{
  for (guint r = 0; r < old->children->len; r++)
    {
      Block *row = g_ptr_array_index (old->children, r);

      for (guint c = 0; c < row->children->len; c++)
        {
          Block *cell = g_ptr_array_index (row->children, c);

          if (cell->widget != NULL)
            gtk_grid_remove (grid, g_steal_pointer (&cell->widget));
        }
    }
}

static void
build_table (Block *block)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  block->box = gtk_grid_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), block->box);
  gtk_widget_set_halign (scroller, GTK_ALIGN_START);
  gtk_widget_set_css_classes (scroller, (const char *[]) { "card", "md-table", NULL });
  sync_table (GTK_GRID (block->box), NULL, block);
  block->widget = scroller;
}

static GtkWidget *
box_new (GtkOrientation     orientation,
         int                spacing,
         GtkAccessibleRole  role)
{
  return g_object_new (GTK_TYPE_BOX,
                       "orientation", orientation,
                       "spacing", spacing,
                       "accessible-role", role,
                       NULL);
}

/* The marker is a label of its own, so wrapped lines of the item's text
 * line up after it rather than under it. It is read too: numbers and
 * checkboxes matter. */
static void
build_item (Block *block)
{
  GtkWidget *marker = gtk_label_new (block->text->str);

  block->widget = box_new (GTK_ORIENTATION_HORIZONTAL, 6, GTK_ACCESSIBLE_ROLE_LIST_ITEM);
  block->box = box_new (GTK_ORIENTATION_VERTICAL, 6, GTK_ACCESSIBLE_ROLE_GENERIC);
  gtk_widget_set_hexpand (block->box, TRUE);

  gtk_label_set_xalign (GTK_LABEL (marker), 1.0f);
  gtk_label_set_width_chars (GTK_LABEL (marker), MAX (block->width, 1));
  gtk_widget_set_valign (marker, GTK_ALIGN_START);
  gtk_widget_add_css_class (marker, "md-marker");
  gtk_box_append (GTK_BOX (block->widget), marker);
  gtk_box_append (GTK_BOX (block->widget), block->box);
}

static void
build_children (Block *block)
{
  for (guint i = 0; i < block->children->len; i++)
    {
      Block *child = g_ptr_array_index (block->children, i);

      build_block (child);
      gtk_box_append (GTK_BOX (block->box), child->widget);
    }
}

static GtkWidget *
box_with_class (int                spacing,
                GtkAccessibleRole  role,
                const char        *css_class)
{
  GtkWidget *box = box_new (GTK_ORIENTATION_VERTICAL, spacing, role);

  gtk_widget_add_css_class (box, css_class);
  return box;
}

static void
build_block (Block *block)
{
  switch (block->kind)
    {
    case BLOCK_PARAGRAPH:
    case BLOCK_HTML:
      block->widget = text_label_new (block->text->str, GTK_ACCESSIBLE_ROLE_LABEL);
      break;
    case BLOCK_HEADING:
      block->widget = text_label_new (block->text->str, GTK_ACCESSIBLE_ROLE_HEADING);
      set_heading_level (block->widget, block->level);
      break;
    case BLOCK_RULE:
      block->widget = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
      gtk_widget_add_css_class (block->widget, "md-rule");
      break;
    case BLOCK_CODE:
      block->widget = cairn_code_block_new ();
      cairn_code_block_set_code (CAIRN_CODE_BLOCK (block->widget), block->lang, block->text->str);
      break;
    case BLOCK_QUOTE:
      block->widget = block->box = box_with_class (8, GTK_ACCESSIBLE_ROLE_GROUP, "md-quote");
      break;
    case BLOCK_LIST:
      block->widget = block->box = box_with_class (4, GTK_ACCESSIBLE_ROLE_LIST, "md-list");
      break;
    case BLOCK_ITEM: build_item (block); break;
    case BLOCK_TABLE: build_table (block); break;
    case BLOCK_DOCUMENT:
    case BLOCK_ROW:
    case BLOCK_CELL:
    default: g_assert_not_reached ();
    }
  if (block->box != NULL && block->kind != BLOCK_TABLE)
    build_children (block);
}

static void
update_item (Block *old,
             Block *new)
{
  GtkWidget *marker = gtk_widget_get_first_child (old->widget);

  if (!g_string_equal (old->text, new->text))
    gtk_label_set_label (GTK_LABEL (marker), new->text->str);
  gtk_label_set_width_chars (GTK_LABEL (marker), MAX (new->width, 1));
  sync_blocks (old->box, old->children, new->children);
}

/* @new shows in @old's widgets, changed in place; @old keeps none. */
static void
update_block (Block *old,
              Block *new)
{
  switch (new->kind)
    {
    case BLOCK_HEADING:
      if (old->level != new->level)
        set_heading_level (old->widget, new->level);
      G_GNUC_FALLTHROUGH;
    case BLOCK_PARAGRAPH:
    case BLOCK_HTML:
      set_label_markup (old->widget, new->text->str);
      break;
    case BLOCK_CODE:
      cairn_code_block_set_code (CAIRN_CODE_BLOCK (old->widget), new->lang, new->text->str);
      break;
    case BLOCK_QUOTE:
    case BLOCK_LIST: sync_blocks (old->box, old->children, new->children); break;
    case BLOCK_ITEM: update_item (old, new); break;
    case BLOCK_TABLE:
      sync_table (GTK_GRID (old->box), old, new);
      remove_table_leftovers (GTK_GRID (old->box), old);
      break;
    case BLOCK_RULE:
      break;
    case BLOCK_DOCUMENT:
    case BLOCK_ROW:
    case BLOCK_CELL:
    default:
      g_assert_not_reached ();
    }
  new->widget = g_steal_pointer (&old->widget);
  new->box = g_steal_pointer (&old->box);
}

/* The view itself lays its children out like a box but is not one. */
static void
insert_child (GtkWidget *parent,
              GtkWidget *child,
              GtkWidget *sibling)
{
  if (GTK_IS_BOX (parent))
    gtk_box_insert_child_after (GTK_BOX (parent), child, sibling);
  else
    gtk_widget_insert_after (child, parent, sibling);
}

static void
remove_child (GtkWidget *parent,
              GtkWidget *child)
{
  if (GTK_IS_BOX (parent))
    gtk_box_remove (GTK_BOX (parent), child);
  else
    gtk_widget_unparent (child);
}

/* Shows the Blocks @new in @parent, where the Blocks @old are shown:
 * block i of @new takes over the widget of block i of @old when it can.
 * An unchanged Block is swapped into @new whole, widgets and all, and the
 * new copy goes away with @old. */
static void
sync_blocks (GtkWidget *parent,
             GPtrArray *old,
             GPtrArray *new)
{
  GtkWidget *previous = NULL;
  guint i;

  for (i = 0; i < new->len; i++)
    {
      Block *block = g_ptr_array_index (new, i);
      Block *was = i < old->len ? g_ptr_array_index (old, i) : NULL;

      if (was != NULL && block_equal (was, block))
        {
          new->pdata[i] = was;
          old->pdata[i] = block;
          block = was;
        }
      else if (was != NULL && was->kind == block->kind)
        {
          update_block (was, block);
        }
      else
        {
          build_block (block);
          insert_child (parent, block->widget, previous);
          if (was != NULL)
            remove_child (parent, g_steal_pointer (&was->widget));
        }
      previous = block->widget;
    }
  for (; i < old->len; i++)
    remove_child (parent, ((Block *)g_ptr_array_index (old, i))->widget);
}

/* The view */

GtkWidget *
cairn_markdown_view_new (void)
{
  return g_object_new (CAIRN_TYPE_MARKDOWN_VIEW, NULL);
}

const char *
cairn_markdown_view_get_markdown (CairnMarkdownView *self)
{
  g_return_val_if_fail (CAIRN_IS_MARKDOWN_VIEW (self), NULL);
  return self->markdown;
}

/**
 * cairn_markdown_view_set_markdown:
 * @markdown: (nullable): the text, in GitHub-flavoured Markdown
 *
 * Shows @markdown. Cheap to call again with a longer text as a reply
 * streams: only the blocks that changed are touched.
 */
void
cairn_markdown_view_set_markdown (CairnMarkdownView *self,
                                  const char        *markdown)
{
  Block *root;

  g_return_if_fail (CAIRN_IS_MARKDOWN_VIEW (self));

  if (markdown == NULL)
    markdown = "";
  if (g_strcmp0 (markdown, self->markdown) == 0)
    return;

  g_free (self->markdown);
  /* Markup must be valid UTF-8 or a label refuses it, with a warning. */
  self->markdown = g_utf8_make_valid (markdown, -1);

  root = parse_markdown (self->markdown, strlen (self->markdown));
  sync_blocks (GTK_WIDGET (self), self->root->children, root->children);
  block_free (self->root);
  self->root = root;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKDOWN]);
}

static void
cairn_markdown_view_dispose (GObject *object)
{
  CairnMarkdownView *self = (CairnMarkdownView *)object;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->root, block_free);

  G_OBJECT_CLASS (cairn_markdown_view_parent_class)->dispose (object);
}

static void
cairn_markdown_view_finalize (GObject *object)
{
  CairnMarkdownView *self = (CairnMarkdownView *)object;

  g_clear_pointer (&self->markdown, g_free);

  G_OBJECT_CLASS (cairn_markdown_view_parent_class)->finalize (object);
}

static void
cairn_markdown_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CairnMarkdownView *self = CAIRN_MARKDOWN_VIEW (object);

  switch (prop_id)
    {
    case PROP_MARKDOWN:
      g_value_set_string (value, self->markdown);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_markdown_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CairnMarkdownView *self = CAIRN_MARKDOWN_VIEW (object);

  switch (prop_id)
    {
    case PROP_MARKDOWN:
      cairn_markdown_view_set_markdown (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_markdown_view_class_init (CairnMarkdownViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_markdown_view_dispose;
  object_class->finalize = cairn_markdown_view_finalize;
  object_class->get_property = cairn_markdown_view_get_property;
  object_class->set_property = cairn_markdown_view_set_property;

  properties [PROP_MARKDOWN] =
    g_param_spec_string ("markdown", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "markdownview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cairn_markdown_view_init (CairnMarkdownView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);

  self->markdown = g_strdup ("");
  self->root = block_new (BLOCK_DOCUMENT);
}
