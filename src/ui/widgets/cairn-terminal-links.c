/* cairn-terminal-links.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-terminal"
#define PCRE2_CODE_UNIT_WIDTH 0

#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <pcre2.h>

#include "widgets/cairn-terminal-links.h"

/* Web addresses in the terminal pane open on a click, and are text like
 * any other for the rest: a drag that starts on one selects, a double or
 * triple click selects the word or line, as VTE does elsewhere.
 *
 * VTE's own click gesture claims every press (to select, or to report it
 * to a child that tracks the mouse), and a gesture of ours would be
 * cancelled before the release. So links are watched, never handled: a
 * legacy controller sees every pointer event first (capture phase) and
 * lets it through to VTE. A click is a press and a release of the first
 * button on the same link, not dragged past GTK's threshold, and not
 * followed by a second press within the double-click time: the link
 * opens when that time is up, so a double click on it selects the word
 * and opens nothing. A child that tracks the mouse gets the click as
 * well, and the link still opens (the sign-in page must, whatever runs). */

/* A URL the CLI prints (the sign-in page): http(s), up to whitespace or a
 * quote; opened by the browser, never run. */
#define URL_REGEX "https?://[^\\s\"'<>`]+[^\\s\"'<>`.,;:)\\]]"

typedef struct
{
  VteTerminal     *vte;
  int              url_tag;
  /* a press on a link, until its release */
  char            *pressed_uri;
  graphene_point_t pressed_at;
  gboolean         dragged;
  guint32          last_press_time;
  graphene_point_t last_press;
  /* a click on a link, opened unless it becomes a double click */
  char            *clicked_uri;
  guint            open_later;
} Links;

static void
links_free (gpointer  data,
            GClosure *closure)
{
  Links *self = data;

  g_clear_handle_id (&self->open_later, g_source_remove);
  g_free (self->pressed_uri);
  g_free (self->clicked_uri);
  g_free (self);
}

/* Links: only http and https, opened by the browser (through the
 * OpenURI portal in the Flatpak). */
static void
open_link (Links      *self,
           const char *uri)
{
  if (!g_str_has_prefix (uri, "https://") && !g_str_has_prefix (uri, "http://"))
    return;
  gtk_show_uri (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self->vte))), uri, GDK_CURRENT_TIME);
}

/* The web address shown at @x, @y (VTE's coordinates), or NULL. */
static char *
link_at (Links *self,
         double x,
         double y)
{
  int tag = -1;
  char *uri = vte_terminal_check_match_at (self->vte, x, y, &tag);

  if (uri != NULL && tag != self->url_tag)
    g_clear_pointer (&uri, g_free);
  return uri;
}

/* The position of @event (a pointer event on the window) in VTE's
 * coordinates. */
static gboolean
event_point (Links            *self,
             GdkEvent         *event,
             graphene_point_t *at)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self->vte));
  double x, y, dx, dy;
  graphene_point_t point;

  if (native == NULL || !gdk_event_get_position (event, &x, &y))
    return FALSE;
  gtk_native_get_surface_transform (native, &dx, &dy);
  point = GRAPHENE_POINT_INIT ((float)(x - dx), (float)(y - dy));
  return gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self->vte), &point, at);
}

static int
double_click_time (Links *self)
{
  int time_ms = 400;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self->vte)), "gtk-double-click-time", &time_ms, NULL);
  return time_ms;
}

static gboolean
open_later_cb (gpointer data)
{
  Links *self = data;
  g_autofree char *uri = g_steal_pointer (&self->clicked_uri);

  self->open_later = 0;
  open_link (self, uri);
  return G_SOURCE_REMOVE;
}

/* A click on a link that has not waited out its double-click time opens
 * now: another click came, not on the same spot. */
static void
open_pending (Links *self)
{
  if (self->open_later == 0)
    return;
  g_clear_handle_id (&self->open_later, g_source_remove);
  open_later_cb (self);
}

/* Whether this press follows the last one as the next of a double or
 * triple click (GTK's own double-click time and distance). */
static gboolean
repeated_press (Links                  *self,
                GdkEvent               *event,
                const graphene_point_t *at)
{
  int distance = 5;
  guint32 time = gdk_event_get_time (event);
  gboolean repeated;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self->vte)), "gtk-double-click-distance", &distance, NULL);
  repeated = self->last_press_time != 0 && time - self->last_press_time <= (guint32)double_click_time (self)
             && fabs (at->x - self->last_press.x) <= distance && fabs (at->y - self->last_press.y) <= distance;
  self->last_press_time = time;
  self->last_press = *at;
  return repeated;
}

/* A second press soon after a click on a link, on the same spot, makes it
 * a double click (select the word): the link, not yet opened, is not.
 * Any other press opens it at once. */
