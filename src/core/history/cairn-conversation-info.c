/* cairn-conversation-info.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"
#define _GNU_SOURCE   /* memmem, memrchr */

#include "config.h"

#include <string.h>

#include "history/cairn-conversation-info.h"
#include "history/cairn-history-scan.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"

/* What the sidebar shows of a stored conversation, read from the first
 * and last 64 KB of its file only (like the official SDK), so listing a
 * thousand conversations doesn't read gigabytes. The facts near the start
 * (cwd, branch, first prompt) and near the end (renames, the last prompt,
 * the last activity) are there (docs/session-files.md). */

#define WINDOW (64 * 1024)
#define TITLE_MAX_CHARS 100

struct _CairnConversationInfo
{
  GObject  parent_instance;

  GFile   *file;
  char    *session_id;
  char    *cwd;
  char    *title;
  char    *git_branch;
  gint64   created;
  gint64   modified;
  guint64  size;
  guint64  mtime_us;
};

G_DEFINE_FINAL_TYPE (CairnConversationInfo, cairn_conversation_info, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_SESSION_ID,
  PROP_CWD,
  PROP_TITLE,
  PROP_GIT_BRANCH,
  PROP_CREATED,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* What the head and the tail say, best candidate of each kind. */
typedef struct
{
  char    *cwd;
  char    *git_branch;
  char    *first_prompt;
  char    *custom_title;
  char    *ai_title;
  char    *last_prompt;
  char    *tail_last_prompt;   /* from the tail: newer than any in the head */
  char    *summary;
  gint64   first_time;
  gint64   last_time;
  gboolean sidechain_first;
  gboolean seen_message;
} Facts;

static void
facts_clear (Facts *facts)
{
  g_free (facts->cwd);
  g_free (facts->git_branch);
  g_free (facts->first_prompt);
  g_free (facts->custom_title);
  g_free (facts->ai_title);
  g_free (facts->last_prompt);
  g_free (facts->tail_last_prompt);
  g_free (facts->summary);
}

static gboolean
is_wrapper_text (const char *text)
{
  static const char *prefixes[] = {
    "<command-name>", "<command-message>", "<command-args>", "<local-command-",
    "Caveat:", "[Request interrupted", "<system-reminder>", NULL,
  };

  while (g_ascii_isspace (*text))
    text++;
  for (guint i = 0; prefixes[i] != NULL; i++)
    if (g_str_has_prefix (text, prefixes[i]))
      return TRUE;
  return *text == '\0';
}

/**
 * cairn_conversation_clean_title:
 *
 * Returns: (nullable): @text as a one-line title: valid UTF-8, runs of
 *   white space as one space, at most 100 characters
 */
char *
cairn_conversation_clean_title (const char *text)
{
  g_autofree char *valid = text ? g_utf8_make_valid (text, -1) : NULL;
  GString *title = g_string_new (NULL);
  gboolean space = FALSE;
  guint chars = 0;
  gsize length;

  for (const char *p = valid; p != NULL && *p != '\0' && chars < TITLE_MAX_CHARS; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (g_unichar_isspace (c))
        {
          space = title->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (title, ' ');
      space = FALSE;
      g_string_append_unichar (title, c);
      chars++;
    }
  if (valid != NULL && chars == TITLE_MAX_CHARS && g_utf8_strlen (valid, -1) > TITLE_MAX_CHARS)
    g_string_append (title, "…");
  if (title->len == 0)
    {
      g_string_free (title, TRUE);
      return NULL;
    }
  /* kept as long as the list: without the GString's spare room */
  length = title->len;
  return g_realloc (g_string_free (title, FALSE), length + 1);
}

static char *
prompt_text (JsonObject *line)
{
  JsonObject *message = cairn_json_get_object (line, "message");
  JsonArray *blocks = cairn_json_get_array (message, "content");
  GString *text;

  if (cairn_json_get_bool (line, "isMeta", FALSE) || cairn_json_get_bool (line, "isCompactSummary", FALSE) ||
      json_object_has_member (line, "toolUseResult"))
    return NULL;
  if (cairn_json_get_string (message, "content") != NULL)
    return g_strdup (cairn_json_get_string (message, "content"));
  text = g_string_new (NULL);
  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    {
      JsonNode *node = json_array_get_element (blocks, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (g_strcmp0 (cairn_json_get_string (block, "type"), "tool_result") == 0)
        {
          g_string_truncate (text, 0);
          break;
        }
      if (g_strcmp0 (cairn_json_get_string (block, "type"), "text") == 0)
        g_string_append_printf (text, "%s ", cairn_json_get_string (block, "text") ?: "");
    }
  return g_string_free (text, text->len == 0);
}

static void
keep_latest (char       **field,
             const char  *value)
{
  if (value != NULL && *value != '\0')
    {
      g_free (*field);
      *field = g_strdup (value);
    }
}

static void
note_time (Facts      *facts,
           JsonObject *line)
{
  const char *stamp = cairn_json_get_string (line, "timestamp");
  g_autoptr(GDateTime) when = stamp ? g_date_time_new_from_iso8601 (stamp, NULL) : NULL;

  if (when == NULL)
    return;
  if (facts->first_time == 0)
    facts->first_time = g_date_time_to_unix (when);
  facts->last_time = MAX (facts->last_time, g_date_time_to_unix (when));
}

static void
keep_first (char       **field,
            const char  *value)
{
  if (*field == NULL && value != NULL && *value != '\0')
    *field = g_strdup (value);
}

/* A tail line, read from the end back: the first of each kind is the
 * newest. */
static void
note_tail_line (Facts      *facts,
                JsonObject *line)
{
  const char *type = cairn_json_get_string (line, "type");
  const char *stamp = cairn_json_get_string (line, "timestamp");
  g_autoptr(GDateTime) when = stamp ? g_date_time_new_from_iso8601 (stamp, NULL) : NULL;

  keep_first (&facts->custom_title, cairn_json_get_string (line, "customTitle"));
  keep_first (&facts->ai_title, cairn_json_get_string (line, "aiTitle"));
  if (g_strcmp0 (type, "last-prompt") == 0)
    keep_first (&facts->tail_last_prompt, cairn_json_get_string (line, "lastPrompt"));
  if (g_strcmp0 (type, "summary") == 0)
    keep_first (&facts->summary, cairn_json_get_string (line, "summary"));
  if (g_strcmp0 (type, "user") == 0 || g_strcmp0 (type, "assistant") == 0)
    {
      facts->seen_message = TRUE;
      keep_latest (&facts->git_branch, cairn_json_get_string (line, "gitBranch"));
      if (when != NULL)
        facts->last_time = MAX (facts->last_time, g_date_time_to_unix (when));
      if (facts->cwd == NULL)
        keep_latest (&facts->cwd, cairn_json_get_string (line, "cwd"));
    }
}

static void
note_line (Facts      *facts,
           JsonObject *line)
{
  const char *type = cairn_json_get_string (line, "type");
  gboolean message = g_strcmp0 (type, "user") == 0 || g_strcmp0 (type, "assistant") == 0;

  note_time (facts, line);
  keep_latest (&facts->custom_title, cairn_json_get_string (line, "customTitle"));
  keep_latest (&facts->ai_title, cairn_json_get_string (line, "aiTitle"));
  if (g_strcmp0 (type, "last-prompt") == 0)
    keep_latest (&facts->last_prompt, cairn_json_get_string (line, "lastPrompt"));
  if (g_strcmp0 (type, "summary") == 0)
    keep_latest (&facts->summary, cairn_json_get_string (line, "summary"));
  if (!message)
    return;
  if (!facts->seen_message)
    facts->sidechain_first = cairn_json_get_bool (line, "isSidechain", FALSE);
  facts->seen_message = TRUE;
  if (cairn_json_get_bool (line, "isSidechain", FALSE))
    return;
  if (facts->cwd == NULL)
    keep_latest (&facts->cwd, cairn_json_get_string (line, "cwd"));
  keep_latest (&facts->git_branch, cairn_json_get_string (line, "gitBranch"));
  if (facts->first_prompt == NULL && g_strcmp0 (type, "user") == 0)
    {
      g_autofree char *text = prompt_text (line);
      if (text != NULL && !is_wrapper_text (text))
        facts->first_prompt = g_steal_pointer (&text);
    }
}

static gboolean
type_is (const char           *line,
         const CairnLineFacts *facts,
         const char           *type)
{
  return facts->type_length == strlen (type) && memcmp (line + facts->type_start, type, facts->type_length) == 0;
}

/* The head: lines in order until the first real prompt (and the cwd) are
 * known; the rest of the window is not parsed. A line cut by the window's
 * edge, or by the CLI stopping mid-write, is skipped. */
static void
note_head (Facts      *facts,
           const char *buffer,
           gsize       length)
{
  const char *line = buffer, *end = buffer + length, *newline;

  for (; line < end && (newline = memchr (line, '\n', end - line)) != NULL; line = newline + 1)
    {
      g_autoptr(JsonObject) object = NULL;

      if (facts->first_prompt != NULL && facts->cwd != NULL)
        break;
      if ((object = cairn_json_parse_line (line, newline - line)) != NULL)
        note_line (facts, object);
    }
}

/* One tail line, if the scanner can read its top level: the newest
 * message not from a subagent and the title lines are parsed. Returns
 * whether it was such a message. */
static gboolean
note_tail_candidate (Facts      *facts,
                     const char *line,
                     gsize       length,
                     gboolean    want_message)
{
  CairnLineFacts line_facts;
  g_autoptr(JsonObject) object = NULL;
  gboolean message, title;

  if (!cairn_history_scan_line (line, length, &line_facts))
    return FALSE;
  message = type_is (line, &line_facts, "user") || type_is (line, &line_facts, "assistant");
  message = message && !line_facts.is_sidechain;
  title = type_is (line, &line_facts, "custom-title") || type_is (line, &line_facts, "ai-title") ||
          type_is (line, &line_facts, "last-prompt") || type_is (line, &line_facts, "summary");
  if (((message && want_message) || title) && (object = cairn_json_parse_line (line, length)) != NULL)
    note_tail_line (facts, object);
  return message;
}

/* The start of the line holding @p. */
static const char *
line_start (const char *start,
            const char *p)
{
  const char *newline = p > start ? memrchr (start, '\n', p - start) : NULL;

  return newline ? newline + 1 : start;
}

/* Title lines are found by their type's bytes with the closing quote:
 * the scanner compares raw bytes, so a line without any of these is no
 * title line (and needs no scan). */
static const char *title_marks[] = { "-title\"", "last-prompt\"", "\"summary\"" };

/* The title lines of [@start, @end), newest first. Found with memmem
 * rather than by scanning every line: most of a tail is messages. */
static void
note_tail_titles (Facts      *facts,
                  const char *start,
                  const char *end)
{
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (const char *));
  const char *next[G_N_ELEMENTS (title_marks)] = { NULL };
  const char *p = start;

  while (p < end)
    {
      const char *mark = NULL, *line, *line_end;

      /* each mark's next place, looked for again only once passed */
      for (guint i = 0; i < G_N_ELEMENTS (title_marks); i++)
        {
          if (next[i] != end && next[i] < p)
            next[i] = memmem (p, end - p, title_marks[i], strlen (title_marks[i])) ?: end;
          if (next[i] != end && (mark == NULL || next[i] < mark))
            mark = next[i];
        }
      if (mark == NULL)
        break;
      line = line_start (start, mark);
      line_end = memchr (mark, '\n', end - mark);
      line_end = line_end ? line_end : end;
      g_array_append_val (lines, line);
      p = line_end + 1;
    }
  for (guint i = lines->len; i > 0; i--)
    {
      const char *line = g_array_index (lines, const char *, i - 1);
      const char *line_end = memchr (line, '\n', end - line);

      note_tail_candidate (facts, line, (line_end ? line_end : end) - line, FALSE);
    }
}

/* The tail, from its end back: the newest title lines, and the newest
 * message for the last activity and branch. Lines are read back from the
 * end until that message; before it only title lines can matter, and
 * they are found without scanning the lines between. */
static void
note_tail (Facts      *facts,
           const char *buffer,
           gsize       length,
           gboolean    starts_mid_line)
{
  const char *start = buffer, *end = buffer + length;

  if (starts_mid_line)
    {
      const char *newline = memchr (buffer, '\n', length);
      start = newline ? newline + 1 : end;
    }
  /* a last line without its newline was being written: skip it */
  end = line_start (start, end);
  while (end > start)
    {
      const char *line = line_start (start, end - 1);
      gboolean message = note_tail_candidate (facts, line, end - 1 - line, TRUE);

      end = line;
      if (message)
        break;
    }
  if (end > start)
    note_tail_titles (facts, start, end);
}

static char *
read_window (GInputStream  *stream,
             goffset        offset,
             gsize         *length,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autofree char *buffer = g_malloc (WINDOW + 1);

  if (offset > 0 && !g_seekable_seek (G_SEEKABLE (stream), offset, G_SEEK_SET, cancellable, error))
    return NULL;
  if (!g_input_stream_read_all (stream, buffer, WINDOW, length, cancellable, error))
    return NULL;
  buffer[*length] = '\0';
  return g_steal_pointer (&buffer);
}

static const char *
best_title (Facts *facts)
{
  if (facts->custom_title != NULL)
    return facts->custom_title;
  if (facts->ai_title != NULL)
    return facts->ai_title;
  if (facts->tail_last_prompt != NULL && !is_wrapper_text (facts->tail_last_prompt))
    return facts->tail_last_prompt;
  if (facts->last_prompt != NULL && !is_wrapper_text (facts->last_prompt))
    return facts->last_prompt;
  if (facts->summary != NULL)
    return facts->summary;
  return facts->first_prompt;
}

static CairnConversationInfo *
info_from_facts (GFile     *file,
                 GFileInfo *file_info,
                 Facts     *facts)
{
  CairnConversationInfo *self = g_object_new (CAIRN_TYPE_CONVERSATION_INFO, NULL);
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr(GDateTime) mtime = g_file_info_get_modification_date_time (file_info);

  self->file = g_object_ref (file);
  self->session_id = g_strndup (base, strlen (base) - strlen (".jsonl"));
  self->cwd = g_steal_pointer (&facts->cwd);
  self->git_branch = g_steal_pointer (&facts->git_branch);
  self->title = cairn_conversation_clean_title (best_title (facts));
  if (self->title == NULL)
    self->title = g_strdup ("…");
  self->size = g_file_info_get_size (file_info);
  self->mtime_us = mtime ? g_date_time_to_unix (mtime) * G_USEC_PER_SEC + g_date_time_get_microsecond (mtime) : 0;
  self->modified = MAX (facts->last_time, mtime ? g_date_time_to_unix (mtime) : 0);
  self->created = facts->first_time ? facts->first_time : self->modified;
  return self;
}

/**
 * cairn_conversation_info_read:
 *
 * Reads what the sidebar shows of the conversation in @file (blocking:
 * call it in a thread).
 * Returns: (transfer full) (nullable): %NULL with @error set when @file
 *   can't be read, or with no error when it holds no conversation (empty,
 *   or only a subagent's steps)
 */
CairnConversationInfo *
cairn_conversation_info_read (GFile         *file,
                              GCancellable  *cancellable,
                              GError       **error)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, cancellable, error);
  g_autoptr(GFileInfo) file_info = NULL;
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;
  gsize head_length = 0, tail_length = 0;
  goffset size;
  Facts facts = { 0 };
  CairnConversationInfo *info = NULL;

  if (stream == NULL ||
      !(file_info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                                    G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                    G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                    cancellable, error)) ||
      !(head = read_window (G_INPUT_STREAM (stream), 0, &head_length, cancellable, error)))
    return NULL;
  size = g_file_info_get_size (file_info);
  note_head (&facts, head, head_length);
  if (size <= WINDOW)
    note_tail (&facts, head, head_length, FALSE);   /* the head is the whole file */
  else
    {
      goffset offset = MAX (WINDOW, size - WINDOW);
      if (!(tail = read_window (G_INPUT_STREAM (stream), offset, &tail_length, cancellable, error)))
        {
          facts_clear (&facts);
          return NULL;
        }
      note_tail (&facts, tail, tail_length, TRUE);
    }
  if (facts.seen_message && !facts.sidechain_first)
    info = info_from_facts (file, file_info, &facts);
  facts_clear (&facts);
  return info;
}

