/* cairn-todo.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "cairn-types.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TODO (cairn_todo_get_type())

G_DECLARE_FINAL_TYPE (CairnTodo, cairn_todo, CAIRN, TODO, GObject)

CairnTodo       *cairn_todo_new             (const char      *id,
                                             const char      *subject,
                                             const char      *active_form,
                                             CairnTodoStatus  status);
const char      *cairn_todo_get_id          (CairnTodo       *self);
const char      *cairn_todo_get_subject     (CairnTodo       *self);
const char      *cairn_todo_get_active_form (CairnTodo       *self);
CairnTodoStatus  cairn_todo_get_status      (CairnTodo       *self);
void             cairn_todo_set_status      (CairnTodo       *self,
                                             CairnTodoStatus  status);
void             cairn_todo_set_subject     (CairnTodo       *self,
                                             const char      *subject);
CairnTodoStatus  cairn_todo_status_from_string (const char   *status);
GPtrArray       *cairn_todos_from_json      (JsonArray       *todos);

G_END_DECLS
