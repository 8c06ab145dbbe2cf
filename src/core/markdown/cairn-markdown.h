/* cairn-markdown.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A reply's Markdown as a tree of blocks, made by md4c (GitHub dialect).
 * Text of paragraphs, headings and cells is Pango markup built here from
 * the source: text from outside is always escaped, links are only
 * http, https and mailto. Code and HTML blocks keep their text as is. */

typedef enum
{
  CAIRN_MARKDOWN_DOCUMENT,
  CAIRN_MARKDOWN_PARAGRAPH,
  CAIRN_MARKDOWN_HEADING,
  CAIRN_MARKDOWN_HTML,
  CAIRN_MARKDOWN_RULE,
  CAIRN_MARKDOWN_CODE,
  CAIRN_MARKDOWN_QUOTE,
  CAIRN_MARKDOWN_LIST,
  CAIRN_MARKDOWN_ITEM,
  CAIRN_MARKDOWN_TABLE,
  CAIRN_MARKDOWN_ROW,
  CAIRN_MARKDOWN_CELL,
} CairnMarkdownKind;

typedef enum
{
  CAIRN_MARKDOWN_ALIGN_DEFAULT,
  CAIRN_MARKDOWN_ALIGN_LEFT,
  CAIRN_MARKDOWN_ALIGN_CENTER,
  CAIRN_MARKDOWN_ALIGN_RIGHT,
} CairnMarkdownAlign;

typedef struct _CairnMarkdownBlock CairnMarkdownBlock;

/* Two blocks that are equal (cairn_markdown_block_equal()) show the same. */
struct _CairnMarkdownBlock
{
  CairnMarkdownKind   kind;
  guint               level;        /* heading level; an item's list depth;
                                     * a list's first number plus one (0: bullets) */
  guint               width;        /* marker width of ordered list items, in characters */
  CairnMarkdownAlign  align;        /* table cells */
  guint               header : 1;   /* table cells of the head row */
  guint               implicit : 1; /* paragraph of a tight list item's text */
  GString            *text;         /* markup; the code; an item's marker */
  char               *lang;         /* code blocks: the info string's first word */
  GPtrArray          *children;     /* blocks; rows of a table; cells of a row */

  /* The view's: what shows the block and where its children go. The core
   * neither reads nor frees them; they are carried so that a view can
   * hand a block's widgets over from one parse to the next. */
  gpointer            shown;
  gpointer            box;
};

CairnMarkdownBlock *cairn_markdown_block_new      (CairnMarkdownKind          kind);
void                cairn_markdown_block_free     (CairnMarkdownBlock        *block);
gboolean            cairn_markdown_block_equal    (const CairnMarkdownBlock  *a,
                                                   const CairnMarkdownBlock  *b);
guint               cairn_markdown_same_prefix    (const CairnMarkdownBlock  *old,
                                                   const CairnMarkdownBlock  *new);

CairnMarkdownBlock *cairn_markdown_parse          (const char                *markdown,
                                                   gsize                      len);

gboolean            cairn_markdown_is_openable_uri (const char               *uri);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnMarkdownBlock, cairn_markdown_block_free)

G_END_DECLS
