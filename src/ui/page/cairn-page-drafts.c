/* cairn-page-drafts.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-page"

#include "config.h"

#include "page/cairn-page-private.h"

/* The composer's draft of the conversation: kept on disk as the user
 * types (CairnDraftStore), put back when the conversation is opened again,
 * after a restart or a crash. A conversation is known by its session id;
 * before it has one, by its project folder. */

static char *
draft_key (CairnSession *session)
{
  if (cairn_session_get_session_id (session) != NULL)
    return g_strdup (cairn_session_get_session_id (session));
  return cairn_draft_key_for_new (cairn_session_get_cwd (session));
}

static void
save_draft (CairnPage *self,
            const char  *key)
{
  g_autofree char *text = cairn_composer_dup_text (self->composer);
  g_autoptr(GPtrArray) images = cairn_composer_dup_attachments (self->composer);

  cairn_draft_store_save (self->drafts, key, text, images);
}

static void
draft_changed_cb (CairnPage     *self,
                  CairnComposer *composer)
{
  /* nothing is saved over a draft that is still being read back */
  if (self->draft_key != NULL && self->draft_loading == NULL)
    save_draft (self, self->draft_key);
}

static void
draft_loaded_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  CairnPage *self = user_data;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) images = NULL;
  g_autoptr(GError) error = NULL;

  if (!cairn_draft_store_load_finish (CAIRN_DRAFT_STORE (object), result, &text, &images, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not read the draft: %s", error->message);
      return;
    }
  g_clear_object (&self->draft_loading);
  cairn_composer_set_draft (self->composer, text, images);
}

/* The first send gives a new conversation its id: what is typed from
 * then on is kept under it, and the draft kept under the folder goes. */
static void
session_id_cb (CairnPage    *self,
               GParamSpec   *pspec,
               CairnSession *session)
{
  g_autofree char *key = draft_key (session);

  if (self->draft_key == NULL || g_str_equal (key, self->draft_key))
    return;
  cairn_draft_store_save (self->drafts, self->draft_key, "", NULL);
  g_free (self->draft_key);
  self->draft_key = g_steal_pointer (&key);
  save_draft (self, self->draft_key);
}

/* Puts the kept draft of the page's conversation into its composer. */
static void
load_draft (CairnPage *self)
{
  self->draft_key = draft_key (self->session);
  self->draft_loading = g_cancellable_new ();
  cairn_draft_store_load_async (self->drafts, self->draft_key, self->draft_loading,
                                draft_loaded_cb, self);
}

void
_cairn_page_init_drafts (CairnPage *self)
{
  g_signal_connect_object (self->composer, "draft-changed", G_CALLBACK (draft_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::session-id", G_CALLBACK (session_id_cb), self,
                           G_CONNECT_SWAPPED);
  load_draft (self);
}

void
_cairn_page_dispose_drafts (CairnPage *self)
{
  g_cancellable_cancel (self->draft_loading);
  g_clear_object (&self->draft_loading);
  g_clear_pointer (&self->draft_key, g_free);
  g_clear_object (&self->drafts);
}
