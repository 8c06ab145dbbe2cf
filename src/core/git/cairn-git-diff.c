/* cairn-git-diff.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-git"

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "git/cairn-git.h"
#include "git/cairn-git-diff.h"
#include "git/cairn-git-merge.h"
#include "git/cairn-git-repo.h"

/* A checkout's changes against its base, for the Changes pane: the list
 * from `git diff --numstat` (cheap for thousands of files) and untracked
 * files, then one file's diff when it is shown. A worktree's base is where
 * its branch left the branch it merges back into, so commits made on the
 * base since don't show as changes; a plain checkout's is HEAD.
 *
 * The project's config could name programs for these to run: fsmonitor is
 * switched off, and external diffs and text conversions are not used.
 * (Filter drivers can't be switched off by name; Cairn runs git only in a
 * folder the user trusted, see docs/trust.md.) */

static void
file_change_free (CairnGitFileChange *file)
{
  g_free (file->path);
  g_free (file->known_diff);
  g_free (file);
}

/**
 * cairn_git_changes_new:
 *
 * Returns: (transfer full): no changes yet, in @toplevel, against no base
 */
CairnGitChanges *
cairn_git_changes_new (const char *toplevel)
{
  CairnGitChanges *changes = g_new0 (CairnGitChanges, 1);

  changes->files = g_ptr_array_new_with_free_func ((GDestroyNotify)file_change_free);
  changes->toplevel = g_strdup (toplevel);
  return changes;
}

void
cairn_git_changes_free (CairnGitChanges *changes)
{
  if (changes == NULL)
    return;
  g_free (changes->toplevel);
  g_free (changes->base);
  g_free (changes->base_name);
  g_free (changes->main_toplevel);
  g_free (changes->branch);
  g_clear_pointer (&changes->files, g_ptr_array_unref);
  g_free (changes);
}

CairnGitFileChange *
cairn_git_changes_add_file (CairnGitChanges *changes,
                            const char      *path,
                            gint64           added,
                            gint64           removed,
                            gboolean         untracked)
{
  CairnGitFileChange *file = g_new0 (CairnGitFileChange, 1);

  file->path = g_utf8_make_valid (path, -1);
  file->added = added;
  file->removed = removed;
  file->untracked = untracked;
  g_ptr_array_add (changes->files, file);
  return file;
}

/**
 * cairn_git_changes_parse_numstat:
 * @numstat: `git diff --numstat -z --no-renames` output
 *
 * Records "ADDED\tREMOVED\tPATH\0"; a binary file has "-" for both.
 */
void
cairn_git_changes_parse_numstat (CairnGitChanges *changes,
                                 const char      *numstat,
                                 gsize            length)
{
  const char *end = numstat + length;

  for (const char *p = numstat; p < end; p += strnlen (p, end - p) + 1)
    {
      const char *path = NULL;
      gint64 added = -1, removed = -1;

      if (memchr (p, '\0', end - p) == NULL)
        break;
      if (g_str_has_prefix (p, "-\t-\t"))
        path = p + 4;   /* a binary file */
      else
        {
          char *tab = NULL;
          added = g_ascii_strtoll (p, &tab, 10);
          if (tab == p || *tab != '\t')
            continue;
          removed = g_ascii_strtoll (tab + 1, (char **)&path, 10);
          if (path == tab + 1 || *path++ != '\t')
            continue;
        }
      cairn_git_changes_add_file (changes, path, added, removed, FALSE);
    }
}

/* Untracked files count their lines as added (text files only). */
static void
add_untracked (CairnGitChanges *changes,
               const char      *out,
               gsize            length)
{
  for (const char *p = out; p < out + length; p += strlen (p) + 1)
    {
      g_autofree char *path = g_build_filename (changes->toplevel, p, NULL);
      g_autofree char *text = NULL;
      gsize len = 0;
      gint64 lines = 0;

      if (*p == '\0')
        continue;
      if (g_file_get_contents (path, &text, &len, NULL) && memchr (text, '\0', len) == NULL)
        for (gsize i = 0; i < len; i++)
          lines += text[i] == '\n' || (i == len - 1);
      else
        lines = -1;
      cairn_git_changes_add_file (changes, p, lines, lines < 0 ? -1 : 0, TRUE);
    }
}

