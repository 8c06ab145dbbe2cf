/* cairn-export-markdown.c
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
#include "transcript/cairn-changes-item.h"
#include "transcript/cairn-hook-item.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* A conversation as Markdown (GitHub's dialect): prompts as quotes, replies
 * as they were written, thinking and tool calls in closed <details> (their
 * summaries escaped: they are HTML), subagent steps nested in their call,
 * images as files beside the document. */

static const CairnExportWriter writer;

/* A fence longer than any run of backticks in @text, so no text ends it. */
static void
write_fenced (GString    *out,
              const char *lang,
              const char *text)
{
  guint longest = 0, run = 0;
  g_autofree char *fence = NULL;

  for (const char *p = text; *p; p++)
    {
      run = *p == '`' ? run + 1 : 0;
      longest = MAX (longest, run);
    }
  fence = g_strnfill (MAX (3, longest + 1), '`');
  g_string_append_printf (out, "%s%s\n%s", fence, lang ? lang : "", text);
  if (*text != '\0' && text[strlen (text) - 1] != '\n')
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "%s\n\n", fence);
}

static void
open_details (GString    *out,
              const char *summary)
{
  g_string_append (out, "<details>\n<summary>");
  _cairn_export_html_escape (out, summary);
  g_string_append (out, "</summary>\n\n");
}

/* A prompt as a quote: each of its lines, the empty ones too. */
static void
write_quoted (GString    *out,
              const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_string_append_c (out, '>');
      if (lines[i][0] != '\0')
        g_string_append_printf (out, " %s", lines[i]);
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '\n');
}

static void
write_images (GString           *out,
              CairnExportSource *source,
              CairnTextItem     *prompt)
{
  GListModel *images = cairn_text_item_get_attachments (prompt);

  for (guint i = 0; images != NULL && i < g_list_model_get_n_items (images); i++)
    {
      g_autoptr(CairnAttachment) image = g_list_model_get_item (images, i);
      g_autofree char *path = _cairn_export_add_image (source, cairn_attachment_get_data (image),
                                                       cairn_attachment_get_extension (image));
      g_autofree char *link = path ? g_uri_escape_string (path, "/", TRUE) : NULL;

      if (link != NULL)
        g_string_append_printf (out, "![%s %u](%s)\n\n", _("Image"), i + 1, link);
      else
        g_string_append_printf (out, "*%s*\n\n", _("An image, not exported (written to standard output)"));
    }
}

static void
write_tool_call (GString           *out,
                 CairnExportSource *source,
                 CairnItem         *item)
{
  CairnExportToolParts parts;

  _cairn_export_tool_parts (item, &parts);
  open_details (out, parts.summary);
  if (parts.code != NULL)
    write_fenced (out, parts.lang, parts.code);
  if (parts.children != NULL)
    _cairn_export_walk (out, source, parts.children, &writer);
  if (parts.output != NULL)
    {
      g_string_append_printf (out, "%s\n\n", _("Output:"));
      write_fenced (out, NULL, parts.output);
    }
  if (parts.result != NULL)
    g_string_append_printf (out, "%s\n\n", parts.result);
  g_string_append (out, "</details>\n\n");
  g_free (parts.summary);
}

static void
write_notice (GString           *out,
             CairnExportSource *source,
             CairnItem         *item)
{
  CairnNoticeItem *notice = CAIRN_NOTICE_ITEM (item);
  const char *body = cairn_notice_item_get_body (notice);

  if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_RAW)
    {
      open_details (out, cairn_notice_item_get_title (notice));
      write_fenced (out, "json", body ? body : "");
      g_string_append (out, "</details>\n\n");
      return;
    }
  g_string_append_printf (out, "*%s*\n\n", cairn_notice_item_get_title (notice));
  if (body != NULL && *body != '\0')
    write_quoted (out, body);
}

static void
write_hook (GString           *out,
           CairnExportSource *source,
           CairnItem         *item)
{
  CairnHookItem *hook = CAIRN_HOOK_ITEM (item);
  g_autofree char *status = cairn_hook_item_dup_status (hook);
  g_autofree char *summary = g_strdup_printf ("%s %s (%s)", _("Hook"), cairn_hook_item_get_name (hook), status);
  const char *command = cairn_hook_item_get_command (hook);
  const char *output = cairn_hook_item_get_output (hook);

  open_details (out, summary);
  if (command != NULL)
    write_fenced (out, "sh", command);
  if (output != NULL && *output != '\0')
    write_fenced (out, NULL, output);
  g_string_append (out, "</details>\n\n");
}

static void
write_changes (GString           *out,
              CairnExportSource *source,
              CairnItem         *item)
{
  CairnChangesItem *changes = CAIRN_CHANGES_ITEM (item);
  g_string_append_printf (out, "%s\n\n", _("Files left uncommitted:"));
  for (guint i = 0; i < cairn_changes_item_get_n_files (changes); i++)
    g_string_append_printf (out, "- `%s` %s\n", cairn_changes_item_get_path (changes, i),
                            cairn_changes_item_get_code (changes, i));
  g_string_append_c (out, '\n');
}

static void
write_prompt (GString           *out,
             CairnExportSource *source,
             CairnItem         *item)
{
  write_quoted (out, cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
  write_images (out, source, CAIRN_TEXT_ITEM (item));
}

static void
write_reply (GString           *out,
            CairnExportSource *source,
            CairnItem         *item)
{
  g_string_append_printf (out, "%s\n\n", cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
}

static void
write_thinking (GString           *out,
               CairnExportSource *source,
               CairnItem         *item)
{
  g_autofree char *summary = _cairn_export_thinking_summary (item);

  open_details (out, summary);
  g_string_append_printf (out, "%s\n\n</details>\n\n", cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)));
}

/* Only a failed turn: the figures of one that went well say nothing here. */
static void
write_result (GString           *out,
             CairnExportSource *source,
             CairnItem         *item)
{
  if (cairn_result_item_get_is_error (CAIRN_RESULT_ITEM (item)))
    g_string_append_printf (out, "*%s*\n\n", cairn_result_item_get_message (CAIRN_RESULT_ITEM (item)) ?: _("Failed"));
}

static void
write_speaker (GString            *out,
               CairnExportSpeaker  speaker)
{
  g_string_append_printf (out, "## %s\n\n", _cairn_export_speaker_name (speaker));
}

static const CairnExportWriter writer = {
  write_speaker, write_prompt, write_reply, write_thinking, write_tool_call, write_result, write_hook,
  write_changes, write_notice,
};

GString *
_cairn_export_markdown (CairnExportSource *source)
{
  GString *out = g_string_new (NULL);
  g_autofree char *about = _cairn_export_about (source);

  g_string_append_printf (out, "# %s\n\n%s\n\n---\n\n", source->title, about);
  _cairn_export_walk (out, source, NULL, &writer);
  return out;
}
