/* cairn-markdown-block.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-markdown"

#include "config.h"

#include "markdown/cairn-markdown.h"

/* The block tree: making, freeing and comparing blocks. Comparing two
 * blocks is comparing what they show: markup is built from the source
 * text, so equal markup means nothing to redraw. */

CairnMarkdownBlock *
cairn_markdown_block_new (CairnMarkdownKind kind)
{
  CairnMarkdownBlock *block = g_new0 (CairnMarkdownBlock, 1);

  block->kind = kind;
  block->text = g_string_new (NULL);
  block->children = g_ptr_array_new ();
  return block;
}

void
cairn_markdown_block_free (CairnMarkdownBlock *block)
{
  if (block == NULL)
    return;
  g_ptr_array_foreach (block->children, (GFunc)cairn_markdown_block_free, NULL);
  g_ptr_array_unref (block->children);
  g_string_free (block->text, TRUE);
  g_free (block->lang);
  g_free (block);
}

gboolean
cairn_markdown_block_equal (const CairnMarkdownBlock *a,
                            const CairnMarkdownBlock *b)
{
  if (a->kind != b->kind || a->level != b->level || a->width != b->width ||
      a->align != b->align || a->header != b->header ||
      a->children->len != b->children->len ||
      !g_string_equal (a->text, b->text) || g_strcmp0 (a->lang, b->lang) != 0)
    return FALSE;

  for (guint i = 0; i < a->children->len; i++)
    {
      if (!cairn_markdown_block_equal (g_ptr_array_index (a->children, i),
                                       g_ptr_array_index (b->children, i)))
        return FALSE;
    }
  return TRUE;
}

/**
 * cairn_markdown_same_prefix:
 *
 * Returns: how many of the first children of @old and @new are equal:
 * the blocks a streaming re-parse left as they were.
 */
guint
cairn_markdown_same_prefix (const CairnMarkdownBlock *old,
                            const CairnMarkdownBlock *new)
{
  guint n = 0;

  while (n < old->children->len && n < new->children->len &&
         cairn_markdown_block_equal (g_ptr_array_index (old->children, n),
                                     g_ptr_array_index (new->children, n)))
    n++;
  return n;
}
