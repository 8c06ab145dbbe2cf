/* cairn-tool-summary.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-tool-summary"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-tool-summary.h"

/* Tool outputs can be huge (a Read of a big file, a build log): the card
 * shows the start and says how much more there is, the CLI's session file
 * keeps the rest. What a conversation holds in memory per tool call stays
 * bounded, however long the day (tests/bench-soak.c). */
#define OUTPUT_MAX (16 * 1024)

static const struct {
  const char    *name;
  CairnToolKind  kind;
} tool_kinds[] = {
  { "Edit", CAIRN_TOOL_KIND_EDIT }, { "MultiEdit", CAIRN_TOOL_KIND_EDIT },
  { "Write", CAIRN_TOOL_KIND_EDIT }, { "NotebookEdit", CAIRN_TOOL_KIND_EDIT },
  { "Read", CAIRN_TOOL_KIND_READ },
  { "Glob", CAIRN_TOOL_KIND_SEARCH }, { "Grep", CAIRN_TOOL_KIND_SEARCH },
  { "LS", CAIRN_TOOL_KIND_SEARCH },
  { "Bash", CAIRN_TOOL_KIND_SHELL }, { "BashOutput", CAIRN_TOOL_KIND_SHELL },
  { "KillShell", CAIRN_TOOL_KIND_SHELL }, { "KillBash", CAIRN_TOOL_KIND_SHELL },
  { "WebFetch", CAIRN_TOOL_KIND_WEB }, { "WebSearch", CAIRN_TOOL_KIND_WEB },
  { "Agent", CAIRN_TOOL_KIND_AGENT }, { "Task", CAIRN_TOOL_KIND_AGENT },
  { "TodoWrite", CAIRN_TOOL_KIND_TODO }, { "TaskCreate", CAIRN_TOOL_KIND_TODO },
  { "TaskUpdate", CAIRN_TOOL_KIND_TODO }, { "TaskList", CAIRN_TOOL_KIND_TODO },
  { "TaskGet", CAIRN_TOOL_KIND_TODO },
};

CairnToolKind
cairn_tool_kind_for_name (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (tool_kinds); i++)
    if (g_str_equal (tool_kinds[i].name, name))
      return tool_kinds[i].kind;
  return CAIRN_TOOL_KIND_GENERIC;
}

static char *
relative_path (const char *path,
               const char *cwd)
{
  gsize len = cwd ? strlen (cwd) : 0;

  if (path == NULL)
    return NULL;
  if (len > 0 && g_str_has_prefix (path, cwd) && path[len] == '/')
    return g_strdup (path + len + 1);
  return g_strdup (path);
}

static char *
first_line (const char *text)
{
  const char *end = text ? strchr (text, '\n') : NULL;

  if (text == NULL)
    return NULL;
  return end ? g_strdup_printf ("%.*s …", (int)(end - text), text) : g_strdup (text);
}

static void
append_lines (GString    *diff,
              char        prefix,
              const char *text)
{
  g_auto(GStrv) lines = NULL;

  if (text == NULL || *text == '\0')
    return;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* a trailing newline ends the last line; it doesn't start a new one */
      if (lines[i + 1] == NULL && *lines[i] == '\0')
        break;
      g_string_append_printf (diff, "%c%s\n", prefix, lines[i]);
    }
}

static void
append_replacement (GString    *diff,
                    const char *old_text,
                    const char *new_text)
{
  g_string_append (diff, "@@\n");
  append_lines (diff, '-', old_text);
  append_lines (diff, '+', new_text);
}

static char *
diff_for_edit (const char *name,
               JsonObject *input,
               const char *shown_path)
{
  GString *diff = g_string_new (NULL);
  JsonArray *edits = cairn_json_get_array (input, "edits");

  g_string_append_printf (diff, "--- %s\n+++ %s\n", shown_path, shown_path);
  if (g_str_equal (name, "Write"))
    {
      g_string_append (diff, "@@\n");
      append_lines (diff, '+', cairn_json_get_string (input, "content"));
    }
  else if (edits != NULL)
    for (guint i = 0; i < json_array_get_length (edits); i++)
      {
        JsonObject *edit = cairn_json_array_get_object (edits, i);
        append_replacement (diff, cairn_json_get_string (edit, "old_string"),
                            cairn_json_get_string (edit, "new_string"));
      }
  else if (g_str_equal (name, "NotebookEdit"))
    append_replacement (diff, NULL, cairn_json_get_string (input, "new_source"));
  else
    append_replacement (diff, cairn_json_get_string (input, "old_string"),
                        cairn_json_get_string (input, "new_string"));
  return g_string_free (diff, FALSE);
}

