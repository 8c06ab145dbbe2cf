/* cairn-git.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How long one git command may run before Cairn ends it. */
#define CAIRN_GIT_TIMEOUT_MS 10000
/* `git worktree remove` and `rev-parse --end-of-options` need this. */
#define CAIRN_GIT_MIN_MAJOR 2
#define CAIRN_GIT_MIN_MINOR 24

#define CAIRN_GIT_ERROR (cairn_git_error_quark ())

/* What went wrong, one code per thing a user can act on. */
typedef enum
{
  CAIRN_GIT_ERROR_MISSING,        /* no git on PATH */
  CAIRN_GIT_ERROR_TOO_OLD,
  CAIRN_GIT_ERROR_NOT_A_REPOSITORY,
  CAIRN_GIT_ERROR_NO_COMMIT,      /* a repository without a first commit */
  CAIRN_GIT_ERROR_DETACHED_HEAD,
  CAIRN_GIT_ERROR_BAD_NAME,
  CAIRN_GIT_ERROR_BRANCH_TAKEN,
  CAIRN_GIT_ERROR_BAD_BASE,
  CAIRN_GIT_ERROR_DIRTY,          /* uncommitted changes in the way */
  CAIRN_GIT_ERROR_STALE,          /* the file changed since its diff was read */
  CAIRN_GIT_ERROR_GONE,           /* the worktree is not where it was */
  CAIRN_GIT_ERROR_CONFLICT,
  CAIRN_GIT_ERROR_HOOK_FAILED,
  CAIRN_GIT_ERROR_UNTRUSTED,      /* the folder was never trusted */
  CAIRN_GIT_ERROR_FAILED,
} CairnGitError;

/* One finished git command. */
typedef struct
{
  int    status;   /* exit status; -1 when killed */
  char  *out;      /* stdout, NUL-terminated (may hold more NULs: see len) */
  gsize  out_len;
  char  *err;      /* stderr, valid UTF-8, trimmed */
} CairnGitResult;

GQuark          cairn_git_error_quark    (void);
void            cairn_git_result_free    (CairnGitResult      *result);
GStrv           cairn_git_build_argv     (const char          *cwd,
                                          const char * const  *git_argv,
                                          gboolean             in_flatpak);
CairnGitResult *cairn_git_run            (const char          *cwd,
                                          const char * const  *git_argv,
                                          GBytes              *input,
                                          GCancellable        *cancellable,
                                          GError             **error);
gboolean        cairn_git_run_ok         (const char          *cwd,
                                          const char * const  *git_argv,
                                          char               **out,
                                          GCancellable        *cancellable,
                                          GError             **error);
gboolean        cairn_git_check_version  (const char          *version_line,
                                          GError             **error);
gboolean        cairn_git_check_branch_name (const char       *cwd,
                                             const char       *branch,
                                             GCancellable     *cancellable,
                                             GError          **error);
char           *cairn_git_first_line     (const char          *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnGitResult, cairn_git_result_free)

G_END_DECLS
