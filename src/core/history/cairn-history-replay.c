/* cairn-history-replay.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <glib/gi18n.h>

#include "attachments/cairn-attachment.h"
#include "history/cairn-history-replay.h"
#include "protocol/cairn-json.h"

/* Shows a conversation read back from its session file with the same rows
 * it had live: each line goes to the transcript builder the live stream
 * uses. Session-file lines differ from stdout lines (docs/session-files.md):
 * the user's prompts are there, results are not, metadata lines are mixed
 * in, and a subagent's steps live in a file of their own. */

struct _CairnHistoryReplay
{
  CairnTranscriptBuilder *builder;
  /* <session id>/subagents/, where agent-<agentId>.jsonl files are. */
  GFile                  *subagents_dir;
  /* Agent tool_use ids whose steps were shown already. */
  GHashTable             *shown_agents;
};

/* Lines that carry facts about the conversation (titles, modes, queue and
 * checkpoint bookkeeping), not something said in it. CLI 2.1.330 added the
 * shapes of its API requests, the tools used so far and the running cost
 * (docs/session-files.md). */
static gboolean
is_metadata (const char *type)
{
  static const char *types[] = {
    "attachment", "queue-operation", "last-prompt", "custom-title", "ai-title", "mode",
    "file-history-snapshot", "file-history-delta", "summary", "tag", "agent-name", "pr-link", "worktree-state",
    "atis-latch", "api-request", "tools-used", "cost-state", "permission-mode", NULL,
  };

  /* api-request-shape, -blob, -resumed: parts of a request as sent */
  return type != NULL && (g_strv_contains (types, type) || g_str_has_prefix (type, "api-request-"));
}

/**
 * cairn_history_replay_new:
 * @session_file: (nullable): the conversation's .jsonl, to find its subagents
 */
CairnHistoryReplay *
cairn_history_replay_new (const char *cwd,
                          GFile      *session_file)
{
  g_autoptr(CairnTranscriptBuilder) builder = cairn_transcript_builder_new (cwd);

  return cairn_history_replay_new_for_builder (builder, session_file);
}

/**
 * cairn_history_replay_new_for_builder:
 * @builder: a builder whose transcript has the lines before these
 *
 * Replays lines appended to a conversation into the transcript it shows
 * already (the session's, on the main loop).
 */
CairnHistoryReplay *
cairn_history_replay_new_for_builder (CairnTranscriptBuilder *builder,
                                      GFile                  *session_file)
{
  CairnHistoryReplay *self = g_new0 (CairnHistoryReplay, 1);
  g_autoptr(GFile) parent = session_file ? g_file_get_parent (session_file) : NULL;
  g_autofree char *base = session_file ? g_file_get_basename (session_file) : NULL;

  self->builder = g_object_ref (builder);
  self->shown_agents = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (base != NULL && g_str_has_suffix (base, ".jsonl"))
    {
      g_autofree char *session_id = g_strndup (base, strlen (base) - strlen (".jsonl"));
      g_autoptr(GFile) session_dir = g_file_get_child (parent, session_id);

      self->subagents_dir = g_file_get_child (session_dir, "subagents");
    }
  return self;
}

void
cairn_history_replay_free (CairnHistoryReplay *self)
{
  g_clear_object (&self->builder);
  g_clear_object (&self->subagents_dir);
  g_clear_pointer (&self->shown_agents, g_hash_table_unref);
  g_free (self);
}

CairnTranscriptBuilder *
cairn_history_replay_get_builder (CairnHistoryReplay *self)
{
  return self->builder;
}

/**
 * cairn_history_is_prompt:
 *
 * Whether a session file's `user` line is something the user typed (not a
 * tool result, a compaction summary, a command's output or a meta line).
 */
