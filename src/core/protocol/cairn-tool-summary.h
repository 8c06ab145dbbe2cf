/* cairn-tool-summary.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "cairn-types.h"

G_BEGIN_DECLS

/* What a tool call means to a reader, worked out from its name and input
 * (and later its result): which kind of card, a title, a detail line and,
 * for edits, a unified diff. Pure functions: no state, no GObject. */
typedef struct
{
  CairnToolKind  kind;
  char          *title;
  char          *subtitle;
  char          *diff;
  char          *input_text;
  gboolean       background;
} CairnToolSummary;

typedef struct
{
  char     *output;
  char     *summary;
  char     *diff;
  /* the call goes on in the background (CLI 2.1.330's async agents): its
   * end comes later, in a system/task_notification */
  gboolean  running_on;
} CairnToolOutcome;

CairnToolKind cairn_tool_kind_for_name      (const char       *name);
char         *cairn_tool_format_agent_figures (gint64         tool_uses,
                                               gint64         tokens);
void          cairn_tool_summarize_input    (const char       *name,
                                             JsonObject       *input,
                                             const char       *cwd,
                                             CairnToolSummary *summary);
void          cairn_tool_summarize_partial  (const char       *name,
                                             const char       *partial_json,
                                             const char       *cwd,
                                             CairnToolSummary *summary);
void          cairn_tool_summarize_result   (CairnToolKind     kind,
                                             JsonNode         *content,
                                             gboolean          is_error,
                                             JsonNode         *structured,
                                             CairnToolOutcome *outcome);
void          cairn_tool_count_diff_lines   (const char       *diff,
                                             guint            *added,
                                             guint            *removed);
char         *cairn_tool_content_to_text    (JsonNode         *content);
void          cairn_tool_summary_clear      (CairnToolSummary *summary);
void          cairn_tool_outcome_clear      (CairnToolOutcome *outcome);

G_END_DECLS
