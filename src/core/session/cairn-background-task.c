/* cairn-background-task.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "session/cairn-background-task.h"

/* One task the CLI runs in the background (a subagent, a shell command),
 * as system/background_tasks_changed lists it. The list is replaced
 * whole each time, so a task never changes. */

struct _CairnBackgroundTask
{
  GObject  parent_instance;
  char    *id;
  char    *description;
  char    *task_type;
};

G_DEFINE_FINAL_TYPE (CairnBackgroundTask, cairn_background_task, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DESCRIPTION,
  PROP_KIND_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cairn_background_task_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CairnBackgroundTask *self = CAIRN_BACKGROUND_TASK (object);

  switch (prop_id)
    {
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    case PROP_KIND_LABEL:
      g_value_set_string (value, cairn_background_task_get_kind_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_background_task_finalize (GObject *object)
{
  CairnBackgroundTask *self = CAIRN_BACKGROUND_TASK (object);

  g_free (self->id);
  g_free (self->description);
  g_free (self->task_type);
  G_OBJECT_CLASS (cairn_background_task_parent_class)->finalize (object);
}

static void
cairn_background_task_class_init (CairnBackgroundTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cairn_background_task_get_property;
  object_class->finalize = cairn_background_task_finalize;

  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND_LABEL] =
    g_param_spec_string ("kind-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_background_task_init (CairnBackgroundTask *self)
{
}

CairnBackgroundTask *
cairn_background_task_new (const char *id,
                           const char *description,
                           const char *task_type)
{
  CairnBackgroundTask *self = g_object_new (CAIRN_TYPE_BACKGROUND_TASK, NULL);

  self->id = g_strdup (id);
  self->description = g_strdup (description ? description : "");
  self->task_type = g_strdup (task_type);
  return self;
}

const char *
cairn_background_task_get_id (CairnBackgroundTask *self)
{
  g_return_val_if_fail (CAIRN_IS_BACKGROUND_TASK (self), NULL);
  return self->id;
}

const char *
cairn_background_task_get_description (CairnBackgroundTask *self)
{
  g_return_val_if_fail (CAIRN_IS_BACKGROUND_TASK (self), NULL);
  return self->description;
}

/* What kind of work it is, in words: task_type is "local_agent" for a
 * subagent and "local_bash" for a shell command (docs/protocol-changes.md). */
const char *
cairn_background_task_get_kind_label (CairnBackgroundTask *self)
{
  g_return_val_if_fail (CAIRN_IS_BACKGROUND_TASK (self), NULL);

  if (g_strcmp0 (self->task_type, "local_agent") == 0)
    return _("Agent");
  if (g_strcmp0 (self->task_type, "local_bash") == 0)
    return _("Shell command");
  return _("Task");
}
