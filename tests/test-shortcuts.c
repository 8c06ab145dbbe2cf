/* test-shortcuts.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The shortcuts window (Ctrl+?, src/gtk/help-overlay.ui) lists every
 * shortcut: each application accelerator, and each key binding of the
 * window and the sidebar, must have an entry with its action and keys. A
 * shortcut added without one fails here. */

#include <adwaita.h>

#include "cairn-application.h"
#include "window/cairn-sidebar.h"
#include "window/cairn-window.h"

typedef struct
{
  char *action;       /* nullable */
  char *accelerator;  /* nullable; keys separated by spaces */
} Entry;

static void
entry_free (Entry *entry)
{
  g_free (entry->action);
  g_free (entry->accelerator);
  g_free (entry);
}

static void
collect_entries (GtkWidget *root,
                 GPtrArray *entries)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      Entry *entry = g_new0 (Entry, 1);

      g_object_get (root, "action-name", &entry->action, "accelerator", &entry->accelerator, NULL);
      g_ptr_array_add (entries, entry);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_entries (child, entries);
}

static const Entry *
entry_for_action (GPtrArray  *entries,
                  const char *action)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *entry = entries->pdata[i];

      if (g_strcmp0 (entry->action, action) == 0)
        return entry;
    }
  return NULL;
}

static gboolean lists_keys (const Entry *entry, guint keyval, GdkModifierType modifiers);

/* A key binding's entry is found by its keys (see help-overlay.ui). */
static const Entry *
entry_for_keys (GPtrArray       *entries,
                guint            keyval,
                GdkModifierType  modifiers)
{
  for (guint i = 0; i < entries->len; i++)
    if (lists_keys (entries->pdata[i], keyval, modifiers))
      return entries->pdata[i];
  return NULL;
}

static gboolean
lists_keys (const Entry     *entry,
            guint            keyval,
            GdkModifierType  modifiers)
{
  g_auto(GStrv) accels = g_strsplit (entry->accelerator ? entry->accelerator : "", " ", -1);

  for (guint i = 0; accels[i] != NULL; i++)
    {
      guint key = 0;
      GdkModifierType mods = 0;

      if (gtk_accelerator_parse (accels[i], &key, &mods) && key == keyval && mods == modifiers)
        return TRUE;
    }
  return FALSE;
}

/* The key bindings a widget class added (gtk_widget_class_add_binding_*),
 * found in the shortcut controller GTK gives each instance for them. */
static guint
check_class_bindings (GtkWidget *widget,
                      GPtrArray *entries)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  guint checked = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          const char *name;
          const Entry *entry;

          if (!GTK_IS_KEYVAL_TRIGGER (trigger) || !GTK_IS_NAMED_ACTION (action))
            continue;
          name = gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));
          /* Cairn's own: GtkWindow's bindings (default.activate ...) are GTK's */
          if (!g_str_has_prefix (name, "win.") && !g_str_has_prefix (name, "sidebar."))
            continue;
          entry = entry_for_keys (entries, gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                                  gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)));
          if (entry == NULL)
            g_error ("%s: %s (“%s”) has no entry in the shortcuts window",
                     G_OBJECT_TYPE_NAME (widget), gtk_shortcut_trigger_to_string (trigger), name);
          checked++;
        }
    }
  return checked;
}

static guint
check_app_accels (GtkApplication *app,
                  GPtrArray      *entries)
{
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (app);
  guint checked = 0;

  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, actions[i]);

      if (accels[0] == NULL)
        continue;
      if (entry_for_action (entries, actions[i]) == NULL)
        g_error ("“%s” (%s) has no entry in the shortcuts window", actions[i], accels[0]);
      checked++;
    }
  return checked;
}

static void
test_shortcuts_window_lists_every_accelerator (void)
{
  g_autoptr(CairnApplication) app = cairn_application_new (TRUE);
  g_autoptr(GFile) folder = g_file_new_for_path (g_get_tmp_dir ());
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify)entry_free);
  g_autoptr(GError) error = NULL;
  GtkShortcutsWindow *overlay;
  CairnWindow *window;
  GtkWidget *sidebar;
  guint app_accels, window_keys, sidebar_keys;

  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = cairn_application_new_window (app, folder);
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  collect_entries (GTK_WIDGET (overlay), entries);
  g_assert_cmpuint (entries->len, >, 10);

  sidebar = GTK_WIDGET (g_object_new (CAIRN_TYPE_SIDEBAR, NULL));
  g_object_ref_sink (sidebar);
  app_accels = check_app_accels (GTK_APPLICATION (app), entries);
  window_keys = check_class_bindings (GTK_WIDGET (window), entries);
  sidebar_keys = check_class_bindings (sidebar, entries);
  g_test_message ("%u application accelerators, %u window and %u sidebar bindings listed",
                  app_accels, window_keys, sidebar_keys);
  /* Ctrl+Q, Ctrl+W, Ctrl+comma, Ctrl+?; Ctrl+N, F9, Ctrl+K, Ctrl+End, Escape; Shift+F10, Menu */
  g_assert_cmpuint (app_accels, >=, 4);
  g_assert_cmpuint (window_keys, >=, 5);
  g_assert_cmpuint (sidebar_keys, >=, 2);

  g_object_unref (sidebar);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/shortcuts/window-lists-every-accelerator",
                   test_shortcuts_window_lists_every_accelerator);
  return g_test_run ();
}