gboolean
cairn_history_is_prompt (JsonObject *line)
{
  JsonObject *inner = cairn_json_get_object (line, "message");
  JsonArray *blocks = cairn_json_get_array (inner, "content");
  const char *plain = cairn_json_get_string (inner, "content");

  if (cairn_json_get_bool (line, "isMeta", FALSE) ||
      cairn_json_get_bool (line, "isCompactSummary", FALSE) ||
      json_object_has_member (line, "toolUseResult"))
    return FALSE;
  if (plain != NULL)
    return strstr (plain, "<local-command-stdout>") == NULL &&
           !g_str_has_prefix (plain, "[Request interrupted by user");
  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    {
      JsonNode *node = json_array_get_element (blocks, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (g_strcmp0 (cairn_json_get_string (block, "type"), "tool_result") == 0)
        return FALSE;
    }
  return blocks != NULL;
}

/* The images of a prompt, from their base64 blocks; one that doesn't
 * decode is left out (the text still shows). */
static GPtrArray *
prompt_images (JsonArray *blocks)
{
  GPtrArray *images = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    {
      JsonNode *node = json_array_get_element (blocks, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonObject *source = cairn_json_get_object (block, "source");
      const char *data = cairn_json_get_string (source, "data");
      g_autoptr(GBytes) bytes = NULL;
      guchar *decoded;
      gsize length = 0;
      CairnAttachment *image;

      if (g_strcmp0 (cairn_json_get_string (block, "type"), "image") != 0 || data == NULL)
        continue;
      decoded = g_base64_decode (data, &length);
      bytes = g_bytes_new_take (decoded, length);
      if ((image = cairn_attachment_new_from_data (bytes, _("Image"), NULL, NULL)) != NULL)
        g_ptr_array_add (images, image);
    }
  return images;
}

/* What the user typed for a slash command, from the tags the CLI keeps:
 * "<command-name>/compact</command-name>…<command-args>x</command-args>". */
static char *
command_text (const char *text)
{
  const char *name = strstr (text, "<command-name>");
  const char *name_end = name ? strstr (name, "</command-name>") : NULL;
  const char *args = strstr (text, "<command-args>");
  const char *args_end = args ? strstr (args, "</command-args>") : NULL;
  g_autofree char *command = NULL;
  g_autofree char *arguments = NULL;

  if (name == NULL || name_end == NULL)
    return NULL;
  name += strlen ("<command-name>");
  command = g_strndup (name, name_end - name);
  if (args != NULL && args_end != NULL)
    {
      args += strlen ("<command-args>");
      arguments = g_strstrip (g_strndup (args, args_end - args));
    }
  return arguments && *arguments ? g_strdup_printf ("%s %s", command, arguments) : g_steal_pointer (&command);
}

static void
replay_prompt (CairnHistoryReplay *self,
               JsonObject         *line,
               JsonObject         *inner)
{
  const char *plain = cairn_json_get_string (inner, "content");
  JsonArray *blocks = cairn_json_get_array (inner, "content");
  g_autofree char *joined = plain ? g_strdup (plain) : cairn_transcript_join_text_blocks (blocks);
  g_autofree char *command = command_text (joined);
  g_autoptr(GPtrArray) images = prompt_images (blocks);

  cairn_transcript_builder_add_prompt (self->builder, command ? command : joined, images,
                                       cairn_json_get_string (line, "uuid"));
}

static void
replay_user (CairnHistoryReplay *self,
             CairnMessage       *message)
{
  JsonObject *line = cairn_message_get_object (message);
  JsonObject *inner = cairn_json_get_object (line, "message");
  const char *plain = cairn_json_get_string (inner, "content");
  g_autofree char *joined = NULL;

  if (cairn_json_get_bool (line, "isCompactSummary", FALSE))
    {
      joined = plain ? g_strdup (plain) : cairn_transcript_join_text_blocks (cairn_json_get_array (inner, "content"));
      cairn_transcript_builder_append_notice (self->builder, CAIRN_NOTICE_INFO,
                                              _("Summary of the earlier conversation"), joined);
    }
  else if (cairn_json_get_bool (line, "isMeta", FALSE))
    return;
  else if (cairn_history_is_prompt (line))
    replay_prompt (self, line, inner);
  else if (plain != NULL && g_str_has_prefix (plain, "[Request interrupted by user"))
    /* Live, the turn's result row says so; a session file has no results. */
    cairn_transcript_builder_append_notice (self->builder, CAIRN_NOTICE_INFO,
                                            _("The turn was interrupted"), NULL);
  else
    cairn_transcript_builder_add_user (self->builder, message);
}

static gboolean
is_text_only (CairnMessage *message)
{
  JsonArray *blocks = cairn_json_get_array (cairn_json_get_object (cairn_message_get_object (message),
                                                                   "message"), "content");

  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    {
      JsonNode *node = json_array_get_element (blocks, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (g_strcmp0 (cairn_json_get_string (block, "type"), "text") != 0)
        return FALSE;
    }
  return blocks != NULL;
}

/* The subagent's lines that the live stream shows on its card: its task,
 * its steps, with the parent_tool_use_id the live lines carry. */
static GPtrArray *
read_subagent_lines (GFile      *file,
                     const char *tool_use_id)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  GPtrArray *messages = g_ptr_array_new_with_free_func (g_object_unref);
  char *line, *end;

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, NULL))
    return messages;
  for (line = contents; line < contents + length; line = end + 1)
    {
      CairnMessage *message;
      CairnMessageKind kind;

      end = memchr (line, '\n', contents + length - line);
      if (end == NULL)
        end = contents + length;
      if (end == line)
        continue;
      message = cairn_message_new_from_line (line, end - line);
      kind = cairn_message_get_kind (message);
      if (kind != CAIRN_MESSAGE_ASSISTANT && kind != CAIRN_MESSAGE_USER)
        {
          g_object_unref (message);
          continue;
        }
      json_object_set_string_member (cairn_message_get_object (message), "parent_tool_use_id", tool_use_id);
      g_ptr_array_add (messages, message);
    }
  return messages;
}

