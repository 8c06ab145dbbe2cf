/* cairn-prompt-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-prompt-history"

#include "config.h"

#include "prompt/cairn-prompt-history.h"

/* The prompts sent in one conversation, oldest first, and where the user
 * is while walking through them with Up/Down. "position == len" means not
 * walking: the composer shows the user's own text. */
#define MAX_PROMPTS 500

struct _CairnPromptHistory
{
  GObject    parent_instance;
  GPtrArray *prompts;
  guint      position;
};

G_DEFINE_FINAL_TYPE (CairnPromptHistory, cairn_prompt_history, G_TYPE_OBJECT)

static void
cairn_prompt_history_finalize (GObject *object)
{
  CairnPromptHistory *self = (CairnPromptHistory *)object;

  g_clear_pointer (&self->prompts, g_ptr_array_unref);

  G_OBJECT_CLASS (cairn_prompt_history_parent_class)->finalize (object);
}

static void
cairn_prompt_history_class_init (CairnPromptHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_prompt_history_finalize;
}

static void
cairn_prompt_history_init (CairnPromptHistory *self)
{
  self->prompts = g_ptr_array_new_with_free_func (g_free);
}

CairnPromptHistory *
cairn_prompt_history_new (void)
{
  return g_object_new (CAIRN_TYPE_PROMPT_HISTORY, NULL);
}

/**
 * cairn_prompt_history_add:
 *
 * Remembers a sent prompt (not an empty one, nor the same one twice in a
 * row) and stops walking.
 */
void
cairn_prompt_history_add (CairnPromptHistory *self,
                          const char         *prompt)
{
  const char *last;

  g_return_if_fail (CAIRN_IS_PROMPT_HISTORY (self));

  last = self->prompts->len > 0 ? g_ptr_array_index (self->prompts, self->prompts->len - 1) : NULL;
  if (prompt != NULL && *prompt != '\0' && g_strcmp0 (prompt, last) != 0)
    {
      if (self->prompts->len == MAX_PROMPTS)
        g_ptr_array_remove_index (self->prompts, 0);
      g_ptr_array_add (self->prompts, g_strdup (prompt));
    }
  cairn_prompt_history_reset (self);
}

guint
cairn_prompt_history_get_n_prompts (CairnPromptHistory *self)
{
  g_return_val_if_fail (CAIRN_IS_PROMPT_HISTORY (self), 0);
  return self->prompts->len;
}

/**
 * cairn_prompt_history_get_current:
 *
 * Returns: (nullable): the prompt walked to, or %NULL when not walking
 */
const char *
cairn_prompt_history_get_current (CairnPromptHistory *self)
{
  g_return_val_if_fail (CAIRN_IS_PROMPT_HISTORY (self), NULL);

  if (self->position >= self->prompts->len)
    return NULL;
  return g_ptr_array_index (self->prompts, self->position);
}

/**
 * cairn_prompt_history_older:
 *
 * Steps back one prompt (Up).
 *
 * Returns: (nullable): the prompt before the current one, or %NULL if
 *   there is none (the position does not change)
 */
const char *
cairn_prompt_history_older (CairnPromptHistory *self)
{
  g_return_val_if_fail (CAIRN_IS_PROMPT_HISTORY (self), NULL);

  if (self->position == 0)
    return NULL;
  self->position--;
  return g_ptr_array_index (self->prompts, self->position);
}

/**
 * cairn_prompt_history_newer:
 *
 * Steps forward one prompt (Down).
 *
 * Returns: (nullable): the next newer prompt, or %NULL once past the
 *   newest (then no longer walking: the composer goes back to empty)
 */
const char *
cairn_prompt_history_newer (CairnPromptHistory *self)
{
  g_return_val_if_fail (CAIRN_IS_PROMPT_HISTORY (self), NULL);

  if (self->position < self->prompts->len)
    self->position++;
  return cairn_prompt_history_get_current (self);
}

void
cairn_prompt_history_reset (CairnPromptHistory *self)
{
  g_return_if_fail (CAIRN_IS_PROMPT_HISTORY (self));
  self->position = self->prompts->len;
}
