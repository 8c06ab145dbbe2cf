/* cairn-transcript-builder-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "transcript/cairn-transcript-builder.h"

G_BEGIN_DECLS

struct _CairnTranscriptBuilder
{
  GObject          parent_instance;

  char            *cwd;
  CairnTranscript *transcript;
  /* Blocks of the main agent's reply that are streaming in, by the API's
   * content block index (text, thinking or tool call items). */
  GHashTable      *open_blocks;
  /* Every tool call by tool_use_id, subagents' included, so results and
   * nested messages find their card. */
  GHashTable      *tool_calls;
  /* The calls that may still be running: ending a turn looks at these,
   * not at every call of a long conversation. */
  GPtrArray       *unfinished_calls;
  /* The agent's task list, as TodoWrite / TaskCreate / TaskUpdate left it. */
  GListStore      *todos;
};

void     _cairn_transcript_builder_assistant_blocks (CairnTranscriptBuilder *self,
                                                     JsonObject             *line,
                                                     JsonArray              *content);
gboolean _cairn_transcript_builder_tool_results     (CairnTranscriptBuilder *self,
                                                     JsonObject             *line,
                                                     JsonArray              *content);

G_END_DECLS
