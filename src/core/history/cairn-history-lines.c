/* cairn-history-lines.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <string.h>

#include "history/cairn-history-lines.h"
#include "history/cairn-history-scan.h"

/* The first pass over a session file: where each line is and how it hangs
 * in the conversation's tree, without parsing any line
 * (cairn-history-scan.c) and without keeping the file in memory: about 60
 * bytes a line. The lines to show are then read back by offset.
 *
 * A session file is a tree (docs/session-files.md): each line names its
 * parent by uuid, a rewind or an edited prompt starts a branch in the
 * middle, and the conversation on screen is the branch that ends at the
 * newest line. Two quirks: when one reply calls several tools, the next
 * reply continues from one call and its result only, and the other calls
 * (later blocks of the same API message) and their results hang beside
 * the branch; and a compaction restarts the tree, pointing back only by
 * logicalParentUuid.
 * Which branch is the conversation: after each turn, and when the user
 * goes to another branch, a `last-prompt` line names its leafUuid; the
 * CLI resumes the branch of the newest such line (docs/session-files.md).
 * Lines written after it under that leaf (a turn in progress) belong to
 * it too. */

#define READ_CHUNK (1024 * 1024)

struct _CairnHistoryLines
{
  GArray       *lines;    /* CairnHistoryLine */
  GStringChunk *strings;
  const char   *leaf;     /* of the newest last-prompt line, in strings */
  gint64        end;      /* where the last whole line ends */
};

CairnHistoryLines *
cairn_history_lines_new (void)
{
  CairnHistoryLines *self = g_new0 (CairnHistoryLines, 1);

  self->lines = g_array_new (FALSE, FALSE, sizeof (CairnHistoryLine));
  self->strings = g_string_chunk_new (64 * 1024);
  return self;
}

void
cairn_history_lines_free (CairnHistoryLines *self)
{
  g_array_unref (self->lines);
  g_string_chunk_free (self->strings);
  g_free (self);
}

static CairnLineKind
kind_of (const char *type,
         gsize       length)
{
  if (length == 4 && memcmp (type, "user", 4) == 0)
    return CAIRN_LINE_USER;
  if (length == 9 && memcmp (type, "assistant", 9) == 0)
    return CAIRN_LINE_ASSISTANT;
  if (length == 6 && memcmp (type, "system", 6) == 0)
    return CAIRN_LINE_SYSTEM;
  return CAIRN_LINE_OTHER;
}

static const char *
intern_span (CairnHistoryLines *self,
             const char        *line,
             guint32            start,
             guint32            length)
{
  return length > 0 ? g_string_chunk_insert_len (self->strings, line + start, length) : NULL;
}

/**
 * cairn_history_lines_add:
 *
 * Notes the line of @length bytes (without its newline) at @offset.
 */
void
cairn_history_lines_add (CairnHistoryLines *self,
                         gint64             offset,
                         const char        *line,
                         gsize              length)
{
  CairnLineFacts facts;
  CairnHistoryLine entry = { 0 };

  entry.offset = offset;
  entry.length = MIN (length, G_MAXUINT32);
  if (!cairn_history_scan_line (line, length, &facts))
    entry.kind = CAIRN_LINE_INVALID;
  else
    {
      entry.kind = kind_of (line + facts.type_start, facts.type_length);
      entry.is_sidechain = facts.is_sidechain;
      entry.is_tool_result = facts.is_tool_result;
      entry.is_meta = facts.is_meta;
      entry.uuid = intern_span (self, line, facts.uuid_start, facts.uuid_length);
      entry.parent = intern_span (self, line, facts.parent_start, facts.parent_length);
      entry.message_id = intern_span (self, line, facts.message_id_start, facts.message_id_length);
      if (entry.kind == CAIRN_LINE_OTHER && facts.leaf_length > 0 && facts.type_length == 11 &&
          memcmp (line + facts.type_start, "last-prompt", 11) == 0)
        self->leaf = intern_span (self, line, facts.leaf_start, facts.leaf_length);
    }
  g_array_append_val (self->lines, entry);
}

/* Splits what the stream gives into lines, however long; the last one may
 * have no newline (the CLI was writing it). */
CairnHistoryLines *
cairn_history_lines_read (GInputStream  *stream,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(CairnHistoryLines) self = cairn_history_lines_new ();
  g_autoptr(GByteArray) pending = g_byte_array_new ();
  g_autofree char *chunk = g_malloc (READ_CHUNK);
  gint64 offset = 0;
  gssize got;

  while ((got = g_input_stream_read (stream, chunk, READ_CHUNK, cancellable, error)) > 0)
    {
      const char *p = chunk, *end = chunk + got, *newline;

      while ((newline = memchr (p, '\n', end - p)) != NULL)
        {
          if (pending->len > 0)
            {
              g_byte_array_append (pending, (const guint8 *)p, newline - p);
              if (pending->len > 0)
                cairn_history_lines_add (self, offset, (const char *)pending->data, pending->len);
              offset += pending->len + 1;
              g_byte_array_set_size (pending, 0);
            }
          else
            {
              if (newline > p)
                cairn_history_lines_add (self, offset, p, newline - p);
              offset += newline - p + 1;
            }
          p = newline + 1;
        }
      g_byte_array_append (pending, (const guint8 *)p, end - p);
    }
  if (got < 0)
    return NULL;
  self->end = offset;
  if (pending->len > 0)
    cairn_history_lines_add (self, offset, (const char *)pending->data, pending->len);
  return g_steal_pointer (&self);
}

