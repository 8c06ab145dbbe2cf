/* test-markdown-tree.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-harness.h"
#include "markdown/cairn-markdown.h"

/* The core's Markdown tree, without a display: which blocks each construct
 * md4c gives becomes, the markup they carry (text from outside escaped,
 * links only http, https and mailto), nesting, and what a streaming
 * re-parse of a growing reply keeps. test-markdown covers the widgets. */

static const char *
kind_name (CairnMarkdownKind kind)
{
  static const char *names[] = {
    "doc", "p", "h", "html", "hr", "code", "quote", "list", "item", "table", "row", "cell",
  };

  return names[kind];
}

/* One line per block, indented by depth: kind, numbers (l level, w width,
 * a alignment), th for a head cell, ~ for a tight item's paragraph, then
 * "text". */
static void
dump_block (const CairnMarkdownBlock *block,
            guint                     depth,
            GString                  *out)
{
  g_string_append_printf (out, "%*s%s", depth * 2, "", kind_name (block->kind));
  if (block->level > 0)
    g_string_append_printf (out, " l%u", block->level);
  if (block->width > 0)
    g_string_append_printf (out, " w%u", block->width);
  if (block->align != CAIRN_MARKDOWN_ALIGN_DEFAULT)
    g_string_append_printf (out, " a%d", block->align);
  if (block->header)
    g_string_append (out, " th");
  if (block->implicit)
    g_string_append (out, " ~");
  if (block->lang != NULL)
    g_string_append_printf (out, " [%s]", block->lang);
  if (block->text->len > 0)
    g_string_append_printf (out, " \"%s\"", block->text->str);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < block->children->len; i++)
    dump_block (g_ptr_array_index (block->children, i), depth + 1, out);
}

/* The tree of @markdown below its document, as dump_block() writes it. */
static char *
tree_of (const char *markdown)
{
  g_autoptr(CairnMarkdownBlock) root = cairn_markdown_parse (markdown, strlen (markdown));
  GString *out = g_string_new (NULL);

  g_assert_cmpint (root->kind, ==, CAIRN_MARKDOWN_DOCUMENT);
  for (guint i = 0; i < root->children->len; i++)
    dump_block (g_ptr_array_index (root->children, i), 0, out);
  return g_string_free (out, FALSE);
}

static void
assert_tree (const char *markdown,
             const char *expected)
{
  g_autofree char *tree = tree_of (markdown);

  if (g_strcmp0 (tree, expected) != 0)
    g_test_message ("for: %s\ngot:\n%s", markdown, tree);
  g_assert_cmpstr (tree, ==, expected);
}

#define CODE_SPAN "<span font_family=\"monospace\" bgcolor=\"#808080\" bgalpha=\"18%\">"

static void
test_headings (void)
{
  assert_tree ("# One\n## Two *em*\n###### Six\nSetext\n===\n",
               "h l1 \"One\"\n"
               "h l2 \"Two <i>em</i>\"\n"
               "h l6 \"Six\"\n"
               "h l1 \"Setext\"\n");
}

/* A soft break is a space; a hard one (two spaces, a backslash) a line. */
static void
test_paragraphs_and_breaks (void)
{
  assert_tree ("one\ntwo  \nthree\\\nfour\n\nnext\n",
               "p \"one two\nthree\nfour\"\n"
               "p \"next\"\n");
}

static void
test_spans (void)
{
  assert_tree ("*em* **strong** ~~del~~ `a < b` _u_ ***both***\n",
               "p \"<i>em</i> <b>strong</b> <s>del</s> " CODE_SPAN "a &lt; b</span> <i>u</i> "
               "<i><b>both</b></i>\"\n");
}

/* Text from outside is never markup: inline HTML, quotes and entities
 * come out escaped; entities md4c hands over are decoded first. */
static void
test_escaping_and_entities (void)
{
  assert_tree ("a & b <b>bold</b> 'q' \"d\" &amp; &copy; &#x41; &#0; &unknown;\n",
               "p \"a &amp; b &lt;b&gt;bold&lt;/b&gt; &#39;q&#39; &quot;d&quot; &amp; © A \xef\xbf\xbd "
               "&amp;unknown;\"\n");
}

