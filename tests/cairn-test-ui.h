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
void       cairn_test_pointer_at      (GtkWindow          *window,
                                       GtkWidget          *widget,
                                       double              x,
                                       double              y,
                                       const char * const *actions);
void       cairn_test_click_at        (GtkWindow  *window,
                                       GtkWidget  *widget,
                                       double      x,
                                       double      y);
double     cairn_test_scroll_end      (GtkAdjustment *adj);
GtkWidget *cairn_test_with_redraw_strip (GtkWidget *widget);
gpointer   cairn_test_shared_app      (void);

/* Walking what is on screen, and driving it (the widget tests). A match
 * gets a widget of the type asked for, and the data given with it. */
typedef gboolean (*CairnTestMatch) (GtkWidget     *widget,
                                    gconstpointer  data);

gboolean   cairn_test_is_shown           (GtkWidget      *widget);
GtkWidget *cairn_test_find_where         (GtkWidget      *root,
                                          gboolean      (*seen) (GtkWidget *widget),
                                          GType           type,
                                          CairnTestMatch  match,
                                          gconstpointer   data);
GtkWidget *cairn_test_find_shown         (GtkWidget      *root,
                                          GType           type,
                                          CairnTestMatch  match,
                                          gconstpointer   data);
GtkWidget *cairn_test_button_for         (GtkWidget      *root,
                                          const char     *action_name);
gboolean   cairn_test_shows_text         (GtkWidget      *root,
                                          const char     *text);
gboolean   cairn_test_label_is           (GtkWidget      *label,
                                          gconstpointer   text);
gboolean   cairn_test_label_contains     (GtkWidget      *label,
                                          gconstpointer   text);
gboolean   cairn_test_has_action         (GtkWidget      *widget,
                                          gconstpointer   action_name);
gboolean   cairn_test_tooltip_is         (GtkWidget      *widget,
                                          gconstpointer   text);
void       cairn_test_drain_main_context (void);
gboolean   cairn_test_poll_until         (gboolean      (*condition) (gpointer data),
                                          gpointer        data,
                                          guint           timeout_ms);
void       cairn_test_press_key          (GtkWidget      *text_view,
                                          guint           keyval);
GSettings *cairn_test_keys               (void);
void       cairn_test_type_and_send      (GtkWidget      *root,
                                          const char     *text);
GdkPixbuf *cairn_test_new_picture        (int             width,
                                          int             height);
GtkWidget *cairn_test_message_dialog     (void);
gboolean   cairn_test_has_message_dialog (gpointer        data);

void       cairn_test_screenshot         (const char     *name);

G_END_DECLS
