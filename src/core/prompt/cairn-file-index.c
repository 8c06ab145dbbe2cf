/* cairn-file-index.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-file-index"

#include "config.h"

#include <string.h>

#include "prompt/cairn-file-index.h"
#include "protocol/cairn-launcher.h"

/* The project's files, as paths relative to its folder, for "@" completion.
 * In a git work tree git itself lists them (tracked and untracked, without
 * what .gitignore excludes); elsewhere, or without git, a walk of the tree
 * skips the usual heavy folders and the top-level .gitignore's patterns.
 * Either way the listing runs in a thread, and matching is done on the
 * main thread against the last listing. */
struct _CairnFileIndex
{
  GObject    parent_instance;
  char      *root;
  GPtrArray *paths;
  gint64     loaded_at;
};

G_DEFINE_FINAL_TYPE (CairnFileIndex, cairn_file_index, G_TYPE_OBJECT)

/* A .gitignore line, simplified: globs, a trailing "/" for folders only,
 * and a "/" inside anchoring the pattern at the top. */
typedef struct
{
  GPatternSpec *spec;
  gboolean      anchored;
  gboolean      dir_only;
} IgnoreRule;

static const char * const skipped_dirs[] = {
  ".git", ".cairn", ".hg", ".svn", "node_modules", NULL
};

static void
ignore_rule_free (IgnoreRule *rule)
{
  g_pattern_spec_free (rule->spec);
  g_free (rule);
}

static IgnoreRule *
ignore_rule_parse (const char *line)
{
  g_autofree char *pattern = g_strstrip (g_strdup (line));
  IgnoreRule *rule;
  gsize len = strlen (pattern);

  /* Negations would need the whole gitignore algorithm: listing a file
   * too many is harmless, so they are left out. */
  if (len == 0 || pattern[0] == '#' || pattern[0] == '!')
    return NULL;
  rule = g_new0 (IgnoreRule, 1);
  if ((rule->dir_only = pattern[len - 1] == '/'))
    pattern[len - 1] = '\0';
  rule->anchored = strchr (pattern, '/') != NULL;
  rule->spec = g_pattern_spec_new (pattern[0] == '/' ? pattern + 1 : pattern);
  return rule;
}

static GPtrArray *
read_gitignore (GFile        *root,
                GCancellable *cancellable)
{
  g_autoptr(GFile) file = g_file_get_child (root, ".gitignore");
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func ((GDestroyNotify)ignore_rule_free);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_load_contents (file, cancellable, &contents, NULL, NULL, NULL))
    return g_steal_pointer (&rules);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      IgnoreRule *rule = ignore_rule_parse (lines[i]);

      if (rule != NULL)
        g_ptr_array_add (rules, rule);
    }
  return g_steal_pointer (&rules);
}

static gboolean
is_ignored (GPtrArray  *rules,
            const char *relative,
            const char *name,
            gboolean    is_dir)
{
  for (guint i = 0; i < rules->len; i++)
    {
      IgnoreRule *rule = g_ptr_array_index (rules, i);

      if (rule->dir_only && !is_dir)
        continue;
      if (g_pattern_spec_match_string (rule->spec, rule->anchored ? relative : name))
        return TRUE;
    }
  return FALSE;
}

/* One folder's entries: files are listed, folders queued. */
static gboolean
walk_dir (GFile        *root,
          const char   *dir,
          GPtrArray    *rules,
          GQueue       *pending,
          GPtrArray    *paths,
          GCancellable *cancellable,
          GError      **error)
{
  g_autoptr(GFile) folder = *dir ? g_file_resolve_relative_path (root, dir) : g_object_ref (root);
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, cancellable, error);
  if (children == NULL)
    return FALSE;
  while (paths->len < CAIRN_FILE_INDEX_MAX_PATHS &&
         g_file_enumerator_iterate (children, &info, NULL, cancellable, error) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);
      gboolean is_dir = g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY;
      char *relative = *dir ? g_strconcat (dir, "/", name, NULL) : g_strdup (name);

      if ((is_dir && g_strv_contains (skipped_dirs, name)) ||
          is_ignored (rules, relative, name, is_dir))
        g_free (relative);
      else if (is_dir)
        g_queue_push_tail (pending, relative);
      else
        g_ptr_array_add (paths, relative);
    }
  return error == NULL || *error == NULL;
}

/* Breadth first, so that a tree too big to list whole still gives its
 * top levels. Folders that cannot be read are left out. */
