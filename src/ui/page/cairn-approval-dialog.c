/* cairn-approval-dialog.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-approval-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "page/cairn-approval-dialog.h"
#include "widgets/cairn-key-guard.h"
#include "widgets/cairn-source-style.h"

/* Asks whether a tool may run, showing what it will do: the command, the
 * diff, or the input as JSON, and why the CLI asked (a hook that said
 * "ask", a path outside the project). Closing the dialog leaves the
 * request pending (its card still offers the buttons).
 *
 * Nothing allows by accident: there is no default response, focus starts
 * on what the tool will do, and the allowing responses stay off while
 * cairn-key-guard.c says a key may still be meant for the composer. */
struct _CairnApprovalDialog
{
  AdwMessageDialog        parent_instance;
  CairnSession           *session;
  CairnPermissionRequest *request;
  GtkLabel               *warning_label;
  GtkSourceView          *details_view;
  GtkEntry               *message_entry;
  GPtrArray              *allowing;   /* ids of the responses that allow */
};

G_DEFINE_FINAL_TYPE (CairnApprovalDialog, cairn_approval_dialog, ADW_TYPE_MESSAGE_DIALOG)

#define SUGGESTION_PREFIX "suggestion-"

static void
response_cb (CairnApprovalDialog *self,
             const char          *response)
{
  const char *message = gtk_editable_get_text (GTK_EDITABLE (self->message_entry));

  /* off responses can't be clicked; nor can they be sent another way */
  if (!cairn_key_guard_is_armed (GTK_WIDGET (self)) &&
      g_ptr_array_find_with_equal_func (self->allowing, response, g_str_equal, NULL))
    return;
  if (g_str_equal (response, "allow"))
    cairn_session_allow (self->session, self->request, NULL, NULL);
  else if (g_str_equal (response, "always"))
    cairn_session_allow_always (self->session, self->request);
  else if (g_str_equal (response, "deny"))
    cairn_session_deny (self->session, self->request, message, FALSE);
  else if (g_str_equal (response, "stop"))
    cairn_session_deny (self->session, self->request, message, TRUE);
  else if (g_str_has_prefix (response, SUGGESTION_PREFIX))
    cairn_session_allow_suggestion (self->session, self->request,
                                    atoi (response + strlen (SUGGESTION_PREFIX)));
}

/* The request was answered elsewhere (its card), withdrawn or orphaned. */
static void
state_changed_cb (CairnApprovalDialog    *self,
                  GParamSpec             *pspec,
                  CairnPermissionRequest *request)
{
  if (cairn_permission_request_get_state (request) != CAIRN_PERMISSION_PENDING)
    gtk_window_destroy (GTK_WINDOW (self));
}

static const char *
details_language (CairnPermissionRequest *request)
{
  return cairn_permission_request_get_diff (request) ? "diff" : "json";
}

static char *
details_text (CairnPermissionRequest *request)
{
  const char *command = cairn_permission_request_get_command (request);

  if (command != NULL)
    return g_strdup (command);
  if (cairn_permission_request_get_diff (request))
    return g_strdup (cairn_permission_request_get_diff (request));
  return g_strdup (cairn_permission_request_get_details (request));
}

static void
show_details (CairnApprovalDialog *self)
{
  GtkSourceBuffer *buffer = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->details_view)));
  g_autofree char *text = details_text (self->request);
  gboolean shell = cairn_permission_request_get_command (self->request) != NULL;

  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), text ? text : "", -1);
  if (!shell)
    gtk_source_buffer_set_language (buffer, gtk_source_language_manager_get_language (
      gtk_source_language_manager_get_default (), details_language (self->request)));
  cairn_source_style_follow (buffer);
}

static char *
describe (CairnPermissionRequest *request)
{
  GString *body = g_string_new (NULL);
  const char *subtitle = cairn_permission_request_get_subtitle (request);
  const char *reason = cairn_permission_request_get_reason (request);
  const char *blocked = cairn_permission_request_get_blocked_path (request);

  g_string_append (body, cairn_permission_request_get_title (request) ?: "");
  if (subtitle != NULL)
    g_string_append_printf (body, "\n%s", subtitle);
  if (reason != NULL)
    g_string_append_printf (body, "\n\n%s", reason);
  if (blocked != NULL)
    g_string_append_printf (body, _("\nBlocked path: %s"), blocked);
  return g_string_free (body, FALSE);
}

static void
add_allowing (CairnApprovalDialog *self,
              const char          *id,
              const char          *label)
{
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (self), id, label);
  g_ptr_array_add (self->allowing, g_strdup (id));
}

