/* cairn-draft-store.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_DRAFT_STORE (cairn_draft_store_get_type())

G_DECLARE_FINAL_TYPE (CairnDraftStore, cairn_draft_store, CAIRN, DRAFT_STORE, GObject)

/* How long typing may go on before what was typed is written. */
#define CAIRN_DRAFT_STORE_DELAY_MS 300

CairnDraftStore *cairn_draft_store_new         (const char          *dir);
char            *cairn_draft_store_default_dir (void);
char            *cairn_draft_key_for_new       (const char          *cwd);
void             cairn_draft_store_save        (CairnDraftStore     *self,
                                                const char          *key,
                                                const char          *text,
                                                GPtrArray           *attachments);
void             cairn_draft_store_flush       (CairnDraftStore     *self);
void             cairn_draft_store_load_async  (CairnDraftStore     *self,
                                                const char          *key,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean         cairn_draft_store_load_finish (CairnDraftStore     *self,
                                                GAsyncResult        *result,
                                                char               **text,
                                                GPtrArray          **image_files,
                                                GError             **error);

G_END_DECLS
