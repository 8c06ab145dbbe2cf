/* cairn-preferences-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-preferences-window"

#include "config.h"

#include "cairn-preferences-window.h"
#include "cairn-types.h"

/* Cairn's few settings, bound straight to GSettings. */
struct _CairnPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;
  AdwComboRow          *mode_row;
  AdwEntryRow          *cli_row;
  AdwEntryRow          *debug_row;
  GtkSwitch            *notify_switch;
  GtkSpinButton        *processes_spin;
  GtkSpinButton        *idle_spin;
};

G_DEFINE_FINAL_TYPE (CairnPreferencesWindow, cairn_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* In the order of the combo row's items. */
static const CairnPermissionMode modes[] = {
  CAIRN_PERMISSION_MODE_DEFAULT, CAIRN_PERMISSION_MODE_ACCEPT_EDITS, CAIRN_PERMISSION_MODE_PLAN,
};

/* The setting holds the mode's nick (an enum key of the schema). */
static gboolean
mode_to_row (GValue   *value,
             GVariant *variant,
             gpointer  user_data)
{
  CairnPermissionMode mode = CAIRN_PERMISSION_MODE_DEFAULT;

  cairn_permission_mode_from_nick (g_variant_get_string (variant, NULL), &mode);
  g_value_set_uint (value, 0);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (modes[i] == mode)
      g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
row_to_mode (const GValue       *value,
             const GVariantType *type,
             gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  return g_variant_new_string (cairn_permission_mode_to_nick (modes[selected < G_N_ELEMENTS (modes) ? selected : 0]));
}

static void
cairn_preferences_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CAIRN_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (cairn_preferences_window_parent_class)->dispose (object);
}

static void
cairn_preferences_window_class_init (CairnPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, mode_row);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, cli_row);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, debug_row);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, notify_switch);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, processes_spin);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, idle_spin);
}

static void
cairn_preferences_window_init (CairnPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

CairnPreferencesWindow *
cairn_preferences_window_new (GtkWindow *parent,
                              GSettings *settings)
{
  CairnPreferencesWindow *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CAIRN_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  g_settings_bind_with_mapping (settings, "default-permission-mode", self->mode_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, mode_to_row, row_to_mode, NULL, NULL);
  g_settings_bind (settings, "cli-path", self->cli_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "debug-protocol-dir", self->debug_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "notify-turn-end", self->notify_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "max-processes", self->processes_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "idle-minutes", self->idle_spin, "value", G_SETTINGS_BIND_DEFAULT);
  return self;
}