/**
 * cairn_history_lines_read_tail:
 * @size: how many bytes to read at most, from the end
 * @whole: (out): whether that was the whole file
 *
 * Like cairn_history_lines_read(), for the last @size bytes of a file
 * only, from the first line that starts in them (offsets are the file's):
 * the lines to show a conversation's end before the rest is read.
 */
CairnHistoryLines *
cairn_history_lines_read_tail (GFileInputStream  *stream,
                               gsize              size,
                               gboolean          *whole,
                               GCancellable      *cancellable,
                               GError           **error)
{
  g_autoptr(GFileInfo) info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                               cancellable, error);
  g_autoptr(CairnHistoryLines) self = NULL;
  g_autofree char *bytes = NULL;
  goffset file_size, start;
  gsize got = 0;
  const char *p, *end, *newline;

  if (info == NULL)
    return NULL;
  file_size = g_file_info_get_size (info);
  start = MAX (file_size - (goffset)size, 0);
  bytes = g_malloc (file_size - start + 1);
  if (!g_seekable_seek (G_SEEKABLE (stream), start, G_SEEK_SET, cancellable, error) ||
      !g_input_stream_read_all (G_INPUT_STREAM (stream), bytes, file_size - start, &got, cancellable, error))
    return NULL;
  *whole = start == 0;
  p = bytes;
  end = bytes + got;
  /* the first line began before the bytes read */
  if (start > 0 && (p = memchr (p, '\n', end - p)) != NULL)
    p++;
  self = cairn_history_lines_new ();
  for (; p != NULL && p < end; p = newline + 1)
    {
      if ((newline = memchr (p, '\n', end - p)) == NULL)
        newline = end;
      if (newline > p)
        cairn_history_lines_add (self, start + (p - bytes), p, newline - p);
    }
  return g_steal_pointer (&self);
}

/* The byte offset just after the last newline read: where a reader of
 * what is appended goes on (a last line without one is read again
 * there, whole). */
gint64
cairn_history_lines_get_end (CairnHistoryLines *self)
{
  return self->end;
}

guint
cairn_history_lines_get_n (CairnHistoryLines *self)
{
  return self->lines->len;
}

const CairnHistoryLine *
cairn_history_lines_get (CairnHistoryLines *self,
                         guint              index)
{
  g_return_val_if_fail (index < self->lines->len, NULL);

  return &g_array_index (self->lines, CairnHistoryLine, index);
}

static gboolean
is_main (const CairnHistoryLine *line)
{
  return line->uuid != NULL && !line->is_sidechain;
}

/* uuid → line index, for the main conversation's lines. */
static GHashTable *
index_by_uuid (CairnHistoryLines *self)
{
  GHashTable *by_uuid = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < self->lines->len; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (self, i);
      if (is_main (line))
        g_hash_table_insert (by_uuid, (gpointer)line->uuid, GUINT_TO_POINTER (i + 1));
    }
  return by_uuid;
}

/* The newest line of the main conversation, or G_MAXUINT. */
static guint
newest_line (CairnHistoryLines *self)
{
  for (guint i = self->lines->len; i > 0; i--)
    if (is_main (cairn_history_lines_get (self, i - 1)))
      return i - 1;
  return G_MAXUINT;
}

/**
 * cairn_history_lines_newest_under:
 * @index: a line of the main conversation
 *
 * Returns: the index of the newest message (a user or assistant line)
 *   whose branch passes through the line at @index (that line itself
 *   when no message follows it)
 */
guint
cairn_history_lines_newest_under (CairnHistoryLines *self,
                                  guint              index)
{
  g_autoptr(GHashTable) under = g_hash_table_new (g_str_hash, g_str_equal);
  const CairnHistoryLine *top = cairn_history_lines_get (self, index);
  guint newest = index;

  g_return_val_if_fail (top->uuid != NULL, index);

  /* parents come before their children in the file: one pass */
  g_hash_table_add (under, (gpointer)top->uuid);
  for (guint i = index + 1; i < self->lines->len; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (self, i);

      if (is_main (line) && line->parent != NULL && g_hash_table_contains (under, line->parent) &&
          g_hash_table_add (under, (gpointer)line->uuid) &&
          (line->kind == CAIRN_LINE_USER || line->kind == CAIRN_LINE_ASSISTANT))
        newest = i;
    }
  return newest;
}

/* Where the conversation's branch ends: under the leaf the newest
 * last-prompt line names, else (none, or a leaf not in the file) at the
 * newest line. */
