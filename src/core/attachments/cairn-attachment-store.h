/* cairn-attachment-store.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "attachments/cairn-attachment.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_ATTACHMENT_STORE (cairn_attachment_store_get_type())

G_DECLARE_FINAL_TYPE (CairnAttachmentStore, cairn_attachment_store,
                      CAIRN, ATTACHMENT_STORE, GObject)

CairnAttachmentStore *cairn_attachment_store_new           (const char            *project_dir);
const char           *cairn_attachment_store_get_project_dir (CairnAttachmentStore  *self);
char                 *cairn_attachment_store_dup_images_dir  (CairnAttachmentStore  *self);
void                  cairn_attachment_store_prepare_file_async
                                                             (CairnAttachmentStore  *self,
                                                              GFile                 *file,
                                                              GFile                 *chosen_root,
                                                              GCancellable          *cancellable,
                                                              GAsyncReadyCallback    callback,
                                                              gpointer               user_data);
CairnAttachment      *cairn_attachment_store_prepare_file_finish
                                                             (CairnAttachmentStore  *self,
                                                              GAsyncResult          *result,
                                                              GError               **error);
void                  cairn_attachment_store_prepare_bytes_async
                                                             (CairnAttachmentStore  *self,
                                                              GBytes                *data,
                                                              const char            *name,
                                                              GCancellable          *cancellable,
                                                              GAsyncReadyCallback    callback,
                                                              gpointer               user_data);
CairnAttachment      *cairn_attachment_store_prepare_bytes_finish
                                                             (CairnAttachmentStore  *self,
                                                              GAsyncResult          *result,
                                                              GError               **error);
void                  cairn_attachment_store_save_async      (CairnAttachmentStore  *self,
                                                              CairnAttachment       *attachment,
                                                              GCancellable          *cancellable,
                                                              GAsyncReadyCallback    callback,
                                                              gpointer               user_data);
CairnAttachment      *cairn_attachment_store_save_finish     (CairnAttachmentStore  *self,
                                                              GAsyncResult          *result,
                                                              GError               **error);
JsonArray            *cairn_attachment_store_build_user_content
                                                             (CairnAttachmentStore  *self,
                                                              GPtrArray             *saved,
                                                              const char            *prompt_text);

G_END_DECLS
