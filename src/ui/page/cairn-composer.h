/* cairn-composer.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "attachments/cairn-attachment-store.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_COMPOSER (cairn_composer_get_type())

G_DECLARE_FINAL_TYPE (CairnComposer, cairn_composer, CAIRN, COMPOSER, GtkWidget)

void     cairn_composer_set_busy (CairnComposer *self,
                                  gboolean       busy);
gboolean cairn_composer_get_busy (CairnComposer *self);
char    *cairn_composer_dup_text (CairnComposer *self);
void     cairn_composer_set_commands (CairnComposer      *self,
                                      const char * const *commands);
void     cairn_composer_set_attachment_store (CairnComposer        *self,
                                              CairnAttachmentStore *store);
void     cairn_composer_add_files            (CairnComposer        *self,
                                              GSList               *files);
void     cairn_composer_add_texture          (CairnComposer        *self,
                                              GdkTexture           *texture,
                                              const char           *name);
void     cairn_composer_add_drop_area        (CairnComposer        *self,
                                              GtkWidget            *area);

GPtrArray *cairn_composer_dup_attachments (CairnComposer *self);
void       cairn_composer_set_draft       (CairnComposer *self,
                                           const char    *text,
                                           GPtrArray     *image_files);

G_END_DECLS