static char *
describe_read_range (JsonObject *input)
{
  gint64 offset = cairn_json_get_int (input, "offset", 0);
  gint64 limit = cairn_json_get_int (input, "limit", 0);

  if (offset > 0 && limit > 0)
    return g_strdup_printf (_("lines %d–%d"), (int)offset, (int)(offset + limit - 1));
  if (offset > 0)
    return g_strdup_printf (_("from line %d"), (int)offset);
  if (limit > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "first %d line", "first %d lines", limit),
                            (int)limit);
  return NULL;
}

static char *
describe_search (JsonObject *input,
                 const char *cwd)
{
  g_autofree char *path = relative_path (cairn_json_get_string (input, "path"), cwd);
  const char *glob = cairn_json_get_string (input, "glob");

  if (path != NULL && glob != NULL)
    return g_strdup_printf (_("in %s, files %s"), path, glob);
  if (path != NULL)
    return g_strdup_printf (_("in %s"), path);
  return glob ? g_strdup_printf (_("files %s"), glob) : NULL;
}

static char *
describe_todo (const char *name,
               JsonObject *input)
{
  JsonArray *todos = cairn_json_get_array (input, "todos");
  const char *status = cairn_json_get_string (input, "status");
  const char *task = cairn_json_get_string (input, "taskId");

  if (todos != NULL)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks",
                                         json_array_get_length (todos)),
                            json_array_get_length (todos));
  if (g_str_equal (name, "TaskUpdate") && task != NULL)
    return status ? g_strdup_printf (_("Task #%s: %s"), task, status)
                  : g_strdup_printf (_("Task #%s"), task);
  if (g_str_equal (name, "TaskList"))
    return g_strdup (_("List the tasks"));
  return g_strdup (cairn_json_get_string (input, "subject"));
}

/* "mcp__server__tool" reads better as "tool (server)". */
static char *
describe_generic (const char *name)
{
  g_auto(GStrv) parts = NULL;

  if (name == NULL || !g_str_has_prefix (name, "mcp__"))
    return g_strdup (name);
  parts = g_strsplit (name + 5, "__", 2);
  if (parts[0] == NULL || parts[1] == NULL)
    return g_strdup (name);
  return g_strdup_printf ("%s (%s)", parts[1], parts[0]);
}

static void
summarize_by_kind (const char       *name,
                   JsonObject       *input,
                   const char       *cwd,
                   CairnToolSummary *summary)
{
  const char *path = cairn_json_get_string (input, "file_path")
                       ?: cairn_json_get_string (input, "notebook_path");

  switch (summary->kind)
    {
    case CAIRN_TOOL_KIND_EDIT:
      summary->title = relative_path (path, cwd);
      if (summary->title != NULL)
        summary->diff = diff_for_edit (name, input, summary->title);
      break;

    case CAIRN_TOOL_KIND_READ:
      summary->title = relative_path (path, cwd);
      summary->subtitle = describe_read_range (input);
      break;

    case CAIRN_TOOL_KIND_SEARCH:
      summary->title = g_strdup (cairn_json_get_string (input, "pattern"));
      summary->subtitle = describe_search (input, cwd);
      break;

    case CAIRN_TOOL_KIND_SHELL:
      summary->title = first_line (cairn_json_get_string (input, "command"));
      summary->subtitle = g_strdup (cairn_json_get_string (input, "description"));
      summary->background = cairn_json_get_bool (input, "run_in_background", FALSE);
      break;

    case CAIRN_TOOL_KIND_WEB:
      summary->title = g_strdup (cairn_json_get_string (input, "url")
                                   ?: cairn_json_get_string (input, "query"));
      summary->subtitle = g_strdup (cairn_json_get_string (input, "prompt"));
      break;

    case CAIRN_TOOL_KIND_AGENT:
      summary->title = g_strdup (cairn_json_get_string (input, "description"));
      summary->subtitle = g_strdup (cairn_json_get_string (input, "subagent_type"));
      summary->background = cairn_json_get_bool (input, "run_in_background", FALSE);
      break;

    case CAIRN_TOOL_KIND_TODO:
      summary->title = describe_todo (name, input);
      break;

    case CAIRN_TOOL_KIND_GENERIC:
    default:
      summary->title = describe_generic (name);
      break;
    }
}