static char *
resolve_base (CairnGitRepo  *repo,
              GCancellable  *cancellable)
{
  const char *argv[] = { "git", "merge-base", "--", repo->base, "HEAD", NULL };
  g_autofree char *out = NULL;

  if (repo->base == NULL || !cairn_git_run_ok (repo->toplevel, argv, &out, cancellable, NULL))
    return g_strdup (repo->head);
  return g_strchomp (g_steal_pointer (&out));
}

/**
 * cairn_git_changes_read:
 *
 * Blocks: call it from a thread.
 */
CairnGitChanges *
cairn_git_changes_read (const char    *cwd,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(CairnGitRepo) repo = cairn_git_repo_probe (cwd, cancellable, error);
  g_autoptr(CairnGitChanges) changes = NULL;
  g_autoptr(CairnGitResult) diff = NULL;
  g_autoptr(CairnGitResult) others = NULL;
  const char *untracked[] = { "git", "ls-files", "-z", "--others", "--exclude-standard", NULL };

  if (repo == NULL || !cairn_git_repo_check_trusted (repo, error))
    return NULL;
  changes = cairn_git_changes_new (repo->toplevel);
  changes->main_toplevel = g_strdup (repo->main_toplevel);
  changes->branch = g_strdup (repo->branch);
  changes->worktree = cairn_git_repo_is_worktree (repo) && repo->base != NULL;
  changes->base = changes->worktree ? resolve_base (repo, cancellable) : g_strdup (repo->head);
  changes->base_name = g_strdup (changes->worktree ? repo->base : "HEAD");
  {
    const char *numstat[] = { "git", "-c", "core.fsmonitor=false", "diff", "--numstat", "-z",
                              "--no-renames", "--no-ext-diff", "--no-textconv", changes->base, "--", NULL };
    if ((diff = cairn_git_run (repo->toplevel, numstat, NULL, cancellable, error)) == NULL ||
        (others = cairn_git_run (repo->toplevel, untracked, NULL, cancellable, error)) == NULL)
      return NULL;
  }
  if (changes->worktree)
    changes->base_ahead = cairn_git_base_moved (repo->toplevel, repo->base, cancellable);
  cairn_git_changes_parse_numstat (changes, diff->out, diff->out_len);
  add_untracked (changes, others->out, others->out_len);
  return g_steal_pointer (&changes);
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  CairnGitChanges *changes = cairn_git_changes_read (task_data, cancellable, &error);

  if (changes == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, changes, (GDestroyNotify)cairn_git_changes_free);
}

void
cairn_git_changes_read_async (const char          *cwd,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, cairn_git_changes_read_async);
  g_task_set_task_data (task, g_strdup (cwd), g_free);
  g_task_run_in_thread (task, read_thread);
}

CairnGitChanges *
cairn_git_changes_read_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * cairn_git_file_diff:
 *
 * @file's unified diff against @base (an untracked one against nothing).
 * Blocks: call it from a thread.
 */
char *
cairn_git_file_diff (const char                *toplevel,
                     const char                *base,
                     const CairnGitFileChange  *file,
                     GCancellable              *cancellable,
                     GError                   **error)
{
  g_autofree char *literal = g_strconcat (":(top,literal)", file->path, NULL);
  const char *tracked[] = { "git", "-c", "core.fsmonitor=false", "diff", "--no-ext-diff", "--no-textconv",
                            "--no-color", "--no-renames", base, "--", literal, NULL };
  const char *untracked[] = { "git", "diff", "--no-ext-diff", "--no-textconv", "--no-color", "--no-index",
                              "--", "/dev/null", file->path, NULL };
  g_autoptr(CairnGitResult) result = cairn_git_run (toplevel, file->untracked ? untracked : tracked,
                                                    NULL, cancellable, error);

  if (result == NULL)
    return NULL;
  /* `--no-index` exits 1 for "they differ" */
  if (result->status != 0 && !(file->untracked && result->status == 1))
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_FAILED, _("git diff failed: %s"), result->err);
      return NULL;
    }
  return g_utf8_make_valid (result->out, result->out_len);
}

