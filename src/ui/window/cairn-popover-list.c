/* cairn-popover-list.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "window/cairn-popover-list.h"

/* The shell the header's list popovers share (background tasks, MCP
 * servers): a widget with a heading over a boxed list, named for screen
 * readers as a group. Each panel keeps its rows and what they do. */

/* For the panel's class_init: a vertical box of its children, a group. */
void
cairn_popover_list_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/**
 * cairn_popover_list_init:
 * @widget: the panel, in its init
 * @heading: the heading shown over the list (translated)
 * @accessible_name: the name of the panel and its list (translated)
 *
 * Returns: (transfer none): the list, a child of @widget
 */
GtkListBox *
cairn_popover_list_init (GtkWidget  *widget,
                         const char *heading,
                         const char *accessible_name)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (widget);
  GtkWidget *label = gtk_label_new (heading);
  GtkWidget *list_box = gtk_list_box_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_parent (label, widget);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list_box, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list_box), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name, -1);
  gtk_widget_set_parent (list_box, widget);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name, -1);
  return GTK_LIST_BOX (list_box);
}

/* For the panel's dispose: drops the list's model (its rows hold the
 * items) and the children; safe to call twice. */
void
cairn_popover_list_dispose (GtkWidget   *widget,
                            GtkListBox **list_box)
{
  GtkWidget *child;

  if (*list_box != NULL)
    gtk_list_box_bind_model (*list_box, NULL, NULL, NULL, NULL);
  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
  *list_box = NULL;
}
