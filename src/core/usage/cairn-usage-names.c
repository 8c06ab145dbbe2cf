/* cairn-usage-names.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage-names"

#include "config.h"

#include <string.h>

#include "usage/cairn-usage-names.h"

/* The projects as the user knows them. A project is keyed by its folder's
 * name under ~/.claude/projects ("-home-user-src-project-28"), which the
 * CLI makes from the folder the conversation ran in by turning every
 * character but a letter or digit into "-" (and cutting it at 200, with a
 * hash): it cannot be turned back. The lines say that folder (`cwd`), so
 * a project is named by it, the home folder as "~" as GNOME shows paths,
 * and, where room is tight, by its last component, or as many as tell it
 * from another project's. Without a cwd, the key is all there is. */

#define KEY_LENGTH 200   /* where the CLI cuts a key */

typedef struct
{
  char *full;    /* "~/src/project-28" */
  char *tail;    /* "project-28", or "src/project-28" when another ends the same */
} Name;

struct _CairnUsageNames
{
  GHashTable *names;   /* project → Name */
};

static void
name_free (Name *name)
{
  g_free (name->full);
  g_free (name->tail);
  g_free (name);
}

/* Whether the CLI would have keyed @cwd as @project. */
static gboolean
encodes_to (const char *cwd,
            const char *project)
{
  g_autofree char *key = g_strdup (cwd);
  size_t length;

  for (char *p = key; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  length = strlen (key);
  if (length <= KEY_LENGTH)
    return g_str_equal (key, project);
  return strncmp (key, project, KEY_LENGTH) == 0 && project[KEY_LENGTH] == '-';
}

/* A project's folder: the one its key was made from, else the one most
 * of its conversations ran in (a key is lossy: "/a/b-c" and "/a/b/c"
 * share one; older CLIs encoded differently). */
static const char *
best_cwd (const char *project,
          GHashTable *counts)
{
  GHashTableIter iter;
  gpointer cwd, count;
  const char *best = NULL;
  guint best_count = 0;

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &cwd, &count))
    {
      guint n = GPOINTER_TO_UINT (count) + (encodes_to (cwd, project) ? G_MAXUINT / 2 : 0);
      if (best == NULL || n > best_count || (n == best_count && strcmp (cwd, best) < 0))
        {
          best = cwd;
          best_count = n;
        }
    }
  return best;
}

/* @cwd with the home folder as "~", without a trailing "/". */
static char *
home_as_tilde (const char *cwd,
               const char *home)
{
  size_t home_length = home ? strlen (home) : 0;
  char *path;

  while (home_length > 1 && home[home_length - 1] == '/')
    home_length--;
  if (home_length > 1 && strncmp (cwd, home, home_length) == 0 && (cwd[home_length] == '\0' || cwd[home_length] == '/'))
    path = g_strconcat ("~", cwd + home_length, NULL);
  else
    path = g_strdup (cwd);
  for (size_t n = strlen (path); n > 1 && path[n - 1] == '/'; n--)
    path[n - 1] = '\0';
  return path;
}

/* The last @n components of @path, or all of it. */
static const char *
last_components (const char *path,
                 guint       n)
{
  const char *p = path + strlen (path);

  while (p > path)
    if (p[-1] == '/' && --n == 0)
      return p;
    else
      p--;
  return path;
}

/* The fewest last components of @name's path that no other name's path
 * ends in (as many of its own). */
static char *
distinct_tail (Name      *name,
               GPtrArray *all)
{
  for (guint n = 1;; n++)
    {
      const char *tail = last_components (name->full, n);
      gboolean clash = FALSE;

      if (tail == name->full)
        return g_strdup (tail);
      for (guint i = 0; i < all->len && !clash; i++)
        {
          Name *other = g_ptr_array_index (all, i);
          clash = other != name && g_str_equal (last_components (other->full, n), tail);
        }
      if (!clash)
        return g_strdup (tail[0] != '\0' ? tail : name->full);
    }
}

/* Each project's conversations' folders, counted. */
static GHashTable *
count_cwds (CairnUsageData *data)
{
  GHashTable *projects = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                (GDestroyNotify)g_hash_table_unref);

  for (guint i = 0; i < data->sessions->len; i++)
    {
      CairnUsageSession *session = g_ptr_array_index (data->sessions, i);
      GHashTable *counts = g_hash_table_lookup (projects, session->project);

      if (counts == NULL)
        {
          counts = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_insert (projects, session->project, counts);
        }
      if (session->cwd[0] != '\0')
        g_hash_table_insert (counts, session->cwd,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, session->cwd)) + 1));
    }
  return projects;
}

/* Two keys with one folder (the CLI's encoding changed): the key too. */
static void
tell_apart (GHashTable *names)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer project, value;

  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const char *full = ((Name *)value)->full;
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, full));
      g_hash_table_insert (counts, g_strdup (full), GUINT_TO_POINTER (n + 1));
    }
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &project, &value))
    {
      Name *name = value;
      if (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name->full)) > 1 && !g_str_equal (name->full, project))
        {
          char *full = g_strdup_printf ("%s (%s)", name->full, (char *)project);
          g_free (name->full);
          name->full = full;
        }
    }
}

/**
 * cairn_usage_names_new:
 * @home: the home folder, shown as "~"
 *
 * Names each project of @data by its folder.
 */
CairnUsageNames *
cairn_usage_names_new (CairnUsageData *data,
                       const char     *home)
{
  CairnUsageNames *self = g_new0 (CairnUsageNames, 1);
  g_autoptr(GHashTable) projects = count_cwds (data);
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer project, counts;

  self->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)name_free);
  g_hash_table_iter_init (&iter, projects);
  while (g_hash_table_iter_next (&iter, &project, &counts))
    {
      const char *cwd = best_cwd (project, counts);
      Name *name = g_new0 (Name, 1);

      name->full = cwd ? home_as_tilde (cwd, home) : g_strdup (project);
      g_hash_table_insert (self->names, g_strdup (project), name);
      g_ptr_array_add (all, name);
    }
  tell_apart (self->names);
  for (guint i = 0; i < all->len; i++)
    {
      Name *name = g_ptr_array_index (all, i);
      name->tail = distinct_tail (name, all);
    }
  return self;
}

void
cairn_usage_names_free (CairnUsageNames *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->names);
  g_free (self);
}

/**
 * cairn_usage_names_full:
 * @project: a project folder's name under projects/
 *
 * Returns: its folder ("~/src/project-28"), or @project when no line said
 *   it
 */
const char *
cairn_usage_names_full (CairnUsageNames *self,
                        const char      *project)
{
  Name *name = g_hash_table_lookup (self->names, project);

  return name ? name->full : project;
}

/**
 * cairn_usage_names_short:
 *
 * Returns: its folder's last component ("project-28"), or as many as tell
 *   it from the others ("work/project-28"); @project when no line said it
 */
const char *
cairn_usage_names_short (CairnUsageNames *self,
                         const char      *project)
{
  Name *name = g_hash_table_lookup (self->names, project);

  return name ? name->tail : project;
}
