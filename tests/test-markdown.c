/* test-markdown.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* CairnMarkdownView and CairnCodeBlock: which widgets a reply becomes and
 * what they show, that streaming a reply reuses widgets and ends where
 * rendering it whole does, the Copy button, and how long updates take
 * (printed as TAP comments). Runs on Xvfb (tests/run-headless.sh).
 *
 * With CAIRN_MARKDOWN_SCREENSHOT=FILE.png set, /cairn/markdown/screenshot
 * saves a reply as rendered in a window, to look at: the sample below, or
 * the file CAIRN_MARKDOWN_SAMPLE names; CAIRN_MARKDOWN_DARK=1 for dark. */

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "cairn-test-ui.h"
#include "rows/cairn-code-block.h"
#include "rows/cairn-markdown-view.h"

/* Helpers */

static GtkWidget *
view_new (const char *markdown)
{
  GtkWidget *view = g_object_ref_sink (cairn_markdown_view_new ());

  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), markdown);
  return view;
}

static GPtrArray *
blocks_of (GtkWidget *view)
{
  GPtrArray *blocks = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (view);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_ptr_array_add (blocks, child);
  return blocks;
}

static GtkWidget *
block_at (GtkWidget *view,
          guint      index)
{
  g_autoptr(GPtrArray) blocks = blocks_of (view);

  g_assert_cmpuint (index, <, blocks->len);
  return g_ptr_array_index (blocks, index);
}

static void
collect_texts (GtkWidget *widget,
               GString   *out)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append_printf (out, "%s%s", out->len > 0 ? "|" : "", gtk_label_get_text (GTK_LABEL (widget)));
      return;
    }
  if (CAIRN_IS_CODE_BLOCK (widget))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, out);
}

/* The texts of all labels under @widget, in order, joined by "|" */
static char *
texts_of (GtkWidget *widget)
{
  GString *out = g_string_new (NULL);

  collect_texts (widget, out);
  return g_string_free (out, FALSE);
}

static char *
buffer_text (GtkWidget *code_block)
{
  GtkWidget *view = cairn_test_find_widget (code_block, GTK_SOURCE_TYPE_VIEW);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static const char *
buffer_language_id (GtkWidget *code_block)
{
  GtkWidget *view = cairn_test_find_widget (code_block, GTK_SOURCE_TYPE_VIEW);
  GtkSourceLanguage *language =
    gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view))));

  return language != NULL ? gtk_source_language_get_id (language) : NULL;
}

/* A structural description of what the view shows: widget types, label
 * texts and markup, code and its language. Two equal dumps look alike. */
static void
dump_widget (GtkWidget *widget,
             GString   *out,
             guint      depth)
{
  g_string_append_printf (out, "%*s%s", depth * 2, "", G_OBJECT_TYPE_NAME (widget));
  if (GTK_IS_LABEL (widget))
    {
      g_string_append_printf (out, " [%s]\n", gtk_label_get_label (GTK_LABEL (widget)));
      return;
    }
  if (CAIRN_IS_CODE_BLOCK (widget))
    {
      g_autofree char *code = buffer_text (widget);

      g_string_append_printf (out, " %s [%s]\n", buffer_language_id (widget), code);
      return;
    }
  g_string_append_c (out, '\n');
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    dump_widget (child, out, depth + 1);
}

static char *
dump (GtkWidget *view)
{
  GString *out = g_string_new (NULL);

  dump_widget (view, out, 0);
  return g_string_free (out, FALSE);
}

static void
assert_block (GtkWidget  *view,
              guint       index,
              GType       type,
              const char *texts)
{
  GtkWidget *block = block_at (view, index);
  g_autofree char *shown = texts_of (block);

  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (block, type));
  g_assert_cmpstr (shown, ==, texts);
}

static const char sample_document[] =
  "# Title\n"
  "\n"
  "Some **bold**, _em_, ~~gone~~, `code` and a [link](https://example.com/a?b=1&c=2).\n"
  "\n"
  "- one\n"
  "- two\n"
  "  - nested\n"
  "\n"
  "1. first\n"
  "2. second\n"
  "\n"
  "> quoted\n"
  "\n"
  "| Name | Qty |\n"
  "|:-----|----:|\n"
  "| apple | 3 |\n"
  "\n"
  "```python\n"
  "print(\"hi\")\n"
  "```\n";