typedef struct
{
  char               *toplevel;
  char               *base;
  CairnGitFileChange  file;
  char               *diff_read;
  guint               hunk;
} FileData;

static void
file_data_free (FileData *data)
{
  g_free (data->toplevel);
  g_free (data->base);
  g_free (data->file.path);
  g_free (data->diff_read);
  g_free (data);
}

static FileData *
file_data_new (const CairnGitChanges *changes,
               guint                  i)
{
  const CairnGitFileChange *file = g_ptr_array_index (changes->files, i);
  FileData *data = g_new0 (FileData, 1);

  data->toplevel = g_strdup (changes->toplevel);
  data->base = g_strdup (changes->base);
  data->file = *file;
  data->file.path = g_strdup (file->path);
  return data;
}

static void
file_diff_thread (GTask        *task,
                  gpointer      source,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  FileData *data = task_data;
  GError *error = NULL;
  char *diff = cairn_git_file_diff (data->toplevel, data->base, &data->file, cancellable, &error);

  if (diff == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, diff, g_free);
}

void
cairn_git_file_diff_async (const CairnGitChanges *changes,
                           guint                  i,
                           GCancellable          *cancellable,
                           GAsyncReadyCallback    callback,
                           gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_return_if_fail (changes != NULL && i < changes->files->len);
  g_task_set_source_tag (task, cairn_git_file_diff_async);
  g_task_set_task_data (task, file_data_new (changes, i), (GDestroyNotify)file_data_free);
  g_task_run_in_thread (task, file_diff_thread);
}

