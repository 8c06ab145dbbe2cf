/* cairn-terminal-command.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-terminal"

#include "config.h"

#include <glib/gi18n.h>
#include <pwd.h>
#include <unistd.h>

#include "protocol/cairn-launcher.h"
#include "protocol/cairn-terminal-command.h"

/* The command lines of the terminal pane. Like the launcher's, each is a
 * vector made here from fixed words; the one value from outside, a
 * conversation's id, must be a UUID, and goes in as `--resume=ID` so that
 * it could not be read as an option even if it were not. */

/* The user's login shell: $SHELL, else the password database's. */
static char *
user_shell (void)
{
  const char *shell = g_getenv ("SHELL");
  struct passwd *entry;

  if (shell != NULL && g_path_is_absolute (shell))
    return g_strdup (shell);
  entry = getpwuid (getuid ());
  if (entry != NULL && entry->pw_shell != NULL && g_path_is_absolute (entry->pw_shell))
    return g_strdup (entry->pw_shell);
  return g_strdup ("/bin/sh");
}

static const char *
login_flag (CairnLoginMethod method)
{
  switch (method)
    {
    case CAIRN_LOGIN_CONSOLE:
      return "--console";
    case CAIRN_LOGIN_SSO:
      return "--sso";
    case CAIRN_LOGIN_CLAUDEAI:
    default:
      return "--claudeai";
    }
}

/* The sandbox's $SHELL is the runtime's: the host's login shell is asked
 * on the host. A fixed script, with nothing from outside in it. */
#define HOST_SHELL_SCRIPT "exec \"$(getent passwd \"$(id -u)\" | cut -d: -f7)\" -l"

static void
add_command (GStrvBuilder               *argv,
             const CairnTerminalCommand *command)
{
  g_autofree char *arg = NULL;

  switch (command->kind)
    {
    case CAIRN_TERMINAL_CLAUDE:
      g_strv_builder_add (argv, command->cli_path);
      if (command->session_id != NULL)
        {
          arg = g_strdup_printf ("--resume=%s", command->session_id);
          g_strv_builder_add (argv, arg);
        }
      break;
    case CAIRN_TERMINAL_LOGIN:
      g_strv_builder_add_many (argv, command->cli_path, "auth", "login", login_flag (command->method), NULL);
      break;
    case CAIRN_TERMINAL_INSTALL:
      /* into ~/.local, where `claude` lands in ~/.local/bin: one of the
       * places the launcher looks, and no root needed */
      arg = g_strdup_printf ("--prefix=%s/.local", g_get_home_dir ());
      g_strv_builder_add_many (argv, "npm", "install", "--global", arg, CAIRN_CLAUDE_CODE_PACKAGE, NULL);
      break;
    case CAIRN_TERMINAL_SHELL:
    default:
      if (command->in_flatpak)
        g_strv_builder_add_many (argv, "sh", "-c", HOST_SHELL_SCRIPT, NULL);
      else
        {
          arg = user_shell ();
          g_strv_builder_add (argv, arg);
        }
      break;
    }
}

/**
 * cairn_terminal_command_build_argv:
 *
 * Returns: (transfer full): the child's argv, behind `flatpak-spawn --host`
 *   in the Flatpak; %NULL with @error set when the session id is no UUID
 */
GStrv
cairn_terminal_command_build_argv (const CairnTerminalCommand  *command,
                                   GError                    **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;

  g_return_val_if_fail (command != NULL, NULL);

  if (command->kind == CAIRN_TERMINAL_CLAUDE && command->session_id != NULL &&
      !g_uuid_string_is_valid (command->session_id))
    {
      g_set_error_literal (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_BAD_OPTION,
                           _("Claude Code was not started: the conversation’s id is not a valid id"));
      return NULL;
    }
  if ((command->kind == CAIRN_TERMINAL_CLAUDE || command->kind == CAIRN_TERMINAL_LOGIN) &&
      command->cli_path == NULL)
    {
      g_set_error_literal (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_NOT_FOUND,
                           _("No “claude” program was found on PATH or in the usual install places"));
      return NULL;
    }
  add_command (builder, command);
  argv = g_strv_builder_end (builder);
  return cairn_launcher_host_argv ((const char * const *)argv, command->cwd, command->in_flatpak);
}

void
cairn_terminal_command_clear (CairnTerminalCommand *command)
{
  g_clear_pointer (&command->cli_path, g_free);
  g_clear_pointer (&command->cwd, g_free);
  g_clear_pointer (&command->session_id, g_free);
}
