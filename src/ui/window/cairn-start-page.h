/* cairn-start-page.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_START_PAGE (cairn_start_page_get_type())

G_DECLARE_FINAL_TYPE (CairnStartPage, cairn_start_page, CAIRN, START_PAGE, GtkWidget)

void cairn_start_page_set_model (CairnStartPage *self,
                                 GListModel     *projects);

G_END_DECLS
