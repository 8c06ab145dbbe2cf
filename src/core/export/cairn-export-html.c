/* cairn-export-html.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "attachments/cairn-attachment.h"
#include "export/cairn-export-private.h"
#include "markdown/cairn-markdown-markup.h"
#include "transcript/cairn-changes-item.h"
#include "transcript/cairn-hook-item.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* A conversation as one HTML file that needs nothing else: its style
 * inline (Cairn's look, light and dark as the reader's system has it),
 * its images as data: addresses. Everything in it came from outside, so
 * all text is escaped; replies go through the core's Markdown tree, whose
 * markup is taken apart element by element (only Cairn's own few), links
 * only http, https and mailto. A Content-Security-Policy allows no script
 * at all, should anything slip through. */

#define STYLE \
  ":root{color-scheme:light dark;--bg:#fafafa;--fg:rgba(0,0,0,.8);--dim:rgba(0,0,0,.55);" \
  "--card:#fff;--border:rgba(0,0,0,.12);--accent:#1c71d8;--user:rgba(53,132,228,.10);" \
  "--code:rgba(128,128,128,.18);--error:#c01c28}\n" \
  "@media (prefers-color-scheme:dark){:root{--bg:#242424;--fg:#fff;--dim:rgba(255,255,255,.55);" \
  "--card:#303030;--border:rgba(255,255,255,.15);--accent:#78aeed;--user:rgba(53,132,228,.18);" \
  "--error:#ff7b63}}\n" \
  "body{margin:0;background:var(--bg);color:var(--fg);" \
  "font:15px/1.5 Cantarell,'Noto Sans',system-ui,sans-serif}\n" \
  "main{max-width:48rem;margin:0 auto;padding:24px 18px}\n" \
  "h1{font-size:1.6em;margin:0 0 4px}\n" \
  ".about{color:var(--dim);font-size:.9em;margin:0 0 24px}\n" \
  ".who{font-weight:bold;font-size:.9em;color:var(--dim);margin:18px 0 6px}\n" \
  ".prompt{background:var(--user);border-radius:12px;padding:10px 14px;white-space:pre-wrap;" \
  "overflow-wrap:anywhere}\n" \
  ".prompt img{display:block;max-width:100%;margin-top:8px;border-radius:6px}\n" \
  "details{background:var(--card);border:1px solid var(--border);border-radius:8px;" \
  "padding:6px 12px;margin:8px 0}\n" \
  "summary{cursor:pointer;color:var(--dim);overflow-wrap:anywhere}\n" \
  "pre{background:var(--code);border-radius:6px;padding:8px;overflow-x:auto;white-space:pre-wrap;" \
  "overflow-wrap:anywhere;font-size:.9em}\n" \
  "code{font-family:'Source Code Pro',monospace;background:var(--code);border-radius:4px;padding:0 3px}\n" \
  "pre code{background:none;padding:0}\n" \
  "a{color:var(--accent)}\n" \
  "table{border-collapse:collapse}td,th{border:1px solid var(--border);padding:4px 8px}\n" \
  "blockquote{border-left:3px solid var(--border);margin:0;padding-left:12px;color:var(--dim)}\n" \
  ".notice{color:var(--dim);font-size:.9em}.failed{color:var(--error)}\n"

static const CairnExportWriter writer;

/* The same five characters the core's markup escapes: HTML reads them so. */
void
_cairn_export_html_escape (GString    *out,
                           const char *text)
{
  cairn_markdown_append_escaped (out, text ? text : "", text ? strlen (text) : 0);
}

static void
write_pre (GString    *out,
           const char *text)
{
  g_string_append (out, "<pre><code>");
  _cairn_export_html_escape (out, text);
  g_string_append (out, "</code></pre>\n");
}

static void
open_details (GString    *out,
              const char *class,
              const char *summary)
{
  g_string_append_printf (out, "<details class=\"%s\"><summary>", class);
  _cairn_export_html_escape (out, summary);
  g_string_append (out, "</summary>\n");
}

static void
write_prompt (GString           *out,
             CairnExportSource *source,
             CairnItem         *item)
{
  CairnTextItem *prompt = CAIRN_TEXT_ITEM (item);
  GListModel *images = cairn_text_item_get_attachments (prompt);

  g_string_append (out, "<div class=\"prompt\">");
  _cairn_export_html_escape (out, cairn_text_item_get_text (prompt));
  for (guint i = 0; images != NULL && i < g_list_model_get_n_items (images); i++)
    {
      g_autoptr(CairnAttachment) image = g_list_model_get_item (images, i);
      GBytes *data = cairn_attachment_get_data (image);
      g_autofree char *base64 = data ? g_base64_encode (g_bytes_get_data (data, NULL), g_bytes_get_size (data)) : NULL;

      /* the media type is one of the four an attachment is checked to be */
      if (base64 != NULL)
        g_string_append_printf (out, "<img alt=\"%s %u\" src=\"data:%s;base64,%s\">", _("Image"), i + 1,
                                cairn_attachment_get_media_type (image), base64);
    }
  g_string_append (out, "</div>\n");
}

