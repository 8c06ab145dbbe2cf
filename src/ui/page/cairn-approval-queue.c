/* cairn-approval-queue.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-approval-queue"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-approval-dialog.h"
#include "page/cairn-approval-queue.h"
#include "widgets/cairn-plain-text.h"
#include "page/cairn-plan-dialog.h"
#include "page/cairn-question-dialog.h"

/* Shows the session's pending requests as dialogs, one at a time and in
 * arrival order, while its conversation is the one shown: a request of a
 * conversation in the background waits for it to be shown. A dialog the
 * user closes leaves its request pending (the tool card still offers the
 * buttons) and is not pushed again; when the window isn't focused or the
 * conversation is in the background, a desktop notification says what is
 * waiting. */
struct _CairnApprovalQueue
{
  GObject       parent_instance;
  GtkWindow    *parent;
  CairnSession *session;
  GtkWindow    *dialog;
  GHashTable   *dismissed;
  gboolean      shown;
};

G_DEFINE_FINAL_TYPE (CairnApprovalQueue, cairn_approval_queue, G_TYPE_OBJECT)

static void show_next (CairnApprovalQueue *self);

static GtkWindow *
dialog_for (CairnApprovalQueue     *self,
            CairnPermissionRequest *request)
{
  switch (cairn_permission_request_get_kind (request))
    {
    case CAIRN_PERMISSION_KIND_PLAN:
      return GTK_WINDOW (cairn_plan_dialog_new (self->parent, self->session, request));

    case CAIRN_PERMISSION_KIND_QUESTION:
      return GTK_WINDOW (cairn_question_dialog_new (self->parent, self->session, request));

    case CAIRN_PERMISSION_KIND_TOOL:
    default:
      return GTK_WINDOW (cairn_approval_dialog_new (self->parent, self->session, request));
    }
}

static void
dialog_destroyed_cb (CairnApprovalQueue *self,
                     GtkWindow          *dialog)
{
  CairnPermissionRequest *request = g_object_get_data (G_OBJECT (dialog), "request");

  if (request != NULL && cairn_permission_request_get_state (request) == CAIRN_PERMISSION_PENDING)
    g_hash_table_add (self->dismissed, g_strdup (cairn_permission_request_get_request_id (request)));
  if (self->dialog == dialog)
    self->dialog = NULL;
  show_next (self);
}

static void
present (CairnApprovalQueue     *self,
         CairnPermissionRequest *request)
{
  self->dialog = dialog_for (self, request);
  g_object_set_data_full (G_OBJECT (self->dialog), "request", g_object_ref (request), g_object_unref);
  g_signal_connect_object (self->dialog, "destroy", G_CALLBACK (dialog_destroyed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (self->dialog);
}

static void
show_next (CairnApprovalQueue *self)
{
  GListModel *pending = cairn_session_get_pending_requests (self->session);
  guint n = g_list_model_get_n_items (pending);

  if (self->dialog != NULL || self->parent == NULL || !self->shown)
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnPermissionRequest) request = g_list_model_get_item (pending, i);
      if (!g_hash_table_contains (self->dismissed, cairn_permission_request_get_request_id (request)))
        {
          present (self, request);
          return;
        }
    }
}

static void
withdraw_notification_cb (CairnPermissionRequest *request,
                          GParamSpec             *pspec,
                          GApplication           *app)
{
  if (cairn_permission_request_get_state (request) != CAIRN_PERMISSION_PENDING)
    g_application_withdraw_notification (app, cairn_permission_request_get_request_id (request));
}

/* Allow / Deny work from the notification itself (app.approval-*) only
 * when its body says all the dialog would: the tool, the whole command or
 * file, the outside-project warning. Else it offers Show, which opens the
 * dialog. */
