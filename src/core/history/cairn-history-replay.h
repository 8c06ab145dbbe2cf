/* cairn-history-replay.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "history/cairn-history-lines.h"
#include "protocol/cairn-message.h"
#include "transcript/cairn-transcript-builder.h"

G_BEGIN_DECLS

typedef struct _CairnHistoryReplay CairnHistoryReplay;

CairnHistoryReplay     *cairn_history_replay_new         (const char         *cwd,
                                                          GFile              *session_file);
CairnHistoryReplay     *cairn_history_replay_new_for_builder (CairnTranscriptBuilder *builder,
                                                              GFile                  *session_file);
CairnTranscriptBuilder *cairn_history_replay_get_builder (CairnHistoryReplay *self);
void                    cairn_history_replay_line        (CairnHistoryReplay *self,
                                                          CairnMessage       *message);
void                    cairn_history_replay_finish      (CairnHistoryReplay *self);
void                    cairn_history_replay_free        (CairnHistoryReplay *self);
gboolean                cairn_history_is_prompt          (JsonObject         *line);
CairnMessage           *cairn_history_read_line          (GInputStream            *stream,
                                                          const CairnHistoryLine  *line,
                                                          GCancellable            *cancellable,
                                                          GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnHistoryReplay, cairn_history_replay_free)

G_END_DECLS