char *
cairn_git_file_diff_finish (GAsyncResult  *result,
                            GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * cairn_git_diff_hunks:
 *
 * Returns: (transfer full): the hunks of one file's @diff, in order
 */
GArray *
cairn_git_diff_hunks (const char *diff)
{
  GArray *hunks = g_array_new (FALSE, TRUE, sizeof (CairnGitHunk));
  gsize length = strlen (diff);

  for (const char *p = diff; p < diff + length; )
    {
      const char *nl = strchr (p, '\n');
      const char *next = nl ? nl + 1 : diff + length;
      if (g_str_has_prefix (p, "@@ -"))
        {
          CairnGitHunk hunk = { p - diff, length };
          char *plus = NULL;
          hunk.old_start = strtoul (p + 4, NULL, 10);
          plus = strstr (p, " +");
          hunk.new_start = plus && plus < next ? strtoul (plus + 2, NULL, 10) : 0;
          if (hunks->len > 0)
            g_array_index (hunks, CairnGitHunk, hunks->len - 1).end = hunk.start;
          g_array_append_val (hunks, hunk);
        }
      p = next;
    }
  return hunks;
}

/* Side by side, a change block (removed lines, then added ones) takes as
 * many rows as its longer side; the shorter is padded with blank rows. */
typedef struct
{
  GString *old_side;
  GString *new_side;
  GArray  *rows;      /* of guint: the diff's line -> its row */
  GArray  *removed;   /* of guint: the diff's lines pending, each side */
  GArray  *added;
  GPtrArray *removed_text;
  GPtrArray *added_text;
  guint    row;
} Split;

static void
split_flush (Split *split)
{
  guint n = MAX (split->removed->len, split->added->len);

  for (guint k = 0; k < n; k++)
    {
      g_string_append (split->old_side, k < split->removed_text->len ? split->removed_text->pdata[k] : "");
      g_string_append (split->new_side, k < split->added_text->len ? split->added_text->pdata[k] : "");
      g_string_append_c (split->old_side, '\n');
      g_string_append_c (split->new_side, '\n');
      if (k < split->removed->len)
        g_array_index (split->rows, guint, g_array_index (split->removed, guint, k)) = split->row + k;
      if (k < split->added->len)
        g_array_index (split->rows, guint, g_array_index (split->added, guint, k)) = split->row + k;
    }
  split->row += n;
  g_array_set_size (split->removed, 0);
  g_array_set_size (split->added, 0);
  g_ptr_array_set_size (split->removed_text, 0);
  g_ptr_array_set_size (split->added_text, 0);
}

/* A line both sides show: a header, a hunk's "@@" or context. */
static void
split_both (Split      *split,
            guint       line,
            const char *text)
{
  split_flush (split);
  g_string_append_printf (split->old_side, "%s\n", text);
  g_string_append_printf (split->new_side, "%s\n", text);
  g_array_index (split->rows, guint, line) = split->row++;
}

/**
 * cairn_git_diff_split:
 * @old_side: (out): the rows of the old side: headers, context and
 *   removed lines (each keeps its "-", for the diff highlighting)
 * @new_side: (out): the same rows for the new side, added lines
 *
 * Returns: (transfer full): for each line of @diff, the row showing it
 */
GArray *
cairn_git_diff_split (const char  *diff,
                      char       **old_side,
                      char       **new_side)
{
  g_auto(GStrv) lines = g_strsplit (diff ? diff : "", "\n", -1);
  guint n = g_strv_length (lines);
  Split split = { g_string_new (NULL), g_string_new (NULL), g_array_sized_new (FALSE, TRUE, sizeof (guint), n),
                  g_array_new (FALSE, FALSE, sizeof (guint)), g_array_new (FALSE, FALSE, sizeof (guint)),
                  g_ptr_array_new (), g_ptr_array_new (), 0 };
  gboolean in_hunk = FALSE;

  /* the text's last newline leaves an empty last piece: no line */
  if (n > 0 && *lines[n - 1] == '\0')
    n--;
  g_array_set_size (split.rows, n);
  for (guint i = 0; i < n; i++)
    {
      const char *line = lines[i];
      if (g_str_has_prefix (line, "@@"))
        in_hunk = TRUE;
      else if (g_str_has_prefix (line, "diff ") ||
               (g_str_has_prefix (line, "--- ") && i + 1 < n && g_str_has_prefix (lines[i + 1], "+++ ")))
        in_hunk = FALSE;   /* the next file's header */
      if (in_hunk && line[0] == '-')
        {
          g_array_append_val (split.removed, i);
          g_ptr_array_add (split.removed_text, (gpointer)line);
        }
      else if (in_hunk && line[0] == '+')
        {
          g_array_append_val (split.added, i);
          g_ptr_array_add (split.added_text, (gpointer)line);
        }
      else if (in_hunk && line[0] == '\\')
        g_array_index (split.rows, guint, i) = split.row > 0 ? split.row - 1 : 0;   /* "\ No newline" */
      else
        split_both (&split, i, line);
    }
  split_flush (&split);
  g_array_unref (split.removed);
  g_array_unref (split.added);
  g_ptr_array_unref (split.removed_text);
  g_ptr_array_unref (split.added_text);
  *old_side = g_string_free (split.old_side, FALSE);
  *new_side = g_string_free (split.new_side, FALSE);
  return split.rows;
}

/**
 * cairn_git_diff_line_number:
 * @line: a line of @diff, from 0
 *
 * Returns: the line of the file @line shows (the new side; the old side
 *   for a removed line), 0 for a header line
 */
guint
cairn_git_diff_line_number (const char *diff,
                            guint       line)
{
  guint old_line = 0, new_line = 0, i = 0;
  gboolean in_hunk = FALSE;

  for (const char *p = diff; *p != '\0' && i <= line; i++)
    {
      const char *nl = strchr (p, '\n');
      gboolean header = g_str_has_prefix (p, "@@ -");
      if (header)
        {
          char *plus = strstr (p, " +");
          old_line = strtoul (p + 4, NULL, 10);
          new_line = plus ? strtoul (plus + 2, NULL, 10) : 0;
          in_hunk = TRUE;
        }
      if (i == line)
        return !in_hunk || header ? 0 : *p == '-' ? old_line : new_line;
      if (in_hunk && !header)
        {
          old_line += *p != '+';
          new_line += *p != '-';
        }
      if (nl == NULL)
        break;
      p = nl + 1;
    }
  return 0;
}

/**
 * cairn_git_diff_comment:
 *
 * Returns: (transfer full): a review note as the next prompt carries it:
 *   "`path:line` — note" (the path as git gave it, relative to the
 *   checkout the conversation works in)
 */
char *
cairn_git_diff_comment (const char *path,
                        guint       line,
                        const char *note)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (note ? note : ""));

  return line > 0 ? g_strdup_printf ("`%s:%u` — %s", path, line, trimmed)
                  : g_strdup_printf ("`%s` — %s", path, trimmed);
}