static guint
branch_end (CairnHistoryLines *self,
            GHashTable        *by_uuid)
{
  guint leaf = self->leaf ? GPOINTER_TO_UINT (g_hash_table_lookup (by_uuid, self->leaf)) : 0;

  return leaf > 0 ? cairn_history_lines_newest_under (self, leaf - 1) : newest_line (self);
}

/* The uuids from @leaf back to the root, as far as the parents can be
 * followed: a missing parent or a cycle ends the walk. */
static GHashTable *
walk_branch (CairnHistoryLines *self,
             GHashTable        *by_uuid,
             guint              leaf)
{
  GHashTable *on_branch = g_hash_table_new (g_str_hash, g_str_equal);
  const CairnHistoryLine *line = leaf < self->lines->len ? cairn_history_lines_get (self, leaf) : NULL;

  while (line != NULL && is_main (line) && g_hash_table_add (on_branch, (gpointer)line->uuid))
    {
      guint index = line->parent ? GPOINTER_TO_UINT (g_hash_table_lookup (by_uuid, line->parent)) : 0;
      line = index > 0 ? cairn_history_lines_get (self, index - 1) : NULL;
    }
  return on_branch;
}

/* A line beside the branch that still belongs to it: another block of
 * an API message whose line is shown, a tool result of a shown call, or a
 * compaction (a system line the branch doesn't pass through; the newest
 * turns continue from before it) with what hangs from it, its summary.
 * A system line the branch does pass through (a Stop hook's
 * stop_hook_summary, which the next prompt hangs from) is no compaction:
 * a prompt under it that is not on the branch is another version. */
static gboolean
hangs_beside (const CairnHistoryLine *line,
              GHashTable             *by_uuid,
              GHashTable             *shown_uuids,
              GHashTable             *on_branch,
              CairnHistoryLines      *self)
{
  guint parent_index;
  const CairnHistoryLine *parent;

  if (line->parent == NULL || !g_hash_table_contains (shown_uuids, line->parent))
    return FALSE;
  if (line->is_tool_result || line->kind == CAIRN_LINE_SYSTEM)
    return TRUE;
  parent_index = GPOINTER_TO_UINT (g_hash_table_lookup (by_uuid, line->parent));
  parent = parent_index > 0 ? cairn_history_lines_get (self, parent_index - 1) : NULL;
  if (parent != NULL && parent->kind == CAIRN_LINE_SYSTEM)
    return !g_hash_table_contains (on_branch, line->parent);
  return line->kind == CAIRN_LINE_ASSISTANT && parent != NULL && parent->message_id != NULL &&
         g_strcmp0 (parent->message_id, line->message_id) == 0;
}

/**
 * cairn_history_lines_shown:
 *
 * Returns: (transfer full) (element-type guint): the indexes of the lines
 *   of the conversation as it is shown, in file order: its branch (see
 *   above), what hangs beside it (parallel tool calls and
 *   their results), metadata lines, and any line that could not be read
 */
GArray *
cairn_history_lines_shown (CairnHistoryLines *self)
{
  g_autoptr(GHashTable) by_uuid = index_by_uuid (self);

  return cairn_history_lines_shown_to (self, branch_end (self, by_uuid));
}

/**
 * cairn_history_lines_shown_to:
 * @leaf: the index of the line the branch shown ends at
 *
 * Like cairn_history_lines_shown(), for the branch that ends at @leaf
 * (another branch of an edited prompt, cairn-history-branches.c).
 */
GArray *
cairn_history_lines_shown_to (CairnHistoryLines *self,
                              guint              leaf)
{
  g_autoptr(GHashTable) by_uuid = index_by_uuid (self);
  g_autoptr(GHashTable) on_branch = walk_branch (self, by_uuid, leaf);
  /* grows with what hangs beside the branch */
  g_autoptr(GHashTable) shown_uuids = walk_branch (self, by_uuid, leaf);
  g_autoptr(GHashTable) written = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *shown = g_array_new (FALSE, FALSE, sizeof (guint));

  /* parents come before their children in the file: one pass finds what
   * hangs beside the branch, and what hangs beside that */
  for (guint i = 0; i < self->lines->len; i++)
    {
      const CairnHistoryLine *line = cairn_history_lines_get (self, i);
      gboolean show;

      if (line->kind == CAIRN_LINE_INVALID)
        show = TRUE;   /* unreadable: shown as such, never dropped silently */
      else if (line->is_sidechain)
        show = FALSE;
      else if (line->uuid == NULL)
        show = TRUE;   /* metadata: the replay skips what it knows */
      else if (g_hash_table_contains (shown_uuids, line->uuid))
        show = TRUE;
      else if ((show = hangs_beside (line, by_uuid, shown_uuids, on_branch, self)))
        g_hash_table_add (shown_uuids, (gpointer)line->uuid);
      /* the CLI sometimes writes a line twice (around a compaction) */
      if (show && line->uuid != NULL && !g_hash_table_add (written, (gpointer)line->uuid))
        show = FALSE;
      if (show)
        g_array_append_val (shown, i);
    }
  return shown;
}
