/* cairn-missing-cli-page.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_MISSING_CLI_PAGE (cairn_missing_cli_page_get_type())

G_DECLARE_FINAL_TYPE (CairnMissingCliPage, cairn_missing_cli_page, CAIRN, MISSING_CLI_PAGE, GtkWidget)

void cairn_missing_cli_page_set_problem (CairnMissingCliPage *self,
                                         const char          *problem);
void cairn_missing_cli_page_set_host_refused (CairnMissingCliPage *self,
                                            gboolean             refused);
struct _CairnTerminal *cairn_missing_cli_page_get_terminal (CairnMissingCliPage *self);

G_END_DECLS