static void
write_tool_call (GString           *out,
                 CairnExportSource *source,
                 CairnItem         *item)
{
  CairnExportToolParts parts;

  _cairn_export_tool_parts (item, &parts);
  open_details (out, parts.failed ? "tool failed" : "tool", parts.summary);
  if (parts.code != NULL)
    write_pre (out, parts.code);
  if (parts.children != NULL)
    _cairn_export_walk (out, source, parts.children, &writer);
  if (parts.output != NULL)
    write_pre (out, parts.output);
  if (parts.result != NULL)
    {
      g_string_append (out, "<p>");
      _cairn_export_html_escape (out, parts.result);
      g_string_append (out, "</p>\n");
    }
  g_string_append (out, "</details>\n");
  g_free (parts.summary);
}

static void
write_notice (GString    *out,
              const char *class,
              const char *title,
              const char *body)
{
  g_string_append_printf (out, "<p class=\"%s\"><em>", class);
  _cairn_export_html_escape (out, title);
  g_string_append (out, "</em>");
  if (body != NULL && *body != '\0')
    {
      g_string_append (out, "<br>");
      _cairn_export_html_escape (out, body);
    }
  g_string_append (out, "</p>\n");
}

static void
write_hook (GString           *out,
           CairnExportSource *source,
           CairnItem         *item)
{
  CairnHookItem *hook = CAIRN_HOOK_ITEM (item);
  g_autofree char *status = cairn_hook_item_dup_status (hook);
  g_autofree char *summary = g_strdup_printf ("%s %s (%s)", _("Hook"), cairn_hook_item_get_name (hook), status);
  const char *output = cairn_hook_item_get_output (hook);

  open_details (out, "hook", summary);
  if (cairn_hook_item_get_command (hook) != NULL)
    write_pre (out, cairn_hook_item_get_command (hook));
  if (output != NULL && *output != '\0')
    write_pre (out, output);
  g_string_append (out, "</details>\n");
}

static void
write_changes (GString           *out,
              CairnExportSource *source,
              CairnItem         *item)
{
  CairnChangesItem *changes = CAIRN_CHANGES_ITEM (item);
  g_string_append_printf (out, "<p class=\"notice\">%s</p>\n<ul>\n", _("Files left uncommitted:"));
  for (guint i = 0; i < cairn_changes_item_get_n_files (changes); i++)
    {
      g_string_append (out, "<li><code>");
      _cairn_export_html_escape (out, cairn_changes_item_get_path (changes, i));
      g_string_append (out, "</code></li>\n");
    }
  g_string_append (out, "</ul>\n");
}

static void
write_notice_item (GString           *out,
                  CairnExportSource *source,
                  CairnItem         *item)
{
  CairnNoticeItem *notice = CAIRN_NOTICE_ITEM (item);

  if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_RAW)
    {
      open_details (out, "raw", cairn_notice_item_get_title (notice));
      write_pre (out, cairn_notice_item_get_body (notice) ?: "");
      g_string_append (out, "</details>\n");
      return;
    }
  write_notice (out, cairn_notice_item_get_severity (notice) == CAIRN_NOTICE_ERROR ? "notice failed" : "notice",
                cairn_notice_item_get_title (notice), cairn_notice_item_get_body (notice));
}

static void
write_reply (GString           *out,
            CairnExportSource *source,
            CairnItem         *item)
{
  _cairn_export_html_markdown (out, cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
}

static void
write_thinking (GString           *out,
               CairnExportSource *source,
               CairnItem         *item)
{
  g_autofree char *summary = _cairn_export_thinking_summary (item);

  open_details (out, "thinking", summary);
  _cairn_export_html_markdown (out, cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
  g_string_append (out, "</details>\n");
}

/* Only a failed turn: the figures of one that went well say nothing here. */
static void
write_result (GString           *out,
             CairnExportSource *source,
             CairnItem         *item)
{
  if (cairn_result_item_get_is_error (CAIRN_RESULT_ITEM (item)))
    write_notice (out, "notice failed", cairn_result_item_get_message (CAIRN_RESULT_ITEM (item)) ?: _("Failed"),
                  NULL);
}

static void
write_speaker (GString            *out,
               CairnExportSpeaker  speaker)
{
  g_string_append_printf (out, "<h2 class=\"who\">%s</h2>\n", _cairn_export_speaker_name (speaker));
}

static const CairnExportWriter writer = {
  write_speaker, write_prompt, write_reply, write_thinking, write_tool_call, write_result, write_hook,
  write_changes, write_notice_item,
};

GString *
_cairn_export_html (CairnExportSource *source)
{
  GString *out = g_string_new ("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n");
  g_autofree char *about = _cairn_export_about (source);

  g_string_append (out, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                        "img-src data:; style-src 'unsafe-inline'\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
  _cairn_export_html_escape (out, source->title);
  g_string_append (out, "</title>\n<style>\n" STYLE "</style>\n</head>\n<body>\n<main>\n<h1>");
  _cairn_export_html_escape (out, source->title);
  g_string_append (out, "</h1>\n<p class=\"about\">");
  _cairn_export_html_escape (out, about);
  g_string_append (out, "</p>\n");
  _cairn_export_walk (out, source, NULL, &writer);
  g_string_append (out, "</main>\n</body>\n</html>\n");
  return out;
}
