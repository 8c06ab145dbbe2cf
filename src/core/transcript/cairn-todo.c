/* cairn-todo.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-todo"

#include "config.h"

#include "cairn-enums.h"
#include "protocol/cairn-json.h"
#include "transcript/cairn-todo.h"
#include "protocol/cairn-util.h"

/* One entry of the agent's task list (TodoWrite, or TaskCreate/TaskUpdate
 * in newer CLIs). The session keeps the live list; rows bind to these. */
struct _CairnTodo
{
  GObject          parent_instance;
  char            *id;
  char            *subject;
  char            *active_form;
  CairnTodoStatus  status;
};

G_DEFINE_FINAL_TYPE (CairnTodo, cairn_todo, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_SUBJECT,
  PROP_ACTIVE_FORM,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_todo_finalize (GObject *object)
{
  CairnTodo *self = (CairnTodo *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->subject, g_free);
  g_clear_pointer (&self->active_form, g_free);

  G_OBJECT_CLASS (cairn_todo_parent_class)->finalize (object);
}

static void
cairn_todo_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  CairnTodo *self = CAIRN_TODO (object);

  switch (prop_id)
    {
    case PROP_ID: g_value_set_string (value, self->id); break;
    case PROP_SUBJECT: g_value_set_string (value, self->subject); break;
    case PROP_ACTIVE_FORM: g_value_set_string (value, self->active_form); break;
    case PROP_STATUS: g_value_set_enum (value, self->status); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_todo_class_init (CairnTodoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = cairn_todo_finalize;
  object_class->get_property = cairn_todo_get_property;

  properties [PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties [PROP_SUBJECT] = g_param_spec_string ("subject", NULL, NULL, NULL, flags);
  properties [PROP_ACTIVE_FORM] = g_param_spec_string ("active-form", NULL, NULL, NULL, flags);
  properties [PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL, CAIRN_TYPE_TODO_STATUS, CAIRN_TODO_PENDING, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_todo_init (CairnTodo *self)
{
}

CairnTodo *
cairn_todo_new (const char      *id,
                const char      *subject,
                const char      *active_form,
                CairnTodoStatus  status)
{
  CairnTodo *self = g_object_new (CAIRN_TYPE_TODO, NULL);

  self->id = g_strdup (id);
  self->subject = g_strdup (subject);
  self->active_form = g_strdup (active_form);
  self->status = status;
  return self;
}

const char *
cairn_todo_get_id (CairnTodo *self)
{
  g_return_val_if_fail (CAIRN_IS_TODO (self), NULL);
  return self->id;
}

const char *
cairn_todo_get_subject (CairnTodo *self)
{
  g_return_val_if_fail (CAIRN_IS_TODO (self), NULL);
  return self->subject;
}

const char *
cairn_todo_get_active_form (CairnTodo *self)
{
  g_return_val_if_fail (CAIRN_IS_TODO (self), NULL);
  return self->active_form;
}

CairnTodoStatus
cairn_todo_get_status (CairnTodo *self)
{
  g_return_val_if_fail (CAIRN_IS_TODO (self), CAIRN_TODO_PENDING);
  return self->status;
}

void
cairn_todo_set_status (CairnTodo       *self,
                       CairnTodoStatus  status)
{
  g_return_if_fail (CAIRN_IS_TODO (self));

  if (self->status == status)
    return;
  self->status = status;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

void
cairn_todo_set_subject (CairnTodo  *self,
                        const char *subject)
{
  g_return_if_fail (CAIRN_IS_TODO (self));

  if (subject != NULL && cairn_set_str (&self->subject, subject))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBJECT]);
}

CairnTodoStatus
cairn_todo_status_from_string (const char *status)
{
  if (g_strcmp0 (status, "in_progress") == 0)
    return CAIRN_TODO_IN_PROGRESS;
  if (g_strcmp0 (status, "completed") == 0)
    return CAIRN_TODO_DONE;
  return CAIRN_TODO_PENDING;
}

/**
 * cairn_todos_from_json:
 * @todos: (nullable): a TodoWrite input's "todos"
 *
 * The one reader of a TodoWrite list, for the session's live list and for
 * the card that shows the list as written. An entry's id is its place in
 * the list, from "1" (TodoWrite sends the whole list each time, without
 * ids); entries that are not objects are skipped.
 *
 * Returns: (transfer full) (element-type CairnTodo): the todos
 */
GPtrArray *
cairn_todos_from_json (JsonArray *todos)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; todos != NULL && i < json_array_get_length (todos); i++)
    {
      JsonObject *todo = cairn_json_array_get_object (todos, i);
      g_autofree char *id = g_strdup_printf ("%u", i + 1);

      if (todo == NULL)
        continue;
      g_ptr_array_add (items, cairn_todo_new (id, cairn_json_get_string (todo, "content"),
                                              cairn_json_get_string (todo, "activeForm"),
                                              cairn_todo_status_from_string (
                                                cairn_json_get_string (todo, "status"))));
    }
  return items;
}
