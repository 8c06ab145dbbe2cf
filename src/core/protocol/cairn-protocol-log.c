/* cairn-protocol-log.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-protocol-log"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "protocol/cairn-protocol-log.h"

/* For bug reports (CAIRN_DEBUG_PROTOCOL=<dir> or the debug-protocol-dir
 * setting): every line from and to the CLI, and every transcript item as
 * Cairn understood it, as three JSONL files. The files are written by a
 * thread of their own, so a slow disk never stalls the window. */

#define STOP_MARK ((gpointer)1)

typedef struct
{
  CairnProtocolLogStream  stream;
  char                   *line;
} Entry;

struct _CairnProtocolLog
{
  GObject      parent_instance;
  char        *prefix;
  FILE        *files[3];
  GAsyncQueue *queue;
  GThread     *writer;
};

G_DEFINE_FINAL_TYPE (CairnProtocolLog, cairn_protocol_log, G_TYPE_OBJECT)

static const char *suffixes[] = { "in", "out", "items" };

static gpointer
writer_thread (gpointer data)
{
  CairnProtocolLog *self = data;
  Entry *entry;

  while ((entry = g_async_queue_pop (self->queue)) != STOP_MARK)
    {
      FILE *file = self->files[entry->stream];
      fputs (entry->line, file);
      fputc ('\n', file);
      fflush (file);
      g_free (entry->line);
      g_free (entry);
    }
  return NULL;
}

static void
close_files (CairnProtocolLog *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->files); i++)
    g_clear_pointer (&self->files[i], fclose);
}

static void
cairn_protocol_log_finalize (GObject *object)
{
  CairnProtocolLog *self = (CairnProtocolLog *)object;

  if (self->writer != NULL)
    {
      g_async_queue_push (self->queue, STOP_MARK);
      g_thread_join (self->writer);
    }
  close_files (self);
  g_clear_pointer (&self->queue, g_async_queue_unref);
  g_clear_pointer (&self->prefix, g_free);

  G_OBJECT_CLASS (cairn_protocol_log_parent_class)->finalize (object);
}

static void
cairn_protocol_log_class_init (CairnProtocolLogClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_protocol_log_finalize;
}

static void
cairn_protocol_log_init (CairnProtocolLog *self)
{
  self->queue = g_async_queue_new ();
}

/* One log file, made new: O_EXCL fails on anything already at the name
 * (a file, or a symlink planted to make Cairn write elsewhere), and
 * O_NOFOLLOW refuses a symlink even where O_EXCL would not be reached. */
static int
create_log_file (const char  *path,
                 GError     **error)
{
  int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "%s: %s", path, g_strerror (saved));
    }
  return fd;
}

static gboolean
open_files (CairnProtocolLog  *self,
            GError           **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s-%s.jsonl", self->prefix, suffixes[i]);
      int fd = create_log_file (path, error);

      if (fd < 0)
        return FALSE;
      if (!(self->files[i] = fdopen (fd, "a")))
        {
          int saved = errno;
          close (fd);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       "%s: %s", path, g_strerror (saved));
          return FALSE;
        }
    }
  return TRUE;
}

/* The folder is made 0700 if missing; an existing one must be a real
 * folder (not a symlink), the user's own, and closed to group and others:
 * logs hold whole conversations, and a folder someone else can write to
 * lets them swap files under Cairn. */
static gboolean
check_log_dir (const char  *dir,
               GError     **error)
{
  struct stat st;

  if (g_mkdir_with_parents (dir, 0700) != 0 || g_lstat (dir, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  if (S_ISLNK (st.st_mode) || !S_ISDIR (st.st_mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                 _("%s is a symbolic link or not a folder: protocol logs need a folder of their own"), dir);
  else if (st.st_uid != getuid ())
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                 _("%s belongs to another user: protocol logs need a folder of your own"), dir);
  else if ((st.st_mode & 077) != 0)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                 _("Others can open %s (mode %03o): protocol logs need a folder only you can open (chmod 700)"),
                 dir, (guint)(st.st_mode & 0777));
  else
    return TRUE;
  return FALSE;
}

/* Names carry the time, the pid and a random part; a name that is taken
 * anyway (O_EXCL failed) is retried with another random part. */
static gboolean
open_new_files (CairnProtocolLog  *self,
                const char        *dir,
                GError           **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint attempt = 0; ; attempt++)
    {
      g_autofree char *name = g_strdup_printf ("cairn-%s-%d-%08x", stamp, (int)getpid (),
                                               g_random_int ());
      g_autoptr(GError) local_error = NULL;

      g_clear_pointer (&self->prefix, g_free);
      self->prefix = g_build_filename (dir, name, NULL);
      if (open_files (self, &local_error))
        return TRUE;
      close_files (self);
      if (attempt >= 8 || !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
}

/**
 * cairn_protocol_log_new:
 * @dir: the folder for the files (created if missing)
 *
 * Returns: (nullable): a log writing `<dir>/cairn-<time>-<pid>-<random>-{in,out,items}.jsonl`,
 *   or %NULL if @dir is a symlink, another user's, or open to others
 */
CairnProtocolLog *
cairn_protocol_log_new (const char  *dir,
                        GError     **error)
{
  g_autoptr(CairnProtocolLog) self = g_object_new (CAIRN_TYPE_PROTOCOL_LOG, NULL);

  g_return_val_if_fail (dir != NULL, NULL);

  if (!check_log_dir (dir, error) || !open_new_files (self, dir, error))
    return NULL;
  self->writer = g_thread_new ("cairn-protocol-log", writer_thread, self);
  return g_steal_pointer (&self);
}

void
cairn_protocol_log_write (CairnProtocolLog       *self,
                          CairnProtocolLogStream  stream,
                          const char             *line,
                          gssize                  length)
{
  Entry *entry;

  g_return_if_fail (CAIRN_IS_PROTOCOL_LOG (self));
  g_return_if_fail (stream <= CAIRN_PROTOCOL_LOG_ITEMS);

  entry = g_new0 (Entry, 1);
  entry->stream = stream;
  /* g_strndup (NULL, 0) is NULL: an empty line is logged empty */
  entry->line = length < 0 ? g_strdup (line ? line : "") : g_strndup (line ? line : "", line ? length : 0);
  g_async_queue_push (self->queue, entry);
}

const char *
cairn_protocol_log_get_prefix (CairnProtocolLog *self)
{
  g_return_val_if_fail (CAIRN_IS_PROTOCOL_LOG (self), NULL);
  return self->prefix;
}
