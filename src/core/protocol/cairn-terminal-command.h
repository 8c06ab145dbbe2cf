/* cairn-terminal-command.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What the terminal pane runs. */
typedef enum
{
  CAIRN_TERMINAL_CLAUDE,    /* the CLI's own interface, on a conversation or a new one */
  CAIRN_TERMINAL_SHELL,     /* the user's shell */
  CAIRN_TERMINAL_LOGIN,     /* claude auth login */
  CAIRN_TERMINAL_INSTALL,   /* npm's installation of Claude Code */
} CairnTerminalKind;

/* The choices of `claude auth login` (docs/protocol.md, "Signing in"). */
typedef enum
{
  CAIRN_LOGIN_CLAUDEAI,
  CAIRN_LOGIN_CONSOLE,
  CAIRN_LOGIN_SSO,
} CairnLoginMethod;

typedef struct
{
  CairnTerminalKind  kind;
  char              *cli_path;
  char              *cwd;
  /* CAIRN_TERMINAL_CLAUDE: the conversation to resume, or NULL */
  char              *session_id;
  CairnLoginMethod   method;
  gboolean           in_flatpak;
} CairnTerminalCommand;

#define CAIRN_CLAUDE_CODE_PACKAGE "@anthropic-ai/claude-code"

GStrv cairn_terminal_command_build_argv (const CairnTerminalCommand  *command,
                                         GError                    **error);
void  cairn_terminal_command_clear      (CairnTerminalCommand        *command);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CairnTerminalCommand, cairn_terminal_command_clear)

G_END_DECLS