/* Only http, https and mailto become links; other schemes stay text. */
static void
test_links (void)
{
  assert_tree ("[site](https://example.org/?a=1&b=2) [file](file:///etc/passwd) "
               "[js](javascript:alert(1)) <mailto:me@example.org> [plain](http://e.org/\"x\")\n",
               "p \"<a href=\"https://example.org/?a=1&amp;b=2\">site</a> file js "
               "<a href=\"mailto:me@example.org\">mailto:me@example.org</a> "
               "<a href=\"http://e.org/&quot;x&quot;\">plain</a>\"\n");
}

/* An image shows its alt text and its URL; inside a link (links don't
 * nest in a label) the URL is text. */
static void
test_images (void)
{
  assert_tree ("![alt <x>](https://e.org/a.png) ![f](file:///a.png) [![i](https://e.org/i.png)](https://e.org/)\n",
               "p \"alt &lt;x&gt; (<a href=\"https://e.org/a.png\">https://e.org/a.png</a>) "
               "f (file:///a.png) "
               "<a href=\"https://e.org/\">i (https://e.org/i.png)</a>\"\n");
}

static void
test_lists (void)
{
  /* Bullets change with depth; a tight item's text gets a paragraph. */
  assert_tree ("- a\n- b\n  - c\n    - d\n",
               "list\n"
               "  item l1 \"•\"\n"
               "    p ~ \"a\"\n"
               "  item l1 \"•\"\n"
               "    p ~ \"b\"\n"
               "    list\n"
               "      item l2 \"◦\"\n"
               "        p ~ \"c\"\n"
               "        list\n"
               "          item l3 \"▪\"\n"
               "            p ~ \"d\"\n");
  /* Numbers start where the list does and line up on their dot. */
  assert_tree ("9. nine\n10. ten\n",
               "list l10\n"
               "  item l1 w3 \"9.\"\n"
               "    p ~ \"nine\"\n"
               "  item l1 w3 \"10.\"\n"
               "    p ~ \"ten\"\n");
  assert_tree ("- [ ] todo\n- [x] done\n",
               "list\n"
               "  item l1 \"☐\"\n"
               "    p ~ \"todo\"\n"
               "  item l1 \"☑\"\n"
               "    p ~ \"done\"\n");
  /* A loose list's items hold real paragraphs. */
  assert_tree ("* a\n\n* b\n",
               "list\n"
               "  item l1 \"•\"\n"
               "    p \"a\"\n"
               "  item l1 \"•\"\n"
               "    p \"b\"\n");
}

static void
test_quotes (void)
{
  assert_tree ("> quote *x*\n>\n> > inner\n",
               "quote\n"
               "  p \"quote <i>x</i>\"\n"
               "  quote\n"
               "    p \"inner\"\n");
}

/* Code keeps its text as written, without the last line break; its
 * language is the info string's first word. */
static void
test_code (void)
{
  assert_tree ("```python title=\"x\"\nprint(1 < 2) & 'a'\n```\n",
               "code [python] \"print(1 < 2) & 'a'\"\n");
  assert_tree ("~~~\nplain\n~~~\n", "code \"plain\"\n");
  assert_tree ("para\n\n    x = 1\n      y\n", "p \"para\"\ncode \"x = 1\n  y\"\n");
  /* An unclosed fence (a reply still streaming) runs to the end. */
  assert_tree ("```sh\nls\n", "code [sh] \"ls\"\n");
}

static void
test_tables (void)
{
  assert_tree ("| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | *2* | 3 | `4` |\n",
               "table\n"
               "  row\n"
               "    cell a1 th \"L\"\n"
               "    cell a2 th \"C\"\n"
               "    cell a3 th \"R\"\n"
               "    cell th \"N\"\n"
               "  row\n"
               "    cell a1 \"1\"\n"
               "    cell a2 \"<i>2</i>\"\n"
               "    cell a3 \"3\"\n"
               "    cell \"" CODE_SPAN "4</span>\"\n");
}