/* Tests */

static void
test_block_kinds (void)
{
  g_autoptr(GtkWidget) view = view_new (sample_document);
  g_autoptr(GPtrArray) blocks = blocks_of (view);
  g_autofree char *code = NULL;

  g_assert_cmpuint (blocks->len, ==, 7);
  assert_block (view, 0, GTK_TYPE_LABEL, "Title");
  g_assert_true (gtk_widget_has_css_class (block_at (view, 0), "title-1"));
  assert_block (view, 1, GTK_TYPE_LABEL, "Some bold, em, gone, code and a link.");
  assert_block (view, 2, GTK_TYPE_BOX, "•|one|•|two|◦|nested");
  assert_block (view, 3, GTK_TYPE_BOX, "1.|first|2.|second");
  assert_block (view, 4, GTK_TYPE_BOX, "quoted");
  g_assert_true (gtk_widget_has_css_class (block_at (view, 4), "md-quote"));
  assert_block (view, 5, GTK_TYPE_SCROLLED_WINDOW, "Name|Qty|apple|3");
  assert_block (view, 6, CAIRN_TYPE_CODE_BLOCK, "");

  code = buffer_text (block_at (view, 6));
  g_assert_cmpstr (code, ==, "print(\"hi\")");
  /* GtkSourceView 5's "python" is Python 2; "python3" is its Python */
  g_assert_cmpstr (buffer_language_id (block_at (view, 6)), ==, "python3");
}

static void
test_inline_markup (void)
{
  g_autoptr(GtkWidget) view = view_new (sample_document);
  const char *markup = gtk_label_get_label (GTK_LABEL (block_at (view, 1)));

  g_assert_nonnull (strstr (markup, "<b>bold</b>"));
  g_assert_nonnull (strstr (markup, "<i>em</i>"));
  g_assert_nonnull (strstr (markup, "<s>gone</s>"));
  g_assert_nonnull (strstr (markup, "monospace"));
  g_assert_nonnull (strstr (markup, "<a href=\"https://example.com/a?b=1&amp;c=2\">link</a>"));
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (block_at (view, 1))));
  g_assert_true (gtk_label_get_wrap (GTK_LABEL (block_at (view, 1))));
}

static void
test_links (void)
{
  g_autoptr(GtkWidget) view =
    view_new ("[bad](javascript:alert(1)) [file](file:///etc/passwd) <mailto:a@b.org> "
              "www.example.com\n\n![a cat](https://example.com/cat.png)");
  const char *markup = gtk_label_get_label (GTK_LABEL (block_at (view, 0)));
  g_autofree char *image_text = texts_of (block_at (view, 1));

  /* Only http(s) and mailto links are links; others are text */
  g_assert_null (strstr (markup, "javascript"));
  g_assert_null (strstr (markup, "file:"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (block_at (view, 0))), ==,
                   "bad file mailto:a@b.org www.example.com");
  g_assert_nonnull (strstr (markup, "<a href=\"mailto:a@b.org\">"));
  g_assert_nonnull (strstr (markup, "<a href=\"http://www.example.com\">"));

  g_assert_cmpstr (image_text, ==, "a cat (https://example.com/cat.png)");
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (block_at (view, 1))),
                            "<a href=\"https://example.com/cat.png\">"));
}

static void
test_html_is_literal (void)
{
  g_autoptr(GtkWidget) view =
    view_new ("Say <b>x</b> &amp; &copy; &#65; &foo;\n\n<div onclick=\"x\">\n*no*\n</div>\n");
  g_autofree char *html_block = texts_of (block_at (view, 1));

  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (block_at (view, 0))), ==, "Say <b>x</b> & © A &foo;");
  g_assert_cmpstr (html_block, ==, "<div onclick=\"x\">\n*no*\n</div>");
}