void
cairn_tool_summarize_input (const char       *name,
                            JsonObject       *input,
                            const char       *cwd,
                            CairnToolSummary *summary)
{
  g_return_if_fail (summary != NULL);

  cairn_tool_summary_clear (summary);
  summary->kind = cairn_tool_kind_for_name (name);
  if (input == NULL)
    return;
  summarize_by_kind (name ? name : "", input, cwd, summary);
  summary->input_text = cairn_json_object_to_string (input, TRUE);
}

/* Reads one JSON string that may still be cut off by the stream. */
static const char *
read_partial_string (const char *p,
                     GString    *out)
{
  for (p++; *p != '\0' && *p != '"'; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }
      if (*++p == '\0')
        break;
      switch (*p)
        {
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'u':
          if (strlen (p) >= 5)
            {
              g_string_append_unichar (out, (gunichar)g_ascii_strtoull (p + 1, NULL, 16) ?: '?');
              p += 4;
            }
          break;
        default: g_string_append_c (out, *p); break;
        }
    }
  return *p == '"' ? p + 1 : p;
}

static const char *
skip_value (const char *p)
{
  int depth = 0;

  for (; *p != '\0'; p++)
    {
      if (*p == '"')
        {
          g_autoptr(GString) ignored = g_string_new (NULL);
          p = read_partial_string (p, ignored) - 1;
        }
      else if (*p == '{' || *p == '[')
        depth++;
      else if (*p == '}' || *p == ']')
        {
          if (depth-- == 0)
            return p;
        }
      else if (*p == ',' && depth == 0)
        return p;
      if (*p == '\0')
        break;
    }
  return p;
}

/* The top-level string members of a JSON object that is still arriving
 * (input_json_delta), so the card can show the path or command early. */
static JsonObject *
parse_partial_object (const char *json)
{
  JsonObject *object = json_object_new ();
  const char *p = json ? strchr (json, '{') : NULL;

  while (p != NULL && *p != '\0')
    {
      g_autoptr(GString) key = g_string_new (NULL);
      g_autoptr(GString) value = g_string_new (NULL);

      if (!(p = strchr (p, '"')))
        break;
      p = read_partial_string (p, key);
      while (*p == ' ' || *p == ':' || *p == '\n')
        p++;
      if (*p == '"')
        {
          p = read_partial_string (p, value);
          json_object_set_string_member (object, key->str, value->str);
        }
      else
        p = skip_value (p);
    }
  return object;
}

void
cairn_tool_summarize_partial (const char       *name,
                              const char       *partial_json,
                              const char       *cwd,
                              CairnToolSummary *summary)
{
  g_autoptr(JsonObject) partial = parse_partial_object (partial_json);

  cairn_tool_summarize_input (name, partial, cwd, summary);
  g_clear_pointer (&summary->input_text, g_free);
  summary->input_text = g_strdup (partial_json);
}

char *
cairn_tool_content_to_text (JsonNode *content)
{
  GString *text = g_string_new (NULL);
  JsonArray *blocks;

  if (content == NULL || JSON_NODE_HOLDS_NULL (content))
    return g_string_free (text, FALSE);
  if (JSON_NODE_HOLDS_VALUE (content) && json_node_get_value_type (content) == G_TYPE_STRING)
    {
      g_string_append (text, json_node_get_string (content));
      return g_string_free (text, FALSE);
    }
  if (JSON_NODE_HOLDS_OBJECT (content) && cairn_json_get_string (json_node_get_object (content), "text"))
    {
      g_string_append (text, cairn_json_get_string (json_node_get_object (content), "text"));
      return g_string_free (text, FALSE);
    }
  if (!JSON_NODE_HOLDS_ARRAY (content))
    return cairn_json_to_string (content, TRUE);
  blocks = json_node_get_array (content);
  for (guint i = 0; i < json_array_get_length (blocks); i++)
    {
      JsonObject *block = cairn_json_array_get_object (blocks, i);
      const char *piece = cairn_json_get_string (block, "text");
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, piece ? piece : _("[image]"));
    }
  return g_string_free (text, FALSE);
}

