/* cairn-test-ui.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "cairn-application.h"
#include "cairn-test-ui.h"
#include "page/cairn-composer.h"

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

/* Walking what is on screen, and driving it (the widget tests) */

gboolean
cairn_test_is_shown (GtkWidget *widget)
{
  return gtk_widget_get_visible (widget) && gtk_widget_get_child_visible (widget);
}

/* The first widget of @type under @root (included) for which @match
 * returns TRUE, looking only through widgets @seen lets through. */
GtkWidget *
cairn_test_find_where (GtkWidget     *root,
                       gboolean     (*seen) (GtkWidget *widget),
                       GType          type,
                       CairnTestMatch match,
                       gconstpointer  data)
{
  if (!seen (root))
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (match == NULL || match (root, data)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = cairn_test_find_where (child, seen, type, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* ... through shown widgets */
GtkWidget *
cairn_test_find_shown (GtkWidget     *root,
                       GType          type,
                       CairnTestMatch match,
                       gconstpointer  data)
{
  return cairn_test_find_where (root, cairn_test_is_shown, type, match, data);
}

gboolean
cairn_test_label_is (GtkWidget     *label,
                     gconstpointer  text)
{
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
}

gboolean
cairn_test_label_contains (GtkWidget     *label,
                           gconstpointer  text)
{
  return strstr (gtk_label_get_text (GTK_LABEL (label)), text) != NULL;
}

gboolean
cairn_test_has_action (GtkWidget     *widget,
                       gconstpointer  action_name)
{
  return g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0;
}

gboolean
cairn_test_shows_text (GtkWidget  *root,
                       const char *text)
{
  return cairn_test_find_shown (root, GTK_TYPE_LABEL, cairn_test_label_is, text) != NULL;
}

GtkWidget *
cairn_test_button_for (GtkWidget  *root,
                       const char *action_name)
{
  /* Hidden buttons count too: look through the button's own visibility. */
  GtkWidget *found = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL && found == NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && cairn_test_has_action (child, action_name))
        found = child;
      else
        found = cairn_test_button_for (child, action_name);
    }
  return found;
}

void
cairn_test_drain_main_context (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop until @condition holds, for up to @timeout_ms. */
gboolean
cairn_test_poll_until (gboolean (*condition) (gpointer data),
                       gpointer   data,
                       guint      timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (!condition (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return condition (data);
}

/* The application's settings keys (in memory: GSETTINGS_BACKEND), as
 * dconf or another instance would change them: its CairnSettings follows. */
GSettings *
cairn_test_keys (void)
{
  return g_settings_new (BASE_APP_ID);
}

/* Presses @keyval in @text_view's capture-phase key controller (where the
 * composer takes its keys) and checks it was handled. */
void
cairn_test_press_key (GtkWidget *text_view,
                      guint      keyval)
{
  GtkEventController *keys = NULL;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (text_view);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && keys == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        keys = controller;
    }
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, 0, &handled);
  g_assert_true (handled);
}

/* A plain blue picture of the size asked for. */
GdkPixbuf *
cairn_test_new_picture (int width,
                        int height)
{
  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, width, height);

  gdk_pixbuf_fill (pixbuf, 0x3584e4ff);
  return pixbuf;
}

gboolean
cairn_test_tooltip_is (GtkWidget     *widget,
                       gconstpointer  text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* What a user does: types into the composer under @root and presses Send. */
void
cairn_test_type_and_send (GtkWidget  *root,
                          const char *text)
{
  GtkWidget *composer = cairn_test_find_widget (root, CAIRN_TYPE_COMPOSER);
  GtkWidget *view = cairn_test_find_widget (composer, GTK_TYPE_TEXT_VIEW);

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
  g_assert_true (gtk_widget_activate_action (composer, "composer.send", NULL));
}

/* (nullable): the message dialog on screen (a window's question) */
GtkWidget *
cairn_test_message_dialog (void)
{
  /* (transfer container) */
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* A condition for cairn_test_poll_until() and cairn_test_wait_until(). */
gboolean
cairn_test_has_message_dialog (gpointer data)
{
  return cairn_test_message_dialog () != NULL;
}

/* With CAIRN_TEST_SHOTS=DIR, the screen as it is now, in DIR/NAME (to
 * look at; `import` is ImageMagick's). */
void
cairn_test_screenshot (const char *name)
{
  const char *dir = g_getenv ("CAIRN_TEST_SHOTS");
  g_autofree char *path = NULL;
  const char *argv[] = { "import", "-window", "root", NULL, NULL };

  gint64 until = g_get_monotonic_time () + 300 * G_TIME_SPAN_MILLISECOND;

  if (dir == NULL)
    return;
  /* what was just shown drawn first */
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (5000);
  path = g_build_filename (dir, name, NULL);
  argv[3] = path;
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
}

static gboolean
redraw_cb (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* @widget, and under it a strip that wants a frame every frame, as the
 * working dots or a spinner do: a gap between frames is then the main
 * loop held, never a window with nothing new to draw. */
GtkWidget *
cairn_test_with_redraw_strip (GtkWidget *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *strip = gtk_drawing_area_new ();

  gtk_widget_set_vexpand (widget, TRUE);
  gtk_widget_set_size_request (strip, -1, 8);
  gtk_widget_add_tick_callback (strip, redraw_cb, NULL, NULL);
  gtk_box_append (GTK_BOX (box), widget);
  gtk_box_append (GTK_BOX (box), strip);
  return box;
}

/**
 * cairn_test_pointer_at:
 * @x: (in @widget's coordinates)
 * @actions: what xdotool does there (`click 1`, `mousedown 1 …`), NULL-ended
 *
 * A user's hand on the mouse: xdotool moves the X pointer to @x, @y of
 * @widget, in @window's own coordinates (Xvfb has no window manager),
 * then does @actions, through X and GTK's gestures. Returns at once.
 */
void
cairn_test_pointer_at (GtkWindow          *window,
                       GtkWidget          *widget,
                       double              x,
                       double              y,
                       const char * const *actions)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_point_t point = GRAPHENE_POINT_INIT ((float)x, (float)y);
  graphene_point_t at;
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_auto(GStrv) args = NULL;
  g_autofree char *xid = NULL, *at_x = NULL, *at_y = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (GDK_IS_X11_SURFACE (surface));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window), &point, &at));
  xid = g_strdup_printf ("%lu", (gulong)gdk_x11_surface_get_xid (surface));
  at_x = g_strdup_printf ("%d", (int)at.x);
  at_y = g_strdup_printf ("%d", (int)at.y);
  g_strv_builder_add_many (argv, "xdotool", "mousemove", "--window", xid, at_x, at_y, NULL);
  g_strv_builder_addv (argv, (const char **)actions);
  args = g_strv_builder_end (argv);
  g_assert_true (g_spawn_async (NULL, args, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, &error));
}

/**
 * cairn_test_click_at:
 * @x: (in @widget's coordinates)
 *
 * A press and release of the first button at @x, @y of @widget, as a
 * user's (see cairn_test_pointer_at()).
 */
void
cairn_test_click_at (GtkWindow *window,
                     GtkWidget *widget,
                     double     x,
                     double     y)
{
  const char *click[] = { "click", "1", NULL };

  cairn_test_pointer_at (window, widget, x, y, click);
}