static void
test_lists (void)
{
  g_autoptr(GtkWidget) view =
    view_new ("7. seven\n8. eight\n9. nine\n10. ten\n\n"
              "- [x] done\n- [ ] todo\n\n"
              "* loose\n\n  second paragraph\n* b\n");

  assert_block (view, 0, GTK_TYPE_BOX, "7.|seven|8.|eight|9.|nine|10.|ten");
  assert_block (view, 1, GTK_TYPE_BOX, "☑|done|☐|todo");
  assert_block (view, 2, GTK_TYPE_BOX, "•|loose|second paragraph|•|b");
}

static void
test_headings_and_rule (void)
{
  g_autoptr(GtkWidget) view = view_new ("## Two\n\n##### Five\n\n---\n\nText\n");

  g_assert_true (gtk_widget_has_css_class (block_at (view, 0), "title-2"));
  g_assert_true (gtk_widget_has_css_class (block_at (view, 1), "heading"));
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (block_at (view, 0))), ==,
                   GTK_ACCESSIBLE_ROLE_HEADING);
  g_assert_true (GTK_IS_SEPARATOR (block_at (view, 2)));
  assert_block (view, 3, GTK_TYPE_LABEL, "Text");
}

static void
test_table (void)
{
  g_autoptr(GtkWidget) view = view_new ("| L | C | R |\n|:--|:-:|--:|\n| a | b | c |\n");
  GtkGrid *grid = GTK_GRID (cairn_test_find_widget (block_at (view, 0), GTK_TYPE_GRID));
  GtkWidget *head = gtk_grid_get_child_at (grid, 0, 0);

  g_assert_true (gtk_widget_has_css_class (head, "md-header"));
  g_assert_cmpfloat (gtk_label_get_xalign (GTK_LABEL (gtk_grid_get_child_at (grid, 0, 1))), ==, 0.0f);
  g_assert_cmpfloat (gtk_label_get_xalign (GTK_LABEL (gtk_grid_get_child_at (grid, 1, 1))), ==, 0.5f);
  g_assert_cmpfloat (gtk_label_get_xalign (GTK_LABEL (gtk_grid_get_child_at (grid, 2, 1))), ==, 1.0f);
  g_assert_false (gtk_widget_has_css_class (gtk_grid_get_child_at (grid, 2, 1), "md-header"));
}

static void
test_code_languages (void)
{
  g_autoptr(GtkWidget) view =
    view_new ("```javascript\nlet a;\n```\n\n```sh\nls\n```\n\n```c++\nint a;\n```\n\n"
              "```nosuchlanguage\nx\n```\n\n    indented\n    code\n");

  g_assert_cmpstr (buffer_language_id (block_at (view, 0)), ==, "js");
  g_assert_cmpstr (buffer_language_id (block_at (view, 1)), ==, "sh");
  g_assert_cmpstr (buffer_language_id (block_at (view, 2)), ==, "cpp");
  g_assert_null (buffer_language_id (block_at (view, 3)));
  g_assert_cmpstr (cairn_code_block_get_language (CAIRN_CODE_BLOCK (block_at (view, 3))), ==,
                   "nosuchlanguage");
  g_assert_null (buffer_language_id (block_at (view, 4)));
  g_assert_true (CAIRN_IS_CODE_BLOCK (block_at (view, 4)));
  {
    g_autofree char *code = buffer_text (block_at (view, 4));

    g_assert_cmpstr (code, ==, "indented\ncode");
  }
}

static void
test_unclosed_fence (void)
{
  g_autoptr(GtkWidget) view = view_new ("Here:\n\n```rust\nfn main() {\n    let x");
  GtkWidget *code_block = block_at (view, 1);
  g_autofree char *code = NULL;
  g_autofree char *grown = NULL;

  g_assert_true (CAIRN_IS_CODE_BLOCK (code_block));
  code = buffer_text (code_block);
  g_assert_cmpstr (code, ==, "fn main() {\n    let x");
  g_assert_cmpstr (buffer_language_id (code_block), ==, "rust");

  /* As it grows, the same code block is updated */
  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view),
                                    "Here:\n\n```rust\nfn main() {\n    let x = 1;\n}\n```\n\nDone.");
  g_assert_true (block_at (view, 1) == code_block);
  grown = buffer_text (code_block);
  g_assert_cmpstr (grown, ==, "fn main() {\n    let x = 1;\n}");
  assert_block (view, 2, GTK_TYPE_LABEL, "Done.");
}

