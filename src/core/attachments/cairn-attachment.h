/* cairn-attachment.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The Messages API's limits for one image: the base64 text of the data may
 * be at most 5 MiB, and neither side may exceed 8000 pixels. */
#define CAIRN_ATTACHMENT_MAX_ENCODED_SIZE (5 * 1024 * 1024)
#define CAIRN_ATTACHMENT_MAX_SIDE         8000
/* Cairn's own limits: files bigger than this are not even read, and images
 * with more pixels than this are not decoded (a small PNG can claim to be
 * 100000 × 100000 pixels and would take 40 GB to decode). */
#define CAIRN_ATTACHMENT_MAX_FILE_SIZE    (50 * 1000 * 1000)
#define CAIRN_ATTACHMENT_MAX_PIXELS       (100 * 1000 * 1000)

#define CAIRN_ATTACHMENT_ERROR (cairn_attachment_error_quark())

typedef enum
{
  CAIRN_ATTACHMENT_ERROR_NOT_AN_IMAGE,
  CAIRN_ATTACHMENT_ERROR_UNSUPPORTED_TYPE,
  CAIRN_ATTACHMENT_ERROR_BROKEN_IMAGE,
  CAIRN_ATTACHMENT_ERROR_TOO_LARGE,
  CAIRN_ATTACHMENT_ERROR_EMPTY,
  CAIRN_ATTACHMENT_ERROR_UNREADABLE,
  CAIRN_ATTACHMENT_ERROR_NOT_A_FILE,
  CAIRN_ATTACHMENT_ERROR_OUTSIDE_CHOSEN_FOLDER,
  CAIRN_ATTACHMENT_ERROR_SAVE_FAILED,
} CairnAttachmentError;

#define CAIRN_TYPE_ATTACHMENT (cairn_attachment_get_type())

G_DECLARE_FINAL_TYPE (CairnAttachment, cairn_attachment, CAIRN, ATTACHMENT, GObject)

GQuark           cairn_attachment_error_quark      (void);
CairnAttachment *cairn_attachment_new              (GBytes           *data,
                                                    const char       *media_type,
                                                    const char       *display_name,
                                                    int               width,
                                                    int               height,
                                                    gboolean          was_scaled);
CairnAttachment *cairn_attachment_new_from_data    (GBytes           *data,
                                                    const char       *display_name,
                                                    GCancellable     *cancellable,
                                                    GError          **error);
CairnAttachment *cairn_attachment_copy_with_path   (CairnAttachment  *self,
                                                    const char       *path);
const char      *cairn_attachment_get_path         (CairnAttachment  *self);
const char      *cairn_attachment_get_display_name (CairnAttachment  *self);
const char      *cairn_attachment_get_media_type   (CairnAttachment  *self);
const char      *cairn_attachment_get_extension    (CairnAttachment  *self);
int              cairn_attachment_get_width        (CairnAttachment  *self);
int              cairn_attachment_get_height       (CairnAttachment  *self);
gsize            cairn_attachment_get_size         (CairnAttachment  *self);
gboolean         cairn_attachment_get_was_scaled   (CairnAttachment  *self);
GBytes          *cairn_attachment_get_data         (CairnAttachment  *self);
JsonObject      *cairn_attachment_to_content_block (CairnAttachment  *self);

G_END_DECLS
