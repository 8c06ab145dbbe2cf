/* cairn-usage-file.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"
#define _GNU_SOURCE   /* memmem, memrchr */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>

#include "usage/cairn-usage-file.h"
#include "usage/cairn-usage-line.h"

/* Reads one session file's replies. Only lines holding "assistant" can
 * be a reply, so the bytes are searched for it (memmem, at memory speed)
 * and only those lines are walked. The file is read up to the size it had
 * when opened: lines appended meanwhile are read next time; a last line
 * without its newline is being written and is left for then too. */

#define TAIL_HASH_BYTES 64
#define READ_CHUNK (1024 * 1024)
/* a file's own models and sessions are few; past this a line is bad */
#define MAX_NAMES 4096

CairnUsageFile *
cairn_usage_file_new (const char *path)
{
  CairnUsageFile *file = g_new0 (CairnUsageFile, 1);

  file->path = g_strdup (path);
  file->models = g_ptr_array_new_with_free_func (g_free);
  file->sessions = g_ptr_array_new_with_free_func (g_free);
  file->cwds = g_ptr_array_new_with_free_func (g_free);
  file->entries = g_array_new (FALSE, FALSE, sizeof (CairnUsageEntry));
  return file;
}

void
cairn_usage_file_free (CairnUsageFile *file)
{
  if (file == NULL)
    return;
  g_free (file->path);
  g_ptr_array_unref (file->models);
  g_ptr_array_unref (file->sessions);
  g_ptr_array_unref (file->cwds);
  g_array_unref (file->entries);
  g_free (file);
}

