/* cairn-history-edit.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-glib/json-glib.h>

#include "history/cairn-history-edit.h"
#include "protocol/cairn-launcher.h"

/* The only changes Cairn makes to the CLI's history: a rename appends the
 * line the CLI itself appends for one (so the CLI shows the name too),
 * going to another branch appends the line that names the branch the CLI
 * resumes, and a delete moves the conversation to the Trash, from where
 * it can come back. Nothing rewrites a session file, and nothing cuts it
 * but a line of Cairn's own that was written only in part. */

static char *
session_id_of (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return g_str_has_suffix (base, ".jsonl") ? g_strndup (base, strlen (base) - strlen (".jsonl")) : NULL;
}

/* A last line cut mid-write (the CLI was killed) gets its newline first,
 * so the title line stays a line of its own. */
static gboolean
ends_with_newline (int fd)
{
  char last = '\n';
  off_t size = lseek (fd, 0, SEEK_END);

  return size <= 0 || (pread (fd, &last, 1, size - 1) == 1 && last == '\n');
}

/* A write that stopped partway (a full disk, a file size limit) is taken
 * back: the file is cut to where our line began, so no half line is left
 * for the CLI to trip on. Only when nothing was appended after ours. */
static void
take_back (int    fd,
           gsize  written)
{
  off_t end = lseek (fd, 0, SEEK_CUR);
  struct stat st;

  if (end < (off_t)written || fstat (fd, &st) != 0 || st.st_size != end)
    return;
  if (ftruncate (fd, end - (off_t)written) != 0)
    g_warning ("A cut line could not be taken back: %s", g_strerror (errno));
}

/* Appends @object as one complete line or nothing: one write() with
 * O_APPEND, the newline included (blocking). A file that is gone is not
 * made again. Returns: 0, or the errno of the failure */
static int
append_line (GFile       *file,
             JsonBuilder *object)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(JsonNode) node = json_builder_get_root (object);
  g_autofree char *json = json_to_string (node, FALSE);
  g_autofree char *line = NULL;
  gssize written;
  gsize length;
  int fd, saved;

  /* O_APPEND without O_CREAT: a conversation that is gone stays gone */
  if ((fd = g_open (path, O_WRONLY | O_APPEND | O_CLOEXEC, 0)) < 0)
    return errno;
  line = g_strdup_printf ("%s%s\n", ends_with_newline (fd) ? "" : "\n", json);
  length = strlen (line);
  do
    written = write (fd, line, length);
  while (written < 0 && errno == EINTR);
  if (written != (gssize)length)
    {
      saved = written < 0 ? errno : ENOSPC;
      if (written > 0)
        take_back (fd, written);
      close (fd);
      return saved;
    }
  return close (fd) == 0 ? 0 : errno;
}

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

/**
 * cairn_history_append_title:
 *
 * Appends `{"type":"custom-title","customTitle":…,"sessionId":…}` to the
 * session file, in one write (blocking).
 */
gboolean
cairn_history_append_title (GFile       *file,
                            const char  *title,
                            GError     **error)
{
  g_autofree char *session_id = session_id_of (file);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  int saved;

  json_builder_begin_object (builder);
  add_string (builder, "type", "custom-title");
  add_string (builder, "customTitle", title);
  add_string (builder, "sessionId", session_id);
  json_builder_end_object (builder);
  if ((saved = append_line (file, builder)) == 0)
    return TRUE;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               _("The conversation could not be renamed: %s"), g_strerror (saved));
  return FALSE;
}

/**
 * cairn_history_append_leaf:
 * @leaf_uuid: the message the branch ends at
 * @last_prompt: the branch's last prompt, for the CLI's list of sessions
 *
 * Makes the branch that ends at @leaf_uuid the conversation: appends
 * `{"type":"last-prompt","lastPrompt":…,"leafUuid":…,"sessionId":…}`,
 * the line the CLI writes after each turn and resumes from (blocking).
 */
gboolean
cairn_history_append_leaf (GFile       *file,
                           const char  *leaf_uuid,
                           const char  *last_prompt,
                           GError     **error)
{
  g_autofree char *session_id = session_id_of (file);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  int saved;

  json_builder_begin_object (builder);
  add_string (builder, "type", "last-prompt");
  if (last_prompt != NULL)
    add_string (builder, "lastPrompt", last_prompt);
  add_string (builder, "leafUuid", leaf_uuid);
  add_string (builder, "sessionId", session_id);
  json_builder_end_object (builder);
  if ((saved = append_line (file, builder)) == 0)
    return TRUE;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               _("The conversation could not be changed: %s"), g_strerror (saved));
  return FALSE;
}

