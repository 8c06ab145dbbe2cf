/* cairn-transcript-builder-lines.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-transcript"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "transcript/cairn-transcript-builder-private.h"

/* Whole `assistant` and `user` lines: the same shapes on the CLI's stdout
 * and in its session files. Anything not understood is kept as a RAW item,
 * so nothing the CLI says is lost. */

#define RAW_DISPLAY_MAX (64 * 1024)

/**
 * cairn_transcript_builder_append_raw:
 *
 * Shows @message as it came, collapsed under @title.
 */
void
cairn_transcript_builder_append_raw (CairnTranscriptBuilder *self,
                                     CairnMessage           *message,
                                     CairnNoticeSeverity     severity,
                                     const char             *title)
{
  g_autofree char *text = cairn_message_dup_display_text (message, RAW_DISPLAY_MAX);
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new_raw (severity, title, text);

  cairn_transcript_builder_append (self, CAIRN_ITEM (item));
}

/**
 * cairn_transcript_join_text_blocks:
 * @content: (nullable): a message's content blocks
 *
 * Returns: the text of @content's text blocks, one after the other
 */
char *
cairn_transcript_join_text_blocks (JsonArray *content)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; content != NULL && i < json_array_get_length (content); i++)
    {
      JsonNode *node = json_array_get_element (content, i);
      const char *piece = JSON_NODE_HOLDS_OBJECT (node)
        ? cairn_json_get_string (json_node_get_object (node), "text") : NULL;
      if (piece != NULL)
        g_string_append (text, piece);
    }
  return g_string_free (text, FALSE);
}

void
cairn_transcript_builder_add_assistant (CairnTranscriptBuilder *self,
                                        CairnMessage           *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *inner = cairn_json_get_object (object, "message");
  JsonArray *content = cairn_json_get_array (inner, "content");

  /* API failures come as a made-up assistant message with an error. */
  if (g_strcmp0 (cairn_json_get_string (inner, "model"), "<synthetic>") == 0 &&
      cairn_json_get_string (object, "error") != NULL)
    {
      g_autofree char *text = cairn_transcript_join_text_blocks (content);
      cairn_transcript_builder_close_open_blocks (self);
      cairn_transcript_builder_append_notice (self, CAIRN_NOTICE_ERROR, _("Claude could not answer"), text);
      return;
    }
  if (content == NULL)
    {
      cairn_transcript_builder_append_raw (self, message, CAIRN_NOTICE_WARNING,
                                           _("Assistant message without content"));
      return;
    }
  _cairn_transcript_builder_assistant_blocks (self, object, content);
}

static gboolean
is_interrupt_marker (const char *text)
{
  return g_str_has_prefix (text, "[Request interrupted by user");
}

static char *
strip_local_command_tags (const char *text)
{
  g_autofree char *copy = g_strdup (text);
  char *start = strstr (copy, "<local-command-stdout>");
  char *end;

  if (start == NULL)
    return g_strdup (text);
  start += strlen ("<local-command-stdout>");
  if ((end = strstr (start, "</local-command-stdout>")))
    *end = '\0';
  return g_strdup (start);
}

/* The task a subagent was given, shown at the top of its card. */
static void
add_subagent_prompt (CairnTranscriptBuilder *self,
                     const char             *parent,
                     const char             *text)
{
  CairnToolCallItem *call = cairn_transcript_builder_find_call (self, parent);
  CairnTranscript *children = call ? cairn_tool_call_item_get_children (call) : NULL;
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new (CAIRN_NOTICE_INFO, _("Task"), text);

  cairn_transcript_append (children ? children : self->transcript, CAIRN_ITEM (item));
}

/**
 * cairn_transcript_builder_add_user:
 *
 * A `user` line that is not the user's own prompt: tool results, a
 * subagent's task, a slash command's output, an interrupt marker.
 */
void
cairn_transcript_builder_add_user (CairnTranscriptBuilder *self,
                                   CairnMessage           *message)
{
  JsonObject *object = cairn_message_get_object (message);
  JsonObject *inner = cairn_json_get_object (object, "message");
  const char *plain = cairn_json_get_string (inner, "content");
  JsonArray *blocks = cairn_json_get_array (inner, "content");
  g_autofree char *text = plain ? g_strdup (plain) : cairn_transcript_join_text_blocks (blocks);
  const char *parent = cairn_json_get_string (object, "parent_tool_use_id");

  if (blocks != NULL && _cairn_transcript_builder_tool_results (self, object, blocks))
    return;
  if (parent != NULL && *text != '\0')
    add_subagent_prompt (self, parent, text);
  else if (strstr (text, "<local-command-stdout>") != NULL)
    {
      g_autofree char *output = strip_local_command_tags (text);
      cairn_transcript_builder_append_notice (self, CAIRN_NOTICE_INFO, output, NULL);
    }
  /* The turn's result row already says it was interrupted. */
  else if (is_interrupt_marker (text))
    return;
  /* Our own prompt echoed back is already in the transcript. */
  else if (!cairn_json_get_bool (object, "isReplay", FALSE))
    cairn_transcript_builder_append_raw (self, message, CAIRN_NOTICE_INFO,
                                         blocks != NULL && *text == '\0' ? _("Tool result")
                                                                          : _("User message"));
}

/**
 * cairn_transcript_builder_add_compact_boundary:
 *
 * The `system/compact_boundary` line: the conversation was summarised.
 */
void
cairn_transcript_builder_add_compact_boundary (CairnTranscriptBuilder *self,
                                               JsonObject             *line)
{
  JsonObject *meta = cairn_json_get_object (line, "compact_metadata");
  int before = (int)cairn_json_get_int (meta, "pre_tokens", 0);
  g_autofree char *body =
    g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d token before, %d after",
                                  "%d tokens before, %d after", before),
                     before, (int)cairn_json_get_int (meta, "post_tokens", 0));

  cairn_transcript_builder_append_notice (self, CAIRN_NOTICE_INFO,
                                          _("The conversation was compacted"), body);
}
