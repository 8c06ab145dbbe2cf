/* cairn-hook-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-hook-row"

#include "config.h"

#include <glib/gi18n.h>

#include "transcript/cairn-hook-item.h"
#include "rows/cairn-hook-row.h"

/* One run of a settings hook: a compact line with the hook's event and
 * matcher and how it ended, the command it ran (once the session has read
 * it from the settings), its output on expand. The names and the output
 * come from the project's settings and its programs: plain text. */
struct _CairnHookRow
{
  CairnItemRow  parent_instance;
  GtkImage     *icon;
  GtkLabel     *name_label;
  GtkLabel     *status_label;
  GtkLabel     *command_label;
  GtkExpander  *output_expander;
  GtkLabel     *output_label;
  CairnHookItem *item;
  gulong        notify_id;
};

G_DEFINE_FINAL_TYPE (CairnHookRow, cairn_hook_row, CAIRN_TYPE_ITEM_ROW)

static void
update (CairnHookRow *self)
{
  CairnHookItem *hook = self->item;
  g_autofree char *status = cairn_hook_item_dup_status (hook);
  g_autofree char *name = g_strdup_printf (_("Hook %s"), cairn_hook_item_get_name (hook));
  const char *command = cairn_hook_item_get_command (hook);
  g_autofree char *label = command
    ? g_strdup_printf (_("Hook %s, %s, runs %s"), cairn_hook_item_get_name (hook), status, command)
    : g_strdup_printf (_("Hook %s, %s"), cairn_hook_item_get_name (hook), status);
  const char *output = cairn_hook_item_get_output (hook);
  gboolean has_output = output != NULL && *output != '\0';
  g_autofree char *trimmed = has_output ? g_strchomp (g_strdup (output)) : NULL;

  gtk_label_set_text (self->name_label, name);
  gtk_label_set_text (self->status_label, status);
  gtk_label_set_text (self->command_label, command);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->command_label), command);
  gtk_widget_set_visible (GTK_WIDGET (self->command_label), command != NULL);
  gtk_label_set_text (self->output_label, trimmed);
  gtk_widget_set_visible (GTK_WIDGET (self->output_expander), has_output);
  gtk_image_set_from_icon_name (self->icon, cairn_hook_item_get_failed (hook)
                                              ? "dialog-warning-symbolic" : "system-run-symbolic");
  if (cairn_hook_item_get_failed (hook))
    gtk_widget_add_css_class (GTK_WIDGET (self), "hook-failed");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "hook-failed");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
cairn_hook_row_unbind (CairnItemRow *row)
{
  CairnHookRow *self = CAIRN_HOOK_ROW (row);

  if (self->item != NULL)
    g_clear_signal_handler (&self->notify_id, self->item);
  self->item = NULL;
}

static void
cairn_hook_row_bind (CairnItemRow *row,
                     CairnItem    *item)
{
  CairnHookRow *self = CAIRN_HOOK_ROW (row);

  if (item == NULL)
    return;
  self->item = CAIRN_HOOK_ITEM (item);
  /* hook_progress and hook_response change the run shown */
  self->notify_id = g_signal_connect_swapped (item, "notify", G_CALLBACK (update), self);
  gtk_expander_set_expanded (self->output_expander, FALSE);
  update (self);
}

static void
cairn_hook_row_class_init (CairnHookRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  row_class->bind = cairn_hook_row_bind;
  row_class->unbind = cairn_hook_row_unbind;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-hook-row.ui");
  gtk_widget_class_set_css_name (widget_class, "hookrow");
  gtk_widget_class_bind_template_child (widget_class, CairnHookRow, icon);
  gtk_widget_class_bind_template_child (widget_class, CairnHookRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, CairnHookRow, status_label);
  gtk_widget_class_bind_template_child (widget_class, CairnHookRow, command_label);
  gtk_widget_class_bind_template_child (widget_class, CairnHookRow, output_expander);
  gtk_widget_class_bind_template_child (widget_class, CairnHookRow, output_label);
}

static void
cairn_hook_row_init (CairnHookRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