static void
test_rules (void)
{
  assert_tree ("a\n\n---\n\n***\n", "p \"a\"\nhr\nhr\n");
}

/* HTML blocks are shown as the text they are. */
static void
test_html (void)
{
  assert_tree ("<div class=\"x\">\n<b>hi</b>\n</div>\n",
               "html \"&lt;div class=&quot;x&quot;&gt;\n&lt;b&gt;hi&lt;/b&gt;\n&lt;/div&gt;\"\n");
}

static void
test_nesting (void)
{
  assert_tree ("1. item\n\n   > quoted **b**\n   > ```sh\n   > ls\n   > ```\n\n   | a |\n   |---|\n   | 1 |\n",
               "list l2\n"
               "  item l1 w2 \"1.\"\n"
               "    p \"item\"\n"
               "    quote\n"
               "      p \"quoted <b>b</b>\"\n"
               "      code [sh] \"ls\"\n"
               "    table\n"
               "      row\n"
               "        cell th \"a\"\n"
               "      row\n"
               "        cell \"1\"\n");
}

/* A long paragraph comes in pieces cut after a space, so a growing one
 * re-lays out only its last piece; together they are the whole text. */
static void
test_long_paragraph (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) joined = g_string_new (NULL);
  g_autoptr(CairnMarkdownBlock) root = NULL;

  for (guint i = 0; i < 2000; i++)
    g_string_append (text, "word ");
  root = cairn_markdown_parse (text->str, text->len);

  g_assert_cmpuint (root->children->len, ==, 3);
  for (guint i = 0; i < root->children->len; i++)
    {
      CairnMarkdownBlock *piece = g_ptr_array_index (root->children, i);

      g_assert_cmpint (piece->kind, ==, CAIRN_MARKDOWN_PARAGRAPH);
      g_assert_cmpuint (piece->text->len, <=, 4096 + 256);
      if (i + 1 < root->children->len)
        g_assert_true (g_str_has_suffix (piece->text->str, " "));
      g_string_append (joined, piece->text->str);
    }
  g_string_truncate (text, text->len - 1);
  g_assert_cmpstr (joined->str, ==, text->str);
}

static const char *streamed =
  "# Title\n"
  "\n"
  "First *paragraph*.\n"
  "\n"
  "- one\n"
  "- two\n"
  "\n"
  "| a | b |\n"
  "|---|--:|\n"
  "| 1 | 2 |\n"
  "\n"
  "```c\n"
  "int x;\n"
  "```\n";

/* A reply grows a character at a time: each prefix's tree keeps every
 * block of the last tree but its last one, and the end is the whole. */
static void
test_streaming (void)
{
  g_autoptr(CairnMarkdownBlock) previous = cairn_markdown_parse (streamed, 0);
  g_autoptr(CairnMarkdownBlock) whole = cairn_markdown_parse (streamed, strlen (streamed));
  g_autofree char *tree = tree_of (streamed);

  g_assert_cmpstr (tree, ==,
                   "h l1 \"Title\"\n"
                   "p \"First <i>paragraph</i>.\"\n"
                   "list\n"
                   "  item l1 \"•\"\n"
                   "    p ~ \"one\"\n"
                   "  item l1 \"•\"\n"
                   "    p ~ \"two\"\n"
                   "table\n"
                   "  row\n"
                   "    cell th \"a\"\n"
                   "    cell a3 th \"b\"\n"
                   "  row\n"
                   "    cell \"1\"\n"
                   "    cell a3 \"2\"\n"
                   "code [c] \"int x;\"\n");

  for (gsize len = 1; len <= strlen (streamed); len++)
    {
      g_autoptr(CairnMarkdownBlock) current = cairn_markdown_parse (streamed, len);
      guint kept = cairn_markdown_same_prefix (previous, current);

      if (previous->children->len > 0)
        g_assert_cmpuint (kept, >=, previous->children->len - 1);
      g_assert_cmpuint (current->children->len, >=, previous->children->len);
      for (guint i = 0; i < current->children->len; i++)
        {
          CairnMarkdownBlock *block = g_ptr_array_index (current->children, i);

          g_assert_null (block->shown);
          g_assert_null (block->box);
        }
      g_clear_pointer (&previous, cairn_markdown_block_free);
      previous = g_steal_pointer (&current);
    }
  g_assert_true (cairn_markdown_block_equal (previous, whole));
  g_assert_cmpuint (cairn_markdown_same_prefix (previous, whole), ==, 5);
}