static char *
diff_from_patch (JsonObject *structured)
{
  JsonArray *hunks = cairn_json_get_array (structured, "structuredPatch");
  const char *path = cairn_json_get_string (structured, "filePath");
  GString *diff;

  if (hunks == NULL || json_array_get_length (hunks) == 0 || path == NULL)
    return NULL;
  diff = g_string_new (NULL);
  g_string_append_printf (diff, "--- %s\n+++ %s\n", path, path);
  for (guint i = 0; i < json_array_get_length (hunks); i++)
    {
      JsonObject *hunk = cairn_json_array_get_object (hunks, i);
      JsonArray *lines = cairn_json_get_array (hunk, "lines");
      g_string_append_printf (diff, "@@ -%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                              " +%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT " @@\n",
                              cairn_json_get_int (hunk, "oldStart", 0), cairn_json_get_int (hunk, "oldLines", 0),
                              cairn_json_get_int (hunk, "newStart", 0), cairn_json_get_int (hunk, "newLines", 0));
      for (guint j = 0; lines != NULL && j < json_array_get_length (lines); j++)
        g_string_append_printf (diff, "%s\n", cairn_json_array_get_string (lines, j) ?: "");
    }
  return g_string_free (diff, FALSE);
}

/* What a subagent's card says when it is done. */
char *
cairn_tool_format_agent_figures (gint64 tool_uses,
                                 gint64 tokens)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d tool use, %d tokens",
                                       "%d tool uses, %d tokens", (gulong)MAX (tool_uses, 0)),
                          (int)tool_uses, (int)tokens);
}

static char *
summarize_structured (CairnToolKind  kind,
                      JsonObject    *structured)
{
  JsonObject *file = cairn_json_get_object (structured, "file");
  gint64 files = cairn_json_get_int (structured, "numFiles", -1);
  gint64 tools = cairn_json_get_int (structured, "totalToolUseCount", -1);

  if (kind == CAIRN_TOOL_KIND_READ && file != NULL)
    {
      int lines = (int)cairn_json_get_int (file, "numLines", 0);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d line", "%d lines", lines), lines);
    }
  if (kind == CAIRN_TOOL_KIND_SEARCH && files >= 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d file found", "%d files found", files),
                            (int)files);
  if (kind == CAIRN_TOOL_KIND_AGENT && tools >= 0)
    return cairn_tool_format_agent_figures (tools, cairn_json_get_int (structured, "totalTokens", 0));
  if (kind == CAIRN_TOOL_KIND_SHELL && cairn_json_get_bool (structured, "interrupted", FALSE))
    return g_strdup (_("interrupted"));
  if (kind == CAIRN_TOOL_KIND_SHELL && cairn_json_get_string (structured, "backgroundTaskId"))
    return g_strdup (_("running in the background"));
  if (kind == CAIRN_TOOL_KIND_SHELL)
    return g_strdup (_("exit code 0"));
  return NULL;
}

/* Takes @text; a long one comes back as its start, in an allocation of
 * its own size, and a line saying how much was left out. */
static char *
clip_output (char *text)
{
  gsize len = strlen (text);
  const char *end;
  g_autofree char *rest = NULL;
  char *clipped;

  if (len <= OUTPUT_MAX)
    return text;
  g_utf8_validate (text, OUTPUT_MAX, &end);
  rest = g_format_size (len - (end - text));
  /* Translators: %s is a size such as "34.2 kB" */
  clipped = g_strdup_printf (_("%.*s\n… %s more, not shown"), (int)(end - text), text, rest);
  g_free (text);
  return clipped;
}

/* A subagent's result is its answer, then blocks for the model (its
 * agentId, how to continue it, token usage): the card shows the answer. */
static JsonNode *
first_block (JsonNode *content)
{
  if (content != NULL && JSON_NODE_HOLDS_ARRAY (content) &&
      json_array_get_length (json_node_get_array (content)) > 0)
    return json_array_get_element (json_node_get_array (content), 0);
  return content;
}

