/* cairn-search-locate.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "search/cairn-search-locate.h"
#include "search/cairn-search-fold.h"
#include "search/cairn-search-scan.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* Once a search hit's conversation is open: which of its rows shows the
 * words, so the view can scroll there and mark it. */

static gboolean
mentions (const char *text,
          const char *query)
{
  return text != NULL &&
         cairn_search_find_ascii_folded (text, strlen (text), query, strlen (query)) != NULL;
}

/**
 * cairn_search_item_mentions:
 *
 * Whether what @item's row shows contains @query (ASCII case ignored).
 */
gboolean
cairn_search_item_mentions (CairnItem  *item,
                            const char *query)
{
  if (CAIRN_IS_TEXT_ITEM (item))
    return mentions (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)), query);
  if (CAIRN_IS_NOTICE_ITEM (item))
    return mentions (cairn_notice_item_get_title (CAIRN_NOTICE_ITEM (item)), query) ||
           mentions (cairn_notice_item_get_body (CAIRN_NOTICE_ITEM (item)), query);
  if (CAIRN_IS_TOOL_CALL_ITEM (item))
    {
      CairnToolCallItem *call = CAIRN_TOOL_CALL_ITEM (item);
      return mentions (cairn_tool_call_item_get_title (call), query) ||
             mentions (cairn_tool_call_item_get_subtitle (call), query) ||
             mentions (cairn_tool_call_item_get_input_text (call), query) ||
             mentions (cairn_tool_call_item_get_diff (call), query) ||
             mentions (cairn_tool_call_item_get_output (call), query);
    }
  return FALSE;
}

/**
 * cairn_search_locate_item:
 * @nth: which of the rows that mention @query (0 for the first)
 * @position: (out): where that row is in @transcript
 *
 * A subagent's rows count as their Agent card's.
 * Returns: %FALSE when fewer rows mention @query
 */
gboolean
cairn_search_locate_item (CairnTranscript *transcript,
                          const char      *query,
                          guint            nth,
                          guint           *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (transcript));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (transcript), i);
      CairnTranscript *children = CAIRN_IS_TOOL_CALL_ITEM (item)
        ? cairn_tool_call_item_get_children (CAIRN_TOOL_CALL_ITEM (item)) : NULL;
      guint unused;

      if (!cairn_search_item_mentions (item, query) &&
          !(children != NULL && cairn_search_locate_item (children, query, 0, &unused)))
        continue;
      if (nth-- == 0)
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}
