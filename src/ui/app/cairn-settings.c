/* cairn-settings.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-settings"

#include "config.h"

#include "cairn-enums.h"
#include "app/cairn-settings.h"

/* Cairn's settings, typed (as Console's KgxSettings): the application
 * makes one and hands it down to its windows, their pages and the
 * preferences, so that none of them looks settings up through the
 * application. Each property has the name of its GSettings key and is
 * bound to it both ways: a change from anywhere (the preferences, dconf)
 * is notified here. Without the schema installed (a build tree without
 * GSETTINGS_SCHEMA_DIR) the properties keep their defaults, the schema's,
 * in memory; only the last conversations are not kept then. */

struct _CairnSettings
{
  GObject              parent_instance;

  /* NULL without the schema */
  GSettings           *settings;
  CairnPermissionMode  default_permission_mode;
  gboolean             supervised;
  char                *cli_path;
  char                *debug_protocol_dir;
  gboolean             notify_turn_end;
  guint                max_processes;
  guint                idle_minutes;
  int                  window_width;
  int                  window_height;
  gboolean             window_maximized;
};

G_DEFINE_FINAL_TYPE (CairnSettings, cairn_settings, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DEFAULT_PERMISSION_MODE,
  PROP_SUPERVISED,
  PROP_CLI_PATH,
  PROP_DEBUG_PROTOCOL_DIR,
  PROP_NOTIFY_TURN_END,
  PROP_MAX_PROCESSES,
  PROP_IDLE_MINUTES,
  PROP_WINDOW_WIDTH,
  PROP_WINDOW_HEIGHT,
  PROP_WINDOW_MAXIMIZED,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_settings_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CairnSettings *self = CAIRN_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_DEFAULT_PERMISSION_MODE: g_value_set_enum (value, self->default_permission_mode); break;
    case PROP_SUPERVISED: g_value_set_boolean (value, self->supervised); break;
    case PROP_CLI_PATH: g_value_set_string (value, self->cli_path); break;
    case PROP_DEBUG_PROTOCOL_DIR: g_value_set_string (value, self->debug_protocol_dir); break;
    case PROP_NOTIFY_TURN_END: g_value_set_boolean (value, self->notify_turn_end); break;
    case PROP_MAX_PROCESSES: g_value_set_uint (value, self->max_processes); break;
    case PROP_IDLE_MINUTES: g_value_set_uint (value, self->idle_minutes); break;
    case PROP_WINDOW_WIDTH: g_value_set_int (value, self->window_width); break;
    case PROP_WINDOW_HEIGHT: g_value_set_int (value, self->window_height); break;
    case PROP_WINDOW_MAXIMIZED: g_value_set_boolean (value, self->window_maximized); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Never NULL: "" is the keys' "none". */
static void
set_string (char         **field,
            const GValue  *value)
{
  g_free (*field);
  *field = g_strdup (g_value_get_string (value) ? g_value_get_string (value) : "");
}

static void
store (CairnSettings *self,
       guint          prop_id,
       const GValue  *value)
{
  switch (prop_id)
    {
    case PROP_DEFAULT_PERMISSION_MODE: self->default_permission_mode = g_value_get_enum (value); break;
    case PROP_SUPERVISED: self->supervised = g_value_get_boolean (value); break;
    case PROP_CLI_PATH: set_string (&self->cli_path, value); break;
    case PROP_DEBUG_PROTOCOL_DIR: set_string (&self->debug_protocol_dir, value); break;
    case PROP_NOTIFY_TURN_END: self->notify_turn_end = g_value_get_boolean (value); break;
    case PROP_MAX_PROCESSES: self->max_processes = g_value_get_uint (value); break;
    case PROP_IDLE_MINUTES: self->idle_minutes = g_value_get_uint (value); break;
    case PROP_WINDOW_WIDTH: self->window_width = g_value_get_int (value); break;
    case PROP_WINDOW_HEIGHT: self->window_height = g_value_get_int (value); break;
    case PROP_WINDOW_MAXIMIZED: self->window_maximized = g_value_get_boolean (value); break;
    default: g_assert_not_reached ();
    }
}

/* Notified only when the value changes: the GSettings binding writes the
 * key on every notify. */
static void
cairn_settings_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  g_auto(GValue) old = G_VALUE_INIT;

  if (prop_id == PROP_0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_init (&old, pspec->value_type);
  cairn_settings_get_property (object, prop_id, &old, pspec);
  if (g_param_values_cmp (pspec, &old, value) == 0)
    return;
  store (CAIRN_SETTINGS (object), prop_id, value);
  g_object_notify_by_pspec (object, pspec);
}

static void
cairn_settings_finalize (GObject *object)
{
  CairnSettings *self = (CairnSettings *)object;

  g_clear_object (&self->settings);
  g_free (self->cli_path);
  g_free (self->debug_protocol_dir);

  G_OBJECT_CLASS (cairn_settings_parent_class)->finalize (object);
}

#define FLAGS (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

/* The defaults and ranges are the schema's (data/io.github.cairnapp.Cairn.gschema.xml). */
static void
cairn_settings_class_init (CairnSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_settings_finalize;
  object_class->get_property = cairn_settings_get_property;
  object_class->set_property = cairn_settings_set_property;

  properties [PROP_DEFAULT_PERMISSION_MODE] =
    g_param_spec_enum ("default-permission-mode", NULL, NULL, CAIRN_TYPE_PERMISSION_MODE,
                       CAIRN_PERMISSION_MODE_DEFAULT, FLAGS);
  properties [PROP_SUPERVISED] = g_param_spec_boolean ("supervised", NULL, NULL, FALSE, FLAGS);
  properties [PROP_CLI_PATH] = g_param_spec_string ("cli-path", NULL, NULL, "", FLAGS);
  properties [PROP_DEBUG_PROTOCOL_DIR] = g_param_spec_string ("debug-protocol-dir", NULL, NULL, "", FLAGS);
  properties [PROP_NOTIFY_TURN_END] = g_param_spec_boolean ("notify-turn-end", NULL, NULL, TRUE, FLAGS);
  properties [PROP_MAX_PROCESSES] = g_param_spec_uint ("max-processes", NULL, NULL, 1, 64, 8, FLAGS);
  properties [PROP_IDLE_MINUTES] = g_param_spec_uint ("idle-minutes", NULL, NULL, 1, 1440, 10, FLAGS);
  properties [PROP_WINDOW_WIDTH] = g_param_spec_int ("window-width", NULL, NULL, G_MININT, G_MAXINT, 900, FLAGS);
  properties [PROP_WINDOW_HEIGHT] = g_param_spec_int ("window-height", NULL, NULL, G_MININT, G_MAXINT, 720, FLAGS);
  properties [PROP_WINDOW_MAXIMIZED] = g_param_spec_boolean ("window-maximized", NULL, NULL, FALSE, FLAGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_settings_init (CairnSettings *self)
{
  /* the properties' defaults */
  for (guint i = 1; i < N_PROPS; i++)
    store (self, i, g_param_spec_get_default_value (properties[i]));
}

static GSettings *
lookup_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, BASE_APP_ID, TRUE) : NULL;

  if (schema == NULL)
    {
      g_warning ("The settings schema %s is not installed; settings will not be kept", BASE_APP_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/**
 * cairn_settings_new:
 *
 * Returns: (transfer full): Cairn's settings, bound to its GSettings when
 *   the schema is installed
 */
CairnSettings *
cairn_settings_new (void)
{
  CairnSettings *self = g_object_new (CAIRN_TYPE_SETTINGS, NULL);

  self->settings = lookup_settings ();
  for (guint i = 1; self->settings != NULL && i < N_PROPS; i++)
    g_settings_bind (self->settings, properties[i]->name, self, properties[i]->name, G_SETTINGS_BIND_DEFAULT);
  return self;
}

CairnPermissionMode
cairn_settings_get_default_permission_mode (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), CAIRN_PERMISSION_MODE_DEFAULT);
  return self->default_permission_mode;
}

/* New conversations start Supervised: every change is asked for. */
gboolean
cairn_settings_get_supervised (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), FALSE);
  return self->supervised;
}

