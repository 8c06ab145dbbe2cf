/* cairn-page-branch.c
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

/* Going back to one of the user's messages (its menu in the transcript):
 *  - Edit and Resend: the conversation goes on from just before it, its
 *    text in the composer to change; what is sent is a new branch of the
 *    conversation (the file keeps the old one);
 *  - Branch into New Conversation: the same in a new conversation (a new
 *    page: the window makes it on "branched"), this one untouched.
 * A message sent again this way has versions: the arrows on it show the
 * conversation as it went on from another version. */

void
cairn_page_edit_text (CairnPage  *self,
                      const char *text)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  /* a draft still being read back must not land over it */
  g_cancellable_cancel (self->draft_loading);
  g_clear_object (&self->draft_loading);
  cairn_composer_set_draft (self->composer, text, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->composer));
}

/**
 * cairn_page_add_note:
 *
 * Adds a line to what the composer holds (a review comment from the
 * Changes pane), so the next prompt carries it.
 */
void
cairn_page_add_note (CairnPage  *self,
                     const char *note)
{
  g_autofree char *text = NULL;
  g_autofree char *joined = NULL;

  g_return_if_fail (CAIRN_IS_PAGE (self));

  text = g_strchomp (cairn_composer_dup_text (self->composer));
  joined = *text ? g_strconcat (text, "\n", note, NULL) : g_strdup (note);
  cairn_page_edit_text (self, joined);
}

static void
went_back_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CairnPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnSession) session = cairn_session_branch_finish (CAIRN_SESSION (source), result, &error);
  g_autofree char *text = g_object_steal_data (G_OBJECT (self), "branch-text");

  if (session == NULL)
    {
      _cairn_page_say (self, _("Can’t Go Back to This Message"), error->message);
      return;
    }
  if (session == self->session)
    cairn_page_edit_text (self, text);
  else
    g_signal_emit_by_name (self, "branched", session, text);
}

static CairnTextItem *
prompt_of_param (CairnPage *self,
                 GVariant  *param)
{
  CairnTextItem *prompt = _cairn_page_find_prompt (self, g_variant_get_uint32 (param));

  if (prompt != NULL)
    g_object_set_data_full (G_OBJECT (self), "branch-text", g_strdup (cairn_text_item_get_text (prompt)), g_free);
  return prompt;
}

/* page.edit-prompt (u: the prompt's serial) */
void
_cairn_page_edit_prompt_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *param)
{
  CairnPage *self = CAIRN_PAGE (widget);
  CairnTextItem *prompt = prompt_of_param (self, param);

  if (prompt != NULL)
    cairn_session_edit_prompt_async (self->session, prompt, NULL, went_back_cb, g_object_ref (self));
}

/* page.branch (u: the prompt's serial) */
void
_cairn_page_branch_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *param)
{
  CairnPage *self = CAIRN_PAGE (widget);
  CairnTextItem *prompt = prompt_of_param (self, param);

  if (prompt != NULL)
    cairn_session_branch_async (self->session, prompt, NULL, went_back_cb, g_object_ref (self));
}

typedef struct
{
  CairnPage *page;
  char      *parent;   /* the message the versions answer */
} VersionSwitch;

static void
version_switch_free (VersionSwitch *to)
{
  g_object_unref (to->page);
  g_free (to->parent);
  g_free (to);
}

/* Where the version now shown is: the prompt that answers the same
 * message. */
static gboolean
find_version (CairnPage  *self,
              const char *parent,
              guint      *position)
{
  GListModel *items = G_LIST_MODEL (cairn_session_get_transcript (self->session));

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);

      if (cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER &&
          g_strcmp0 (cairn_text_item_get_branch (CAIRN_TEXT_ITEM (item), NULL, NULL), parent) == 0)
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
version_shown_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  VersionSwitch *to = user_data;
  g_autoptr(GError) error = NULL;
  guint position;

  if (!cairn_session_switch_branch_finish (CAIRN_SESSION (source), result, &error))
    _cairn_page_say (to->page, _("Can’t Show This Version"), error->message);
  else if (find_version (to->page, to->parent, &position))
    cairn_page_show_item (to->page, position);
  version_switch_free (to);
}

static void
switch_version (CairnPage *self,
                GVariant  *param,
                int        step)
{
  CairnTextItem *prompt = _cairn_page_find_prompt (self, g_variant_get_uint32 (param));
  VersionSwitch *to;

  if (prompt == NULL || cairn_text_item_get_branch (prompt, NULL, NULL) == NULL)
    return;
  to = g_new0 (VersionSwitch, 1);
  to->page = g_object_ref (self);
  to->parent = g_strdup (cairn_text_item_get_branch (prompt, NULL, NULL));
  cairn_session_switch_branch_async (self->session, prompt, step, NULL, version_shown_cb, to);
}

/* page.previous-version (u: the prompt's serial) */
void
_cairn_page_previous_version_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *param)
{
  switch_version (CAIRN_PAGE (widget), param, -1);
}

/* page.next-version (u: the prompt's serial) */
void
_cairn_page_next_version_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  switch_version (CAIRN_PAGE (widget), param, 1);
}