/* Feeds the subagent's own file into its Agent card, as the live stream
 * does with its nested messages. Its last text is its answer, which the
 * card shows as the Agent's result (live, it never comes as a message). */
static void
replay_subagent (CairnHistoryReplay *self,
                 const char         *tool_use_id,
                 const char         *agent_id)
{
  g_autofree char *name = g_strdup_printf ("agent-%s.jsonl", agent_id);
  g_autoptr(GFile) file = self->subagents_dir ? g_file_get_child (self->subagents_dir, name) : NULL;
  g_autoptr(GPtrArray) messages = file ? read_subagent_lines (file, tool_use_id) : NULL;
  guint n = messages ? messages->len : 0;

  if (n > 0 && cairn_message_get_kind (g_ptr_array_index (messages, n - 1)) == CAIRN_MESSAGE_ASSISTANT &&
      is_text_only (g_ptr_array_index (messages, n - 1)))
    n--;
  for (guint i = 0; i < n; i++)
    {
      CairnMessage *message = g_ptr_array_index (messages, i);
      if (cairn_message_get_kind (message) == CAIRN_MESSAGE_ASSISTANT)
        cairn_transcript_builder_add_assistant (self->builder, message);
      else
        cairn_transcript_builder_add_user (self->builder, message);
    }
}

/* An Agent tool's result names the subagent whose steps go on its card;
 * they are shown before the result, in the order they happened. */
static void
replay_subagents_of (CairnHistoryReplay *self,
                     JsonObject         *line)
{
  JsonObject *result = cairn_json_get_object (line, "toolUseResult");
  const char *agent_id = cairn_json_get_string (result, "agentId");
  JsonArray *blocks = cairn_json_get_array (cairn_json_get_object (line, "message"), "content");
  JsonObject *block = blocks && json_array_get_length (blocks) > 0
    ? cairn_json_array_get_object (blocks, 0) : NULL;
  const char *tool_use_id = cairn_json_get_string (block, "tool_use_id");

  if (agent_id == NULL || tool_use_id == NULL ||
      g_hash_table_contains (self->shown_agents, tool_use_id))
    return;
  g_hash_table_add (self->shown_agents, g_strdup (tool_use_id));
  replay_subagent (self, tool_use_id, agent_id);
}

