/* cairn-export.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  CAIRN_EXPORT_MARKDOWN,
  CAIRN_EXPORT_HTML,
  CAIRN_EXPORT_JSONL,
} CairnExportFormat;

/* An image of a prompt, written beside a Markdown export. */
typedef struct
{
  char   *name;   /* file name in the images folder */
  GBytes *data;
} CairnExportImage;

typedef struct _CairnExport CairnExport;

gboolean     cairn_export_format_from_name  (const char         *name,
                                             CairnExportFormat  *format);
const char  *cairn_export_format_extension  (CairnExportFormat   format);
char        *cairn_export_images_dir_name   (GFile              *destination);

CairnExport *cairn_export_render            (GFile              *conversation,
                                             CairnExportFormat   format,
                                             const char         *images_dir,
                                             GCancellable       *cancellable,
                                             GError            **error);
GBytes      *cairn_export_get_document      (CairnExport        *self);
GPtrArray   *cairn_export_get_images        (CairnExport        *self);
gboolean     cairn_export_write             (CairnExport        *self,
                                             GFile              *destination,
                                             GCancellable       *cancellable,
                                             GError            **error);
void         cairn_export_free              (CairnExport        *self);

void         cairn_export_save_async        (GFile              *conversation,
                                             CairnExportFormat   format,
                                             GFile              *destination,
                                             GCancellable       *cancellable,
                                             GAsyncReadyCallback callback,
                                             gpointer            user_data);
gboolean     cairn_export_save_finish       (GAsyncResult       *result,
                                             GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnExport, cairn_export_free)

G_END_DECLS
