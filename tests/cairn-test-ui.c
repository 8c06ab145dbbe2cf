/* cairn-test-ui.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "cairn-application.h"
#include "cairn-test-ui.h"

/**
 * cairn_test_find_widget:
 *
 * Returns: (nullable) (transfer none): @root or the first widget of @type
 * under it, depth first
 */
GtkWidget *
cairn_test_find_widget (GtkWidget *root,
                        GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = cairn_test_find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A CLI that never answers and never exits on its own, for windows whose
 * test is about the view, not the process. Returns its path in @dir. */
char *
cairn_test_write_quiet_cli (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "quiet-cli", NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, "#!/bin/sh\nexec cat >/dev/null\n", -1, &error))
    g_error ("%s", error->message);
  g_chmod (path, 0755);
  return g_steal_pointer (&path);
}

/* Shows @window and waits until it is on screen. */
void
cairn_test_present (GtkWindow *window)
{
  gtk_window_present (window);
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
}

/* The value of @adj scrolled to the end. */
double
cairn_test_scroll_end (GtkAdjustment *adj)
{
  return gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);
}

/* One registered CairnApplication for the whole test program: a second
 * one would clash with the first on the session bus. */
gpointer
cairn_test_shared_app (void)
{
  static CairnApplication *app;
  g_autoptr(GError) error = NULL;

  if (app == NULL)
    {
      app = cairn_application_new (TRUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  return app;
}