static void
link_pressed (Links                  *self,
              GdkEvent               *event,
              const graphene_point_t *at)
{
  g_clear_pointer (&self->pressed_uri, g_free);
  if (gdk_button_event_get_button (event) != GDK_BUTTON_PRIMARY)
    return;
  if (repeated_press (self, event, at))
    {
      g_clear_handle_id (&self->open_later, g_source_remove);
      g_clear_pointer (&self->clicked_uri, g_free);
      return;
    }
  open_pending (self);
  /* Shift+click extends the selection (and bypasses a child's mouse
   * tracking): never a click on a link */
  if (gdk_event_get_modifier_state (event) & GDK_SHIFT_MASK)
    return;
  self->pressed_uri = link_at (self, at->x, at->y);
  self->pressed_at = *at;
  self->dragged = FALSE;
}

static void
link_moved (Links                  *self,
            const graphene_point_t *at)
{
  if (self->pressed_uri != NULL
      && gtk_drag_check_threshold (GTK_WIDGET (self->vte), (int)self->pressed_at.x, (int)self->pressed_at.y,
                                   (int)at->x, (int)at->y))
    self->dragged = TRUE;
}

/* A click: released on the link it was pressed on, never dragged past
 * GTK's threshold. It opens once no second press came in the
 * double-click time. */
static void
link_released (Links                  *self,
               GdkEvent               *event,
               const graphene_point_t *at)
{
  g_autofree char *uri = g_steal_pointer (&self->pressed_uri);
  g_autofree char *here = NULL;

  if (uri == NULL || self->dragged || gdk_button_event_get_button (event) != GDK_BUTTON_PRIMARY)
    return;
  here = link_at (self, at->x, at->y);
  if (g_strcmp0 (here, uri) != 0)
    return;
  open_pending (self);
  self->clicked_uri = g_steal_pointer (&uri);
  self->open_later = g_timeout_add ((guint)double_click_time (self), open_later_cb, self);
}

/* Every pointer event, seen first and let through. */
static gboolean
link_event_cb (GtkEventControllerLegacy *legacy,
               GdkEvent                 *event,
               Links                    *self)
{
  GdkEventType type = gdk_event_get_event_type (event);
  graphene_point_t at;

  if (type == GDK_GRAB_BROKEN)
    g_clear_pointer (&self->pressed_uri, g_free);
  else if ((type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE || type == GDK_MOTION_NOTIFY)
           && event_point (self, event, &at))
    {
      if (type == GDK_BUTTON_PRESS)
        link_pressed (self, event, &at);
      else if (type == GDK_MOTION_NOTIFY)
        link_moved (self, &at);
      else
        link_released (self, event, &at);
    }
  return GDK_EVENT_PROPAGATE;
}

/* A tap on a touchscreen: the pointer's watch above sees no touch
 * events, so a touch-only gesture claims a touch that starts on a link
 * (VTE's gestures would take it otherwise) and opens it when lifted on
 * the same link; any other touch is left to VTE. (Xvfb has no touch, so
 * the tests cannot drive this.) */
static void
tap_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                Links           *self)
{
  g_autofree char *uri = link_at (self, x, y);

  gtk_gesture_set_state (GTK_GESTURE (gesture), n_press == 1 && uri != NULL
                                                ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED);
}

static void
tap_released_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 Links           *self)
{
  g_autofree char *uri = link_at (self, x, y);

  if (n_press == 1 && uri != NULL)
    open_link (self, uri);
}

static void
watch_taps (Links *self)
{
  GtkGesture *tap = gtk_gesture_click_new ();

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (tap), TRUE);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (tap), GTK_PHASE_CAPTURE);
  g_signal_connect (tap, "pressed", G_CALLBACK (tap_pressed_cb), self);
  g_signal_connect (tap, "released", G_CALLBACK (tap_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->vte), GTK_EVENT_CONTROLLER (tap));
}

/**
 * cairn_terminal_links_attach:
 *
 * Makes the web addresses @vte shows links (for as long as it lives).
 */
void
cairn_terminal_links_attach (VteTerminal *vte)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VteRegex) regex = vte_regex_new_for_match (URL_REGEX, -1, PCRE2_MULTILINE | PCRE2_UTF, &error);
  GtkEventController *watch;
  Links *self;

  g_return_if_fail (VTE_IS_TERMINAL (vte));

  if (regex == NULL)
    {
      g_warning ("URL pattern: %s", error->message);
      return;
    }
  self = g_new0 (Links, 1);
  self->vte = vte;
  self->url_tag = vte_terminal_match_add_regex (vte, regex, 0);
  vte_terminal_match_set_cursor_name (vte, self->url_tag, "pointer");
  watch = gtk_event_controller_legacy_new ();
  /* named, for the inspector */
  gtk_event_controller_set_name (watch, "cairn-terminal-link");
  gtk_event_controller_set_propagation_phase (watch, GTK_PHASE_CAPTURE);
  /* the state lives as long as the controller, which lives as long as @vte */
  g_signal_connect_data (watch, "event", G_CALLBACK (link_event_cb), self, links_free, 0);
  gtk_widget_add_controller (GTK_WIDGET (vte), watch);
  watch_taps (self);
}
