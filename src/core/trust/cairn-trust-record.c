/* cairn-trust-record.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "protocol/cairn-json-parse.h"
#include "trust/cairn-trust-folder.h"
#include "trust/cairn-trust-record.h"
#include "trust/cairn-trust-record-private.h"

/* The CLI's own record of trusted folders, read the CLI's way
 * (docs/trust.md, "The CLI's trust record"): `projects[<key>]
 * .hasTrustDialogAccepted` in its config file, where the key is the
 * folder's git root (the main one, for a worktree) or else its real path,
 * and a folder is trusted too when a folder above it is, up to its git
 * root (or up to / outside git). */

static const char *
home_dir (void)
{
  const char *home = g_getenv ("HOME");

  return home != NULL && *home != '\0' ? home : g_get_home_dir ();
}

static gboolean
is_nonempty_file (const char *path,
                  gboolean   *writable_empty)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  *writable_empty = st.st_size == 0 && (st.st_mode & 0222) != 0;
  return st.st_size > 0;
}

/**
 * cairn_trust_record_config_path:
 *
 * The CLI's config file: `$CLAUDE_CONFIG_DIR/.claude.json` or
 * `~/.claude.json`, unless the legacy `.config.json` in the CLI's config
 * folder is there with something in it (the CLI then keeps using it).
 */
char *
cairn_trust_record_config_path (void)
{
  const char *config_dir = g_getenv ("CLAUDE_CONFIG_DIR");
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *legacy = NULL;
  gboolean writable_empty = FALSE;

  if (config_dir != NULL && *config_dir != '\0')
    dir = g_strdup (config_dir);
  file = g_build_filename (dir != NULL ? dir : home_dir (), ".claude.json", NULL);
  legacy = g_build_filename (dir != NULL ? dir : home_dir (), dir != NULL ? "" : ".claude",
                             ".config.json", NULL);
  if (is_nonempty_file (legacy, &writable_empty) ||
      (writable_empty && !g_file_test (file, G_FILE_TEST_EXISTS)))
    return g_steal_pointer (&legacy);
  return g_steal_pointer (&file);
}

/* The first folder from @real_folder up that holds a `.git` (folder or
 * file), or NULL. */
static char *
find_git_root (const char *real_folder)
{
  g_autofree char *dir = g_strdup (real_folder);

  for (;;)
    {
      g_autofree char *git = g_build_filename (dir, ".git", NULL);
      g_autofree char *parent = NULL;
      GStatBuf st;

      if (g_lstat (git, &st) == 0 && (S_ISDIR (st.st_mode) || S_ISREG (st.st_mode)))
        return g_steal_pointer (&dir);
      parent = g_path_get_dirname (dir);
      if (g_str_equal (parent, dir))
        return NULL;
      g_free (dir);
      dir = g_steal_pointer (&parent);
    }
}

static char *
read_trimmed (const char *dir,
              const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return g_strdup (g_strstrip (text));
}

static char *
resolve (const char *base,
         const char *path)
{
  g_autofree char *joined = g_path_is_absolute (path) ? g_strdup (path)
                                                      : g_build_filename (base, path, NULL);

  return g_canonicalize_filename (joined, NULL);
}

/* A linked worktree's record is its main repository's: `.git` is a file
 * "gitdir: <main>/.git/worktrees/<name>", whose `commondir` leads back. */
static char *
main_worktree (const char *root)
{
  g_autofree char *line = read_trimmed (root, ".git");
  g_autofree char *gitdir = NULL;
  g_autofree char *common_rel = NULL;
  g_autofree char *common = NULL;
  g_autofree char *worktrees = NULL;
  g_autofree char *parent = NULL;

  if (line == NULL || !g_str_has_prefix (line, "gitdir:"))
    return g_strdup (root);
  gitdir = resolve (root, g_strstrip (line + strlen ("gitdir:")));
  common_rel = read_trimmed (gitdir, "commondir");
  if (common_rel == NULL)
    return g_strdup (root);
  common = resolve (gitdir, common_rel);
  worktrees = g_build_filename (common, "worktrees", NULL);
  parent = g_path_get_dirname (gitdir);
  if (!g_str_equal (parent, worktrees) || !g_str_has_suffix (common, "/.git"))
    return g_strdup (root);
  return g_path_get_dirname (common);
}

/**
 * cairn_trust_record_key:
 *
 * Returns: the key the CLI records @real_folder's trust under
 */
