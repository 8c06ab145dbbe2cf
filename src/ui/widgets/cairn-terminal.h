/* cairn-terminal.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_TERMINAL (cairn_terminal_get_type ())

G_DECLARE_FINAL_TYPE (CairnTerminal, cairn_terminal, CAIRN, TERMINAL, GtkWidget)

CairnTerminal *cairn_terminal_new         (void);
void           cairn_terminal_spawn       (CairnTerminal       *self,
                                           const char * const  *argv,
                                           const char          *cwd,
                                           gboolean             in_flatpak);
void           cairn_terminal_restart     (CairnTerminal       *self);
void           cairn_terminal_terminate   (CairnTerminal       *self);
gboolean       cairn_terminal_get_running (CairnTerminal       *self);
GPid           cairn_terminal_get_pid     (CairnTerminal       *self);
const char * const *cairn_terminal_get_argv (CairnTerminal     *self);
GtkWidget     *cairn_terminal_get_vte     (CairnTerminal       *self);
char          *cairn_terminal_dup_text    (CairnTerminal       *self);
void           cairn_terminal_feed_child  (CairnTerminal       *self,
                                           const char          *text);

G_END_DECLS