static void
notify_unfocused (CairnApprovalQueue     *self,
                  CairnPermissionRequest *request)
{
  GtkApplication *app = gtk_window_get_application (self->parent);
  const char *id = cairn_permission_request_get_request_id (request);
  g_autoptr(GNotification) notification = NULL;
  g_autofree char *title = NULL;
  g_autofree char *body = NULL;
  gboolean tool = cairn_permission_request_get_kind (request) == CAIRN_PERMISSION_KIND_TOOL;

  if (app == NULL || (self->shown && gtk_window_is_active (self->parent)))
    return;
  title = g_strdup_printf (_("Claude wants to use %s"), cairn_permission_request_get_tool_name (request));
  notification = g_notification_new (title);
  body = tool ? cairn_permission_request_dup_notification_body (request) : NULL;
  cairn_notification_set_plain_body (notification, body ? body
                                     : tool ? _("Too long to show here: open it to see what it would do.")
                                     : cairn_permission_request_get_title (request));
  g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
  g_notification_set_default_action_and_target (notification, "app.approval-review", "s", id);
  if (body != NULL)
    {
      g_notification_add_button_with_target (notification, _("Deny"), "app.approval-deny", "s", id);
      g_notification_add_button_with_target (notification, _("Allow"), "app.approval-allow", "s", id);
    }
  else if (tool)
    g_notification_add_button_with_target (notification, _("Show"), "app.approval-review", "s", id);
  g_application_send_notification (G_APPLICATION (app), id, notification);
  g_signal_connect_object (request, "notify::state", G_CALLBACK (withdraw_notification_cb), app, 0);
}

static void
requested_cb (CairnApprovalQueue     *self,
              CairnPermissionRequest *request,
              CairnSession           *session)
{
  notify_unfocused (self, request);
  show_next (self);
}

/**
 * cairn_approval_queue_review:
 *
 * Opens the dialog of a pending request again (from its card or the
 * notification), ahead of the queue.
 */
void
cairn_approval_queue_review (CairnApprovalQueue *self,
                             const char         *request_id)
{
  CairnPermissionRequest *request;

  g_return_if_fail (CAIRN_IS_APPROVAL_QUEUE (self));

  g_hash_table_remove (self->dismissed, request_id);
  if (!self->shown)
    return;
  if (self->dialog != NULL)
    {
      gtk_window_present (self->dialog);
      return;
    }
  request = cairn_session_find_request (self->session, request_id);
  if (request != NULL)
    present (self, request);
}

/**
 * cairn_approval_queue_set_shown:
 *
 * Whether the conversation is the one shown: the waiting requests come up
 * when it is.
 */
void
cairn_approval_queue_set_shown (CairnApprovalQueue *self,
                                gboolean            shown)
{
  g_return_if_fail (CAIRN_IS_APPROVAL_QUEUE (self));

  self->shown = shown;
  show_next (self);
}

static void
cairn_approval_queue_dispose (GObject *object)
{
  CairnApprovalQueue *self = (CairnApprovalQueue *)object;

  if (self->dialog != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->dialog, self);
      gtk_window_destroy (self->dialog);
      self->dialog = NULL;
    }
  g_clear_weak_pointer (&self->parent);
  g_clear_object (&self->session);
  g_clear_pointer (&self->dismissed, g_hash_table_unref);

  G_OBJECT_CLASS (cairn_approval_queue_parent_class)->dispose (object);
}

static void
cairn_approval_queue_class_init (CairnApprovalQueueClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = cairn_approval_queue_dispose;
}

static void
cairn_approval_queue_init (CairnApprovalQueue *self)
{
  self->dismissed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

CairnApprovalQueue *
cairn_approval_queue_new (GtkWindow    *parent,
                          CairnSession *session,
                          gboolean      shown)
{
  CairnApprovalQueue *self = g_object_new (CAIRN_TYPE_APPROVAL_QUEUE, NULL);

  self->shown = shown;
  g_set_weak_pointer (&self->parent, parent);
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "permission-requested", G_CALLBACK (requested_cb), self,
                           G_CONNECT_SWAPPED);
  show_next (self);
  return self;
}