/* Returns: the claude program chosen, "" for none */
const char *
cairn_settings_get_cli_path (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), "");
  return self->cli_path;
}

void
cairn_settings_set_cli_path (CairnSettings *self,
                             const char    *path)
{
  g_return_if_fail (CAIRN_IS_SETTINGS (self));
  g_object_set (self, "cli-path", path ? path : "", NULL);
}

/* Returns: the folder to log the protocol into, "" for none */
const char *
cairn_settings_get_debug_protocol_dir (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), "");
  return self->debug_protocol_dir;
}

gboolean
cairn_settings_get_notify_turn_end (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), TRUE);
  return self->notify_turn_end;
}

guint
cairn_settings_get_max_processes (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), 1);
  return self->max_processes;
}

guint
cairn_settings_get_idle_minutes (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), 1);
  return self->idle_minutes;
}

void
cairn_settings_get_window_size (CairnSettings *self,
                                int           *width,
                                int           *height)
{
  g_return_if_fail (CAIRN_IS_SETTINGS (self));
  *width = self->window_width;
  *height = self->window_height;
}

gboolean
cairn_settings_get_window_maximized (CairnSettings *self)
{
  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), FALSE);
  return self->window_maximized;
}

/**
 * cairn_settings_save_window_state:
 *
 * The last window closed sets the size new windows open with; a maximized
 * one keeps the size it had before.
 */
void
cairn_settings_save_window_state (CairnSettings *self,
                                  int            width,
                                  int            height,
                                  gboolean       maximized)
{
  g_return_if_fail (CAIRN_IS_SETTINGS (self));

  g_object_freeze_notify (G_OBJECT (self));
  g_object_set (self, "window-maximized", maximized, NULL);
  if (!maximized && width > 0 && height > 0)
    g_object_set (self, "window-width", width, "window-height", height, NULL);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * cairn_settings_dup_last_conversation:
 *
 * Returns: (nullable): the session id of the conversation shown last in
 *   the project @cwd
 */
char *
cairn_settings_dup_last_conversation (CairnSettings *self,
                                      const char    *cwd)
{
  g_autoptr(GVariant) all = NULL;
  char *session_id = NULL;

  g_return_val_if_fail (CAIRN_IS_SETTINGS (self), NULL);

  if (self->settings == NULL || cwd == NULL)
    return NULL;
  all = g_settings_get_value (self->settings, "last-conversations");
  g_variant_lookup (all, cwd, "s", &session_id);
  return session_id;
}

void
cairn_settings_set_last_conversation (CairnSettings *self,
                                      const char    *cwd,
                                      const char    *session_id)
{
  g_autoptr(GVariant) old = NULL;
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{ss}"));
  GVariantIter iter;
  const char *key, *value;

  g_return_if_fail (CAIRN_IS_SETTINGS (self));

  if (self->settings == NULL || cwd == NULL || session_id == NULL)
    return;
  old = g_settings_get_value (self->settings, "last-conversations");
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (g_strcmp0 (key, cwd) != 0)
      g_variant_builder_add (&builder, "{ss}", key, value);
  g_variant_builder_add (&builder, "{ss}", cwd, session_id);
  g_settings_set_value (self->settings, "last-conversations", g_variant_builder_end (&builder));
}
