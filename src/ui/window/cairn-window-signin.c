/* cairn-window-signin.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>
#include <sys/wait.h>

#include "protocol/cairn-auth-status.h"
#include "protocol/cairn-launcher.h"
#include "window/cairn-window-private.h"

/* Signing in from Cairn. When the window finds its claude program, and
 * after a turn fails as the CLI is not signed in, it asks `claude auth
 * status` (off the main loop). Not signed in: a banner says so before a
 * prompt is lost, and the pages keep what is sent meanwhile. Sign In runs
 * `claude auth login` with the choice made in the page's terminal pane;
 * when that ends well, the status is asked again, and once signed in the
 * pane closes and the waiting prompt goes. */

static void
set_signed_out (CairnWindow *self,
                gboolean     signed_out)
{
  gboolean was = self->signed_out;

  self->signed_out = signed_out;
  gtk_revealer_set_reveal_child (self->signin_banner, signed_out);
  if (!signed_out)
    gtk_label_set_text (self->signin_label, _("Claude Code is not signed in. Sign in, and a message you send "
                                              "meanwhile goes once you are."));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      CairnPage *page = CAIRN_PAGE (child);

      if (was && !signed_out && page == self->signing_in)
        cairn_page_close_terminal (page);
      cairn_page_set_signed_out (page, signed_out);
    }
  if (!signed_out)
    g_clear_object (&self->signing_in);
}

static void
status_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CairnWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnAuthStatus) status = cairn_auth_status_check_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (status == NULL)
    {
      /* an older CLI without `auth status`: its turns say it themselves */
      g_debug ("claude auth status: %s", error->message);
      return;
    }
  set_signed_out (self, !status->logged_in);
}

/**
 * _cairn_window_check_signin:
 * @cli: the claude program
 *
 * Asks the CLI whether it is signed in, and shows what it says.
 */
void
_cairn_window_check_signin (CairnWindow *self,
                            const char  *cli)
{
  g_cancellable_cancel (self->signin_checking);
  g_clear_object (&self->signin_checking);
  self->signin_checking = g_cancellable_new ();
  cairn_auth_status_check_async (cli, cairn_launcher_in_flatpak (), self->signin_checking, status_cb,
                                 g_object_ref (self));
}

static void
check_again (CairnWindow *self)
{
  g_autofree char *cli = cairn_launcher_find_cli (cairn_settings_get_cli_path (self->settings), NULL);

  if (cli != NULL)
    _cairn_window_check_signin (self, cli);
}

static void
session_signed_out_cb (CairnWindow  *self,
                       CairnSession *session)
{
  check_again (self);
}

/* The banner says that what was sent waits. */
static void
prompt_held_cb (CairnWindow *self,
                CairnPage   *page)
{
  gtk_label_set_text (self->signin_label, _("Claude Code is not signed in. Your message waits, and is sent once "
                                            "you are signed in."));
}

static void
terminal_exited_cb (CairnWindow *self,
                    int          kind,
                    int          status,
                    CairnPage   *page)
{
  if (kind == CAIRN_TERMINAL_LOGIN && WIFEXITED (status) && WEXITSTATUS (status) == 0)
    check_again (self);
}

/**
 * _cairn_window_watch_signin:
 *
 * @page keeps prompts while signed out, and its session's failed turns
 * and terminal say when to ask again.
 */
void
_cairn_window_watch_signin (CairnWindow *self,
                            CairnPage   *page)
{
  cairn_page_set_signed_out (page, self->signed_out);
  g_signal_connect_object (cairn_page_get_session (page), "signed-out", G_CALLBACK (session_signed_out_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "terminal-exited", G_CALLBACK (terminal_exited_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "prompt-held", G_CALLBACK (prompt_held_cb), self, G_CONNECT_SWAPPED);
}

static void
sign_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);
  const char *choice = g_variant_get_string (param, NULL);
  CairnLoginMethod method = CAIRN_LOGIN_CLAUDEAI;

  if (self->page == NULL)
    return;
  if (g_str_equal (choice, "console"))
    method = CAIRN_LOGIN_CONSOLE;
  else if (g_str_equal (choice, "sso"))
    method = CAIRN_LOGIN_SSO;
  g_set_object (&self->signing_in, self->page);
  cairn_page_open_terminal (self->page, CAIRN_TERMINAL_LOGIN, method);
}

void
_cairn_window_class_init_signin (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, signin_banner);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, signin_label);
  gtk_widget_class_install_action (widget_class, "win.sign-in", "s", sign_in_action);
}

void
_cairn_window_dispose_signin (CairnWindow *self)
{
  g_cancellable_cancel (self->signin_checking);
  g_clear_object (&self->signin_checking);
  g_clear_object (&self->signing_in);
}
