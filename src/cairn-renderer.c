/* cairn-renderer.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-renderer"

#include "config.h"

#include <string.h>

#include <epoxy/gl.h>
#include <gtk/gtk.h>   /* GDK_WINDOWING_X11 */
#ifdef GDK_WINDOWING_X11
#include <epoxy/glx.h>
#include <gdk/x11/gdkx.h>
#endif

#include "cairn-renderer.h"
#include "cairn-renderer-kept.h"

/* Which of GTK's renderers draws Cairn's windows.
 *
 * GTK 4.8 picks its GL renderer whenever OpenGL works, also when OpenGL
 * is Mesa's software rasteriser (llvmpipe: virtual machines, remote
 * desktops, laptops without a working driver, Xvfb). The GL renderer
 * then draws the whole window for every frame, on the CPU: a 16-pixel
 * spinner cost 175 % of a core (tests/bench-idle.py), and each frame of
 * streaming or scrolling costs several times what the cairo renderer
 * takes, which redraws only what changed. So on software GL Cairn draws
 * with cairo (newer GTK, too, passes over its GL renderer when OpenGL is
 * llvmpipe). GSK_RENDERER, when set, still decides. */

/* the software renderer the last launch found, when it holds for this
 * one (cairn_renderer_software_gl_kept()) */
static char *kept_software_gl;

static const char * const software[] = {
  "llvmpipe", "softpipe", "Software Rasterizer", "swrast",
};

/* GLX_MESA_query_renderer names the renderer a context on the screen
 * would get without making one: the string GL_RENDERER says, in 0.05 ms
 * where a context made current took 5 ms (llvmpipe, Xvfb, a loaded
 * machine), on the way to the first frame. GTK 4.8 on X11 has set up GLX
 * when it opened the display, so asking costs nothing more. */
static char *
describe_glx_renderer (GdkDisplay *display)
{
#ifdef GDK_WINDOWING_X11
  Display *xdisplay;
  int screen, major, minor;
  const char *name;

  if (!GDK_IS_X11_DISPLAY (display) || !gdk_x11_display_get_glx_version (display, &major, &minor))
    return NULL;
  xdisplay = gdk_x11_display_get_xdisplay (display);
  screen = gdk_x11_screen_get_screen_number (gdk_x11_display_get_screen (display));
  if (!epoxy_has_glx_extension (xdisplay, screen, "GLX_MESA_query_renderer"))
    return NULL;
  name = glXQueryRendererStringMESA (xdisplay, screen, 0, GLX_RENDERER_DEVICE_ID_MESA);
  return name && *name ? g_strdup (name) : NULL;
#else
  return NULL;
#endif
}

/**
 * cairn_renderer_describe_gl:
 *
 * Returns: (transfer full) (nullable): what OpenGL says renders on
 *   @display (GL_RENDERER, "llvmpipe (LLVM 15.0.6, 256 bits)"), or %NULL
 *   without OpenGL; asked without a context where the display can
 */
char *
cairn_renderer_describe_gl (GdkDisplay *display)
{
  char *name;

  g_return_val_if_fail (GDK_IS_DISPLAY (display), NULL);

  name = describe_glx_renderer (display);
  return name ? name : cairn_renderer_describe_gl_context (display);
}

/**
 * cairn_renderer_describe_gl_context:
 *
 * Returns: (transfer full) (nullable): GL_RENDERER of a context made on
 *   @display, or %NULL without OpenGL
 */
char *
cairn_renderer_describe_gl_context (GdkDisplay *display)
{
  g_autoptr(GdkGLContext) context = NULL;
  char *name;

  g_return_val_if_fail (GDK_IS_DISPLAY (display), NULL);

  context = gdk_display_create_gl_context (display, NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return NULL;
  gdk_gl_context_make_current (context);
  name = g_strdup ((const char *) glGetString (GL_RENDERER));
  gdk_gl_context_clear_current ();
  return name;
}

gboolean
cairn_renderer_is_software_gl (const char *gl_renderer)
{
  for (guint i = 0; gl_renderer != NULL && i < G_N_ELEMENTS (software); i++)
    if (strstr (gl_renderer, software[i]) != NULL)
      return TRUE;
  return FALSE;
}

/**
 * cairn_renderer_avoid_software_gl:
 * @display: the display, before any window on it is shown
 *
 * Makes the windows on @display draw with cairo when OpenGL there is
 * software, unless GSK_RENDERER says otherwise. GTK reads the renderer's
 * name from the display's "gsk-renderer" data before GSK_RENDERER (its
 * inspector uses it); setting the variable instead would mean setenv()
 * with GDBus's thread running.
 *
 * Returns: whether cairo was chosen
 */
gboolean
cairn_renderer_avoid_software_gl (GdkDisplay *display)
{
  const char *asked = g_getenv ("GSK_RENDERER");
  g_autofree char *gl_renderer = NULL;
  g_autofree char *key = NULL;

  g_return_val_if_fail (GDK_IS_DISPLAY (display), FALSE);

  if (asked != NULL && *asked != '\0')
    return FALSE;
  if (kept_software_gl != NULL)
    gl_renderer = g_strdup (kept_software_gl);
  else
    {
      gl_renderer = cairn_renderer_describe_gl (display);
      if ((key = cairn_renderer_kept_key ()) != NULL)
        cairn_renderer_keep (key, cairn_renderer_is_software_gl (gl_renderer) ? gl_renderer : NULL);
    }
  if (!cairn_renderer_is_software_gl (gl_renderer))
    return FALSE;
  g_debug ("OpenGL is %s, software%s: drawing with cairo", gl_renderer,
           kept_software_gl ? " (kept from the last launch)" : "");
  g_object_set_data_full (G_OBJECT (display), "gsk-renderer", g_strdup ("cairo"), g_free);
  return TRUE;
}

/**
 * cairn_renderer_software_gl_kept:
 *
 * Whether the last launch on this display found OpenGL to be software
 * (cairn-renderer-kept.c), and GSK_RENDERER leaves the choice to Cairn:
 * then the display can open without GL, and
 * cairn_renderer_avoid_software_gl() chooses cairo without asking. Call
 * before the display opens, before GDK_DEBUG changes.
 */
gboolean
cairn_renderer_software_gl_kept (void)
{
  const char *asked = g_getenv ("GSK_RENDERER");
  g_autofree char *key = NULL;

  if (asked != NULL && *asked != '\0')
    return FALSE;
  if (kept_software_gl == NULL && (key = cairn_renderer_kept_key ()) != NULL)
    kept_software_gl = cairn_renderer_kept_read (key);
  return cairn_renderer_is_software_gl (kept_software_gl);
}
