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

#include "cairn-renderer.h"

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

static const char * const software[] = {
  "llvmpipe", "softpipe", "Software Rasterizer", "swrast",
};

/**
 * cairn_renderer_describe_gl:
 *
 * Returns: (transfer full) (nullable): what OpenGL says renders on
 *   @display (GL_RENDERER, "llvmpipe (LLVM 15.0.6, 256 bits)"), or %NULL
 *   without OpenGL
 */
char *
cairn_renderer_describe_gl (GdkDisplay *display)
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

  g_return_val_if_fail (GDK_IS_DISPLAY (display), FALSE);

  if (asked != NULL && *asked != '\0')
    return FALSE;
  gl_renderer = cairn_renderer_describe_gl (display);
  if (!cairn_renderer_is_software_gl (gl_renderer))
    return FALSE;
  g_debug ("OpenGL is %s, software: drawing with cairo", gl_renderer);
  g_object_set_data_full (G_OBJECT (display), "gsk-renderer", g_strdup ("cairo"), g_free);
  return TRUE;
}
