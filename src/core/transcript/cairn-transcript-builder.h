/* cairn-transcript-builder.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "protocol/cairn-message.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-tool-call-item.h"
#include "transcript/cairn-transcript.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_TRANSCRIPT_BUILDER (cairn_transcript_builder_get_type())

G_DECLARE_FINAL_TYPE (CairnTranscriptBuilder, cairn_transcript_builder, CAIRN, TRANSCRIPT_BUILDER, GObject)

CairnTranscriptBuilder *cairn_transcript_builder_new             (const char             *cwd);
CairnTranscript        *cairn_transcript_builder_get_transcript  (CairnTranscriptBuilder *self);
GListModel             *cairn_transcript_builder_get_todos       (CairnTranscriptBuilder *self);
void                    cairn_transcript_builder_set_todos       (CairnTranscriptBuilder *self,
                                                                  GListModel             *todos);
CairnToolCallItem      *cairn_transcript_builder_find_call       (CairnTranscriptBuilder *self,
                                                                  const char             *tool_use_id);
void                    cairn_transcript_builder_append          (CairnTranscriptBuilder *self,
                                                                  CairnItem              *item);
void                    cairn_transcript_builder_append_notice   (CairnTranscriptBuilder *self,
                                                                  CairnNoticeSeverity     severity,
                                                                  const char             *title,
                                                                  const char             *body);
void                    cairn_transcript_builder_append_raw      (CairnTranscriptBuilder *self,
                                                                  CairnMessage           *message,
                                                                  CairnNoticeSeverity     severity,
                                                                  const char             *title);
void                    cairn_transcript_builder_add_prompt      (CairnTranscriptBuilder *self,
                                                                  const char             *text,
                                                                  GPtrArray              *attachments,
                                                                  const char             *uuid);
void                    cairn_transcript_builder_add_stream_event (CairnTranscriptBuilder *self,
                                                                   JsonObject             *line);
void                    cairn_transcript_builder_add_assistant   (CairnTranscriptBuilder *self,
                                                                  CairnMessage           *message);
void                    cairn_transcript_builder_add_user        (CairnTranscriptBuilder *self,
                                                                  CairnMessage           *message);
void                    cairn_transcript_builder_add_compact_boundary (CairnTranscriptBuilder *self,
                                                                       JsonObject             *line);
void                    cairn_transcript_builder_close_open_blocks (CairnTranscriptBuilder *self);
void                    cairn_transcript_builder_end_tool_calls  (CairnTranscriptBuilder *self,
                                                                  const char             *reason,
                                                                  gboolean                turn_ended);

char                   *cairn_transcript_join_text_blocks        (JsonArray              *content);

G_END_DECLS