static void
rename_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  GError *error = NULL;

  if (cairn_history_append_title (G_FILE (source_object), task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cairn_history_rename_async (GFile               *file,
                            const char          *title,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_task_set_task_data (task, g_strdup (title), g_free);
  g_task_run_in_thread (task, rename_thread);
}

gboolean
cairn_history_rename_finish (GAsyncResult  *result,
                             GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The session file and its folder (subagents, tool results), when there. */
static GPtrArray *
conversation_files (GFile *file)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *session_id = session_id_of (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) folder = session_id ? g_file_get_child (parent, session_id) : NULL;

  g_ptr_array_add (files, g_object_ref (file));
  if (folder != NULL && g_file_query_exists (folder, NULL))
    g_ptr_array_add (files, g_object_ref (folder));
  return files;
}

static void
trash_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  g_autoptr(GPtrArray) files = conversation_files (G_FILE (source_object));
  GError *error = NULL;

  for (guint i = 0; i < files->len; i++)
    if (!g_file_trash (g_ptr_array_index (files, i), cancellable, &error))
      {
        g_task_return_error (task, error);
        return;
      }
  g_task_return_boolean (task, TRUE);
}

/**
 * cairn_history_trash_async:
 *
 * Moves the conversation in @file, with its folder, to the Trash.
 */
void
cairn_history_trash_async (GFile               *file,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_task_run_in_thread (task, trash_thread);
}

gboolean
cairn_history_trash_finish (GAsyncResult  *result,
                            GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The Trash folders that may hold @path: the home Trash, and those at the
 * top of @path's mount (freedesktop.org Trash specification). */
static GPtrArray *
trash_folders (const char *path)
{
  GPtrArray *folders = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *top = g_strdup (path);
  GStatBuf st, up;
  char *slash;

  g_ptr_array_add (folders, g_build_filename (g_get_user_data_dir (), "Trash", NULL));
  /* In the Flatpak, g_file_trash() asks the Trash portal, which moves the
   * file into the host's home Trash; the sandbox's data dir is
   * ~/.var/app/ID/data (flatpak names the host's HOST_XDG_DATA_HOME
   * when the host sets one). */
  if (cairn_launcher_in_flatpak ())
    {
      const char *host = g_getenv ("HOST_XDG_DATA_HOME");
      g_ptr_array_add (folders, host != NULL && g_path_is_absolute (host)
                                ? g_build_filename (host, "Trash", NULL)
                                : g_build_filename (g_get_home_dir (), ".local", "share", "Trash", NULL));
    }
  if (g_stat (top, &st) != 0 && (slash = strrchr (top, '/')) != NULL)
    *slash = '\0';
  while (g_stat (top, &st) == 0 && (slash = strrchr (top, '/')) != NULL && slash != top)
    {
      g_autofree char *parent = g_strndup (top, slash - top);
      if (g_stat (parent, &up) != 0 || up.st_dev != st.st_dev)
        break;
      g_free (top);
      top = g_steal_pointer (&parent);
    }
  g_ptr_array_add (folders, g_strdup_printf ("%s/.Trash-%u", top, (guint)getuid ()));
  g_ptr_array_add (folders, g_strdup_printf ("%s/.Trash/%u", top, (guint)getuid ()));
  return folders;
}

/* The original path a .trashinfo file names, absolute. */
static char *
trashinfo_path (const char *info_path,
                const char *trash)
{
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autofree char *escaped = NULL;
  g_autofree char *unescaped = NULL;
  g_autofree char *top = NULL;

  if (!g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL) ||
      !(escaped = g_key_file_get_string (info, "Trash Info", "Path", NULL)) ||
      !(unescaped = g_uri_unescape_string (escaped, NULL)))
    return NULL;
  if (g_path_is_absolute (unescaped))
    return g_steal_pointer (&unescaped);
  /* a mount's Trash ($top/.Trash-$uid or $top/.Trash/$uid) names paths from $top */
  top = g_path_get_dirname (trash);
  if (g_str_has_suffix (top, "/.Trash"))
    {
      char *above = g_path_get_dirname (top);
      g_free (top);
      top = above;
    }
  return g_build_filename (top, unescaped, NULL);
}

/* Puts back what the Trash holds from @original (the newest such). */
static gboolean
restore_one (GFile         *original,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autofree char *path = g_file_get_path (original);
  g_autoptr(GPtrArray) trashes = trash_folders (path);
  g_autofree char *found = NULL;
  g_autofree char *found_info = NULL;
  g_autoptr(GFile) source = NULL;
  GStatBuf st;
  time_t newest = 0;

  for (guint i = 0; i < trashes->len; i++)
    {
      const char *trash = g_ptr_array_index (trashes, i);
      g_autofree char *info_dir = g_build_filename (trash, "info", NULL);
      g_autoptr(GDir) dir = g_dir_open (info_dir, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *info_path = g_build_filename (info_dir, name, NULL);
          g_autofree char *orig = g_str_has_suffix (name, ".trashinfo") ? trashinfo_path (info_path, trash) : NULL;

          if (g_strcmp0 (orig, path) != 0 || g_stat (info_path, &st) != 0 || (found && st.st_mtime < newest))
            continue;
          newest = st.st_mtime;
          g_free (found);
          g_free (found_info);
          found = g_build_filename (trash, "files", name, NULL);
          found[strlen (found) - strlen (".trashinfo")] = '\0';
          found_info = g_steal_pointer (&info_path);
        }
    }
  if (found == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("The conversation is no longer in the Trash"));
      return FALSE;
    }
  source = g_file_new_for_path (found);
  if (!g_file_move (source, original, G_FILE_COPY_NOFOLLOW_SYMLINKS, cancellable, NULL, NULL, error))
    return FALSE;
  g_unlink (found_info);
  return TRUE;
}

static void
restore_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GFile *file = G_FILE (source_object);
  g_autofree char *session_id = session_id_of (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) folder = session_id ? g_file_get_child (parent, session_id) : NULL;
  GError *error = NULL;

  if (!restore_one (file, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* the folder is optional: only a conversation with subagents has one */
  if (folder != NULL && !restore_one (folder, cancellable, &error))
    g_clear_error (&error);
  g_task_return_boolean (task, TRUE);
}

/**
 * cairn_history_restore_async:
 * @file: where the conversation was before it went to the Trash
 *
 * Undoes cairn_history_trash_async().
 */
void
cairn_history_restore_async (GFile               *file,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (file, cancellable, callback, user_data);

  g_task_run_in_thread (task, restore_thread);
}

gboolean
cairn_history_restore_finish (GAsyncResult  *result,
                              GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
