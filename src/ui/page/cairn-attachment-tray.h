/* cairn-attachment-tray.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "attachments/cairn-attachment-store.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_ATTACHMENT_TRAY (cairn_attachment_tray_get_type())

G_DECLARE_FINAL_TYPE (CairnAttachmentTray, cairn_attachment_tray, CAIRN, ATTACHMENT_TRAY, GtkWidget)

CairnAttachmentStore *cairn_attachment_tray_get_store       (CairnAttachmentTray   *self);
void                  cairn_attachment_tray_set_store       (CairnAttachmentTray   *self,
                                                             CairnAttachmentStore  *store);
GListModel           *cairn_attachment_tray_get_attachments (CairnAttachmentTray   *self);
guint                 cairn_attachment_tray_get_n_attachments (CairnAttachmentTray *self);
gboolean              cairn_attachment_tray_get_busy        (CairnAttachmentTray   *self);
void                  cairn_attachment_tray_add_files       (CairnAttachmentTray   *self,
                                                             GSList                *files);
void                  cairn_attachment_tray_add_bytes       (CairnAttachmentTray   *self,
                                                             GBytes                *bytes,
                                                             const char            *name);
void                  cairn_attachment_tray_add_texture     (CairnAttachmentTray   *self,
                                                             GdkTexture            *texture,
                                                             const char            *name);
void                  cairn_attachment_tray_show_error      (CairnAttachmentTray   *self,
                                                             const char            *message);
const char           *cairn_attachment_tray_get_error       (CairnAttachmentTray   *self);
void                  cairn_attachment_tray_set_drop_active (CairnAttachmentTray   *self,
                                                             gboolean               active);
void                  cairn_attachment_tray_clear           (CairnAttachmentTray   *self);
void                  cairn_attachment_tray_save_async      (CairnAttachmentTray   *self,
                                                             GCancellable          *cancellable,
                                                             GAsyncReadyCallback    callback,
                                                             gpointer               user_data);
GPtrArray            *cairn_attachment_tray_save_finish     (CairnAttachmentTray   *self,
                                                             GAsyncResult          *result,
                                                             GError               **error);

G_END_DECLS
