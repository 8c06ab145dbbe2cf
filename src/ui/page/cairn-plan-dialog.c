/* cairn-plan-dialog.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-plan-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "widgets/cairn-key-guard.h"
#include "rows/cairn-markdown-view.h"
#include "page/cairn-plan-dialog.h"

/* ExitPlanMode: the plan as Markdown, editable, and the four answers users
 * know from the CLI (docs/protocol.md, "Plan mode, ExitPlanMode and
 * AskUserQuestion"). The plan as edited goes back to Claude and into the
 * plan file. Closing leaves the request pending. Its choices stay off
 * while a key may still be meant for the composer (cairn-key-guard.c). */
struct _CairnPlanDialog
{
  AdwWindow               parent_instance;
  CairnSession           *session;
  CairnPermissionRequest *request;
  GtkToggleButton        *edit_toggle;
  GtkStack               *stack;
  CairnMarkdownView      *preview;
  GtkTextView            *editor;
  GtkEntry               *feedback_entry;
};

G_DEFINE_FINAL_TYPE (CairnPlanDialog, cairn_plan_dialog, ADW_TYPE_WINDOW)

static char *
dup_plan (CairnPlanDialog *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->editor);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
edit_toggled_cb (CairnPlanDialog *self,
                 GtkToggleButton *toggle)
{
  gboolean editing = gtk_toggle_button_get_active (toggle);
  g_autofree char *plan = dup_plan (self);

  cairn_markdown_view_set_markdown (self->preview, plan);
  gtk_stack_set_visible_child_name (self->stack, editing ? "edit" : "preview");
  if (editing)
    gtk_widget_grab_focus (GTK_WIDGET (self->editor));
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  CairnPlanDialog *self = CAIRN_PLAN_DIALOG (widget);
  g_autofree char *plan = dup_plan (self);

  cairn_session_answer_plan (self->session, self->request, g_variant_get_int32 (param), plan,
                             gtk_editable_get_text (GTK_EDITABLE (self->feedback_entry)));
}

static void
state_changed_cb (CairnPlanDialog        *self,
                  GParamSpec             *pspec,
                  CairnPermissionRequest *request)
{
  if (cairn_permission_request_get_state (request) != CAIRN_PERMISSION_PENDING)
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
guard_cb (GtkWidget *widget,
          gboolean   armed)
{
  CairnPlanDialog *self = CAIRN_PLAN_DIALOG (widget);

  gtk_widget_action_set_enabled (widget, "plan.choose", armed);
  /* toward the plan, away from the choices */
  if (!armed)
    gtk_widget_grab_focus (GTK_WIDGET (self->preview));
}

static void
cairn_plan_dialog_dispose (GObject *object)
{
  CairnPlanDialog *self = (CairnPlanDialog *)object;

  if (self->request != NULL)
    g_signal_handlers_disconnect_by_data (self->request, self);
  g_clear_object (&self->request);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_PLAN_DIALOG);

  G_OBJECT_CLASS (cairn_plan_dialog_parent_class)->dispose (object);
}

static void
cairn_plan_dialog_class_init (CairnPlanDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_plan_dialog_dispose;

  g_type_ensure (CAIRN_TYPE_MARKDOWN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-plan-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnPlanDialog, edit_toggle);
  gtk_widget_class_bind_template_child (widget_class, CairnPlanDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, CairnPlanDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, CairnPlanDialog, editor);
  gtk_widget_class_bind_template_child (widget_class, CairnPlanDialog, feedback_entry);
  gtk_widget_class_bind_template_callback (widget_class, edit_toggled_cb);
  gtk_widget_class_install_action (widget_class, "plan.choose", "i", choose_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cairn_plan_dialog_init (CairnPlanDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cairn_key_guard_attach (GTK_WIDGET (self), guard_cb);
}

CairnPlanDialog *
cairn_plan_dialog_new (GtkWindow              *parent,
                       CairnSession           *session,
                       CairnPermissionRequest *request)
{
  CairnPlanDialog *self;
  const char *plan;

  g_return_val_if_fail (CAIRN_IS_SESSION (session), NULL);
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (request), NULL);

  self = g_object_new (CAIRN_TYPE_PLAN_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->request = g_object_ref (request);
  plan = cairn_permission_request_get_plan (request);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->editor), plan ? plan : "", -1);
  cairn_markdown_view_set_markdown (self->preview, plan);
  g_signal_connect_object (request, "notify::state", G_CALLBACK (state_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}
