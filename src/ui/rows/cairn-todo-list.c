/* cairn-todo-list.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-todo-list"

#include "config.h"

#include <glib/gi18n.h>

#include "rows/cairn-todo-list.h"
#include "transcript/cairn-todo.h"

/* The agent's task list, as in the header popover and the task cards: one
 * line per CairnTodo with a state icon, the task in progress named by what
 * is being done ("Running the tests"), finished ones struck through. Rows
 * follow their todo live. */
struct _CairnTodoList
{
  GtkWidget     parent_instance;

  GtkWidget    *empty_label;
  GtkListBox   *list_box;

  GListModel   *model;
  GSignalGroup *model_signals;
};

G_DEFINE_FINAL_TYPE (CairnTodoList, cairn_todo_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GQuark todo_quark;

static const struct {
  const char *icon_name;
  const char *css_class;
} todo_looks[] = {
  [CAIRN_TODO_PENDING] = { "radio-symbolic", "todo-pending" },
  [CAIRN_TODO_IN_PROGRESS] = { "radio-checked-symbolic", "todo-in-progress" },
  [CAIRN_TODO_DONE] = { "object-select-symbolic", "todo-done" },
};

static const char *
describe_status (CairnTodoStatus status)
{
  switch (status)
    {
    case CAIRN_TODO_IN_PROGRESS:
      return _("In progress");
    case CAIRN_TODO_DONE:
      return _("Done");
    case CAIRN_TODO_PENDING:
    default:
      return _("To do");
    }
}

/* The task in progress reads as what is happening now; the others by
 * their subject. */
static const char *
shown_text (CairnTodo *todo)
{
  const char *active_form = cairn_todo_get_active_form (todo);

  if (cairn_todo_get_status (todo) == CAIRN_TODO_IN_PROGRESS &&
      active_form != NULL && *active_form != '\0')
    return active_form;
  return cairn_todo_get_subject (todo);
}

static void
update_row (GtkListBoxRow *row)
{
  CairnTodo *todo = g_object_get_qdata (G_OBJECT (row), todo_quark);
  CairnTodoStatus status = MIN (cairn_todo_get_status (todo), CAIRN_TODO_DONE);
  GtkWidget *box = gtk_list_box_row_get_child (row);
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (icon);
  const char *text = shown_text (todo);
  g_autofree char *accessible = NULL;

  gtk_image_set_from_icon_name (GTK_IMAGE (icon), todo_looks[status].icon_name);
  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_widget_set_css_classes (GTK_WIDGET (row),
                              (const char *[]) { "todo-row", todo_looks[status].css_class, NULL });
  accessible = g_strdup_printf ("%s: %s", describe_status (status), text ? text : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
}

static void
todo_notify_cb (GtkListBoxRow *row,
                GParamSpec    *pspec,
                CairnTodo     *todo)
{
  g_assert (GTK_IS_LIST_BOX_ROW (row));

  update_row (row);
}

static GtkWidget *
create_row_cb (gpointer item,
               gpointer user_data)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = g_object_new (GTK_TYPE_IMAGE,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                  NULL);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "todo-text");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);

  g_object_set_qdata_full (G_OBJECT (row), todo_quark, g_object_ref (item), g_object_unref);
  g_signal_connect_object (item, "notify", G_CALLBACK (todo_notify_cb), row, G_CONNECT_SWAPPED);
  update_row (GTK_LIST_BOX_ROW (row));
  return row;
}

static void
update_empty (CairnTodoList *self)
{
  gboolean empty = self->model == NULL || g_list_model_get_n_items (self->model) == 0;

  /* Not a GtkStack: it would leave its pages on the accessibility bus
   * when a card's body with this list leaves the window (see
   * cairn-tool-call-row.c, show_status()). */
  gtk_widget_set_visible (self->empty_label, empty);
  gtk_widget_set_visible (GTK_WIDGET (self->list_box), !empty);
}

static void
items_changed_cb (CairnTodoList *self,
                  guint          position,
                  guint          removed,
                  guint          added,
                  GListModel    *model)
{
  g_assert (CAIRN_IS_TODO_LIST (self));

  update_empty (self);
}

GtkWidget *
cairn_todo_list_new (void)
{
  return g_object_new (CAIRN_TYPE_TODO_LIST, NULL);
}

/**
 * cairn_todo_list_get_model:
 *
 * Returns: (transfer none) (nullable): the list of #CairnTodo shown
 */
GListModel *
cairn_todo_list_get_model (CairnTodoList *self)
{
  g_return_val_if_fail (CAIRN_IS_TODO_LIST (self), NULL);
  return self->model;
}

void
cairn_todo_list_set_model (CairnTodoList *self,
                           GListModel    *model)
{
  g_return_if_fail (CAIRN_IS_TODO_LIST (self));
  g_return_if_fail (!model || G_IS_LIST_MODEL (model));

  if (!g_set_object (&self->model, model))
    return;
  g_signal_group_set_target (self->model_signals, model);
  gtk_list_box_bind_model (self->list_box, model, create_row_cb, NULL, NULL);
  update_empty (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static void
cairn_todo_list_dispose (GObject *object)
{
  CairnTodoList *self = (CairnTodoList *)object;

  if (self->list_box != NULL)
    gtk_list_box_bind_model (self->list_box, NULL, NULL, NULL, NULL);
  if (self->model_signals != NULL)
    g_signal_group_set_target (self->model_signals, NULL);
  g_clear_object (&self->model_signals);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_TODO_LIST);

  G_OBJECT_CLASS (cairn_todo_list_parent_class)->dispose (object);
}

static void
cairn_todo_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CairnTodoList *self = CAIRN_TODO_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_todo_list_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CairnTodoList *self = CAIRN_TODO_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      cairn_todo_list_set_model (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_todo_list_class_init (CairnTodoListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_todo_list_dispose;
  object_class->get_property = cairn_todo_list_get_property;
  object_class->set_property = cairn_todo_list_set_property;

  properties [PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  todo_quark = g_quark_from_static_string ("cairn-todo-list-todo");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/cairnapp/Cairn/ui/cairn-todo-list.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "todolist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, CairnTodoList, empty_label);
  gtk_widget_class_bind_template_child (widget_class, CairnTodoList, list_box);
}

static void
cairn_todo_list_init (CairnTodoList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->model_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->model_signals, "items-changed",
                                 G_CALLBACK (items_changed_cb), self, G_CONNECT_SWAPPED);
  update_empty (self);
}
