/* test-export.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Export (src/core/export) of the conversations the real CLI recorded
 * (tests/data/history): the Markdown has each prompt and reply in order,
 * tool calls and thinking in closed <details>, a subagent's steps inside
 * its call, the branch shown and not the one abandoned, images as files
 * beside it; the HTML escapes everything that came from outside and links
 * only http, https and mailto; jsonl is the file, byte for byte. */

#include "config.h"

#include <string.h>

#include "cairn-test-harness.h"
#include "export/cairn-export.h"

#define REWIND_ID "a93094b3-7abe-4fd0-b7c7-c08cea4c6339"
#define IMAGE_ID "6afb02ce-6f21-49ff-9682-857e3b738ab9"
#define COMPACT_ID "1349c147-9c39-4f26-b3be-c2f5e184897a"
#define RENAME_ID "da353b36-8dd7-4ab1-996d-dd818e0f449b"

static GFile *
recorded (const char *folder,
          const char *id)
{
  g_autofree char *name = g_strdup_printf ("history/%s/%s.jsonl", folder, id);
  g_autofree char *path = cairn_test_data_path (name);

  return g_file_new_for_path (path);
}

static char *
render (GFile             *file,
        CairnExportFormat  format,
        const char        *images_dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnExport) export = cairn_export_render (file, format, images_dir, NULL, &error);
  GBytes *document;

  g_assert_no_error (error);
  g_assert_nonnull (export);
  document = cairn_export_get_document (export);
  return g_strndup (g_bytes_get_data (document, NULL), g_bytes_get_size (document));
}

/* Each of @texts is in @document, in this order. */
static void
assert_in_order (const char  *document,
                 const char **texts)
{
  const char *at = document;

  for (guint i = 0; texts[i] != NULL; i++)
    {
      const char *found = strstr (at, texts[i]);

      if (found == NULL)
        g_error ("“%s” is not in the export after what came before it:\n%s", texts[i], document);
      at = found + strlen (texts[i]);
    }
}

