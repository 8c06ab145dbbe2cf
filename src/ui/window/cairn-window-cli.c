/* cairn-window-cli.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-cli-version.h"
#include "protocol/cairn-launcher.h"
#include "window/cairn-window-private.h"

/* A Claude Code older than any the test suite covers may print lines
 * Cairn doesn't know: a banner says which version is needed, and Cairn
 * goes on working with it. */

/* In the Flatpak, only the host's answer to `claude --version` tells
 * that it has no claude, or that the sandbox may not start programs on
 * it: then the missing-CLI page says what to install or grant. Asked
 * again on Try Again. */
static gboolean
show_host_problem (CairnWindow  *self,
                   const GError *error)
{
  gboolean refused = g_error_matches (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_HOST_REFUSED);

  if (!refused && !g_error_matches (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_NOT_FOUND))
    return FALSE;
  g_clear_pointer (&self->checked_cli, g_free);
  cairn_missing_cli_page_set_host_refused (self->missing_page, refused);
  cairn_missing_cli_page_set_problem (self->missing_page, error->message);
  gtk_stack_set_visible_child_name (self->main_stack, "missing-cli");
  return TRUE;
}

static void
version_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = cairn_cli_version_query_finish (result, &error);
  g_autofree char *number = cairn_cli_version_number (output);
  g_autofree char *text = NULL;

  if (output == NULL)
    g_debug ("claude --version: %s", error->message);
  if (self->old_cli_banner == NULL)   /* the window was closed meanwhile */
    return;
  if (output == NULL && show_host_problem (self, error))
    return;
  if (!cairn_cli_version_is_untested_old (number))
    {
      gtk_revealer_set_reveal_child (self->old_cli_banner, FALSE);
      return;
    }
  /* Translators: both are versions, such as "2.0.5" */
  text = g_strdup_printf (_("Claude Code %s is older than Cairn supports: some of what it says may "
                            "not show. Update it to %s or newer."), number, CAIRN_CLI_OLDEST_TESTED);
  gtk_label_set_label (self->old_cli_label, text);
  gtk_revealer_set_reveal_child (self->old_cli_banner, TRUE);
}

void
_cairn_window_forget_cli_check (CairnWindow *self)
{
  g_clear_pointer (&self->checked_cli, g_free);
}

/* Asked once for each claude program the window uses, with whether it
 * is signed in: two runs of the CLI, which take a core each for a moment,
 * so they wait for the window's first frame (cairn-window.c). */
static void
check_cli_version (CairnWindow *self,
                   const char  *cli)
{
  if (g_strcmp0 (self->checked_cli, cli) == 0)
    return;
  g_free (self->checked_cli);
  self->checked_cli = g_strdup (cli);
  self->cli_probes_wait = TRUE;
  if (self->drawn)
    _cairn_window_run_cli_probes (self);
}

/**
 * _cairn_window_run_cli_probes:
 *
 * Asks the claude program last found for its version and whether it is
 * signed in, if that waits.
 */
void
_cairn_window_run_cli_probes (CairnWindow *self)
{
  if (!self->cli_probes_wait || self->checked_cli == NULL)
    return;
  self->cli_probes_wait = FALSE;
  cairn_cli_version_query_async (self->checked_cli, version_cb, g_object_ref (self));
  _cairn_window_check_signin (self, self->checked_cli);
}

/* The claude program, or NULL after showing how to install it. */
char *
_cairn_window_find_cli (CairnWindow *self)
{
  g_autoptr(GError) error = NULL;
  char *cli = cairn_launcher_find_cli (cairn_settings_get_cli_path (self->settings), &error);

  if (cli == NULL)
    {
      cairn_missing_cli_page_set_host_refused (self->missing_page, FALSE);
      cairn_missing_cli_page_set_problem (self->missing_page, error->message);
      gtk_stack_set_visible_child_name (self->main_stack, "missing-cli");
    }
  else
    check_cli_version (self, cli);
  return cli;
}