/* About 2 KB with every kind of block, code in the middle and at the end */
static char *
streaming_document (void)
{
  GString *doc = g_string_new ("# Streaming\n\nThe first paragraph is **complete** early.\n\n");

  for (guint i = 0; doc->len < 2048; i++)
    {
      g_string_append_printf (doc,
                              "## Part %u\n\n"
                              "Some text with `inline` code, *emphasis* and a "
                              "[link](https://gnome.org/%u).\n\n"
                              "- item one\n- item **two**\n  1. nested\n\n"
                              "> a quote\n> over two lines\n\n"
                              "| a | b |\n|---|--:|\n| %u | x |\n| y | z |\n\n"
                              "```c\nint\nmain (void)\n{\n  return %u;\n}\n```\n\n",
                              i, i, i, i);
    }
  g_string_append (doc, "Last words, then code:\n\n```python\nfor i in range(3):\n    print(i)\n```\n");
  return g_string_free (doc, FALSE);
}

/* Sets @doc on @view one character more at a time, as a stream would,
 * checking that widgets are reused as it goes. */
static void
stream_into (GtkWidget  *view,
             const char *doc)
{
  const char *first_done = strstr (doc, "\n\n") + 2;
  GtkWidget *first = NULL;
  g_autoptr(GPtrArray) before = g_ptr_array_new ();

  for (const char *end = doc; *end != '\0'; end = g_utf8_next_char (end))
    {
      g_autofree char *prefix = g_strndup (doc, g_utf8_next_char (end) - doc);
      g_autoptr(GPtrArray) after = NULL;

      cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), prefix);

      /* Text is added at the end: all blocks but the last keep their widget */
      after = blocks_of (view);
      for (guint i = 0; i + 1 < before->len; i++)
        g_assert_true (g_ptr_array_index (after, i) == g_ptr_array_index (before, i));
      g_ptr_array_unref (g_steal_pointer (&before));
      before = g_steal_pointer (&after);

      /* and once complete, the first block never changes widget */
      if (end >= first_done && first == NULL)
        first = block_at (view, 0);
      g_assert_true (first == NULL || block_at (view, 0) == first);
    }
}

static void
test_streaming_matches_whole (void)
{
  g_autofree char *doc = streaming_document ();
  g_autoptr(GtkWidget) whole = view_new (doc);
  g_autoptr(GtkWidget) streamed = view_new ("");
  g_autofree char *whole_dump = dump (whole);
  g_autofree char *streamed_dump = NULL;

  g_assert_cmpuint (strlen (doc), >=, 2048);
  stream_into (streamed, doc);

  streamed_dump = dump (streamed);
  g_assert_cmpstr (streamed_dump, ==, whole_dump);
}

static void
test_shrink_and_replace (void)
{
  g_autoptr(GtkWidget) view = view_new (sample_document);
  g_autofree char *dumped = NULL;
  g_autoptr(GtkWidget) fresh = view_new ("Para\n\n```\ncode\n```\n");
  g_autofree char *fresh_dump = dump (fresh);

  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), "Para\n\n```\ncode\n```\n");
  dumped = dump (view);
  g_assert_cmpstr (dumped, ==, fresh_dump);

  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), NULL);
  g_assert_null (gtk_widget_get_first_child (view));
  g_assert_cmpstr (cairn_markdown_view_get_markdown (CAIRN_MARKDOWN_VIEW (view)), ==, "");
}

/* A paragraph of megabytes is not one label (Pango would lay it out whole
 * every frame it grows): it is shown in pieces, all of its words in order,
 * cut at spaces, and a growing one keeps its earlier pieces untouched. */