/**
 * cairn_conversation_info_new:
 *
 * What a file showed when it was read before (the list cache).
 */
CairnConversationInfo *
cairn_conversation_info_new (GFile      *file,
                             const char *title,
                             const char *cwd,
                             const char *git_branch,
                             gint64      created,
                             gint64      modified,
                             guint64     size,
                             guint64     mtime_us)
{
  CairnConversationInfo *self = g_object_new (CAIRN_TYPE_CONVERSATION_INFO, NULL);
  g_autofree char *base = g_file_get_basename (file);

  self->file = g_object_ref (file);
  self->session_id = g_str_has_suffix (base, ".jsonl") ? g_strndup (base, strlen (base) - strlen (".jsonl"))
                                                       : g_strdup (base);
  self->title = g_strdup (title);
  self->cwd = g_strdup (cwd);
  self->git_branch = g_strdup (git_branch);
  self->created = created;
  self->modified = modified;
  self->size = size;
  self->mtime_us = mtime_us;
  return self;
}

GFile *
cairn_conversation_info_get_file (CairnConversationInfo *self)
{
  return self->file;
}

const char *
cairn_conversation_info_get_session_id (CairnConversationInfo *self)
{
  return self->session_id;
}

const char *
cairn_conversation_info_get_cwd (CairnConversationInfo *self)
{
  return self->cwd;
}

