/* cairn-git-diff.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* One changed file against the base. */
typedef struct
{
  char     *path;       /* relative to the checkout */
  gint64    added;      /* -1 for a binary file */
  gint64    removed;
  gboolean  untracked;
  /* where git knows nothing (a folder outside git): what the tool calls
   * that changed the file said of it, and whether a Write wrote it whole */
  char     *known_diff;
  gboolean  written;
} CairnGitFileChange;

/* A checkout's changes against its base. */
typedef struct
{
  char      *toplevel;
  char      *base;        /* the commit they are against; NULL: none, nothing to undo from */
  char      *base_name;   /* what to call it: a branch, or "HEAD" */
  gboolean   worktree;    /* a linked worktree, merged back into base_name */
  char      *main_toplevel;
  char      *branch;
  guint      base_ahead;  /* commits the base has gained since the worktree left it */
  GPtrArray *files;       /* of CairnGitFileChange */
} CairnGitChanges;

/* A hunk of one file's diff text: bytes [start, end), and where its
 * lines begin on each side. */
typedef struct
{
  gsize start;
  gsize end;
  guint old_start;
  guint new_start;
} CairnGitHunk;

CairnGitChanges *cairn_git_changes_new          (const char          *toplevel);
void             cairn_git_changes_free         (CairnGitChanges     *changes);
CairnGitFileChange *cairn_git_changes_add_file  (CairnGitChanges     *changes,
                                                 const char          *path,
                                                 gint64               added,
                                                 gint64               removed,
                                                 gboolean             untracked);
CairnGitChanges *cairn_git_changes_read         (const char          *cwd,
                                                 GCancellable        *cancellable,
                                                 GError             **error);
void             cairn_git_changes_read_async   (const char          *cwd,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
CairnGitChanges *cairn_git_changes_read_finish  (GAsyncResult        *result,
                                                 GError             **error);
void             cairn_git_changes_parse_numstat (CairnGitChanges    *changes,
                                                  const char         *numstat,
                                                  gsize               length);
char            *cairn_git_file_diff            (const char          *toplevel,
                                                 const char          *base,
                                                 const CairnGitFileChange *file,
                                                 GCancellable        *cancellable,
                                                 GError             **error);
void             cairn_git_file_diff_async      (const CairnGitChanges *changes,
                                                 guint                 i,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
char            *cairn_git_file_diff_finish     (GAsyncResult        *result,
                                                 GError             **error);
GArray          *cairn_git_diff_hunks           (const char          *diff);
GArray          *cairn_git_diff_split           (const char          *diff,
                                                 char               **old_side,
                                                 char               **new_side);
guint            cairn_git_diff_line_number     (const char          *diff,
                                                 guint                line);
char            *cairn_git_diff_comment         (const char          *path,
                                                 guint                line,
                                                 const char          *note);
char            *cairn_git_diff_hunk_patch      (const char          *diff,
                                                 const CairnGitHunk  *hunk);
gboolean         cairn_git_undo_hunk            (const char          *toplevel,
                                                 const char          *base,
                                                 const CairnGitFileChange *file,
                                                 const char          *diff_read,
                                                 guint                hunk,
                                                 GCancellable        *cancellable,
                                                 GError             **error);
void             cairn_git_undo_hunk_async      (const CairnGitChanges *changes,
                                                 guint                 i,
                                                 const char          *diff_read,
                                                 guint                hunk,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
gboolean         cairn_git_undo_hunk_finish     (GAsyncResult        *result,
                                                 GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnGitChanges, cairn_git_changes_free)

G_END_DECLS
