/* cairn-question.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One choice of an AskUserQuestion question. */
typedef struct
{
  char *label;
  char *description;
} CairnQuestionOption;

/* One question of AskUserQuestion, as the dialog shows it: its short
 * header, its text (which keys the answer), whether several options may
 * be chosen, and the options (CairnQuestionOption). */
typedef struct
{
  char      *header;
  char      *text;
  gboolean   multi_select;
  GPtrArray *options;
} CairnQuestion;

void cairn_question_free (CairnQuestion *question);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnQuestion, cairn_question_free)

G_END_DECLS
