/* cairn-launcher.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CAIRN_LAUNCHER_ERROR (cairn_launcher_error_quark())

typedef enum
{
  CAIRN_LAUNCHER_ERROR_NOT_FOUND,
  CAIRN_LAUNCHER_ERROR_NOT_EXECUTABLE,
  CAIRN_LAUNCHER_ERROR_BAD_OPTION,
  /* the sandbox may not start programs on the host */
  CAIRN_LAUNCHER_ERROR_HOST_REFUSED,
} CairnLauncherError;

/* Everything that decides how one CLI process is started. */
typedef struct
{
  char     *cli_path;
  char     *cwd;
  char     *resume_session_id;
  /* with resume_session_id: the history stops at this message uuid */
  char     *resume_at;
  /* with resume_session_id: a copy under a new session id */
  gboolean  fork_session;
  char     *permission_mode;
  char     *model;
  /* session rules the user allowed, in the CLI's syntax ("Bash(make check:*)") */
  GStrv     allowed_tools;
  gboolean  in_flatpak;
  /* one answer to one prompt, as for a commit message: no tools, no MCP
   * servers, one turn, and no session file (nothing in history) */
  gboolean  one_off;
} CairnLaunchOptions;

/* The descriptor flatpak-spawn reads the forwarded variables from */
#define CAIRN_LAUNCHER_ENV_FD 3
/* In the Flatpak, the variable that tags the conversation's host CLI */
#define CAIRN_LAUNCHER_HOST_TAG_VARIABLE "CAIRN_HOST_TAG"

GQuark       cairn_launcher_error_quark   (void);
gboolean     cairn_launcher_in_flatpak    (void);
char        *cairn_launcher_find_cli      (const char                *configured_path,
                                           GError                   **error);
char        *cairn_launcher_find_cli_for  (const char                *configured_path,
                                           gboolean                   in_flatpak,
                                           GError                   **error);
gboolean     cairn_launcher_is_model_id   (const char                *model);
gboolean     cairn_launcher_check_options (const CairnLaunchOptions  *options,
                                           GError                   **error);
GStrv        cairn_launcher_build_argv    (const CairnLaunchOptions  *options);
GBytes      *cairn_launcher_build_flatpak_env (void);
int          cairn_launcher_flatpak_env_fd (GError                  **error);
const char  *cairn_launcher_get_host_tag  (GSubprocess               *process);
void         cairn_launcher_end_with_us    (GSubprocessLauncher      *launcher);
GError      *cairn_launcher_host_error    (const char                *output);
GSubprocess *cairn_launcher_spawn_probe   (const char * const        *command,
                                           gboolean                   in_flatpak,
                                           GSubprocessFlags           flags,
                                           GError                   **error);
GStrv        cairn_launcher_host_argv     (const char * const        *argv,
                                           const char                *cwd,
                                           gboolean                   in_flatpak);
GSubprocess *cairn_launcher_spawn         (const CairnLaunchOptions  *options,
                                           GError                   **error);
void         cairn_launch_options_clear   (CairnLaunchOptions        *options);

G_END_DECLS
