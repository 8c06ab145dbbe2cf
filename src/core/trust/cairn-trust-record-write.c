/* cairn-trust-record-write.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-util.h"
#include "trust/cairn-trust-folder.h"
#include "trust/cairn-trust-json.h"
#include "trust/cairn-trust-record.h"
#include "trust/cairn-trust-record-private.h"

/* Writing `hasTrustDialogAccepted: true` the way the CLI writes its config
 * file (docs/trust.md, "How the CLI writes its config file"): under its
 * lock (a folder `<file>.lock`, made with mkdir, stale after 10 s), the
 * file read again under the lock and changed in one key, then written to
 * a temporary file beside the one it replaces (same mode; 0600 for a new
 * file), flushed and renamed over it. A running CLI's write is thus never
 * lost: it either lands before the lock is taken (and is read), or waits. */

#define LOCK_STALE_US (10 * G_USEC_PER_SEC)
#define LOCK_WAIT_US  (12 * G_USEC_PER_SEC)

/* A project's entry as the CLI makes a new one (its defaults). */
static JsonObject *
new_project (void)
{
  JsonObject *project = json_object_new ();

  json_object_set_array_member (project, "allowedTools", json_array_new ());
  json_object_set_array_member (project, "mcpContextUris", json_array_new ());
  json_object_set_object_member (project, "mcpServers", json_object_new ());
  json_object_set_array_member (project, "enabledMcpjsonServers", json_array_new ());
  json_object_set_array_member (project, "disabledMcpjsonServers", json_array_new ());
  json_object_set_boolean_member (project, "hasTrustDialogAccepted", TRUE);
  json_object_set_boolean_member (project, "hasClaudeMdExternalIncludesApproved", FALSE);
  json_object_set_boolean_member (project, "hasClaudeMdExternalIncludesWarningShown", FALSE);
  return project;
}

/* A number too large for a double was read as infinity, which JSON can't
 * say: the CLI (JSON.parse, then JSON.stringify) writes it as null, and so
 * does Cairn (cairn-trust-json.c); the tree says so too. */
void
_cairn_trust_record_make_finite (JsonNode *node)
{
  JsonObjectIter iter;
  JsonNode *member;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE &&
      !isfinite (json_node_get_double (node)))
    json_node_init_null (node);
  else if (JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      _cairn_trust_record_make_finite (json_array_get_element (json_node_get_array (node), i));
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        _cairn_trust_record_make_finite (member);
    }
}

/**
 * cairn_trust_record_update:
 * @text: (nullable): the config file's bytes; %NULL when there is none
 *
 * Returns: (nullable): the file with `projects[@key].hasTrustDialogAccepted`
 *   set, every other key kept; %NULL with an error for a damaged file
 */
char *
cairn_trust_record_update (const char  *text,
                           gsize        length,
                           const char  *key,
                           GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *config;
  JsonNode *projects;
  JsonObject *project;

  if (text != NULL)
    root = _cairn_trust_record_parse (text, length, error);
  else
    json_node_take_object ((root = json_node_new (JSON_NODE_OBJECT)), json_object_new ());
  if (root == NULL)
    return NULL;
  _cairn_trust_record_make_finite (root);
  config = json_node_get_object (root);
  projects = json_object_get_member (config, "projects");
  if (projects != NULL && !JSON_NODE_HOLDS_OBJECT (projects))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Claude Code’s settings file is damaged (its “projects” is not an object)."));
      return NULL;
    }
  if (projects == NULL)
    json_object_set_object_member (config, "projects", json_object_new ());
  projects = json_object_get_member (config, "projects");
  project = cairn_json_get_object (json_node_get_object (projects), key);
  if (project != NULL)
    json_object_set_boolean_member (project, "hasTrustDialogAccepted", TRUE);
  else
    json_object_set_object_member (json_node_get_object (projects), key, new_project ());
  return cairn_trust_json_stringify (root);
}

