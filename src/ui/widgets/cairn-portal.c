/* cairn-portal.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-portal"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "protocol/cairn-launcher.h"
#include "widgets/cairn-portal.h"

/* In the Flatpak, files are opened and saved through the FileChooser
 * portal, and notifications go through the Notification portal
 * (xdg-desktop-portal, with a backend for the desktop). Without them GTK
 * 4.8 and GLib say nothing: a file chooser's call fails with a warning in
 * the log and the chooser never answers (the button seems dead, and its
 * caller, still holding the chooser, never opens another); a notification
 * is dropped. So Cairn asks the portal for the interface's version first
 * (which starts the portal if it can be started) and, if it doesn't
 * answer, says what to install. An interface that answered once is not
 * asked again. Choosing a folder is left to GTK: it asks the same and,
 * without the portal, shows its own dialog, which sees what the sandbox
 * does (the home folder). */

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"

typedef enum
{
  FILE_CHOOSER,
  NOTIFICATION,
  N_INTERFACES
} Interface;

static const char * const interfaces[N_INTERFACES] = {
  "org.freedesktop.portal.FileChooser",
  "org.freedesktop.portal.Notification",
};

static gboolean answered[N_INTERFACES];
static gboolean notifications_checked;

typedef struct
{
  Interface             interface;
  GtkWidget            *widget;
  /* FILE_CHOOSER: shown once the portal answers */
  GtkFileChooserNative *chooser;
} Pending;

static void
pending_free (Pending *pending)
{
  g_clear_object (&pending->chooser);
  g_object_unref (pending->widget);
  g_free (pending);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Pending, pending_free)

static void
say_missing (Pending *pending)
{
  GtkRoot *root = gtk_widget_get_root (pending->widget);
  GtkWidget *dialog;

  if (!GTK_IS_WINDOW (root))
    return;
  if (pending->interface == FILE_CHOOSER)
    dialog = adw_message_dialog_new (GTK_WINDOW (root), _("Files Can’t Be Chosen"),
                                     _("Cairn runs in a sandbox and chooses files through the desktop portal, "
                                       "which did not answer. Install xdg-desktop-portal and a backend for "
                                       "your desktop, such as xdg-desktop-portal-gnome or "
                                       "xdg-desktop-portal-gtk, then log out and in again."));
  else
    dialog = adw_message_dialog_new (GTK_WINDOW (root), _("Notifications Can’t Be Shown"),
                                     _("Cairn runs in a sandbox and shows notifications through the desktop "
                                       "portal, which did not answer: questions that wait for you show only "
                                       "in this window. Install xdg-desktop-portal and a backend for your "
                                       "desktop, such as xdg-desktop-portal-gnome or "
                                       "xdg-desktop-portal-gtk, then log out and in again."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
settle (Pending      *pending,
        const GError *error)
{
  if (error == NULL)
    {
      answered[pending->interface] = TRUE;
      if (pending->chooser != NULL)
        gtk_native_dialog_show (GTK_NATIVE_DIALOG (pending->chooser));
      return;
    }
  g_warning ("The portal's %s did not answer: %s", interfaces[pending->interface], error->message);
  say_missing (pending);
  /* as if closed: its caller lets go of it */
  if (pending->chooser != NULL)
    g_signal_emit_by_name (pending->chooser, "response", GTK_RESPONSE_DELETE_EVENT);
}

static void
version_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(Pending) pending = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  settle (pending, error);
}

static void
bus_cb (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(Pending) pending = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_finish (result, &error);

  if (bus == NULL)
    {
      settle (pending, error);
      return;
    }
  g_dbus_connection_call (bus, PORTAL_NAME, PORTAL_PATH, "org.freedesktop.DBus.Properties", "Get",
                          g_variant_new ("(ss)", interfaces[pending->interface], "version"),
                          G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, version_cb,
                          g_steal_pointer (&pending));
}

static void
ask (Interface             interface,
     GtkWidget            *widget,
     GtkFileChooserNative *chooser)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->interface = interface;
  pending->widget = g_object_ref (widget);
  pending->chooser = chooser ? g_object_ref (chooser) : NULL;
  g_bus_get (G_BUS_TYPE_SESSION, NULL, bus_cb, pending);
}

/**
 * cairn_portal_chooser_show:
 * @chooser: a chooser to open or save files, its "response" connected
 * @widget: where it was asked from (a message goes on its window)
 *
 * Shows @chooser; in the Flatpak, once the FileChooser portal answered. If
 * it doesn't, a message says what to install and @chooser gets the
 * response %GTK_RESPONSE_DELETE_EVENT, as if closed.
 */
void
cairn_portal_chooser_show (GtkFileChooserNative *chooser,
                           GtkWidget            *widget)
{
  g_return_if_fail (GTK_IS_FILE_CHOOSER_NATIVE (chooser));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (answered[FILE_CHOOSER] || !cairn_launcher_in_flatpak () ||
      gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER)
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
  else
    ask (FILE_CHOOSER, widget, chooser);
}

/**
 * cairn_portal_check_notifications:
 * @window: the window a notification was sent for
 *
 * In the Flatpak, the first time Cairn notifies, asks the Notification
 * portal whether it is there; if not, says so on @window, once.
 */
void
cairn_portal_check_notifications (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  if (notifications_checked || !cairn_launcher_in_flatpak ())
    return;
  notifications_checked = TRUE;
  ask (NOTIFICATION, GTK_WIDGET (window), NULL);
}
