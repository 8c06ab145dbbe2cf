/* cairn-window-portal.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* its own domain: G_MESSAGES_DEBUG=cairn-portal shows what the portal answered */
#define G_LOG_DOMAIN "cairn-portal"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-launcher.h"
#include "window/cairn-window-private.h"

/* In the Flatpak, files are chosen, notifications shown, links opened and
 * conversations moved to the Trash through the desktop portal
 * (xdg-desktop-portal, with a backend for the desktop). Without it
 * nothing a user sees says so: GTK falls back to its own file chooser,
 * which sees only what the sandbox does; a notification is dropped; a
 * link doesn't open; the Trash answers that a D-Bus name is unknown.
 * So once the window is painted it asks the portal for the version of
 * each interface Cairn uses (which starts the portal, as GTK's own first
 * call would), and for those that don't answer a banner says what is
 * missing and what to install. Nothing waits for the answer: the check
 * only tells, and what falls back keeps working. */

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"

typedef struct
{
  const char *interface;
  const char *without;  /* what a user meets without it */
} PortalUse;

static const PortalUse uses[] = {
  { "org.freedesktop.portal.FileChooser",
    N_("Files are chosen in Cairn’s own dialog, which sees only what the sandbox may see.") },
  { "org.freedesktop.portal.Notification",
    N_("Notifications are not shown: questions that wait for you show only in this window.") },
  { "org.freedesktop.portal.OpenURI",
    N_("Links do not open in your browser.") },
  { "org.freedesktop.portal.Trash",
    N_("Deleted conversations can’t go to the Trash.") },
};

typedef struct
{
  CairnWindow *window;
  guint        waiting;
  guint        missing;  /* a bit per entry of uses[] */
} Check;

typedef struct
{
  Check *check;
  guint  index;         /* in uses[] */
} Question;

/* An answer long in coming counts as none; the window is held till then. */
#define ANSWER_TIMEOUT_MS 10000

#define ALL_MISSING ((1u << G_N_ELEMENTS (uses)) - 1)

/* GTK uses the portals in a sandbox, and elsewhere when told to
 * (GDK_DEBUG=portals, as the tests do). */
static gboolean
gtk_uses_portals (void)
{
  const char *debug = g_getenv ("GDK_DEBUG");
  g_auto(GStrv) keys = NULL;

  if (cairn_launcher_in_flatpak ())
    return TRUE;
  if (debug == NULL)
    return FALSE;
  keys = g_strsplit_set (debug, ",:; ", -1);
  return g_strv_contains ((const char * const *)keys, "portals");
}

static char *
describe_missing (guint missing)
{
  GString *text = g_string_new (NULL);

  g_string_append (text, missing == ALL_MISSING
                         ? _("Cairn reaches your desktop through the desktop portal, which does not answer.")
                         : _("The desktop portal lacks parts that Cairn uses."));
  for (guint i = 0; i < G_N_ELEMENTS (uses); i++)
    if (missing & (1u << i))
      g_string_append_printf (text, "\n%s", _(uses[i].without));
  g_string_append_printf (text, "\n%s",
                          missing == ALL_MISSING
                          ? _("Install xdg-desktop-portal and a backend for your desktop, such as "
                              "xdg-desktop-portal-gnome or xdg-desktop-portal-gtk, then log out and in again.")
                          : _("Install the portal backend for your desktop, such as xdg-desktop-portal-gnome "
                              "or xdg-desktop-portal-gtk, then log out and in again."));
  return g_string_free (text, FALSE);
}

static void
check_done (Check *check)
{
  CairnWindow *self = check->window;

  /* the banner is gone once the window is closed */
  if (self->portal_banner != NULL && check->missing != 0)
    {
      g_autofree char *text = describe_missing (check->missing);

      /* plain text: nothing here is markup */
      gtk_label_set_text (self->portal_label, text);
      gtk_revealer_set_reveal_child (self->portal_banner, TRUE);
    }
  else if (check->missing == 0)
    g_debug ("every portal interface Cairn uses answers");
  g_object_unref (check->window);
  g_free (check);
}

static void
version_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Question *question = user_data;
  Check *check = question->check;
  const char *interface = uses[question->index].interface;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  if (reply != NULL)
    g_debug ("%s answers", interface);
  else
    {
      g_debug ("%s does not answer: %s", interface, error->message);
      check->missing |= 1u << question->index;
    }
  g_free (question);
  if (--check->waiting == 0)
    check_done (check);
}

static void
bus_cb (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  Check *check = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_finish (result, &error);

  if (bus == NULL)
    {
      g_debug ("no session bus: %s", error->message);
      check->missing = ALL_MISSING;
      check_done (check);
      return;
    }
  check->waiting = G_N_ELEMENTS (uses);
  for (guint i = 0; i < G_N_ELEMENTS (uses); i++)
    {
      Question *question = g_new0 (Question, 1);

      question->check = check;
      question->index = i;
      g_dbus_connection_call (bus, PORTAL_NAME, PORTAL_PATH, "org.freedesktop.DBus.Properties", "Get",
                              g_variant_new ("(ss)", uses[i].interface, "version"), G_VARIANT_TYPE ("(v)"),
                              G_DBUS_CALL_FLAGS_NONE, ANSWER_TIMEOUT_MS, NULL, version_cb, question);
    }
}

/**
 * _cairn_window_check_portal:
 *
 * Where GTK uses the desktop portal, asks it for each interface Cairn
 * uses; a banner names what doesn't answer and what to install. Once per
 * window, after its first frame.
 */
void
_cairn_window_check_portal (CairnWindow *self)
{
  Check *check;

  if (self->portal_checked || !gtk_uses_portals ())
    return;
  self->portal_checked = TRUE;
  check = g_new0 (Check, 1);
  check->window = g_object_ref (self);
  g_bus_get (G_BUS_TYPE_SESSION, NULL, bus_cb, check);
}

static void
portal_dismiss_cb (CairnWindow *self)
{
  gtk_revealer_set_reveal_child (self->portal_banner, FALSE);
}

void
_cairn_window_class_init_portal (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, portal_banner);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, portal_label);
  gtk_widget_class_bind_template_callback (widget_class, portal_dismiss_cb);
}