/* FNV-1a, 64 bits: a cheap check, no security. */
static guint64
hash_bytes (guint64     hash,
            const char *bytes,
            gsize       length)
{
  for (gsize i = 0; i < length; i++)
    hash = (hash ^ (guchar)bytes[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return hash;
}

guint64
cairn_usage_tail_hash (const char *bytes,
                       gsize       length)
{
  gsize n = MIN (length, TAIL_HASH_BYTES);

  return hash_bytes (G_GUINT64_CONSTANT (0xcbf29ce484222325), bytes + length - n, n);
}

static guint32
find_name (GPtrArray  *names,
           const char *name,
           gsize       length)
{
  for (guint i = names->len; i > 0; i--)
    {
      const char *known = g_ptr_array_index (names, i - 1);
      if (strlen (known) == length && memcmp (known, name, length) == 0)
        return i - 1;
    }
  return G_MAXUINT32;
}

/* The index of @name (@length bytes) in @names, added when new (as valid
 * UTF-8: it is shown and printed); G_MAXUINT32 when the file has too
 * many. */
static guint32
name_index (GPtrArray  *names,
            const char *name,
            gsize       length)
{
  guint32 index = find_name (names, name, length);
  g_autofree char *valid = NULL;

  if (index != G_MAXUINT32)
    return index;
  valid = g_utf8_make_valid (name, length);
  index = find_name (names, valid, strlen (valid));
  if (index != G_MAXUINT32 || names->len >= MAX_NAMES)
    return index;
  g_ptr_array_add (names, g_steal_pointer (&valid));
  return names->len - 1;
}

static guint64
request_key (const char            *line,
             const CairnUsageFacts *facts)
{
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  if (facts->message_id_length == 0 || facts->request_id_length == 0)
    return 0;
  hash = hash_bytes (hash, line + facts->message_id_start, facts->message_id_length);
  hash = hash_bytes (hash, "\n", 1);
  hash = hash_bytes (hash, line + facts->request_id_start, facts->request_id_length);
  return hash != 0 ? hash : 1;
}

static guint32
session_index (CairnUsageFile        *file,
               const char            *line,
               const CairnUsageFacts *facts)
{
  g_autofree char *fallback = NULL;
  const char *id = line + facts->session_start;
  gsize length = facts->session_length;
  guint32 index;

  if (length == 0)
    {
      /* no sessionId: the file's name is its id */
      g_autofree char *base = g_path_get_basename (file->path);
      fallback = g_str_has_suffix (base, ".jsonl") ? g_strndup (base, strlen (base) - 6) : g_strdup (base);
      id = fallback;
      length = strlen (fallback);
    }
  index = name_index (file->sessions, id, length);
  if (index != G_MAXUINT32 && index == file->cwds->len)
    g_ptr_array_add (file->cwds, g_utf8_make_valid (line + facts->cwd_start, facts->cwd_length));
  return index;
}

static void
take_line (CairnUsageFile *file,
           const char     *line,
           gsize           length)
{
  CairnUsageFacts facts;
  CairnUsageEntry entry = { 0 };
  CairnUsageLineKind kind = cairn_usage_scan_line (line, length, &facts);

  if (kind == CAIRN_USAGE_LINE_NONE)
    return;
  if (kind == CAIRN_USAGE_LINE_BAD)
    {
      file->bad_lines++;
      return;
    }
  if (facts.model_length == 11 && memcmp (line + facts.model_start, "<synthetic>", 11) == 0)
    {
      /* made up by the CLI (an API error, an interruption): no request */
      file->synthetic++;
      return;
    }
  entry.time_us = facts.time_us;
  entry.key = request_key (line, &facts);
  entry.input = facts.input;
  entry.output = facts.output;
  entry.cache_write = facts.cache_write;
  entry.cache_write_1h = facts.cache_write_1h;
  entry.cache_read = facts.cache_read;
  entry.cost_usd = facts.cost_usd;
  entry.flags = facts.is_sidechain ? CAIRN_USAGE_ENTRY_SIDECHAIN : 0;
  entry.model = name_index (file->models, line + facts.model_start, facts.model_length);
  entry.session = session_index (file, line, &facts);
  if (entry.model == G_MAXUINT32 || entry.session == G_MAXUINT32)
    {
      file->bad_lines++;
      return;
    }
  g_array_append_val (file->entries, entry);
}

/**
 * cairn_usage_file_take_bytes:
 * @bytes: the file's bytes from read_to on
 *
 * Reads the whole lines in @bytes and moves read_to past them.
 */
void
cairn_usage_file_take_bytes (CairnUsageFile *file,
                             const char     *bytes,
                             gsize           length)
{
  static const char needle[] = "\"assistant\"";
  const char *end = bytes + length, *p = bytes, *last_newline;

  last_newline = length > 0 ? memrchr (bytes, '\n', length) : NULL;
  if (last_newline == NULL)
    return;
  end = last_newline + 1;
  while (p < end)
    {
      const char *hit = memmem (p, end - p, needle, sizeof needle - 1);
      const char *start, *stop;

      if (hit == NULL)
        break;
      start = memrchr (p, '\n', hit - p);
      start = start ? start + 1 : p;
      stop = memchr (hit, '\n', end - hit);
      take_line (file, start, stop - start);
      p = stop + 1;
    }
  file->read_to += end - bytes;
}

/* What was read of the file is gone: it shrank or was rewritten. */
static void
file_reset (CairnUsageFile *file)
{
  g_ptr_array_set_size (file->models, 0);
  g_ptr_array_set_size (file->sessions, 0);
  g_ptr_array_set_size (file->cwds, 0);
  g_array_set_size (file->entries, 0);
  file->bad_lines = file->synthetic = 0;
  file->read_to = 0;
}

/* The hash of the bytes just before @offset. */
static gboolean
hash_before (int      fd,
             guint64  offset,
             guint64 *hash)
{
  char bytes[TAIL_HASH_BYTES];
  gsize n = MIN (offset, TAIL_HASH_BYTES);

  if (pread (fd, bytes, n, offset - n) != (gssize)n)
    return FALSE;
  *hash = cairn_usage_tail_hash (bytes, n);
  return TRUE;
}

/* Whether the bytes before read_to are those read (a file at least that
 * long): then what was read of it stands and it is read on. */
static gboolean
tail_holds (CairnUsageFile *file,
            int             fd,
            guint64         size)
{
  guint64 hash;

  return file->read_to <= size &&
         (file->read_to == 0 || (hash_before (fd, file->read_to, &hash) && hash == file->tail_hash));
}

/**
 * cairn_usage_file_tail_holds:
 *
 * Whether the file at @file's path still holds, just before read_to, the
 * bytes it was read to: the test cairn_usage_file_read() makes before it
 * reads on, made without reading.
 */
gboolean
cairn_usage_file_tail_holds (CairnUsageFile *file)
{
  int fd = open (file->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  struct stat st;
  gboolean holds;

  if (fd < 0)
    return FALSE;
  holds = fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && tail_holds (file, fd, st.st_size);
  close (fd);
  return holds;
}

/* Reads from read_to up to @size in chunks (a line longer than a chunk
 * grows it), rather than mapping the file: one cut short while it is
 * read would fault a mapping. */
static gboolean
read_from (CairnUsageFile *file,
           int             fd,
           guint64         size)
{
  /* a small file (most are) gets a buffer of its size */
  gsize capacity = MIN (READ_CHUNK, size - file->read_to + 1), held = 0;
  g_autofree char *buffer = g_malloc (capacity);
  guint64 offset = file->read_to;

  while (offset < size)
    {
      gssize n = pread (fd, buffer + held, MIN (capacity - held, size - offset), offset);
      guint64 before = file->read_to;

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return n == 0;   /* cut short since it was stat'ed: what is there was read */
      offset += n;
      held += n;
      cairn_usage_file_take_bytes (file, buffer, held);
      memmove (buffer, buffer + (file->read_to - before), held - (file->read_to - before));
      held -= file->read_to - before;
      if (held == capacity)
        buffer = g_realloc (buffer, capacity *= 2);
    }
  return TRUE;
}

/**
 * cairn_usage_file_read:
 *
 * Reads the file on from read_to (from its start for a new one, or one
 * whose bytes before read_to changed) at the size it has now, and notes
 * that size and its modification time.
 * Returns: %FALSE when it can't be read (not a regular file, gone,
 *   no permission)
 */
gboolean
cairn_usage_file_read (CairnUsageFile  *file,
                       GError         **error)
{
  int fd = open (file->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  struct stat st;
  gboolean ok;
  int saved;

  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      saved = fd < 0 ? errno : EINVAL;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", file->path, g_strerror (saved));
      if (fd >= 0)
        close (fd);
      return FALSE;
    }
  file->size = st.st_size;
  file->mtime_us = (guint64)st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
  if (!tail_holds (file, fd, file->size))
    file_reset (file);
  ok = read_from (file, fd, file->size);
  saved = errno;
  if (ok && file->read_to > 0)
    ok = hash_before (fd, file->read_to, &file->tail_hash);
  close (fd);
  if (!ok)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", file->path, g_strerror (saved));
  return ok;
}

static GPtrArray *
copy_strings (GPtrArray *strings)
{
  return g_ptr_array_copy (strings, (GCopyFunc)g_strdup, NULL);
}

/**
 * cairn_usage_file_copy:
 *
 * Returns: (transfer full): a copy to read on from, leaving @file as the
 *   index holds it
 */
CairnUsageFile *
cairn_usage_file_copy (CairnUsageFile *file)
{
  CairnUsageFile *copy = cairn_usage_file_new (file->path);

  g_ptr_array_unref (copy->models);
  g_ptr_array_unref (copy->sessions);
  g_ptr_array_unref (copy->cwds);
  copy->models = copy_strings (file->models);
  copy->sessions = copy_strings (file->sessions);
  copy->cwds = copy_strings (file->cwds);
  g_array_append_vals (copy->entries, file->entries->data, file->entries->len);
  copy->size = file->size;
  copy->mtime_us = file->mtime_us;
  copy->read_to = file->read_to;
  copy->tail_hash = file->tail_hash;
  copy->bad_lines = file->bad_lines;
  copy->synthetic = file->synthetic;
  return copy;
}
