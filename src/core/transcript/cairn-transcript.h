/* cairn-transcript.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "transcript/cairn-item.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TRANSCRIPT (cairn_transcript_get_type())

G_DECLARE_FINAL_TYPE (CairnTranscript, cairn_transcript, CAIRN, TRANSCRIPT, GObject)

CairnTranscript *cairn_transcript_new    (void);
void             cairn_transcript_replace_last (CairnTranscript *self,
                                                CairnItem       *item);
void             cairn_transcript_append (CairnTranscript *self,
                                          CairnItem       *item);
void             cairn_transcript_append_all (CairnTranscript *self,
                                              GPtrArray       *items);
void             cairn_transcript_insert_all (CairnTranscript *self,
                                              guint            position,
                                              GPtrArray       *items);
void             cairn_transcript_replace_all (CairnTranscript *self,
                                               GPtrArray       *items);
void             cairn_transcript_splice (CairnTranscript *self,
                                          guint            position,
                                          guint            removed,
                                          GPtrArray       *items);
guint            cairn_transcript_count_kind (CairnTranscript *self,
                                              CairnItemKind    kind);

G_END_DECLS