/**
 * cairn_git_diff_hunk_patch:
 *
 * Returns: (transfer full): a patch of @diff's file header and @hunk only
 */
char *
cairn_git_diff_hunk_patch (const char         *diff,
                           const CairnGitHunk *hunk)
{
  const char *first = strstr (diff, "\n@@ -");
  gsize header = first ? (gsize)(first - diff) + 1 : 0;

  GString *patch = g_string_new_len (diff, header);

  g_string_append_len (patch, diff + hunk->start, hunk->end - hunk->start);
  return g_string_free (patch, FALSE);
}

/**
 * cairn_git_undo_hunk:
 * @diff_read: the file's diff as the user saw it
 *
 * Puts hunk @hunk of @file back as it was in the base, in the working
 * tree only. Refuses when the file's diff is no longer @diff_read: the
 * file changed since (the user or the model wrote it), and undoing a hunk
 * read before could take a newer change with it. Blocks: call it from a
 * thread.
 */
gboolean
cairn_git_undo_hunk (const char                *toplevel,
                     const char                *base,
                     const CairnGitFileChange  *file,
                     const char                *diff_read,
                     guint                      hunk,
                     GCancellable              *cancellable,
                     GError                   **error)
{
  const char *apply[] = { "git", "apply", "--reverse", "--whitespace=nowarn", "-", NULL };
  g_autofree char *now = cairn_git_file_diff (toplevel, base, file, cancellable, error);
  g_autoptr(GArray) hunks = NULL;
  g_autoptr(GBytes) patch = NULL;
  g_autoptr(CairnGitResult) result = NULL;

  if (now == NULL)
    return FALSE;
  hunks = cairn_git_diff_hunks (now);
  if (!g_str_equal (now, diff_read) || hunk >= hunks->len)
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_STALE,
                   _("%s changed since its diff was shown: look again before undoing"), file->path);
      return FALSE;
    }
  {
    char *text = cairn_git_diff_hunk_patch (now, &g_array_index (hunks, CairnGitHunk, hunk));
    patch = g_bytes_new_take (text, strlen (text));
  }
  if ((result = cairn_git_run (toplevel, apply, patch, cancellable, error)) == NULL)
    return FALSE;
  if (result->status != 0)
    {
      g_set_error (error, CAIRN_GIT_ERROR, CAIRN_GIT_ERROR_FAILED, _("git apply failed: %s"), result->err);
      return FALSE;
    }
  return TRUE;
}

static void
undo_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  FileData *data = task_data;
  GError *error = NULL;

  if (cairn_git_undo_hunk (data->toplevel, data->base, &data->file, data->diff_read, data->hunk,
                           cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cairn_git_undo_hunk_async (const CairnGitChanges *changes,
                           guint                  i,
                           const char            *diff_read,
                           guint                  hunk,
                           GCancellable          *cancellable,
                           GAsyncReadyCallback    callback,
                           gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  FileData *data;

  g_return_if_fail (changes != NULL && i < changes->files->len && diff_read != NULL);
  data = file_data_new (changes, i);
  data->diff_read = g_strdup (diff_read);
  data->hunk = hunk;
  g_task_set_source_tag (task, cairn_git_undo_hunk_async);
  g_task_set_task_data (task, data, (GDestroyNotify)file_data_free);
  g_task_run_in_thread (task, undo_thread);
}

gboolean
cairn_git_undo_hunk_finish (GAsyncResult  *result,
                            GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
