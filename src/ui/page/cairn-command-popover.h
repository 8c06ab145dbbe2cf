/* cairn-command-popover.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_COMMAND_POPOVER (cairn_command_popover_get_type())

G_DECLARE_FINAL_TYPE (CairnCommandPopover, cairn_command_popover, CAIRN, COMMAND_POPOVER, GtkPopover)

CairnCommandPopover *cairn_command_popover_new          (void);
void                 cairn_command_popover_set_commands (CairnCommandPopover *self,
                                                         const char * const  *commands);
guint                cairn_command_popover_filter       (CairnCommandPopover *self,
                                                         const char          *prefix);
guint                cairn_command_popover_show_choices (CairnCommandPopover *self,
                                                         const char          *sigil,
                                                         const char          *label,
                                                         GPtrArray           *choices);
void                 cairn_command_popover_move         (CairnCommandPopover *self,
                                                         int                  delta);
const char          *cairn_command_popover_get_selected (CairnCommandPopover *self);

G_END_DECLS
