/* cairn-test-a11y.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-test-a11y.h"

/* A screen reader's view of this very process, over the accessibility
 * bus: GTK exposes its widgets there only as a client asks for them
 * (GTK 4.8 "realizes" an accessible's D-Bus object on the first question
 * about it), so a test that wants them realized, as the UI tests' walks
 * do, asks. GTK answers on the main loop of this process, so every call
 * is made asynchronously and waited for by iterating it. */

#define ATSPI_ACCESSIBLE "org.a11y.atspi.Accessible"
#define ATSPI_ROOT_PATH  "/org/a11y/atspi/accessible/root"

struct _CairnTestA11y
{
  GDBusConnection *bus;
  GPtrArray       *apps;   /* GVariant (so) of every application */
};

typedef struct
{
  GVariant *reply;
  gboolean  done;
} Call;

static void
call_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Call *call = user_data;

  /* an object gone from the bus is an error: it has no answer */
  call->reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, NULL);
  call->done = TRUE;
}

/* Returns the reply, or NULL when the object answers with an error. */
static GVariant *
call (GDBusConnection    *bus,
      const char         *name,
      const char         *path,
      const char         *interface,
      const char         *method,
      GVariant           *parameters,
      const GVariantType *reply_type)
{
  Call result = { NULL, FALSE };

  g_dbus_connection_call (bus, name, path, interface, method, parameters, reply_type,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, NULL, call_done_cb, &result);
  while (!result.done)
    g_main_context_iteration (NULL, TRUE);
  return result.reply;
}

static char *
get_a11y_address (void)
{
  g_autoptr(GDBusConnection) session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr(GVariant) reply = NULL;
  char *address = NULL;

  g_assert_nonnull (session);
  reply = call (session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                NULL, G_VARIANT_TYPE ("(s)"));
  g_assert_nonnull (reply);
  g_variant_get (reply, "(s)", &address);
  return address;
}

/* As libatspi (pyatspi) asks: ChildCount, then each child by
 * GetChildAtIndex. Returns their references, GVariant (so). */
static GPtrArray *
get_children (GDBusConnection *bus,
              const char      *name,
              const char      *path)
{
  g_autoptr(GVariant) count = call (bus, name, path, "org.freedesktop.DBus.Properties", "Get",
                                    g_variant_new ("(ss)", ATSPI_ACCESSIBLE, "ChildCount"),
                                    G_VARIANT_TYPE ("(v)"));
  GPtrArray *refs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);
  g_autoptr(GVariant) value = NULL;
  int n;

  if (count == NULL)
    return refs;
  g_variant_get (count, "(v)", &value);
  n = g_variant_is_of_type (value, G_VARIANT_TYPE_INT32) ? g_variant_get_int32 (value) : 0;
  for (int i = 0; i < n; i++)
    {
      g_autoptr(GVariant) reply = call (bus, name, path, ATSPI_ACCESSIBLE, "GetChildAtIndex",
                                        g_variant_new ("(i)", i), G_VARIANT_TYPE ("((so))"));

      if (reply != NULL)
        g_ptr_array_add (refs, g_variant_get_child_value (reply, 0));
    }
  return refs;
}

/* The registry learns of an application when GTK embeds it, which
 * happens after its first window is mapped: until then the registry may
 * list only itself, with no windows. */
static gboolean
has_windows (CairnTestA11y *self)
{
  g_autoptr(GPtrArray) apps = get_children (self->bus, "org.a11y.atspi.Registry", ATSPI_ROOT_PATH);

  g_ptr_array_set_size (self->apps, 0);
  for (guint i = 0; i < apps->len; i++)
    {
      GVariant *app = g_ptr_array_index (apps, i);
      const char *name, *path;
      g_autoptr(GPtrArray) windows = NULL;

      g_variant_get (app, "(&s&o)", &name, &path);
      windows = get_children (self->bus, name, path);
      if (windows->len > 0)
        g_ptr_array_add (self->apps, g_variant_ref (app));
    }
  return self->apps->len > 0;
}

CairnTestA11y *
cairn_test_a11y_new (void)
{
  CairnTestA11y *self = g_new0 (CairnTestA11y, 1);
  g_autofree char *address = get_a11y_address ();
  g_autoptr(GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  self->bus = g_dbus_connection_new_for_address_sync (address,
                                                      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                      G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                      NULL, NULL, &error);
  g_assert_no_error (error);
  self->apps = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);
  while (!has_windows (self) && g_get_monotonic_time () < deadline)
    g_usleep (G_USEC_PER_SEC / 20);
  g_assert_cmpuint (self->apps->len, >, 0);
  return self;
}

void
cairn_test_a11y_free (CairnTestA11y *self)
{
  g_clear_pointer (&self->apps, g_ptr_array_unref);
  g_clear_object (&self->bus);
  g_free (self);
}

static void
walk (GDBusConnection *bus,
      GVariant        *ref,
      GPtrArray       *seen)
{
  const char *name, *path;
  g_autoptr(GPtrArray) children = NULL;

  g_variant_get (ref, "(&s&o)", &name, &path);
  g_ptr_array_add (seen, g_variant_ref (ref));
  children = get_children (bus, name, path);
  for (guint i = 0; i < children->len; i++)
    walk (bus, g_ptr_array_index (children, i), seen);
}

/* Asks every application for all its accessibles, as a screen reader
 * reading the whole window would. Returns the references (GVariant (so))
 * of all it found. */
GPtrArray *
cairn_test_a11y_walk (CairnTestA11y *self)
{
  GPtrArray *seen = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);

  for (guint i = 0; i < self->apps->len; i++)
    walk (self->bus, g_ptr_array_index (self->apps, i), seen);
  return seen;
}

/* Asks each of @refs (as cairn_test_a11y_walk() returned them) again for
 * its parent and its children, as a client does that still holds them
 * from an earlier walk (events name them, clients cache them). Those gone
 * from the bus answer with errors, which are ignored. */
void
cairn_test_a11y_ask_again (CairnTestA11y *self,
                           GPtrArray     *refs)
{
  for (guint i = 0; i < refs->len; i++)
    {
      const char *name, *path;
      g_autoptr(GVariant) parent = NULL;
      g_autoptr(GPtrArray) children = NULL;

      g_variant_get (g_ptr_array_index (refs, i), "(&s&o)", &name, &path);
      parent = call (self->bus, name, path, "org.freedesktop.DBus.Properties", "Get",
                     g_variant_new ("(ss)", ATSPI_ACCESSIBLE, "Parent"), G_VARIANT_TYPE ("(v)"));
      children = get_children (self->bus, name, path);
    }
}
