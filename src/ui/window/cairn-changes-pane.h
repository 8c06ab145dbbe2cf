/* cairn-changes-pane.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "git/cairn-git-diff.h"
#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_CHANGES_PANE (cairn_changes_pane_get_type())

G_DECLARE_FINAL_TYPE (CairnChangesPane, cairn_changes_pane, CAIRN, CHANGES_PANE, GtkWidget)

void                   cairn_changes_pane_set_session (CairnChangesPane *self,
                                                       CairnSession     *session);
void                   cairn_changes_pane_set_active  (CairnChangesPane *self,
                                                       gboolean          active);
void                   cairn_changes_pane_refresh     (CairnChangesPane *self);
const CairnGitChanges *cairn_changes_pane_get_changes (CairnChangesPane *self);
gboolean               cairn_changes_pane_select_path (CairnChangesPane *self,
                                                       const char       *path);

G_END_DECLS
