/* cairn-background-list.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_BACKGROUND_LIST (cairn_background_list_get_type())

G_DECLARE_FINAL_TYPE (CairnBackgroundList, cairn_background_list, CAIRN, BACKGROUND_LIST, GtkWidget)

void cairn_background_list_set_session (CairnBackgroundList *self,
                                        CairnSession        *session);

G_END_DECLS
