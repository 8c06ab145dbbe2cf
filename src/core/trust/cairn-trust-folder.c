/* cairn-trust-folder.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trust/cairn-trust-folder.h"
#include "trust/cairn-trust-settings.h"

/* A project folder into a CairnTrustReport: the files the CLI reads from
 * it (docs/trust.md, "What a folder can hold"), read from the folder's
 * real path, at most CAIRN_TRUST_MAX_FILE each: its two settings files,
 * and `.mcp.json` in it and in every folder above it but / (the CLI reads
 * each, and in -p mode starts their servers unasked). A file that is a
 * link out of its folder is read where it leads, and said to be one. */

typedef void (*ReadFunc) (CairnTrustReport *, const char *, const char *, gsize);

static const char * const settings_files[] = {
  ".claude/settings.json",
  ".claude/settings.local.json",
};

/* The path the CLI's trust record names a folder by: its real path (the
 * CLI takes process.cwd(), which the kernel gives resolved). */
char *
cairn_trust_real_path (const char  *folder,
                       GError     **error)
{
  char *real = realpath (folder, NULL);
  char *copy;

  if (real == NULL)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("The folder %s could not be opened: %s"), folder, g_strerror (saved));
      return NULL;
    }
  copy = g_strdup (real);
  free (real);
  return copy;
}

/* A `.claude` that is a file holds no settings either. */
static gboolean
is_absent (int error)
{
  return error == ENOENT || error == ENOTDIR;
}

static gboolean
is_there (const char *dir,
          const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GStatBuf st;

  return g_lstat (path, &st) == 0 || !is_absent (errno);
}

/* Whether any of the files is there at all (a link counts, even a broken
 * one): the quick test that lets a folder without them open at once. */
gboolean
cairn_trust_folder_has_files (const char *folder)
{
  g_autofree char *dir = cairn_trust_real_path (folder, NULL);

  if (dir == NULL)
    return FALSE;   /* no folder: nothing starts there anyway */
  for (guint i = 0; i < G_N_ELEMENTS (settings_files); i++)
    if (is_there (dir, settings_files[i]))
      return TRUE;
  while (!g_str_equal (dir, "/"))
    {
      char *parent;

      if (is_there (dir, ".mcp.json"))
        return TRUE;
      parent = g_path_get_dirname (dir);
      g_free (dir);
      dir = parent;
    }
  return FALSE;
}

/* Up to @cap bytes of a regular file (more is an error): opened without
 * blocking, so a FIFO put in place of a settings file can't hang the read. */
char *
cairn_trust_read_capped (const char  *path,
                         gsize        cap,
                         gsize       *length,
                         GError     **error)
{
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  g_autofree char *data = NULL;
  struct stat st;
  gssize got = 0;
  gsize total = 0;

  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("It is not a regular file."));
      return NULL;
    }
  if ((guint64) st.st_size > cap)
    {
      g_autofree char *size = g_format_size ((guint64) st.st_size);

      close (fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, _("It is too large to be checked (%s)."), size);
      return NULL;
    }
  data = g_malloc (cap + 1);
  while (total <= cap && (got = read (fd, data + total, cap + 1 - total)) > 0)
    total += got;
  close (fd);
  if (got < 0 || total > cap)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   got < 0 ? _("It could not be read.") : _("It grew while it was read."));
      return NULL;
    }
  data[total] = '\0';
  *length = total;
  return g_steal_pointer (&data);
}

static gboolean
is_inside (const char *path,
           const char *folder)
{
  gsize n = strlen (folder);

  return strncmp (path, folder, n) == 0 && (path[n] == '/' || (n == 1 && folder[0] == '/'));
}

/* @name in @dir, shown as @source. */
static void
read_file (CairnTrustReport *report,
           const char       *dir,
           const char       *name,
           const char       *source,
           ReadFunc          read_func)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *target = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;
  gsize length = 0;

  if (g_lstat (path, &st) != 0 && is_absent (errno))
    return;
  target = cairn_trust_real_path (path, NULL);
  if (target == NULL)  /* a broken link: said so below, when it can't be opened */
    target = g_strdup (path);
  if (!is_inside (target, dir))
    {
      g_autofree char *why = g_strdup_printf (_("It is a link out of the folder, to %s."), target);

      cairn_trust_report_add (report, CAIRN_TRUST_KIND_PROBLEM, source, source, why);
    }
  data = cairn_trust_read_capped (target, CAIRN_TRUST_MAX_FILE, &length, &error);
  if (data == NULL)
    {
      cairn_trust_report_add (report, CAIRN_TRUST_KIND_PROBLEM, source, source, error->message);
      return;
    }
  read_func (report, source, data, length);
}

/* `.mcp.json` here and above: one above is named by its whole path. */
static void
read_mcp_files (CairnTrustReport *report,
                const char       *real_folder)
{
  g_autofree char *dir = g_strdup (real_folder);

  while (!g_str_equal (dir, "/"))
    {
      g_autofree char *above = g_build_filename (dir, ".mcp.json", NULL);
      char *parent;

      read_file (report, dir, ".mcp.json", g_str_equal (dir, real_folder) ? ".mcp.json" : above,
                 cairn_trust_mcp_read);
      parent = g_path_get_dirname (dir);
      g_free (dir);
      dir = parent;
    }
}

/**
 * cairn_trust_folder_read:
 *
 * Blocks: call it in a thread (cairn-trust-check.c does).
 *
 * Returns: (transfer full): what @folder would run, named by its real path
 */
CairnTrustReport *
cairn_trust_folder_read (const char  *folder,
                         GError     **error)
{
  g_autofree char *real = cairn_trust_real_path (folder, error);
  CairnTrustReport *report;

  if (real == NULL)
    return NULL;
  report = cairn_trust_report_new (real);
  for (guint i = 0; i < G_N_ELEMENTS (settings_files); i++)
    read_file (report, real, settings_files[i], settings_files[i], cairn_trust_settings_read);
  read_mcp_files (report, real);
  return report;
}

typedef struct
{
  char                 *folder;
  CairnTrustFolderFunc  func;
} FolderRun;

static void
folder_run_free (FolderRun *run)
{
  g_free (run->folder);
  g_free (run);
}

static void
folder_run_thread (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  FolderRun *run = task_data;
  GError *error = NULL;
  CairnTrustReport *report = run->func (run->folder, &error);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, report, g_object_unref);
}

/* @func on @folder in a thread: the settings files are read off the main
 * loop by the trust check and the hooks' reader alike. */
void
cairn_trust_folder_run_async (const char           *folder,
                              CairnTrustFolderFunc  func,
                              gpointer              source_tag,
                              GCancellable         *cancellable,
                              GAsyncReadyCallback   callback,
                              gpointer              user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  FolderRun *run = g_new0 (FolderRun, 1);

  run->folder = g_strdup (folder);
  run->func = func;
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, run, (GDestroyNotify)folder_run_free);
  g_task_run_in_thread (task, folder_run_thread);
}

CairnTrustReport *
cairn_trust_folder_run_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