/* Which blocks a change leaves alone: only those after the first change. */
static void
test_same_prefix (void)
{
  g_autoptr(CairnMarkdownBlock) before = NULL;
  g_autoptr(CairnMarkdownBlock) code_grew = NULL;
  g_autoptr(CairnMarkdownBlock) cell_changed = NULL;
  g_autoptr(CairnMarkdownBlock) level = NULL;
  g_autoptr(CairnMarkdownBlock) level_changed = NULL;
  g_autoptr(GString) text = g_string_new (streamed);

  before = cairn_markdown_parse (text->str, text->len);
  g_string_insert (text, strlen (streamed) - 4, "int y;\n");
  code_grew = cairn_markdown_parse (text->str, text->len);
  g_assert_cmpuint (cairn_markdown_same_prefix (before, before), ==, 5);
  g_assert_cmpuint (cairn_markdown_same_prefix (before, code_grew), ==, 4);
  g_assert_false (cairn_markdown_block_equal (before, code_grew));

  g_string_replace (text, "| 1 | 2 |", "| 1 | 3 |", 1);
  cell_changed = cairn_markdown_parse (text->str, text->len);
  g_assert_cmpuint (cairn_markdown_same_prefix (code_grew, cell_changed), ==, 3);

  /* Equal text at another level is another block. */
  level = cairn_markdown_parse ("# a\n", 4);
  level_changed = cairn_markdown_parse ("## a\n", 5);
  g_assert_cmpuint (cairn_markdown_same_prefix (level, level_changed), ==, 0);
}

static void
test_openable_uri (void)
{
  g_assert_true (cairn_markdown_is_openable_uri ("https://e.org"));
  g_assert_true (cairn_markdown_is_openable_uri ("HTTP://e.org"));
  g_assert_true (cairn_markdown_is_openable_uri ("mailto:a@b"));
  g_assert_false (cairn_markdown_is_openable_uri ("file:///etc/passwd"));
  g_assert_false (cairn_markdown_is_openable_uri ("javascript:alert(1)"));
  g_assert_false (cairn_markdown_is_openable_uri ("www.example.org"));
  g_assert_false (cairn_markdown_is_openable_uri (""));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/markdown-tree/headings", test_headings);
  g_test_add_func ("/cairn/markdown-tree/paragraphs-and-breaks", test_paragraphs_and_breaks);
  g_test_add_func ("/cairn/markdown-tree/spans", test_spans);
  g_test_add_func ("/cairn/markdown-tree/escaping-and-entities", test_escaping_and_entities);
  g_test_add_func ("/cairn/markdown-tree/links", test_links);
  g_test_add_func ("/cairn/markdown-tree/images", test_images);
  g_test_add_func ("/cairn/markdown-tree/lists", test_lists);
  g_test_add_func ("/cairn/markdown-tree/quotes", test_quotes);
  g_test_add_func ("/cairn/markdown-tree/code", test_code);
  g_test_add_func ("/cairn/markdown-tree/tables", test_tables);
  g_test_add_func ("/cairn/markdown-tree/rules", test_rules);
  g_test_add_func ("/cairn/markdown-tree/html", test_html);
  g_test_add_func ("/cairn/markdown-tree/nesting", test_nesting);
  g_test_add_func ("/cairn/markdown-tree/long-paragraph", test_long_paragraph);
  g_test_add_func ("/cairn/markdown-tree/streaming", test_streaming);
  g_test_add_func ("/cairn/markdown-tree/same-prefix", test_same_prefix);
  g_test_add_func ("/cairn/markdown-tree/openable-uri", test_openable_uri);

  return g_test_run ();
}