/* A slash command's output, as the live stream shows it. */
static void
replay_local_command (CairnHistoryReplay *self,
                      JsonObject         *line)
{
  const char *content = cairn_json_get_string (line, "content");
  const char *start = content ? strstr (content, "<local-command-stdout>") : NULL;
  const char *end = start ? strstr (start, "</local-command-stdout>") : NULL;
  g_autofree char *output = NULL;

  if (start == NULL || end == NULL)
    return;
  start += strlen ("<local-command-stdout>");
  output = g_strndup (start, end - start);
  if (*output != '\0')
    cairn_transcript_builder_append_notice (self->builder, CAIRN_NOTICE_INFO, output, NULL);
}

static void
replay_system (CairnHistoryReplay *self,
               CairnMessage       *message)
{
  const char *subtype = cairn_message_get_subtype (message);

  if (g_strcmp0 (subtype, "compact_boundary") == 0)
    cairn_transcript_builder_add_compact_boundary (self->builder, cairn_message_get_object (message));
  else if (g_strcmp0 (subtype, "local_command") == 0)
    replay_local_command (self, cairn_message_get_object (message));
  /* stop_hook_summary and the like are bookkeeping of a turn, not shown live either */
}

/**
 * cairn_history_replay_line:
 *
 * Shows one line of a conversation's chain (docs/session-files.md).
 */
void
cairn_history_replay_line (CairnHistoryReplay *self,
                           CairnMessage       *message)
{
  const char *type = cairn_message_get_type_name (message);
  g_autofree char *title = NULL;

  switch (cairn_message_get_kind (message))
    {
    case CAIRN_MESSAGE_INVALID:
      title = g_strdup_printf (_("A line of this conversation could not be read: %s"),
                               cairn_message_get_parse_error (message));
      cairn_transcript_builder_append_raw (self->builder, message, CAIRN_NOTICE_WARNING, title);
      break;

    case CAIRN_MESSAGE_ASSISTANT:
      cairn_transcript_builder_add_assistant (self->builder, message);
      break;

    case CAIRN_MESSAGE_USER:
      replay_subagents_of (self, cairn_message_get_object (message));
      replay_user (self, message);
      break;

    case CAIRN_MESSAGE_SYSTEM:
      replay_system (self, message);
      break;

    case CAIRN_MESSAGE_RESULT:
    case CAIRN_MESSAGE_STREAM_EVENT:
    case CAIRN_MESSAGE_CONTROL_REQUEST:
    case CAIRN_MESSAGE_CONTROL_RESPONSE:
    case CAIRN_MESSAGE_CONTROL_CANCEL_REQUEST:
    case CAIRN_MESSAGE_RATE_LIMIT_EVENT:
    case CAIRN_MESSAGE_COMMAND_LIFECYCLE:
    case CAIRN_MESSAGE_CONVERSATION_RESET:
    case CAIRN_MESSAGE_UNKNOWN:
    default:
      if (is_metadata (type))
        break;
      title = g_strdup_printf (_("Unknown line “%s”"), type ? type : "?");
      cairn_transcript_builder_append_raw (self->builder, message, CAIRN_NOTICE_INFO, title);
      break;
    }
}

/**
 * cairn_history_read_line:
 * @stream: the session file, seekable
 *
 * Reads back one line the first pass over the file found.
 */
CairnMessage *
cairn_history_read_line (GInputStream            *stream,
                         const CairnHistoryLine  *line,
                         GCancellable            *cancellable,
                         GError                 **error)
{
  g_autofree char *bytes = g_malloc (line->length + 1);
  gsize got = 0;

  if (!g_seekable_seek (G_SEEKABLE (stream), line->offset, G_SEEK_SET, cancellable, error) ||
      !g_input_stream_read_all (stream, bytes, line->length, &got, cancellable, error))
    return NULL;
  /* taken, not copied: a huge line is shortened in place */
  return cairn_message_new_take_line (g_steal_pointer (&bytes), got);
}

/**
 * cairn_history_replay_finish:
 *
 * The lines read so far are all there is: calls without a result were cut
 * off (the CLI stopped, or the file ends mid-turn).
 */
void
cairn_history_replay_finish (CairnHistoryReplay *self)
{
  cairn_transcript_builder_close_open_blocks (self->builder);
  cairn_transcript_builder_end_tool_calls (self->builder, _("No result was recorded"), FALSE);
}
