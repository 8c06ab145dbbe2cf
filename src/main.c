/* main.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cairn-application.h"

static gboolean
wants_standalone (int    argc,
                  char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--"))
        break;
      if (g_str_equal (argv[i], "--standalone"))
        return TRUE;
    }
  return FALSE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CairnApplication) app = NULL;

  setlocale (LC_ALL, "");
  cairn_application_skip_gl_for_cairo ();
  /* CAIRN_LOCALEDIR: translations of a build that is not installed (the
   * tests, build-aux/run.sh) */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CAIRN_LOCALEDIR") ?: LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Decided before registering: a standalone instance never hands its
   * folder to an already running Cairn. */
  app = cairn_application_new (wants_standalone (argc, argv));
  return g_application_run (G_APPLICATION (app), argc, argv);
}