static gboolean
take_lock (const char  *lock,
           GError     **error)
{
  gint64 deadline = g_get_monotonic_time () + LOCK_WAIT_US;

  while (g_mkdir (lock, 0755) != 0)
    {
      int saved = errno;
      GStatBuf st;

      if (saved != EEXIST)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("%s could not be locked: %s"), lock, g_strerror (saved));
          return FALSE;
        }
      /* a lock left by a CLI that died: the CLI takes it over too */
      if (g_stat (lock, &st) == 0 && (gint64) st.st_mtime * G_USEC_PER_SEC < g_get_real_time () - LOCK_STALE_US)
        {
          g_rmdir (lock);
          continue;
        }
      if (g_get_monotonic_time () > deadline)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                       _("%s is locked by another program (a running Claude Code?). Try again."), lock);
          return FALSE;
        }
      g_usleep (50 * 1000);
    }
  return TRUE;
}

/* @data into @target by a temporary file in the same folder and a rename:
 * a reader sees the old file or the new one, never half of one. */
static gboolean
replace_file (const char  *target,
              const char  *data,
              mode_t       mode,
              GError     **error)
{
  g_autofree char *temp = g_strdup_printf ("%s.tmp.%d.%08x%04x", target, (int) getpid (),
                                           g_random_int (), g_random_int () & 0xffff);
  int fd = g_open (temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  gboolean ok;
  int saved;

  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("%s could not be written: %s"),
                   temp, g_strerror (saved));
      return FALSE;
    }
  ok = cairn_write_all (fd, data, strlen (data)) == 0 && fchmod (fd, mode) == 0 && fsync (fd) == 0;
  saved = errno;
  ok = close (fd) == 0 && ok;
  if (ok && g_rename (temp, target) == 0)
    return TRUE;
  saved = saved != 0 ? saved : errno;
  g_unlink (temp);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("%s could not be written: %s"),
               target, g_strerror (saved));
  return FALSE;
}

/* With the lock held: read, change one key, write. A link is written
 * through, as the CLI does (a config kept in a dotfiles repository). */
static gboolean
write_locked (const char  *path,
              const char  *key,
              GError     **error)
{
  g_autofree char *target = g_file_test (path, G_FILE_TEST_IS_SYMLINK)
                            ? cairn_trust_real_path (path, NULL) : g_strdup (path);
  g_autofree char *text = NULL;
  g_autofree char *updated = NULL;
  g_autoptr(GError) read_error = NULL;
  mode_t mode = 0600;
  GStatBuf st;
  gsize length = 0;

  if (target == NULL)
    target = g_strdup (path);
  text = cairn_trust_read_capped (target, CAIRN_TRUST_MAX_CONFIG, &length, &read_error);
  if (text == NULL && !g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s could not be read: %s"),
                   target, read_error->message);
      return FALSE;
    }
  updated = cairn_trust_record_update (text, length, key, error);
  if (updated == NULL)
    return FALSE;
  if (text != NULL && g_stat (target, &st) == 0)
    mode = st.st_mode & 07777;
  return replace_file (target, updated, mode, error);
}

/**
 * cairn_trust_record_write:
 *
 * Records @real_folder as trusted in the CLI's config file (blocks: call
 * it in a thread). The home folder is never recorded (an error).
 */
gboolean
cairn_trust_record_write (const char  *real_folder,
                          GError     **error)
{
  g_autofree char *key = cairn_trust_record_key (real_folder);
  g_autofree char *path = cairn_trust_record_config_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *lock = g_strconcat (path, ".lock", NULL);
  gboolean ok;

  if (cairn_trust_record_is_home (real_folder))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The home folder’s trust is never recorded."));
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0 || !take_lock (lock, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s could not be made."), dir);
      return FALSE;
    }
  ok = write_locked (path, key, error);
  g_rmdir (lock);
  return ok;
}
