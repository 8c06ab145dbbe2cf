/* cairn-terminal-pty.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <vte/vte.h>

G_BEGIN_DECLS

/* A VteTerminal that says when its grid (columns × rows) changed: with
 * no VtePty of its own it sets no PTY size, so its owner does. */
#define CAIRN_TYPE_TERMINAL_VIEW (cairn_terminal_view_get_type ())

G_DECLARE_FINAL_TYPE (CairnTerminalView, cairn_terminal_view, CAIRN, TERMINAL_VIEW, VteTerminal)

GtkWidget *cairn_terminal_view_new (void);

typedef struct _CairnTerminalPty CairnTerminalPty;

/* The child's output is all read and shown (or no longer awaited). */
typedef void (*CairnTerminalPtyEnded) (gpointer user_data);

CairnTerminalPty *cairn_terminal_pty_new    (CairnTerminalView     *view,
                                             VtePty                *pty,
                                             CairnTerminalPtyEnded  ended,
                                             gpointer               user_data);
void              cairn_terminal_pty_stop   (CairnTerminalPty      *self);
void              cairn_terminal_pty_free   (CairnTerminalPty      *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnTerminalPty, cairn_terminal_pty_free)

G_END_DECLS
