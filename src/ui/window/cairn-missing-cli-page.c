/* cairn-missing-cli-page.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-missing-cli-page"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <sys/wait.h>

#include "protocol/cairn-cli-version.h"
#include "protocol/cairn-launcher.h"
#include "protocol/cairn-terminal-command.h"
#include "window/cairn-missing-cli-page.h"
#include "widgets/cairn-plain-text.h"
#include "widgets/cairn-terminal.h"

/* Shown instead of the conversation when no usable claude program was
 * found: says why, how to install it, and lets the user pick it, or
 * install it: Install runs npm's installation into ~/.local (on the host
 * in the Flatpak) in a terminal here, and once it ends well and
 * `claude --version` answers, the window tries again. */
struct _CairnMissingCliPage
{
  GtkWidget             parent_instance;
  AdwStatusPage        *status_page;
  GtkWidget            *intro_label;
  GtkLabel             *command_label;
  GtkWidget            *install_button;
  GtkWidget            *choose_button;
  GtkWidget            *install_box;
  GtkLabel             *install_status;
  CairnTerminal        *terminal;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (CairnMissingCliPage, cairn_missing_cli_page, GTK_TYPE_WIDGET)

enum {
  RETRY,
  CLI_CHOSEN,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

void
cairn_missing_cli_page_set_problem (CairnMissingCliPage *self,
                                    const char          *problem)
{
  g_return_if_fail (CAIRN_IS_MISSING_CLI_PAGE (self));

  cairn_status_page_set_plain_description (self->status_page, problem);
}

static void
chooser_response_cb (CairnMissingCliPage  *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    path = g_file_get_path (file);
  g_clear_object (&self->chooser);
  if (path != NULL)
    g_signal_emit (self, signals[CLI_CHOSEN], 0, path);
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  CairnMissingCliPage *self = CAIRN_MISSING_CLI_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Choose the Claude Code Program"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response",
                           G_CALLBACK (chooser_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
version_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CairnMissingCliPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *version = cairn_cli_version_query_finish (result, &error);

  if (version == NULL)
    {
      gtk_label_set_text (self->install_status, _("Installed, but Claude Code does not answer yet."));
      return;
    }
  g_signal_emit (self, signals[RETRY], 0);
}

static void
install_exited_cb (CairnMissingCliPage *self,
                   int                  status,
                   CairnTerminal       *terminal)
{
  g_autofree char *cli = NULL;

  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      gtk_label_set_text (self->install_status, _("The installation did not succeed; its output is below."));
      return;
    }
  cli = cairn_launcher_find_cli (NULL, NULL);
  if (cli == NULL)
    {
      gtk_label_set_text (self->install_status, _("Installed, but Cairn does not find the claude program."));
      return;
    }
  gtk_label_set_text (self->install_status, _("Installed. Asking Claude Code for its version…"));
  cairn_cli_version_query_async (cli, version_cb, g_object_ref (self));
}

static void
install_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  CairnMissingCliPage *self = CAIRN_MISSING_CLI_PAGE (widget);
  CairnTerminalCommand command = { .kind = CAIRN_TERMINAL_INSTALL, .in_flatpak = cairn_launcher_in_flatpak () };
  g_auto(GStrv) argv = cairn_terminal_command_build_argv (&command, NULL);

  if (self->terminal == NULL)
    {
      self->terminal = cairn_terminal_new ();
      gtk_widget_set_vexpand (GTK_WIDGET (self->terminal), TRUE);
      g_signal_connect_object (self->terminal, "exited", G_CALLBACK (install_exited_cb), self, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (self->install_box), GTK_WIDGET (self->terminal));
    }
  gtk_label_set_text (self->install_status, _("Installing Claude Code…"));
  gtk_widget_set_visible (self->install_box, TRUE);
  cairn_terminal_spawn (self->terminal, (const char * const *)argv, g_get_home_dir (), command.in_flatpak);
  gtk_widget_grab_focus (GTK_WIDGET (self->terminal));
}

#define INSTALL_COMMAND "npm install --global --prefix=~/.local @anthropic-ai/claude-code"
/* run on the host, it lets the Flatpak start programs there */
#define GRANT_COMMAND "flatpak override --user --talk-name=org.freedesktop.Flatpak " APP_ID

/**
 * cairn_missing_cli_page_set_host_refused:
 * @refused: whether the Flatpak may not start programs on the host
 *
 * Then nothing here can help but a permission: the page says so and gives
 * the command that grants it, in place of the installation's.
 */
void
cairn_missing_cli_page_set_host_refused (CairnMissingCliPage *self,
                                         gboolean             refused)
{
  g_return_if_fail (CAIRN_IS_MISSING_CLI_PAGE (self));

  adw_status_page_set_title (self->status_page, refused ? _("Cairn May Not Start Claude Code")
                                                        : _("Claude Code Is Not Installed"));
  gtk_widget_set_visible (self->intro_label, !refused);
  gtk_widget_set_visible (self->install_button, !refused);
  gtk_widget_set_visible (self->choose_button, !refused);
  gtk_label_set_text (self->command_label, refused ? GRANT_COMMAND : INSTALL_COMMAND);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->command_label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  refused ? _("The command that allows Cairn to start Claude Code")
                                          : _("The command that installs Claude Code"), -1);
}

/* (nullable): the installation's terminal, once Install was clicked */
CairnTerminal *
cairn_missing_cli_page_get_terminal (CairnMissingCliPage *self)
{
  g_return_val_if_fail (CAIRN_IS_MISSING_CLI_PAGE (self), NULL);
  return self->terminal;
}

static void
retry_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  g_signal_emit (widget, signals[RETRY], 0);
}

static void
cairn_missing_cli_page_dispose (GObject *object)
{
  CairnMissingCliPage *self = (CairnMissingCliPage *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_MISSING_CLI_PAGE);

  G_OBJECT_CLASS (cairn_missing_cli_page_parent_class)->dispose (object);
}

static void
cairn_missing_cli_page_class_init (CairnMissingCliPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_missing_cli_page_dispose;

  signals [RETRY] =
    g_signal_new ("retry", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals [CLI_CHOSEN] =
    g_signal_new ("cli-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-missing-cli-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, status_page);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, intro_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, command_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, install_button);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, choose_button);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, install_box);
  gtk_widget_class_bind_template_child (widget_class, CairnMissingCliPage, install_status);
  gtk_widget_class_install_action (widget_class, "page.install", NULL, install_action);
  gtk_widget_class_install_action (widget_class, "page.retry", NULL, retry_action);
  gtk_widget_class_install_action (widget_class, "page.choose", NULL, choose_action);
}

static void
cairn_missing_cli_page_init (CairnMissingCliPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
