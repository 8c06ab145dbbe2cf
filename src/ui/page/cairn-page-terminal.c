/* cairn-page-terminal.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-page-private.h"
#include "protocol/cairn-launcher.h"

/* The terminal pane beside a conversation: Claude Code's own interface on
 * the same conversation (`claude --resume=ID`, for every command it has
 * only there), a shell in the project folder, or a command the window
 * runs for the user (signing in). While the pane's CLI has the
 * conversation, the session shows what it appends and sends nothing
 * (cairn_session_hand_to_terminal()); when it ends, the next prompt
 * resumes it here. The terminal is made when first opened: a page that
 * never opens it pays nothing for it. */

static void
terminal_exited_cb (CairnPage     *self,
                    int            status,
                    CairnTerminal *terminal)
{
  if (self->terminal_holds)
    {
      self->terminal_holds = FALSE;
      cairn_session_take_back (self->session);
    }
  g_signal_emit_by_name (self, "terminal-exited", (int)self->terminal_kind, status);
}

static CairnTerminal *
ensure_terminal (CairnPage *self)
{
  if (self->terminal == NULL)
    {
      self->terminal = cairn_terminal_new ();
      gtk_widget_set_vexpand (GTK_WIDGET (self->terminal), TRUE);
      g_signal_connect_object (self->terminal, "exited", G_CALLBACK (terminal_exited_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (self->terminal_pane), GTK_WIDGET (self->terminal));
    }
  return self->terminal;
}

/* The header: Claude Code or Shell pressed in the switch, or for what the
 * window runs, its title (and neither pressed). */
static void
show_kind (CairnPage *self)
{
  gboolean claude = self->terminal_kind == CAIRN_TERMINAL_CLAUDE;
  gboolean shell = self->terminal_kind == CAIRN_TERMINAL_SHELL;
  const char *title = self->terminal_kind == CAIRN_TERMINAL_LOGIN ? _("Signing In")
                      : self->terminal_kind == CAIRN_TERMINAL_INSTALL ? _("Installing Claude Code") : "";

  self->showing_kind = TRUE;
  gtk_toggle_button_set_active (self->terminal_claude_toggle, claude);
  gtk_toggle_button_set_active (self->terminal_shell_toggle, shell);
  self->showing_kind = FALSE;
  gtk_label_set_text (self->terminal_title, title);
}

/* A toggle pressed: that runs instead (what ran is ended). */
static void
terminal_toggled_cb (CairnPage       *self,
                     GtkToggleButton *toggle)
{
  CairnTerminalKind kind = toggle == self->terminal_shell_toggle ? CAIRN_TERMINAL_SHELL : CAIRN_TERMINAL_CLAUDE;

  if (self->showing_kind || !gtk_toggle_button_get_active (toggle) || kind == self->terminal_kind)
    return;
  cairn_page_open_terminal (self, kind, CAIRN_LOGIN_CLAUDEAI);
  /* refused (a working conversation): the switch says what still runs */
  show_kind (self);
}

/* The conversation goes to the pane's CLI; one that works keeps going
 * here instead. */
static gboolean
hand_over (CairnPage         *self,
           CairnTerminalKind  kind)
{
  if (kind != CAIRN_TERMINAL_CLAUDE || cairn_session_get_session_id (self->session) == NULL)
    return TRUE;
  if (!cairn_session_hand_to_terminal (self->session))
    {
      _cairn_page_say (self, _("Claude Is Working on This Conversation"),
                       _("Open it in the terminal once the turn has ended, or stop it first."));
      return FALSE;
    }
  self->terminal_holds = TRUE;
  return TRUE;
}

/**
 * cairn_page_open_terminal:
 * @kind: what runs
 * @method: with %CAIRN_TERMINAL_LOGIN, how to sign in
 *
 * Shows the pane and runs @kind in it, in the project folder (on the host
 * in the Flatpak); what ran there before is ended.
 */
void
cairn_page_open_terminal (CairnPage         *self,
                          CairnTerminalKind  kind,
                          CairnLoginMethod   method)
{
  g_auto(CairnTerminalCommand) command = { 0 };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) argv = NULL;

  g_return_if_fail (CAIRN_IS_PAGE (self));

  command.kind = kind;
  command.method = method;
  command.cwd = g_strdup (cairn_session_get_cwd (self->session));
  command.in_flatpak = cairn_launcher_in_flatpak ();
  g_object_get (self->session, "cli-path", &command.cli_path, NULL);
  if (kind == CAIRN_TERMINAL_CLAUDE)
    command.session_id = g_strdup (cairn_session_get_session_id (self->session));
  if (!(argv = cairn_terminal_command_build_argv (&command, &error)))
    {
      _cairn_page_say (self, _("Can’t Open the Terminal"), error->message);
      return;
    }
  if (self->terminal != NULL)
    cairn_terminal_terminate (self->terminal);
  if (self->terminal_holds)
    {
      self->terminal_holds = FALSE;
      cairn_session_take_back (self->session);
    }
  if (!hand_over (self, kind))
    return;
  self->terminal_kind = kind;
  show_kind (self);
  cairn_terminal_spawn (ensure_terminal (self), (const char * const *)argv, command.cwd, command.in_flatpak);
  gtk_widget_set_visible (self->terminal_pane, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->terminal));
}

