/* cairn-page-restore.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-page-private.h"
#include "transcript/cairn-text-item.h"

/* "Restore Files to Here" on one of the user's messages: a dry run says
 * which files would go back and by how many lines, a question shows it,
 * and Restore puts them back as they were before that message. The
 * conversation itself goes on as it was. */

/* The user's prompt of that serial (cairn_item_get_serial()), if in the
 * transcript. */
CairnTextItem *
_cairn_page_find_prompt (CairnPage *self,
                         guint      serial)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (self->session));

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);

      if (cairn_item_get_serial (item) == serial && cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER)
        return CAIRN_TEXT_ITEM (item);
    }
  return NULL;
}

void
_cairn_page_say (CairnPage  *self,
                 const char *heading,
                 const char *body)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
restored_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CairnPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnRewindResult) rewind = cairn_session_rewind_files_finish (CAIRN_SESSION (source), result, &error);
  AdwToastOverlay *toasts;

  if (rewind == NULL)
    {
      _cairn_page_say (self, _("Files Not Restored"), error->message);
      return;
    }
  toasts = ADW_TOAST_OVERLAY (gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY));
  if (toasts != NULL)
    adw_toast_overlay_add_toast (toasts, adw_toast_new (_("Files restored")));
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     CairnPage        *self)
{
  CairnTextItem *prompt = g_object_get_data (G_OBJECT (dialog), "prompt");

  if (g_strcmp0 (response, "restore") == 0)
    cairn_session_rewind_files_async (self->session, prompt, FALSE, NULL, restored_cb, g_object_ref (self));
}

/* "notes.txt (+1 −1)" lines: paths shown from the project folder. */
static char *
describe_changes (CairnPage               *self,
                  const CairnRewindResult *rewind)
{
  const char *cwd = cairn_session_get_cwd (self->session);
  GString *body = g_string_new (_("These files go back to how they were before this message:"));

  for (guint i = 0; rewind->files_changed[i] != NULL; i++)
    {
      const char *path = rewind->files_changed[i];
      gsize prefix = cwd ? strlen (cwd) : 0;

      if (prefix > 0 && g_str_has_prefix (path, cwd) && path[prefix] == '/')
        path += prefix + 1;
      g_string_append_printf (body, "\n• %s", path);
    }
  g_string_append (body, "\n\n");
  /* Translators: lines added and removed by restoring the files */
  g_string_append_printf (body, _("Lines: +%ld −%ld"), (long)rewind->insertions, (long)rewind->deletions);
  return g_string_free (body, FALSE);
}

static void
previewed_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CairnPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnRewindResult) rewind = cairn_session_rewind_files_finish (CAIRN_SESSION (source), result, &error);
  CairnTextItem *prompt = g_object_get_data (G_OBJECT (self), "restore-prompt");
  g_autofree char *body = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwMessageDialog *dialog;

  if (rewind == NULL)
    {
      _cairn_page_say (self, _("Files Can’t Be Restored"), error->message);
      return;
    }
  if (rewind->files_changed[0] == NULL)
    {
      _cairn_page_say (self, _("Nothing to Restore"), _("No file changed since this message."));
      return;
    }
  body = describe_changes (self, rewind);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                       _("Restore Files?"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "restore", _("_Restore"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "prompt", g_object_ref (prompt), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* page.restore-files (u: the prompt's serial) */
void
_cairn_page_restore_files_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *param)
{
  CairnPage *self = CAIRN_PAGE (widget);
  CairnTextItem *prompt = _cairn_page_find_prompt (self, g_variant_get_uint32 (param));

  if (prompt == NULL)
    return;
  g_object_set_data_full (G_OBJECT (self), "restore-prompt", g_object_ref (prompt), g_object_unref);
  cairn_session_rewind_files_async (self->session, prompt, TRUE, NULL, previewed_cb, g_object_ref (self));
}
