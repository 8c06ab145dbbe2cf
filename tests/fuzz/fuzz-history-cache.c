/* fuzz-history-cache.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "history/cairn-history-cache.h"

/* Bytes as the history's list cache ($XDG_CACHE_HOME/cairn/history-1/HASH),
 * which anything can have written. Properties: reading never fails; each
 * conversation it gives has a title, and its texts are valid UTF-8 of a
 * bounded length; what was read writes back to bytes that read the same
 * (nothing of a damaged file survives half-read). tests/data/history-cache
 * seeds it. */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

#define FOLDER "/fuzz/projects/-home-user-src-app"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GFile) folder = g_file_new_for_path (FOLDER);
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(CairnHistoryCache) cache = cairn_history_cache_parse (folder, bytes);
  g_autoptr(GBytes) written = cairn_history_cache_serialize (cache);
  g_autoptr(CairnHistoryCache) again = cairn_history_cache_parse (folder, written);
  g_autoptr(GBytes) rewritten = cairn_history_cache_serialize (again);
  g_autoptr(GPtrArray) infos = cairn_history_cache_get_infos (cache);

  for (guint i = 0; i < infos->len; i++)
    {
      CairnConversationInfo *info = g_ptr_array_index (infos, i);
      const char *texts[] = { cairn_conversation_info_get_title (info), cairn_conversation_info_get_cwd (info),
                              cairn_conversation_info_get_git_branch (info) };

      g_assert_nonnull (texts[0]);
      g_assert_cmpstr (texts[0], !=, "");
      for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
        g_assert_true (texts[t] == NULL || (g_utf8_validate (texts[t], -1, NULL) && strlen (texts[t]) <= 4096));
    }

  g_assert_cmpuint (cairn_history_cache_get_n (again), ==, cairn_history_cache_get_n (cache));
  g_assert_true (g_bytes_equal (written, rewritten));
  return 0;
}
