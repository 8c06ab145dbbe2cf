/* cairn-history-branches.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "history/cairn-history-lines.h"

G_BEGIN_DECLS

/* Where one of the user's prompts stands among the prompts edited from
 * the same message: the index-th of count, in the order they were sent. */
typedef struct
{
  const char *parent;   /* the message they all answer, in the lines' strings */
  guint       index;
  guint       count;
} CairnBranchPosition;

gboolean    cairn_history_line_is_prompt      (const CairnHistoryLine *line);
GHashTable *cairn_history_branch_positions    (CairnHistoryLines      *lines,
                                               GArray                 *shown);
GArray     *cairn_history_branch_siblings     (CairnHistoryLines      *lines,
                                               const char             *parent);

G_END_DECLS