const char *
cairn_conversation_info_get_title (CairnConversationInfo *self)
{
  return self->title;
}

const char *
cairn_conversation_info_get_git_branch (CairnConversationInfo *self)
{
  return self->git_branch;
}

gint64
cairn_conversation_info_get_created (CairnConversationInfo *self)
{
  return self->created;
}

gint64
cairn_conversation_info_get_modified (CairnConversationInfo *self)
{
  return self->modified;
}

guint64
cairn_conversation_info_get_size (CairnConversationInfo *self)
{
  return self->size;
}

guint64
cairn_conversation_info_get_mtime_us (CairnConversationInfo *self)
{
  return self->mtime_us;
}

/**
 * cairn_conversation_info_set_title:
 *
 * Shows a new title at once (a rename), before the file is read again.
 */
void
cairn_conversation_info_set_title (CairnConversationInfo *self,
                                   const char            *title)
{
  g_autofree char *clean = cairn_conversation_clean_title (title);

  if (clean == NULL || g_strcmp0 (clean, self->title) == 0)
    return;
  g_free (self->title);
  self->title = g_steal_pointer (&clean);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

static void
cairn_conversation_info_finalize (GObject *object)
{
  CairnConversationInfo *self = (CairnConversationInfo *)object;

  g_clear_object (&self->file);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->git_branch, g_free);

  G_OBJECT_CLASS (cairn_conversation_info_parent_class)->finalize (object);
}

static void
cairn_conversation_info_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CairnConversationInfo *self = CAIRN_CONVERSATION_INFO (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_SESSION_ID:
      g_value_set_string (value, self->session_id);
      break;

    case PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_GIT_BRANCH:
      g_value_set_string (value, self->git_branch);
      break;

    case PROP_CREATED:
      g_value_set_int64 (value, self->created);
      break;

    case PROP_MODIFIED:
      g_value_set_int64 (value, self->modified);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_conversation_info_class_init (CairnConversationInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = cairn_conversation_info_finalize;
  object_class->get_property = cairn_conversation_info_get_property;

  properties [PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  properties [PROP_SESSION_ID] = g_param_spec_string ("session-id", NULL, NULL, NULL, flags);
  properties [PROP_CWD] = g_param_spec_string ("cwd", NULL, NULL, NULL, flags);
  properties [PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties [PROP_GIT_BRANCH] = g_param_spec_string ("git-branch", NULL, NULL, NULL, flags);
  /* unix seconds */
  properties [PROP_CREATED] = g_param_spec_int64 ("created", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties [PROP_MODIFIED] = g_param_spec_int64 ("modified", NULL, NULL, 0, G_MAXINT64, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_conversation_info_init (CairnConversationInfo *self)
{
}