static void
test_long_paragraph_in_pieces (void)
{
  g_autoptr(GString) paragraph = g_string_new (NULL);
  g_autoptr(GtkWidget) view = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *joined = NULL;
  g_auto(GStrv) pieces = NULL;

  for (guint i = 0; i < 5000; i++)
    g_string_append_printf (paragraph, "word%u ", i);
  view = view_new (paragraph->str);
  before = blocks_of (view);
  g_assert_cmpuint (before->len, >, 5);

  shown = texts_of (view);
  pieces = g_strsplit (shown, "|", -1);
  for (guint i = 0; pieces[i] != NULL; i++)
    {
      g_assert_cmpuint (strlen (pieces[i]), <=, 4096 + 256);
      /* every cut falls after a space: no word is split */
      if (pieces[i + 1] != NULL)
        g_assert_true (g_str_has_suffix (pieces[i], " "));
    }
  joined = g_strjoinv ("", pieces);
  g_assert_cmpstr (joined, ==, g_strchomp (paragraph->str));

  g_string_append (paragraph, "and more words at the end");
  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), paragraph->str);
  after = blocks_of (view);
  g_assert_cmpuint (after->len, >=, before->len);
  for (guint i = 0; i + 1 < before->len; i++)
    g_assert_true (g_ptr_array_index (after, i) == g_ptr_array_index (before, i));
}

static void
read_text_cb (GObject      *clipboard,
              GAsyncResult *result,
              gpointer      user_data)
{
  char **text = user_data;
  g_autoptr(GError) error = NULL;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, &error);
  g_assert_no_error (error);
}

static void
test_copy_button (void)
{
  g_autoptr(GtkWidget) view = view_new ("```python\ndef f():\n    return 1\n```\n");
  GtkWidget *code_block = block_at (view, 0);
  GtkWidget *button = cairn_test_find_widget (code_block, GTK_TYPE_BUTTON);
  g_autofree char *copied = NULL;
  g_autofree char *labels = NULL;
  GtkWidget *window = gtk_window_new ();

  /* In GTK 4.8 a button finds its action only once in a window */
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Copy code");
  g_signal_emit_by_name (button, "clicked");
  labels = texts_of (button);
  g_assert_cmpstr (labels, ==, "Copied");

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (code_block), NULL, read_text_cb, &copied);
  while (copied == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (copied, ==, "def f():\n    return 1");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Timing, as TAP comments: not asserted, machines differ. An update is
 * set_markdown() plus the size request and allocation GTK does next frame
 * (drawing excluded). */

static const char *const perf_chunks[] = {
  "## Section\n\nHere is some prose that explains what the code does, with `inline code`, "
  "**bold** and a [link](https://example.com). It goes on for a while to look like a reply.\n\n",
  "- first point about the change\n- second point, *emphasised*\n  - and a nested one\n\n",
  "```c\nstatic int\nadd (int a,\n     int b)\n{\n  return a + b;\n}\n```\n\n",
  "| Option | Meaning |\n|---|---|\n| `-v` | verbose |\n| `-q` | quiet |\n\n",
  "> Note: a quote that spans a line or two of text in the reply.\n\n",
};

static char *
perf_document (gsize size)
{
  GString *doc = g_string_new (NULL);

  for (guint i = 0; doc->len < size; i++)
    g_string_append (doc, perf_chunks[i % G_N_ELEMENTS (perf_chunks)]);
  g_string_truncate (doc, size);
  return g_string_free (doc, FALSE);
}

static double
elapsed_ms (gint64 since)
{
  return (g_get_monotonic_time () - since) / 1000.0;
}

static void
layout (GtkWidget *view)
{
  int height;

  gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, 700, NULL, &height, NULL, NULL);
  gtk_widget_size_allocate (view, &(GtkAllocation) { 0, 0, 700, height }, -1);
}

static double
render_and_layout (GtkWidget  *view,
                   const char *markdown)
{
  gint64 start = g_get_monotonic_time ();

  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), markdown);
  layout (view);
  return elapsed_ms (start);
}

