/* cairn-background-list.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-background-list"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-background-list.h"
#include "window/cairn-popover-list.h"
#include "session/cairn-background-task.h"

/* What Claude Code runs in the background (subagents, shell commands), in
 * the header's task popover: one line each, with Stop. Hidden while
 * nothing runs. */
struct _CairnBackgroundList
{
  GtkWidget     parent_instance;

  GtkListBox   *list_box;
  CairnSession *session;
  GSignalGroup *tasks_signals;
};

G_DEFINE_FINAL_TYPE (CairnBackgroundList, cairn_background_list, GTK_TYPE_WIDGET)

static void
stop_clicked_cb (GtkButton           *button,
                 CairnBackgroundTask *task)
{
  CairnBackgroundList *self =
    CAIRN_BACKGROUND_LIST (gtk_widget_get_ancestor (GTK_WIDGET (button), CAIRN_TYPE_BACKGROUND_LIST));

  if (self != NULL && self->session != NULL)
    cairn_session_stop_task (self->session, cairn_background_task_get_id (task));
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
}

static GtkWidget *
create_row_cb (gpointer item,
               gpointer user_data)
{
  CairnBackgroundTask *task = item;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *text = g_strdup_printf ("%s: %s", cairn_background_task_get_kind_label (task),
                                           cairn_background_task_get_description (task));
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *stop = gtk_button_new_with_label (_("Stop"));
  /* Translators: %s is what the task does, such as "Check the tests" */
  g_autofree char *stop_name = g_strdup_printf (_("Stop “%s”"), cairn_background_task_get_description (task));

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (stop, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (stop, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (stop), GTK_ACCESSIBLE_PROPERTY_LABEL, stop_name, -1);
  g_signal_connect_object (stop, "clicked", G_CALLBACK (stop_clicked_cb), task, 0);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), stop);
  return box;
}

static void
tasks_changed_cb (CairnBackgroundList *self,
                  guint                position,
                  guint                removed,
                  guint                added,
                  GListModel          *tasks)
{
  gtk_widget_set_visible (GTK_WIDGET (self), g_list_model_get_n_items (tasks) > 0);
}

void
cairn_background_list_set_session (CairnBackgroundList *self,
                                   CairnSession        *session)
{
  GListModel *tasks = session ? cairn_session_get_background_tasks (session) : NULL;

  g_return_if_fail (CAIRN_IS_BACKGROUND_LIST (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->tasks_signals, tasks);
  gtk_list_box_bind_model (self->list_box, tasks, create_row_cb, NULL, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), tasks != NULL && g_list_model_get_n_items (tasks) > 0);
}

static void
cairn_background_list_dispose (GObject *object)
{
  CairnBackgroundList *self = CAIRN_BACKGROUND_LIST (object);

  cairn_popover_list_dispose (GTK_WIDGET (self), &self->list_box);
  if (self->tasks_signals != NULL)
    g_signal_group_set_target (self->tasks_signals, NULL);
  g_clear_object (&self->tasks_signals);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (cairn_background_list_parent_class)->dispose (object);
}

static void
cairn_background_list_class_init (CairnBackgroundListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_background_list_dispose;
  cairn_popover_list_class_init (widget_class);
}

static void
cairn_background_list_init (CairnBackgroundList *self)
{
  self->list_box = cairn_popover_list_init (GTK_WIDGET (self), _("Running in the Background"),
                                            _("Running in the background"));

  self->tasks_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->tasks_signals, "items-changed",
                                 G_CALLBACK (tasks_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
