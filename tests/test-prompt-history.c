/* test-prompt-history.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "prompt/cairn-prompt-history.h"

/* Up/Down on an empty composer: back through the prompts sent, forward
 * again, and past the newest back to nothing. */
static void
test_walk (void)
{
  g_autoptr(CairnPromptHistory) history = cairn_prompt_history_new ();

  g_assert_null (cairn_prompt_history_older (history));
  cairn_prompt_history_add (history, "first");
  cairn_prompt_history_add (history, "second");
  cairn_prompt_history_add (history, "third");
  g_assert_null (cairn_prompt_history_get_current (history));

  g_assert_cmpstr (cairn_prompt_history_older (history), ==, "third");
  g_assert_cmpstr (cairn_prompt_history_older (history), ==, "second");
  g_assert_cmpstr (cairn_prompt_history_older (history), ==, "first");
  /* the oldest: no further */
  g_assert_null (cairn_prompt_history_older (history));
  g_assert_cmpstr (cairn_prompt_history_get_current (history), ==, "first");

  g_assert_cmpstr (cairn_prompt_history_newer (history), ==, "second");
  g_assert_cmpstr (cairn_prompt_history_newer (history), ==, "third");
  g_assert_null (cairn_prompt_history_newer (history));
  g_assert_null (cairn_prompt_history_get_current (history));
  g_assert_null (cairn_prompt_history_newer (history));
}

static void
test_add (void)
{
  g_autoptr(CairnPromptHistory) history = cairn_prompt_history_new ();

  cairn_prompt_history_add (history, "again");
  cairn_prompt_history_add (history, "again");
  cairn_prompt_history_add (history, "");
  cairn_prompt_history_add (history, NULL);
  g_assert_cmpuint (cairn_prompt_history_get_n_prompts (history), ==, 1);

  /* sending stops the walk */
  g_assert_cmpstr (cairn_prompt_history_older (history), ==, "again");
  cairn_prompt_history_add (history, "new");
  g_assert_null (cairn_prompt_history_get_current (history));
  g_assert_cmpstr (cairn_prompt_history_older (history), ==, "new");
  cairn_prompt_history_reset (history);
  g_assert_null (cairn_prompt_history_get_current (history));

  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *prompt = g_strdup_printf ("prompt %u", i);
      cairn_prompt_history_add (history, prompt);
    }
  g_assert_cmpuint (cairn_prompt_history_get_n_prompts (history), ==, 500);
  g_assert_cmpstr (cairn_prompt_history_older (history), ==, "prompt 999");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/prompt-history/walk", test_walk);
  g_test_add_func ("/cairn/prompt-history/add", test_add);

  return g_test_run ();
}
