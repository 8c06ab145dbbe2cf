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
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <stdio.h>
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
cairn_protocol_log_finalize (GObject *object)
{
  CairnProtocolLog *self = (CairnProtocolLog *)object;

  if (self->writer != NULL)
    {
      g_async_queue_push (self->queue, STOP_MARK);
      g_thread_join (self->writer);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->files); i++)
    g_clear_pointer (&self->files[i], fclose);
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

static gboolean
open_files (CairnProtocolLog  *self,
            GError           **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s-%s.jsonl", self->prefix, suffixes[i]);
      int fd = g_open (path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);

      if (fd < 0 || !(self->files[i] = fdopen (fd, "a")))
        {
          int saved = errno;
          if (fd >= 0)
            close (fd);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       "%s: %s", path, g_strerror (saved));
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * cairn_protocol_log_new:
 * @dir: the folder for the files (created if missing)
 *
 * Returns: (nullable): a log writing `<dir>/<time>-<pid>-{in,out,items}.jsonl`
 */
CairnProtocolLog *
cairn_protocol_log_new (const char  *dir,
                        GError     **error)
{
  g_autoptr(CairnProtocolLog) self = g_object_new (CAIRN_TYPE_PROTOCOL_LOG, NULL);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *name = g_strdup_printf ("cairn-%s-%d", stamp, (int)getpid ());

  g_return_val_if_fail (dir != NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                   "%s: %s", dir, g_strerror (errno));
      return NULL;
    }
  self->prefix = g_build_filename (dir, name, NULL);
  if (!open_files (self, error))
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