static GPtrArray *
list_by_walking (const char    *root_path,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GFile) root = g_file_new_for_path (root_path);
  g_autoptr(GPtrArray) rules = read_gitignore (root, cancellable);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  GQueue pending = G_QUEUE_INIT;
  char *dir;

  if (!walk_dir (root, "", rules, &pending, paths, cancellable, error))
    {
      g_queue_clear_full (&pending, g_free);
      return NULL;
    }
  while ((dir = g_queue_pop_head (&pending)) != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (paths->len < CAIRN_FILE_INDEX_MAX_PATHS &&
          !g_cancellable_is_cancelled (cancellable) &&
          !walk_dir (root, dir, rules, &pending, paths, cancellable, &local_error))
        g_debug ("Not listing “%s”: %s", dir, local_error->message);
      g_free (dir);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&paths);
}

static GSubprocess *
spawn_git_ls_files (const char  *root_path,
                    GError     **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;

  /* Inside Flatpak the host's git sees the host's files. */
  if (cairn_launcher_in_flatpak ())
    {
      g_strv_builder_add (builder, "flatpak-spawn");
      g_strv_builder_add (builder, "--host");
    }
  g_strv_builder_add_many (builder, "git", "-C", root_path, "ls-files", "-z", "--cached",
                           "--others", "--exclude-standard", NULL);
  argv = g_strv_builder_end (builder);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_setenv (launcher, "GIT_OPTIONAL_LOCKS", "0", TRUE);
  return g_subprocess_launcher_spawnv (launcher, (const char * const *)argv, error);
}

/* git lists what is not ignored, and a project may not ignore its
 * node_modules: the walk's skipped folders are skipped here too. */
static gboolean
in_skipped_dir (const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);

  for (guint i = 0; parts[i] != NULL && parts[i + 1] != NULL; i++)
    if (g_strv_contains (skipped_dirs, parts[i]))
      return TRUE;
  return FALSE;
}

/* NUL-separated paths, up to the limit. */
static gboolean
read_nul_separated (GInputStream  *stdout_pipe,
                    GPtrArray     *paths,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr(GDataInputStream) data = g_data_input_stream_new (stdout_pipe);

  while (paths->len < CAIRN_FILE_INDEX_MAX_PATHS)
    {
      g_autoptr(GError) local_error = NULL;
      gsize length = 0;
      char *path = g_data_input_stream_read_upto (data, "", 1, &length, cancellable, error);

      if (path == NULL)
        return error == NULL || *error == NULL;
      /* skip the NUL; only the end of the stream has none */
      if (!g_data_input_stream_read_byte (data, cancellable, &local_error) && length == 0)
        {
          g_free (path);
          break;
        }
      if (length > 0 && !in_skipped_dir (path) &&
          (paths->len == 0 || strcmp (g_ptr_array_index (paths, paths->len - 1), path) != 0))
        g_ptr_array_add (paths, path);
      else
        g_free (path);
    }
  return TRUE;
}