char *
cairn_trust_record_key (const char *real_folder)
{
  g_autofree char *root = find_git_root (real_folder);

  return root != NULL ? main_worktree (root) : g_strdup (real_folder);
}

/* The CLI never records the home folder's trust: run there, its dialog's
 * Yes holds for one session. (A folder below a home that is a git
 * repository is recorded, under the home's key, as the CLI does.) */
gboolean
cairn_trust_record_is_home (const char *real_folder)
{
  g_autofree char *home = cairn_trust_real_path (home_dir (), NULL);

  return home != NULL && g_str_equal (real_folder, home);
}

/* The CLI tests the flag for being truthy, the way JavaScript does. */
static gboolean
is_truthy (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (node))
    return TRUE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN: return json_node_get_boolean (node);
    case G_TYPE_INT64: return json_node_get_int (node) != 0;
    case G_TYPE_DOUBLE: return json_node_get_double (node) != 0;  /* NaN is not in JSON */
    case G_TYPE_STRING: return *json_node_get_string (node) != '\0';
    default: return FALSE;
    }
}

static gboolean
accepted (JsonObject *projects,
          const char *key)
{
  JsonObject *project = projects ? cairn_json_get_object (projects, key) : NULL;

  return project != NULL && is_truthy (json_object_get_member (project, "hasTrustDialogAccepted"));
}

/* From @real_folder up to @root (or /), as the CLI's trust dialog walks. */
static gboolean
accepted_above (JsonObject *projects,
                const char *real_folder,
                const char *root)
{
  g_autofree char *dir = g_strdup (real_folder);

  for (;;)
    {
      g_autofree char *parent = NULL;

      if (accepted (projects, dir))
        return TRUE;
      if (root != NULL && g_str_equal (dir, root))
        return FALSE;
      parent = g_path_get_dirname (dir);
      if (g_str_equal (parent, dir))
        return FALSE;
      g_free (dir);
      dir = g_steal_pointer (&parent);
    }
}

static gboolean
ignore_persisted_trust (void)
{
  const char *value = g_getenv ("CLAUDE_CODE_IGNORE_PERSISTED_TRUST");

  return value != NULL && *value != '\0' && !g_str_equal (value, "0") &&
         g_ascii_strcasecmp (value, "false") != 0;
}

/* The config's object, or an error that says the file is damaged. */
JsonNode *
_cairn_trust_record_parse (const char  *text,
                           gsize        length,
                           GError     **error)
{
  CairnJsonParseError parse_error = CAIRN_JSON_PARSE_OK;
  JsonNode *root = cairn_json_parse_object (text, length, CAIRN_JSON_MAX_DEPTH, &parse_error, NULL);

  if (root == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("Claude Code’s settings file is damaged (it is not one JSON object)."));
  return root;
}

/**
 * cairn_trust_record_find:
 * @text: the config file's bytes
 *
 * Whether the CLI would take @real_folder as trusted, by this config.
 */
gboolean
cairn_trust_record_find (const char  *text,
                         gsize        length,
                         const char  *real_folder,
                         gboolean    *trusted,
                         GError     **error)
{
  g_autoptr(JsonNode) root = _cairn_trust_record_parse (text, length, error);
  g_autofree char *git_root = NULL;
  g_autofree char *key = NULL;
  JsonObject *projects;

  *trusted = FALSE;
  if (root == NULL)
    return FALSE;
  if (ignore_persisted_trust ())
    return TRUE;
  projects = cairn_json_get_object (json_node_get_object (root), "projects");
  git_root = find_git_root (real_folder);
  key = git_root != NULL ? main_worktree (git_root) : g_strdup (real_folder);
  *trusted = accepted (projects, key) || accepted_above (projects, real_folder, git_root);
  return TRUE;
}

/**
 * cairn_trust_record_lookup:
 *
 * Reads the CLI's config file (blocks: call it in a thread). A file that
 * is not there trusts nothing; one that can't be read is an error.
 */
gboolean
cairn_trust_record_lookup (const char  *real_folder,
                           gboolean    *trusted,
                           GError     **error)
{
  g_autofree char *path = cairn_trust_record_config_path ();
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  *trusted = FALSE;
  text = cairn_trust_read_capped (path, CAIRN_TRUST_MAX_CONFIG, &length, &local_error);
  if (text == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  if (text == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s could not be read: %s"),
                   path, local_error->message);
      return FALSE;
    }
  return cairn_trust_record_find (text, length, real_folder, trusted, error);
}