static void
test_performance (void)
{
  g_autofree char *doc = perf_document (20 * 1024);
  g_autoptr(GtkWidget) warm = view_new ("");
  g_autoptr(GtkWidget) whole = view_new ("");
  g_autoptr(GtkWidget) streamed = view_new ("");
  double total = 0, first_250 = 0, worst = 0, build_ms;
  gint64 start;

  /* Fonts, language definitions and style schemes load on first use */
  render_and_layout (warm, sample_document);

  start = g_get_monotonic_time ();
  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (whole), doc);
  build_ms = elapsed_ms (start);
  start = g_get_monotonic_time ();
  layout (whole);
  g_test_message ("a 20 KB document at once: %.1f ms to build, %.1f ms to lay out",
                  build_ms, elapsed_ms (start));

  for (guint i = 1; i <= 1000; i++)
    {
      g_autofree char *prefix = g_strndup (doc, MIN (i * 20, strlen (doc)));
      double ms = render_and_layout (streamed, prefix);

      total += ms;
      worst = MAX (worst, ms);
      if (i <= 250)
        first_250 += ms;
    }
  g_test_message ("1000 appends of 20 characters (to 20 KB): %.2f ms per update on average, "
                  "the slowest %.1f ms", total / 1000, worst);
  g_test_message ("the first 250 of them (up to 5 KB): %.2f ms per update on average",
                  first_250 / 250);
}

static GtkWidget *
sample_window (const char *markdown)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *view = cairn_markdown_view_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 760, 1200);
  gtk_widget_set_margin_top (view, 18);
  gtk_widget_set_margin_bottom (view, 18);
  gtk_widget_set_margin_start (view, 24);
  gtk_widget_set_margin_end (view, 24);
  cairn_markdown_view_set_markdown (CAIRN_MARKDOWN_VIEW (view), markdown);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  adw_window_set_content (ADW_WINDOW (window), scroller);
  return window;
}

static void
save_png (GtkWidget  *window,
          const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gdk_paintable_get_intrinsic_width (paintable);
  int height = gdk_paintable_get_intrinsic_height (paintable);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s (%dx%d)", path, width, height);
}

static void
set_true_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
}

static void
wait_ms (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add_once (ms, set_true_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_screenshot (void)
{
  const char *path = g_getenv ("CAIRN_MARKDOWN_SCREENSHOT");
  const char *sample = g_getenv ("CAIRN_MARKDOWN_SAMPLE");
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  g_autofree char *doc = NULL;
  GtkWidget *window, *focus;

  if (path == NULL)
    {
      g_test_skip ("set CAIRN_MARKDOWN_SCREENSHOT=FILE.png to save one");
      return;
    }
  if (sample != NULL && !g_file_get_contents (sample, &doc, NULL, NULL))
    g_error ("Cannot read %s", sample);

  /* What AdwApplication would load */
  gtk_css_provider_load_from_resource (css, "/io/github/cairnapp/Cairn/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  if (g_strcmp0 (g_getenv ("CAIRN_MARKDOWN_DARK"), "1") == 0)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);

  window = sample_window (doc != NULL ? doc : sample_document);
  gtk_window_present (GTK_WINDOW (window));

  /* Let it map, lay out and highlight */
  wait_ms (500);
  /* The window focused a label, which selected its text: not for a picture */
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  if (GTK_IS_LABEL (focus))
    gtk_label_select_region (GTK_LABEL (focus), 0, 0);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  wait_ms (100);

  save_png (window, path);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cairn/markdown/block-kinds", test_block_kinds);
  g_test_add_func ("/cairn/markdown/inline-markup", test_inline_markup);
  g_test_add_func ("/cairn/markdown/links", test_links);
  g_test_add_func ("/cairn/markdown/html-is-literal", test_html_is_literal);
  g_test_add_func ("/cairn/markdown/lists", test_lists);
  g_test_add_func ("/cairn/markdown/headings-and-rule", test_headings_and_rule);
  g_test_add_func ("/cairn/markdown/table", test_table);
  g_test_add_func ("/cairn/markdown/code-languages", test_code_languages);
  g_test_add_func ("/cairn/markdown/long-paragraph-in-pieces", test_long_paragraph_in_pieces);
  g_test_add_func ("/cairn/markdown/unclosed-fence", test_unclosed_fence);
  g_test_add_func ("/cairn/markdown/streaming", test_streaming_matches_whole);
  g_test_add_func ("/cairn/markdown/shrink-and-replace", test_shrink_and_replace);
  g_test_add_func ("/cairn/markdown/copy-button", test_copy_button);
  g_test_add_func ("/cairn/markdown/performance", test_performance);
  g_test_add_func ("/cairn/markdown/screenshot", test_screenshot);

  return g_test_run ();
}
