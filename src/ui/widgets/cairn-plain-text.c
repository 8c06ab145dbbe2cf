/* cairn-plain-text.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-plain-text"

#include "config.h"

#include "widgets/cairn-plain-text.h"

/* Text from outside (paths, titles, folder names, error messages that
 * quote them, what the CLI says) is never markup. Labels and rows show it
 * with markup off; these are the places where libadwaita 1.2 has no such
 * switch (a toast's title, a status page's description) or where the
 * receiver decides (a notification's body), so the text is escaped. */

/**
 * cairn_markup_escape:
 *
 * Returns: (nullable): @text escaped for Pango markup; %NULL for %NULL.
 *   Invalid UTF-8 is replaced first, since markup that does not parse
 *   shows nothing at all.
 */
char *
cairn_markup_escape (const char *text)
{
  g_autofree char *valid = NULL;

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  return g_markup_escape_text (valid, -1);
}

/* AdwToast:title is markup in 1.2 (use-markup came in 1.4). */
AdwToast *
cairn_toast_new_plain (const char *title)
{
  g_autofree char *escaped = cairn_markup_escape (title);

  return adw_toast_new (escaped);
}

/* AdwStatusPage:description is always markup. */
void
cairn_status_page_set_plain_description (AdwStatusPage *page,
                                         const char    *text)
{
  g_autofree char *escaped = cairn_markup_escape (text);

  g_return_if_fail (ADW_IS_STATUS_PAGE (page));

  adw_status_page_set_description (page, escaped);
}

/* GNotification's body is plain text to GNOME Shell (org.gtk.Notifications)
 * and the portal, but GLib's fallback hands it unchanged to an
 * org.freedesktop.Notifications server, which reads markup in it when it
 * has the "body-markup" capability (the notification specification asks
 * the sender to escape then). So that server is asked once, at start, the
 * way GLib chooses: GNOTIFICATION_BACKEND, the sandbox's portal, then
 * org.gtk.Notifications, then the freedesktop one. */
static gboolean body_is_markup;

static void
capabilities_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, NULL);
  g_autofree const char **capabilities = NULL;

  if (reply == NULL)
    return;
  g_variant_get (reply, "(^a&s)", &capabilities);
  body_is_markup = g_strv_contains (capabilities, "body-markup");
}

static void
ask_capabilities (GDBusConnection *bus)
{
  g_dbus_connection_call (bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                          "org.freedesktop.Notifications", "GetCapabilities", NULL,
                          G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                          capabilities_cb, NULL);
}

static void
gtk_owner_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GDBusConnection *bus = G_DBUS_CONNECTION (object);
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (bus, result, NULL);

  /* with an owner, GLib sends to org.gtk.Notifications: plain text */
  if (reply == NULL)
    ask_capabilities (bus);
}

void
cairn_notifications_probe_markup (GDBusConnection *bus)
{
  const char *backend = g_getenv ("GNOTIFICATION_BACKEND");

  g_return_if_fail (bus == NULL || G_IS_DBUS_CONNECTION (bus));

  body_is_markup = FALSE;
  if (bus == NULL || g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    return;
  if (backend != NULL && g_strcmp0 (backend, "freedesktop") != 0)
    return;
  if (backend != NULL)
    ask_capabilities (bus);
  else
    g_dbus_connection_call (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                            "org.freedesktop.DBus", "GetNameOwner",
                            g_variant_new ("(s)", "org.gtk.Notifications"),
                            G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                            gtk_owner_cb, NULL);
}

void
cairn_notification_set_plain_body (GNotification *notification,
                                   const char    *body)
{
  g_autofree char *escaped = body_is_markup ? cairn_markup_escape (body) : NULL;

  g_return_if_fail (G_IS_NOTIFICATION (notification));

  g_notification_set_body (notification, escaped ? escaped : body);
}