/* CLI 2.1.330 wraps a subagent's answer in a frame for the model; the
 * structured result has it plain, after a note of the tools it used
 * (docs/protocol-changes.md). */
static char *
subagent_answer (JsonNode   *content,
                 JsonObject *structured)
{
  JsonArray *blocks = cairn_json_get_array (structured, "content");
  g_autoptr(GString) answer = g_string_new (NULL);

  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    {
      const char *text = cairn_json_get_string (cairn_json_array_get_object (blocks, i), "text");
      if (text != NULL && !g_str_has_prefix (text, "<tools-used-before-summary>"))
        g_string_append_printf (answer, "%s%s", answer->len > 0 ? "\n\n" : "", text);
    }
  if (answer->len > 0)
    return g_string_free (g_steal_pointer (&answer), FALSE);
  return cairn_tool_content_to_text (first_block (content));
}

static gboolean
launched_in_background (CairnToolKind  kind,
                        JsonObject    *structured)
{
  return kind == CAIRN_TOOL_KIND_AGENT &&
         g_strcmp0 (cairn_json_get_string (structured, "status"), "async_launched") == 0;
}

/* "<tool_use_error>Error: …</tool_use_error>" is for the model. */
static char *
strip_error_tags (char *text)
{
  static const char open_tag[] = "<tool_use_error>";
  static const char close_tag[] = "</tool_use_error>";
  gsize len;

  if (!g_str_has_prefix (text, open_tag))
    return text;
  memmove (text, text + strlen (open_tag), strlen (text) - strlen (open_tag) + 1);
  len = strlen (text);
  if (g_str_has_suffix (text, close_tag))
    text[len - strlen (close_tag)] = '\0';
  return text;
}

void
cairn_tool_summarize_result (CairnToolKind     kind,
                             JsonNode         *content,
                             gboolean          is_error,
                             JsonNode         *structured,
                             CairnToolOutcome *outcome)
{
  JsonObject *fields = structured && JSON_NODE_HOLDS_OBJECT (structured)
                         ? json_node_get_object (structured) : NULL;

  g_return_if_fail (outcome != NULL);

  cairn_tool_outcome_clear (outcome);
  if (!is_error && launched_in_background (kind, fields))
    {
      /* the result only says where the agent's output will be */
      outcome->output = g_strdup ("");
      outcome->summary = g_strdup (_("running in the background"));
      outcome->running_on = TRUE;
      return;
    }
  outcome->output = clip_output (strip_error_tags (
    kind == CAIRN_TOOL_KIND_AGENT ? subagent_answer (content, fields) : cairn_tool_content_to_text (content)));
  if (is_error)
    outcome->summary = first_line (outcome->output);
  else if (fields != NULL)
    outcome->summary = summarize_structured (kind, fields);
  /* a fetch or search says what it found in its first line */
  if (outcome->summary == NULL && kind == CAIRN_TOOL_KIND_WEB && *outcome->output != '\0')
    outcome->summary = first_line (outcome->output);
  if (kind == CAIRN_TOOL_KIND_EDIT && fields != NULL)
    outcome->diff = diff_from_patch (fields);
}

void
cairn_tool_count_diff_lines (const char *diff,
                             guint      *added,
                             guint      *removed)
{
  *added = *removed = 0;
  for (const char *line = diff; line != NULL && *line != '\0'; )
    {
      const char *next = strchr (line, '\n');
      if (*line == '+' && !g_str_has_prefix (line, "+++ "))
        (*added)++;
      else if (*line == '-' && !g_str_has_prefix (line, "--- "))
        (*removed)++;
      line = next ? next + 1 : NULL;
    }
}

void
cairn_tool_summary_clear (CairnToolSummary *summary)
{
  g_clear_pointer (&summary->title, g_free);
  g_clear_pointer (&summary->subtitle, g_free);
  g_clear_pointer (&summary->diff, g_free);
  g_clear_pointer (&summary->input_text, g_free);
  summary->background = FALSE;
}

void
cairn_tool_outcome_clear (CairnToolOutcome *outcome)
{
  g_clear_pointer (&outcome->output, g_free);
  g_clear_pointer (&outcome->summary, g_free);
  g_clear_pointer (&outcome->diff, g_free);
  outcome->running_on = FALSE;
}
