/* cairn-prompt-history.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_PROMPT_HISTORY (cairn_prompt_history_get_type())

G_DECLARE_FINAL_TYPE (CairnPromptHistory, cairn_prompt_history, CAIRN, PROMPT_HISTORY, GObject)

CairnPromptHistory *cairn_prompt_history_new         (void);
void                cairn_prompt_history_add         (CairnPromptHistory *self,
                                                      const char         *prompt);
guint               cairn_prompt_history_get_n_prompts (CairnPromptHistory *self);
const char         *cairn_prompt_history_get_current (CairnPromptHistory *self);
const char         *cairn_prompt_history_older       (CairnPromptHistory *self);
const char         *cairn_prompt_history_newer       (CairnPromptHistory *self);
void                cairn_prompt_history_reset       (CairnPromptHistory *self);

G_END_DECLS
