/* cairn-todo-list.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_TODO_LIST (cairn_todo_list_get_type())

G_DECLARE_FINAL_TYPE (CairnTodoList, cairn_todo_list, CAIRN, TODO_LIST, GtkWidget)

GtkWidget  *cairn_todo_list_new       (void);
GListModel *cairn_todo_list_get_model (CairnTodoList *self);
void        cairn_todo_list_set_model (CairnTodoList *self,
                                       GListModel    *model);

G_END_DECLS
