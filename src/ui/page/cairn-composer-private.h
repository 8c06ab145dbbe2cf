/* cairn-composer-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "page/cairn-attachment-tray.h"
#include "page/cairn-command-popover.h"
#include "page/cairn-composer.h"
#include "prompt/cairn-file-index.h"
#include "prompt/cairn-prompt-history.h"

G_BEGIN_DECLS

/* The composer is split over two files:
 *   cairn-composer.c           the text, sending, completion, recall, the
 *                              Attach button
 *   cairn-composer-transfer.c  what is attached: pasted, dropped or picked
 *                              images, files and links */

typedef enum {
  COMPLETING_NONE,
  COMPLETING_COMMAND,
  COMPLETING_FILE,
} Completing;

struct _CairnComposer
{
  GtkWidget             parent_instance;

  GtkBox               *box;
  CairnAttachmentTray  *tray;
  GtkTextView          *text_view;
  GtkLabel             *placeholder;
  GtkButton            *attach_button;
  GtkButton            *stop_button;
  GtkButton            *send_button;
  CairnCommandPopover  *completions;

  GCancellable         *cancellable;
  CairnFileIndex       *file_index;
  CairnPromptHistory   *history;
  GtkFileChooserNative *chooser;
  GtkEventController   *own_drop_target;
  char                 *sending_text;
  Completing            completing;
  guint                 n_drops_hovering;
  gboolean              indexing;
  gboolean              recalling;
  gboolean              busy;
  /* a draft is being put back: what changes meanwhile is not a new draft */
  gboolean              restoring;
};

/* cairn-composer-transfer.c: what is pasted, dropped or picked */
void                _cairn_composer_paste_clipboard_cb (CairnComposer *self,
                                                        GtkTextView   *view);
GtkEventController *_cairn_composer_drop_target_new    (CairnComposer *self);

G_END_DECLS
