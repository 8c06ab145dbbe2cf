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

#include "window/cairn-missing-cli-page.h"
#include "widgets/cairn-plain-text.h"

/* Shown instead of the conversation when no usable claude program was
 * found: says why, how to install it, and lets the user pick it. */
struct _CairnMissingCliPage
{
  GtkWidget             parent_instance;
  AdwStatusPage        *status_page;
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
  gtk_widget_class_install_action (widget_class, "page.retry", NULL, retry_action);
  gtk_widget_class_install_action (widget_class, "page.choose", NULL, choose_action);
}

static void
cairn_missing_cli_page_init (CairnMissingCliPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
