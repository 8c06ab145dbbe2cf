/* cairn-hook-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-hook-item"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-util.h"
#include "transcript/cairn-hook-item.h"

/* One run of a hook from the settings files, as the CLI reports it with
 * --include-hook-events (docs/protocol.md, "Hooks"): hook_started makes
 * it, hook_progress grows its output, hook_response ends it. The lines
 * don't name the hook's command, only its event and matcher: the session
 * finds the command in the folder's settings (cairn-session-hooks.c). */
struct _CairnHookItem
{
  CairnItem  parent_instance;
  char      *hook_id;
  char      *event;
  char      *name;
  char      *outcome;    /* NULL while it runs */
  char      *output;
  char      *command;    /* NULL until the settings are read, or unknown */
  gint64     exit_code;
  gboolean   has_exit_code;
};

G_DEFINE_FINAL_TYPE (CairnHookItem, cairn_hook_item, CAIRN_TYPE_ITEM)

enum {
  PROP_0,
  PROP_OUTPUT,
  PROP_RUNNING,
  PROP_COMMAND,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_hook_item_finalize (GObject *object)
{
  CairnHookItem *self = (CairnHookItem *)object;

  g_free (self->hook_id);
  g_free (self->event);
  g_free (self->name);
  g_free (self->outcome);
  g_free (self->output);
  g_free (self->command);

  G_OBJECT_CLASS (cairn_hook_item_parent_class)->finalize (object);
}

static void
cairn_hook_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CairnHookItem *self = CAIRN_HOOK_ITEM (object);

  switch (prop_id)
    {
    case PROP_OUTPUT:
      g_value_set_string (value, self->output);
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, cairn_hook_item_get_running (self));
      break;

    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_hook_item_class_init (CairnHookItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_hook_item_finalize;
  object_class->get_property = cairn_hook_item_get_property;

  properties [PROP_OUTPUT] =
    g_param_spec_string ("output", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, TRUE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_COMMAND] =
    g_param_spec_string ("command", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_hook_item_init (CairnHookItem *self)
{
}

CairnHookItem *
cairn_hook_item_new (const char *hook_id,
                     const char *event,
                     const char *name)
{
  CairnHookItem *self = g_object_new (CAIRN_TYPE_HOOK_ITEM, "kind", CAIRN_ITEM_KIND_HOOK, NULL);

  self->hook_id = g_strdup (hook_id);
  self->event = g_strdup (event ? event : "?");
  self->name = g_strdup (name ? name : self->event);
  return self;
}

/* hook_progress: the whole output so far. */
void
cairn_hook_item_set_output (CairnHookItem *self,
                            const char    *output)
{
  g_return_if_fail (CAIRN_IS_HOOK_ITEM (self));

  if (output != NULL && cairn_set_str (&self->output, output))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OUTPUT]);
}

/**
 * cairn_hook_item_set_command:
 * @command: (nullable): what the settings say the hook runs (several
 *   commands of one event and matcher, one a line)
 */
void
cairn_hook_item_set_command (CairnHookItem *self,
                             const char    *command)
{
  g_return_if_fail (CAIRN_IS_HOOK_ITEM (self));

  if (cairn_set_str (&self->command, command))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMMAND]);
}

const char *
cairn_hook_item_get_command (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);
  return self->command;
}

/**
 * cairn_hook_item_finish:
 * @outcome: (nullable): "success", "error" or "cancelled", as the CLI said
 * @has_exit_code: whether the line had an exit_code (it is optional)
 *
 * hook_response: the run is over.
 */
void
cairn_hook_item_finish (CairnHookItem *self,
                        const char    *outcome,
                        gboolean       has_exit_code,
                        gint64         exit_code,
                        const char    *output)
{
  g_return_if_fail (CAIRN_IS_HOOK_ITEM (self));

  self->has_exit_code = has_exit_code;
  self->exit_code = exit_code;
  cairn_hook_item_set_output (self, output);
  if (cairn_set_str (&self->outcome, outcome ? outcome : "success"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

const char *
cairn_hook_item_get_hook_id (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);
  return self->hook_id;
}

const char *
cairn_hook_item_get_event (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);
  return self->event;
}

const char *
cairn_hook_item_get_name (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);
  return self->name;
}

const char *
cairn_hook_item_get_outcome (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);
  return self->outcome;
}

const char *
cairn_hook_item_get_output (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);
  return self->output;
}

gboolean
cairn_hook_item_get_running (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), FALSE);
  return self->outcome == NULL;
}

/* A run that did not succeed: exit 2 (a refusal) is an "error". */
gboolean
cairn_hook_item_get_failed (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), FALSE);
  return self->outcome != NULL && g_strcmp0 (self->outcome, "success") != 0;
}

/**
 * cairn_hook_item_dup_status:
 *
 * Returns: (transfer full): how the run went, for its row: "running",
 *   "exit 2", "cancelled"…
 */
char *
cairn_hook_item_dup_status (CairnHookItem *self)
{
  g_return_val_if_fail (CAIRN_IS_HOOK_ITEM (self), NULL);

  if (self->outcome == NULL)
    return g_strdup (_("running"));
  if (g_strcmp0 (self->outcome, "cancelled") == 0)
    return g_strdup (_("cancelled"));
  if (self->has_exit_code)
    return g_strdup_printf (_("exit %d"), (int)CLAMP (self->exit_code, G_MININT, G_MAXINT));
  return g_strdup (g_strcmp0 (self->outcome, "success") == 0 ? _("done") : _("failed"));
}