/* No mnemonics in these labels: GTK 4.8 would read "_Allow Allow" to a
 * screen reader. No default response: Enter allows nothing; Escape
 * closes. A CLI suggestion that says what "always" sends already is not
 * offered twice. */
static void
add_responses (CairnApprovalDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);
  guint n = cairn_permission_request_get_n_suggestions (self->request);
  g_autofree char *always = cairn_permission_request_dup_session_rule_label (self->request);

  adw_message_dialog_add_response (dialog, "stop", _("Deny and Stop"));
  adw_message_dialog_add_response (dialog, "deny", _("Deny"));
  add_allowing (self, "always", always);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf (SUGGESTION_PREFIX "%u", i);
      g_autofree char *label = cairn_permission_request_dup_suggestion_label (self->request, i);

      if (cairn_permission_request_get_suggestion (self->request, i) != NULL &&
          !cairn_permission_request_suggestion_is_session_rule (self->request, i))
        add_allowing (self, id, label);
    }
  add_allowing (self, "allow", _("Allow"));
  adw_message_dialog_set_response_appearance (dialog, "allow", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_appearance (dialog, "stop", ADW_RESPONSE_DESTRUCTIVE);
}

/* A rule's words can be long (a whole command): the buttons wrap them
 * rather than widen the dialog past the screen; none is cut. */
static void
wrap_button_labels (GtkWidget *widget,
                    gboolean   in_button)
{
  if (in_button && GTK_IS_LABEL (widget) && g_utf8_strlen (gtk_label_get_text (GTK_LABEL (widget)), -1) > 40)
    {
      /* as wide as 40 characters at least: the buttons then stack */
      gtk_label_set_width_chars (GTK_LABEL (widget), 40);
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (widget), 60);
      gtk_label_set_justify (GTK_LABEL (widget), GTK_JUSTIFY_CENTER);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_button_labels (child, in_button || GTK_IS_BUTTON (widget));
}

static void
guard_cb (GtkWidget *widget,
          gboolean   armed)
{
  CairnApprovalDialog *self = CAIRN_APPROVAL_DIALOG (widget);

  for (guint i = 0; i < self->allowing->len; i++)
    adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self),
                                             g_ptr_array_index (self->allowing, i), armed);
  /* focus starts on what the tool will do, never on a button */
  if (!armed)
    gtk_widget_grab_focus (GTK_WIDGET (self->details_view));
}

static void
fill (CairnApprovalDialog *self)
{
  g_autofree char *heading = g_strdup_printf (_("Allow %s?"),
                                              cairn_permission_request_get_tool_name (self->request));
  g_autofree char *body = describe (self->request);

  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  gtk_widget_set_visible (GTK_WIDGET (self->warning_label),
                          cairn_permission_request_get_outside_project (self->request));
  gtk_label_set_label (self->warning_label,
                       _("⚠ This reaches outside the project folder."));
  show_details (self);
  add_responses (self);
  wrap_button_labels (GTK_WIDGET (self), FALSE);
}

static void
cairn_approval_dialog_dispose (GObject *object)
{
  CairnApprovalDialog *self = (CairnApprovalDialog *)object;

  if (self->request != NULL)
    g_signal_handlers_disconnect_by_data (self->request, self);
  g_clear_object (&self->request);
  g_clear_object (&self->session);
  g_clear_pointer (&self->allowing, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_APPROVAL_DIALOG);

  G_OBJECT_CLASS (cairn_approval_dialog_parent_class)->dispose (object);
}

static void
cairn_approval_dialog_class_init (CairnApprovalDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_approval_dialog_dispose;

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-approval-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnApprovalDialog, warning_label);
  gtk_widget_class_bind_template_child (widget_class, CairnApprovalDialog, details_view);
  gtk_widget_class_bind_template_child (widget_class, CairnApprovalDialog, message_entry);
}

static void
cairn_approval_dialog_init (CairnApprovalDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->allowing = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (self, "response", G_CALLBACK (response_cb), NULL);
  cairn_key_guard_attach (GTK_WIDGET (self), guard_cb);
}

CairnApprovalDialog *
cairn_approval_dialog_new (GtkWindow              *parent,
                           CairnSession           *session,
                           CairnPermissionRequest *request)
{
  CairnApprovalDialog *self;

  g_return_val_if_fail (CAIRN_IS_SESSION (session), NULL);
  g_return_val_if_fail (CAIRN_IS_PERMISSION_REQUEST (request), NULL);

  self = g_object_new (CAIRN_TYPE_APPROVAL_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->request = g_object_ref (request);
  g_signal_connect_object (request, "notify::state", G_CALLBACK (state_changed_cb), self,
                           G_CONNECT_SWAPPED);
  fill (self);
  return self;
}
