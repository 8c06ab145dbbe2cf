/* cairn-command-popover.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-command-popover"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-command-popover.h"

/* Completions for what the user is typing: the slash commands that match
 * what follows "/", or (through cairn_command_popover_show_choices()) any
 * other list, such as the project's files after "@". It never takes the
 * focus: the composer keeps the keyboard and moves the selection (Up/Down)
 * and completes (Tab/Enter) through this popover's API. */
struct _CairnCommandPopover
{
  GtkPopover  parent_instance;
  GtkListBox *list;
  GStrv       commands;
};

G_DEFINE_FINAL_TYPE (CairnCommandPopover, cairn_command_popover, GTK_TYPE_POPOVER)

enum {
  CHOSEN,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void
row_activated_cb (CairnCommandPopover *self,
                  GtkListBoxRow       *row,
                  GtkListBox          *list)
{
  g_signal_emit (self, signals[CHOSEN], 0,
                 g_object_get_data (G_OBJECT (row), "command"));
}

static GtkWidget *
choice_row_new (const char *sigil,
                const char *choice)
{
  g_autofree char *text = g_strconcat (sigil, choice, NULL);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* long paths keep their file name in view */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data_full (G_OBJECT (row), "command", g_strdup (choice), g_free);
  return row;
}

/**
 * cairn_command_popover_show_choices:
 * @sigil: what each choice is shown after, such as "/" or "@"
 * @label: what the list is, for screen readers
 * @choices: (element-type utf8): the choices, best first
 *
 * Shows @choices instead of the commands; the first is selected.
 *
 * Returns: how many there are
 */
guint
cairn_command_popover_show_choices (CairnCommandPopover *self,
                                    const char          *sigil,
                                    const char          *label,
                                    GPtrArray           *choices)
{
  GtkWidget *child;

  g_return_val_if_fail (CAIRN_IS_COMMAND_POPOVER (self), 0);
  g_return_val_if_fail (sigil != NULL && label != NULL && choices != NULL, 0);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < choices->len; i++)
    gtk_list_box_append (self->list, choice_row_new (sigil, g_ptr_array_index (choices, i)));
  gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, 0));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return choices->len;
}

void
cairn_command_popover_set_commands (CairnCommandPopover *self,
                                    const char * const  *commands)
{
  g_return_if_fail (CAIRN_IS_COMMAND_POPOVER (self));

  g_strfreev (self->commands);
  self->commands = g_strdupv ((char **)commands);
}

/**
 * cairn_command_popover_filter:
 * @prefix: what follows the "/"
 *
 * Returns: how many commands start with @prefix (the first is selected).
 */
guint
cairn_command_popover_filter (CairnCommandPopover *self,
                              const char          *prefix)
{
  g_autoptr(GPtrArray) matches = g_ptr_array_new ();

  g_return_val_if_fail (CAIRN_IS_COMMAND_POPOVER (self), 0);

  for (guint i = 0; self->commands != NULL && self->commands[i] != NULL; i++)
    if (g_str_has_prefix (self->commands[i], prefix))
      g_ptr_array_add (matches, self->commands[i]);
  return cairn_command_popover_show_choices (self, "/", _("Slash commands"), matches);
}

void
cairn_command_popover_move (CairnCommandPopover *self,
                            int                  delta)
{
  GtkListBoxRow *row;
  GtkListBoxRow *next;

  g_return_if_fail (CAIRN_IS_COMMAND_POPOVER (self));

  row = gtk_list_box_get_selected_row (self->list);
  next = gtk_list_box_get_row_at_index (self->list, (row ? gtk_list_box_row_get_index (row) : 0) + delta);
  if (next != NULL)
    gtk_list_box_select_row (self->list, next);
}

const char *
cairn_command_popover_get_selected (CairnCommandPopover *self)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (CAIRN_IS_COMMAND_POPOVER (self), NULL);

  row = gtk_list_box_get_selected_row (self->list);
  return row ? g_object_get_data (G_OBJECT (row), "command") : NULL;
}

static void
cairn_command_popover_finalize (GObject *object)
{
  CairnCommandPopover *self = (CairnCommandPopover *)object;

  g_clear_pointer (&self->commands, g_strfreev);

  G_OBJECT_CLASS (cairn_command_popover_parent_class)->finalize (object);
}

static void
cairn_command_popover_class_init (CairnCommandPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cairn_command_popover_finalize;

  signals [CHOSEN] =
    g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-command-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnCommandPopover, list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
cairn_command_popover_init (CairnCommandPopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

CairnCommandPopover *
cairn_command_popover_new (void)
{
  return g_object_new (CAIRN_TYPE_COMMAND_POPOVER, NULL);
}