/* Hides the pane; what runs in it is ended. */
void
cairn_page_close_terminal (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  if (self->terminal != NULL)
    cairn_terminal_terminate (self->terminal);
  gtk_widget_set_visible (self->terminal_pane, FALSE);
  cairn_page_focus_composer (self);
}

/* Whether the terminal has the window's focus (asked of the window, so
 * that it holds also while another window is active). */
static gboolean
terminal_focused (CairnPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  return self->terminal != NULL && focus != NULL &&
         (focus == cairn_terminal_get_vte (self->terminal) ||
          gtk_widget_is_ancestor (focus, GTK_WIDGET (self->terminal)));
}

/**
 * cairn_page_toggle_terminal:
 *
 * Hidden: shows the pane (Claude Code on the conversation, unless
 * something runs there already) and gives it the focus; shown but not
 * focused: focuses it; focused: hides it, leaving what runs running.
 */
void
cairn_page_toggle_terminal (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  if (!gtk_widget_get_visible (self->terminal_pane))
    {
      if (self->terminal == NULL || !cairn_terminal_get_running (self->terminal))
        {
          cairn_page_open_terminal (self, CAIRN_TERMINAL_CLAUDE, CAIRN_LOGIN_CLAUDEAI);
          return;
        }
      gtk_widget_set_visible (self->terminal_pane, TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->terminal));
    }
  else if (self->terminal != NULL && !terminal_focused (self))
    gtk_widget_grab_focus (GTK_WIDGET (self->terminal));
  else
    {
      gtk_widget_set_visible (self->terminal_pane, FALSE);
      cairn_page_focus_composer (self);
    }
}

/* F6: from the composer to the terminal and back. */
void
cairn_page_switch_focus (CairnPage *self)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  if (self->terminal != NULL && gtk_widget_get_visible (self->terminal_pane) && !terminal_focused (self))
    gtk_widget_grab_focus (GTK_WIDGET (self->terminal));
  else
    cairn_page_focus_composer (self);
}

gboolean
cairn_page_get_terminal_running (CairnPage *self)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), FALSE);
  return self->terminal != NULL && cairn_terminal_get_running (self->terminal);
}

/* (nullable): the pane's terminal, once opened */
CairnTerminal *
cairn_page_get_terminal (CairnPage *self)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), NULL);
  return self->terminal;
}

static void
close_terminal_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  cairn_page_close_terminal (CAIRN_PAGE (widget));
}

void
_cairn_page_class_init_terminal (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CairnPage, paned);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, terminal_pane);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, terminal_title);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, terminal_claude_toggle);
  gtk_widget_class_bind_template_child (widget_class, CairnPage, terminal_shell_toggle);
  gtk_widget_class_bind_template_callback (widget_class, terminal_toggled_cb);
  gtk_widget_class_install_action (widget_class, "page.close-terminal", NULL, close_terminal_action);
  /* a prompt waits for the sign-in */
  g_signal_new ("prompt-held", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 0);
  /* the pane's child ended: what it was (CairnTerminalKind), its wait status */
  g_signal_new ("terminal-exited", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
}

/* Signing in. While Claude Code is not signed in, a prompt would only
 * come back as "Not logged in": it waits in the page instead, and goes
 * once the window has seen the sign-in succeed. */

static void
send_waiting (CairnPage *self)
{
  g_autofree char *text = g_steal_pointer (&self->waiting_text);
  g_autoptr(GPtrArray) images = g_steal_pointer (&self->waiting_images);

  if (text == NULL)
    return;
  _cairn_page_set_follow_output (self, TRUE);
  cairn_session_send_prompt_with_images (self->session, text, images);
}

/**
 * cairn_page_set_signed_out:
 *
 * Whether Claude Code is signed in, as the window last heard; signed in
 * again, the prompt that waited is sent.
 */
void
cairn_page_set_signed_out (CairnPage *self,
                           gboolean   signed_out)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  self->signed_out = signed_out;
  if (!signed_out)
    send_waiting (self);
}

/* Keeps @text (the last one, if several) until signed in. */
gboolean
_cairn_page_hold_prompt (CairnPage  *self,
                         const char *text,
                         GPtrArray  *images)
{
  if (!self->signed_out)
    return FALSE;
  g_free (self->waiting_text);
  self->waiting_text = g_strdup (text);
  g_clear_pointer (&self->waiting_images, g_ptr_array_unref);
  self->waiting_images = images ? g_ptr_array_ref (images) : NULL;
  g_signal_emit_by_name (self, "prompt-held");
  return TRUE;
}

/* (nullable): the prompt waiting for the sign-in */
const char *
cairn_page_get_waiting_prompt (CairnPage *self)
{
  g_return_val_if_fail (CAIRN_IS_PAGE (self), NULL);
  return self->waiting_text;
}
