/* cairn-renderer-kept.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-renderer"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "cairn-renderer-kept.h"

/* A software GL renderer, kept from one launch to the next.
 *
 * When OpenGL is software, Cairn draws with cairo (cairn-renderer.c), but
 * GTK 4.8 on X11 has already set up GLX when it opened the display: that
 * loads Mesa and LLVM, 40 ms of a launch on this machine and 60 MB. Kept
 * here, the verdict lets the next launch open the display without GL at
 * all, as with GSK_RENDERER=cairo.
 *
 * It holds only for the same display server and the same GL settings:
 * the key names the variables that choose GL's driver or the display,
 * the display server's socket (a new server, a remote session, Xvfb: a
 * new socket) and the boot. Any change and the launch asks OpenGL again,
 * as without the file, and keeps or forgets what it says. Only "software"
 * is kept: a GL driver installed while the same server runs is used from
 * its next start (or the next boot) on; never is software GL drawn with
 * the GL renderer. */

static const char * const variables[] = {
  "GDK_BACKEND", "GDK_DEBUG", "GDK_GL", "WAYLAND_DISPLAY", "DISPLAY", "LIBGL_ALWAYS_SOFTWARE",
  "GALLIUM_DRIVER", "MESA_LOADER_DRIVER_OVERRIDE", "LIBGL_DRIVERS_PATH", "__GLX_VENDOR_LIBRARY_NAME",
  "__EGL_VENDOR_LIBRARY_FILENAMES", "__EGL_VENDOR_LIBRARY_DIRS",
};

/* The socket GTK will connect to: Wayland's first, as GTK tries it. */
static char *
server_socket (void)
{
  const char *wayland = g_getenv ("WAYLAND_DISPLAY");
  const char *x11 = g_getenv ("DISPLAY");
  const char *backend = g_getenv ("GDK_BACKEND");
  const char *number;

  if (wayland != NULL && *wayland != '\0' && g_strcmp0 (backend, "x11") != 0)
    return g_path_is_absolute (wayland) ? g_strdup (wayland)
                                        : g_build_filename (g_get_user_runtime_dir (), wayland, NULL);
  /* ":1" or ":1.0", a local server; "host:1" goes over TCP: no key */
  if (x11 == NULL || x11[0] != ':')
    return NULL;
  number = x11 + 1;
  return g_strdup_printf ("/tmp/.X11-unix/X%.*s", (int) strcspn (number, "."), number);
}

/**
 * cairn_renderer_kept_key:
 *
 * Returns: (transfer full) (nullable): what a kept verdict holds for, or
 *   %NULL where none can be told (a remote X display)
 */
char *
cairn_renderer_kept_key (void)
{
  g_autofree char *socket = server_socket ();
  g_autofree char *boot = NULL;
  GStatBuf info;
  GString *key;

  if (socket == NULL || g_stat (socket, &info) != 0)
    return NULL;
  g_file_get_contents ("/proc/sys/kernel/random/boot_id", &boot, NULL, NULL);
  key = g_string_new (NULL);
  g_string_append_printf (key, "server %s %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT "\n", socket,
                          (guint64) info.st_ino, (gint64) info.st_mtime);
  g_string_append_printf (key, "boot %s\n", boot ? g_strstrip (boot) : "");
  for (guint i = 0; i < G_N_ELEMENTS (variables); i++)
    g_string_append_printf (key, "%s=%s\n", variables[i], g_getenv (variables[i]) ?: "");
  return g_string_free (key, FALSE);
}

static char *
kept_path (void)
{
  return g_build_filename (g_get_user_cache_dir (), "cairn", "software-gl", NULL);
}

/**
 * cairn_renderer_kept_read:
 * @key: from cairn_renderer_kept_key()
 *
 * Returns: (transfer full) (nullable): the software renderer kept for
 *   @key, or %NULL
 */
char *
cairn_renderer_kept_read (const char *key)
{
  g_autofree char *path = kept_path ();
  g_autofree char *contents = NULL;
  gsize key_length = strlen (key);

  /* a few hundred bytes, before the main loop runs */
  if (!g_file_get_contents (path, &contents, NULL, NULL) || !g_str_has_prefix (contents, key) ||
      contents[key_length] == '\0')
    return NULL;
  return g_strdup (g_strstrip (contents + key_length));
}

static void
kept_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    g_debug ("Could not keep the renderer: %s", error->message);
}

/**
 * cairn_renderer_keep:
 * @key: from cairn_renderer_kept_key()
 * @software_gl: (nullable): the software renderer OpenGL named, or %NULL
 *   to forget the kept one
 *
 * Keeps (or forgets) the verdict for the next launch.
 */
void
cairn_renderer_keep (const char *key,
                     const char *software_gl)
{
  g_autofree char *path = kept_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) contents = NULL;

  if (software_gl == NULL)
    {
      if (g_unlink (path) != 0 && errno != ENOENT)
        g_debug ("Could not remove %s: %s", path, g_strerror (errno));
      return;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return;
  contents = g_bytes_new_take (g_strconcat (key, software_gl, "\n", NULL), strlen (key) + strlen (software_gl) + 1);
  g_file_replace_contents_bytes_async (file, contents, NULL, FALSE, G_FILE_CREATE_PRIVATE, NULL, kept_cb, NULL);
}