static guint
count (const char *text,
       const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (text, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

static void
test_markdown_rows (void)
{
  g_autoptr(GFile) file = recorded ("rows", CAIRN_TEST_ROWS_ID);
  g_autofree char *md = render (file, CAIRN_EXPORT_MARKDOWN, NULL);
  const char *order[] = {
    "## You", "> Please do everything",
    "## Claude", "<summary>Thought", "I will use many tools.", "</details>",
    "Let me look around.",
    "<details>\n<summary>Read", "<details>\n<summary>Bash", "<details>\n<summary>Grep",
    "<details>\n<summary>Write", "<details>\n<summary>Edit", "```diff",
    /* the subagent's own steps, inside its call */
    "<details>\n<summary>Agent", "<details>\n<summary>",
    "All done.", NULL,
  };

  assert_in_order (md, order);
  g_assert_true (g_str_has_prefix (md, "# "));
  /* every call's details closed: as many as opened */
  g_assert_cmpuint (count (md, "<details>"), ==, count (md, "</details>"));
  g_assert_cmpuint (count (md, "<details>"), >=, 10);
}

static void
test_markdown_branch (void)
{
  g_autoptr(GFile) file = recorded ("rewind", REWIND_ID);
  g_autofree char *md = render (file, CAIRN_EXPORT_MARKDOWN, NULL);
  const char *order[] = {
    "> First prompt", "You said: First prompt",
    "> Second prompt, edited", "You said: Second prompt, edited", NULL,
  };

  assert_in_order (md, order);
  g_assert_null (strstr (md, "later abandoned"));
}

static void
test_markdown_title (void)
{
  g_autoptr(GFile) file = recorded ("rename", RENAME_ID);
  g_autofree char *md = render (file, CAIRN_EXPORT_MARKDOWN, NULL);

  g_assert_true (g_str_has_prefix (md, "# Renamed by the CLI\n"));
  g_assert_nonnull (strstr (md, RENAME_ID));
}

static void
test_markdown_images (void)
{
  g_autoptr(GFile) file = recorded ("image", IMAGE_ID);
  g_autofree char *dir = cairn_test_make_dir ("export-images");
  g_autofree char *path = g_build_filename (dir, "chat.md", NULL);
  g_autoptr(GFile) destination = g_file_new_for_path (path);
  g_autofree char *images_dir = cairn_export_images_dir_name (destination);
  g_autoptr(CairnExport) export = cairn_export_render (file, CAIRN_EXPORT_MARKDOWN, images_dir, NULL, NULL);
  g_autofree char *md = NULL;
  g_autofree char *image_path = g_build_filename (dir, "chat-images", "image-1.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  CairnExportImage *image;

  g_assert_cmpstr (images_dir, ==, "chat-images");
  g_assert_nonnull (export);
  md = g_strndup (g_bytes_get_data (cairn_export_get_document (export), NULL),
                  g_bytes_get_size (cairn_export_get_document (export)));
  g_assert_nonnull (strstr (md, "](chat-images/image-1.png)"));
  g_assert_nonnull (strstr (md, "What is in this picture?"));
  g_assert_cmpuint (cairn_export_get_images (export)->len, ==, 1);
  g_assert_true (cairn_export_write (export, destination, NULL, &error));
  g_assert_no_error (error);
  image = g_ptr_array_index (cairn_export_get_images (export), 0);
  g_assert_true (g_file_get_contents (image_path, &written, NULL, NULL));
  g_assert_cmpmem (written, 8, g_bytes_get_data (image->data, NULL), 8);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  cairn_test_remove_dir (dir);
}

/* To standard output there is no folder: the image is said, not lost
 * silently; HTML carries it in the file itself. */
static void
test_images_elsewhere (void)
{
  g_autoptr(GFile) file = recorded ("image", IMAGE_ID);
  g_autofree char *md = render (file, CAIRN_EXPORT_MARKDOWN, NULL);
  g_autofree char *html = render (file, CAIRN_EXPORT_HTML, NULL);

  g_assert_null (strstr (md, "]("));
  g_assert_nonnull (strstr (md, "An image, not exported"));
  g_assert_nonnull (strstr (html, "<img alt=\"Image 1\" src=\"data:image/png;base64,iVBOR"));
}

static GFile *
write_hostile (const char *dir)
{
  static const char *lines =
    "{\"type\":\"custom-title\",\"customTitle\":\"<b>& title</b>\",\"sessionId\":\"s\"}\n"
    "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"cwd\":\"/p<i>\",\"timestamp\":\"2026-11-20T10:00:00Z\","
    "\"message\":{\"role\":\"user\",\"content\":\"<script>alert('prompt')</script> & \\\"quoted\\\"\"}}\n"
    "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"cwd\":\"/p<i>\","
    "\"timestamp\":\"2026-11-20T10:00:01Z\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"model\":\"claude-x\","
    "\"content\":[{\"type\":\"text\",\"text\":\"Raw <script>alert(1)</script> here\\n\\n"
    "<img src=x onerror=alert(3)>\\n\\n"
    "[bad](javascript:alert(2)) [good](https://example.com/?a=1&b=2) [mail](mailto:a@example.com) "
    "[file](file:///etc/passwd) **bold <em>x</em> & y** `code <b>`\\n\\n"
    "```\\n<script>in code</script>\\n```\\n\\n| a | b |\\n|---|:-:|\\n| <u>1</u> | 2 |\\n\"}]}}\n"
    "{\"type\":\"assistant\",\"uuid\":\"a2\",\"parentUuid\":\"a1\",\"cwd\":\"/p<i>\","
    "\"timestamp\":\"2026-11-20T10:00:02Z\",\"message\":{\"id\":\"m2\",\"role\":\"assistant\",\"model\":\"claude-x\","
    "\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Bash\","
    "\"input\":{\"command\":\"echo '<script>tool</script>'\"}}]}}\n"
    "{\"type\":\"user\",\"uuid\":\"u2\",\"parentUuid\":\"a2\",\"cwd\":\"/p<i>\",\"timestamp\":\"2026-11-20T10:00:03Z\","
    "\"toolUseResult\":{\"stdout\":\"<script>out</script>\"},"
    "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
    "\"content\":\"<script>out</script>\"}]}}\n";

  return cairn_test_write_gfile (dir, "0b1e7a52-0000-4000-8000-00000000a11c.jsonl", lines);
}

static void
test_html_escapes (void)
{
  g_autofree char *dir = cairn_test_make_dir ("export-html");
  g_autoptr(GFile) file = write_hostile (dir);
  g_autofree char *html = render (file, CAIRN_EXPORT_HTML, NULL);
  g_autofree char *lower = g_ascii_strdown (html, -1);

  /* nothing from the conversation becomes an element, nor a handler */
  g_assert_null (strstr (lower, "<script"));
  g_assert_null (strstr (lower, "<img src=x"));
  g_assert_nonnull (strstr (html, "&lt;img src=x onerror=alert(3)&gt;"));
  g_assert_null (strstr (lower, "href=\"javascript"));
  g_assert_null (strstr (lower, "href=\"file"));
  g_assert_null (strstr (html, "<b>&"));
  g_assert_nonnull (strstr (html, "<title>&lt;b&gt;&amp; title&lt;/b&gt;</title>"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(&#39;prompt&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;in code&lt;/script&gt;"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;out&lt;/script&gt;"));
  g_assert_nonnull (strstr (html, "/p&lt;i&gt;"));
  /* the Markdown rendered, through the core's tree */
  g_assert_nonnull (strstr (html, "<a rel=\"noopener noreferrer\" href=\"https://example.com/?a=1&amp;b=2\">good</a>"));
  g_assert_nonnull (strstr (html, "href=\"mailto:a@example.com\""));
  g_assert_nonnull (strstr (html, "<strong>bold "));
  g_assert_nonnull (strstr (html, "<code>code &lt;b&gt;</code>"));
  g_assert_nonnull (strstr (html, "<th style=\"text-align:center\">b</th>"));
  /* no script may run at all, whatever slipped through */
  g_assert_nonnull (strstr (html, "Content-Security-Policy\" content=\"default-src 'none'"));
  g_assert_nonnull (strstr (html, "prefers-color-scheme:dark"));
  cairn_test_remove_dir (dir);
}

/* Markdown keeps the reply as written; the summaries it wraps in HTML
 * are escaped, and a fence outlasts the backticks inside it. */
static void
test_markdown_summaries_escaped (void)
{
  g_autofree char *dir = cairn_test_make_dir ("export-md");
  g_autoptr(GFile) file = write_hostile (dir);
  g_autofree char *md = render (file, CAIRN_EXPORT_MARKDOWN, NULL);

  g_assert_true (g_str_has_prefix (md, "# <b>& title</b>\n"));
  g_assert_nonnull (strstr (md, "<summary>Bash: echo &#39;&lt;script&gt;tool&lt;/script&gt;&#39;</summary>"));
  g_assert_nonnull (strstr (md, "```\n<script>out</script>\n```"));
  cairn_test_remove_dir (dir);
}

static void
test_jsonl_identical (void)
{
  const char *recordings[][2] = {
    { "rows", CAIRN_TEST_ROWS_ID }, { "rewind", REWIND_ID }, { "image", IMAGE_ID },
    { "compact", COMPACT_ID }, { "rename", RENAME_ID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (recordings); i++)
    {
      g_autoptr(GFile) file = recorded (recordings[i][0], recordings[i][1]);
      g_autoptr(CairnExport) export = cairn_export_render (file, CAIRN_EXPORT_JSONL, NULL, NULL, NULL);
      g_autoptr(GBytes) original = g_file_load_bytes (file, NULL, NULL, NULL);

      g_assert_nonnull (export);
      g_assert_true (g_bytes_equal (original, cairn_export_get_document (export)));
    }
}

/* Every recording, every format: no item kind is left unwritten. */
static void
test_every_recording (void)
{
  g_autoptr(GFile) file = recorded ("compact", COMPACT_ID);
  g_autofree char *md = render (file, CAIRN_EXPORT_MARKDOWN, NULL);
  g_autofree char *html = render (file, CAIRN_EXPORT_HTML, NULL);

  g_assert_nonnull (strstr (md, "Summary of the earlier conversation"));
  g_assert_nonnull (strstr (html, "Summary of the earlier conversation"));
  g_assert_true (g_str_has_suffix (html, "</html>\n"));
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (cairn_export_save_finish (result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* The window's way: off the main loop, replacing what was there. */
static void
test_save_async (void)
{
  g_autoptr(GFile) file = recorded ("rows", CAIRN_TEST_ROWS_ID);
  g_autofree char *dir = cairn_test_make_dir ("export-save");
  g_autoptr(GFile) destination = cairn_test_write_gfile (dir, "out.html", "old");
  g_autofree char *html = NULL;
  gboolean done = FALSE;

  cairn_export_save_async (file, CAIRN_EXPORT_HTML, destination, NULL, saved_cb, &done);
  g_assert_true (cairn_test_wait_until (is_true, &done, CAIRN_TEST_WAIT_MS));
  g_assert_true (g_file_load_contents (destination, NULL, &html, NULL, NULL, NULL));
  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>"));
  g_assert_nonnull (strstr (html, "Please do everything"));
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/export/markdown-rows", test_markdown_rows);
  g_test_add_func ("/cairn/export/markdown-branch", test_markdown_branch);
  g_test_add_func ("/cairn/export/markdown-title", test_markdown_title);
  g_test_add_func ("/cairn/export/markdown-images", test_markdown_images);
  g_test_add_func ("/cairn/export/images-elsewhere", test_images_elsewhere);
  g_test_add_func ("/cairn/export/html-escapes", test_html_escapes);
  g_test_add_func ("/cairn/export/markdown-summaries-escaped", test_markdown_summaries_escaped);
  g_test_add_func ("/cairn/export/jsonl-identical", test_jsonl_identical);
  g_test_add_func ("/cairn/export/every-recording", test_every_recording);
  g_test_add_func ("/cairn/export/save-async", test_save_async);

  return g_test_run ();
}
