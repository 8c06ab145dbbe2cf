/* cairn-preferences-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-preferences-window"

#include "config.h"

#include "app/cairn-preferences-window.h"
#include "cairn-types.h"

/* Cairn's few settings, each row bound both ways to its property of the
 * application's CairnSettings (which keeps them in GSettings). */
struct _CairnPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;
  AdwComboRow          *mode_row;
  AdwEntryRow          *cli_row;
  AdwEntryRow          *debug_row;
  GtkSwitch            *notify_switch;
  GtkSwitch            *supervised_switch;
  GtkSpinButton        *processes_spin;
  GtkSpinButton        *idle_spin;
};

G_DEFINE_FINAL_TYPE (CairnPreferencesWindow, cairn_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The combo row's items, in this order (bypass is chosen per
 * conversation only). */
static const CairnPermissionMode modes[] = {
  CAIRN_PERMISSION_MODE_DEFAULT, CAIRN_PERMISSION_MODE_ACCEPT_EDITS, CAIRN_PERMISSION_MODE_PLAN,
};

/* The setting's mode is the combo row's item of that mode. */
static gboolean
mode_to_row (GBinding     *binding,
             const GValue *from,
             GValue       *to,
             gpointer      user_data)
{
  g_value_set_uint (to, 0);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (modes[i] == (CairnPermissionMode)g_value_get_enum (from))
      g_value_set_uint (to, i);
  return TRUE;
}

static gboolean
row_to_mode (GBinding     *binding,
             const GValue *from,
             GValue       *to,
             gpointer      user_data)
{
  guint selected = g_value_get_uint (from);

  g_value_set_enum (to, modes[selected < G_N_ELEMENTS (modes) ? selected : 0]);
  return TRUE;
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
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, supervised_switch);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, processes_spin);
  gtk_widget_class_bind_template_child (widget_class, CairnPreferencesWindow, idle_spin);
}

static void
cairn_preferences_window_init (CairnPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

CairnPreferencesWindow *
cairn_preferences_window_new (GtkWindow     *parent,
                              CairnSettings *settings)
{
  const GBindingFlags flags = G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE;
  const char *names[] = { "cli-path", "debug-protocol-dir", "notify-turn-end", "max-processes", "idle-minutes",
                          "supervised" };
  /* the spin buttons' doubles and the settings' uints convert */
  const char *widget_properties[] = { "text", "text", "active", "value", "value", "active" };
  CairnPreferencesWindow *self;

  g_return_val_if_fail (CAIRN_IS_SETTINGS (settings), NULL);

  self = g_object_new (CAIRN_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  {
    g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

    for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
      gtk_string_list_append (labels, cairn_permission_mode_get_label (modes[i]));
    adw_combo_row_set_model (self->mode_row, G_LIST_MODEL (labels));
  }
  {
    gpointer widgets[] = { self->cli_row, self->debug_row, self->notify_switch, self->processes_spin,
                           self->idle_spin, self->supervised_switch };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      g_object_bind_property (settings, names[i], widgets[i], widget_properties[i], flags);
  }
  g_object_bind_property_full (settings, "default-permission-mode", self->mode_row, "selected", flags,
                               mode_to_row, row_to_mode, NULL, NULL);
  return self;
}
