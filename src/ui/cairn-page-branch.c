/* cairn-page-branch.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-page-private.h"
#include "transcript/cairn-text-item.h"

/* Going back to one of the user's messages (its menu in the transcript):
 *  - Edit and Resend: the conversation goes on from just before it, its
 *    text in the composer to change; what is sent is a new branch of the
 *    conversation (the file keeps the old one);
 *  - Branch into New Conversation: the same in a new conversation (a new
 *    page: the window makes it on "branched"), this one untouched. */

void
cairn_page_edit_text (CairnPage  *self,
                      const char *text)
{
  g_return_if_fail (CAIRN_IS_PAGE (self));

  /* a draft still being read back must not land over it */
  g_cancellable_cancel (self->draft_loading);
  g_clear_object (&self->draft_loading);
  cairn_composer_set_draft (self->composer, text, NULL);
  cairn_page_focus_composer (self);
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
