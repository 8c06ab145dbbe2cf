/* cairn-test-ui.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Helpers for the tests and benchmarks that drive real widgets. */
GtkWidget *cairn_test_find_widget     (GtkWidget  *root,
                                       GType       type);
char      *cairn_test_write_quiet_cli (const char *dir);
void       cairn_test_present         (GtkWindow  *window);
double     cairn_test_scroll_end      (GtkAdjustment *adj);
gpointer   cairn_test_shared_app      (void);

G_END_DECLS