/* NULL when this is not a git work tree or git is not there: then walk. */
static GPtrArray *
list_with_git (const char    *root_path,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  if (!(process = spawn_git_ls_files (root_path, error)))
    return NULL;
  if (!read_nul_separated (g_subprocess_get_stdout_pipe (process), paths, cancellable, error))
    {
      g_subprocess_force_exit (process);
      return NULL;
    }
  if (paths->len >= CAIRN_FILE_INDEX_MAX_PATHS)
    {
      g_subprocess_force_exit (process);
      g_subprocess_wait (process, NULL, NULL);
      return g_steal_pointer (&paths);
    }
  if (!g_subprocess_wait_check (process, cancellable, error))
    return NULL;
  return g_steal_pointer (&paths);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const char *root_path = task_data;
  g_autoptr(GPtrArray) paths = NULL;
  g_autoptr(GError) git_error = NULL;
  g_autoptr(GError) error = NULL;

  if (!(paths = list_with_git (root_path, cancellable, &git_error)))
    {
      g_debug ("Walking “%s” (git did not list it: %s)", root_path, git_error->message);
      paths = list_by_walking (root_path, cancellable, &error);
    }
  if (paths == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_ptr_array_sort (paths, (GCompareFunc)g_strcmp0);
  g_task_return_pointer (task, g_steal_pointer (&paths), (GDestroyNotify)g_ptr_array_unref);
}

/**
 * cairn_file_index_load_async:
 *
 * Lists the project's files again, in a thread.
 */
void
cairn_file_index_load_async (CairnFileIndex      *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CAIRN_IS_FILE_INDEX (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cairn_file_index_load_async);
  g_task_set_task_data (task, g_strdup (self->root), g_free);
  g_task_run_in_thread (task, load_in_thread);
}

gboolean
cairn_file_index_load_finish (CairnFileIndex  *self,
                              GAsyncResult    *result,
                              GError         **error)
{
  GPtrArray *paths;

  g_return_val_if_fail (CAIRN_IS_FILE_INDEX (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!(paths = g_task_propagate_pointer (G_TASK (result), error)))
    return FALSE;
  g_clear_pointer (&self->paths, g_ptr_array_unref);
  self->paths = paths;
  self->loaded_at = g_get_monotonic_time ();
  return TRUE;
}

typedef struct
{
  const char *path;
  guint       rank;
  gsize       length;
} Match;

static const char *
ascii_strcasestr (const char *haystack,
                  const char *needle)
{
  gsize len = strlen (needle);

  for (const char *p = haystack; *p != '\0'; p++)
    if (g_ascii_strncasecmp (p, needle, len) == 0)
      return p;
  return NULL;
}

/* Lower is better: the path starts with the query, then its file name
 * does, then one of its folders does, then the query is anywhere in it.
 * G_MAXUINT: no match. */
static guint
rank_path (const char *path,
           const char *query)
{
  gsize len = strlen (query);
  const char *base = strrchr (path, '/');
  const char *found;

  if (g_ascii_strncasecmp (path, query, len) == 0)
    return 0;
  if (base != NULL && g_ascii_strncasecmp (base + 1, query, len) == 0)
    return 1;
  if (!(found = ascii_strcasestr (path, query)))
    return G_MAXUINT;
  for (; found != NULL; found = ascii_strcasestr (found + 1, query))
    if (found[-1] == '/')
      return 2;
  return 3;
}

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const Match *ma = a;
  const Match *mb = b;

  if (ma->rank != mb->rank)
    return ma->rank < mb->rank ? -1 : 1;
  if (ma->length != mb->length)
    return ma->length < mb->length ? -1 : 1;
  return strcmp (ma->path, mb->path);
}

/**
 * cairn_file_index_match:
 * @query: what follows the "@"; may be empty
 * @max_results: at most this many paths
 *
 * The indexed paths that contain @query (ignoring ASCII case), best first:
 * those starting with it, then those whose file name or a folder starts
 * with it; shorter paths first among equals.
 *
 * Returns: (transfer full) (element-type utf8): the matching paths
 */
GPtrArray *
cairn_file_index_match (CairnFileIndex *self,
                        const char     *query,
                        guint           max_results)
{
  g_autoptr(GArray) matches = g_array_new (FALSE, FALSE, sizeof (Match));
  GPtrArray *result = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (CAIRN_IS_FILE_INDEX (self), result);
  g_return_val_if_fail (query != NULL, result);

  for (guint i = 0; self->paths != NULL && i < self->paths->len; i++)
    {
      Match match = { g_ptr_array_index (self->paths, i), 0, 0 };

      if ((match.rank = rank_path (match.path, query)) == G_MAXUINT)
        continue;
      match.length = strlen (match.path);
      g_array_append_val (matches, match);
    }
  g_array_sort (matches, compare_matches);
  for (guint i = 0; i < matches->len && i < max_results; i++)
    g_ptr_array_add (result, g_strdup (g_array_index (matches, Match, i).path));
  return result;
}

const char *
cairn_file_index_get_root (CairnFileIndex *self)
{
  g_return_val_if_fail (CAIRN_IS_FILE_INDEX (self), NULL);
  return self->root;
}

gboolean
cairn_file_index_get_loaded (CairnFileIndex *self)
{
  g_return_val_if_fail (CAIRN_IS_FILE_INDEX (self), FALSE);
  return self->paths != NULL;
}

/**
 * cairn_file_index_is_stale:
 *
 * Whether the index was never loaded or was loaded more than
 * @max_age_seconds ago (files come and go while the agent works).
 */
gboolean
cairn_file_index_is_stale (CairnFileIndex *self,
                           guint           max_age_seconds)
{
  g_return_val_if_fail (CAIRN_IS_FILE_INDEX (self), TRUE);

  return self->paths == NULL ||
         g_get_monotonic_time () - self->loaded_at > (gint64)max_age_seconds * G_USEC_PER_SEC;
}

guint
cairn_file_index_get_n_paths (CairnFileIndex *self)
{
  g_return_val_if_fail (CAIRN_IS_FILE_INDEX (self), 0);
  return self->paths ? self->paths->len : 0;
}

static void
cairn_file_index_finalize (GObject *object)
{
  CairnFileIndex *self = (CairnFileIndex *)object;

  g_clear_pointer (&self->paths, g_ptr_array_unref);
  g_clear_pointer (&self->root, g_free);

  G_OBJECT_CLASS (cairn_file_index_parent_class)->finalize (object);
}

static void
cairn_file_index_class_init (CairnFileIndexClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_file_index_finalize;
}

static void
cairn_file_index_init (CairnFileIndex *self)
{
}

CairnFileIndex *
cairn_file_index_new (const char *root)
{
  CairnFileIndex *self;

  g_return_val_if_fail (root != NULL, NULL);

  self = g_object_new (CAIRN_TYPE_FILE_INDEX, NULL);
  self->root = g_strdup (root);
  return self;
}
