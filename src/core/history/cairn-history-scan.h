/* cairn-history-scan.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the tree of a session file needs from one line, found without
 * parsing it: byte ranges into the line (length 0 when absent). */
typedef struct
{
  guint32  type_start, type_length;
  guint32  uuid_start, uuid_length;
  guint32  parent_start, parent_length;          /* parentUuid, else logicalParentUuid */
  guint32  message_id_start, message_id_length;  /* message.id: one API message */
  guint32  leaf_start, leaf_length;              /* leafUuid (last-prompt lines) */
  guint    is_sidechain : 1;
  guint    is_tool_result : 1;                   /* has sourceToolAssistantUUID */
  guint    is_meta : 1;                          /* isMeta or isCompactSummary: not typed by the user */
  guint    is_object : 1;                        /* the line is a JSON object */
} CairnLineFacts;

typedef void (*CairnScanKeyFunc) (const char *key,
                                  gsize       key_length,
                                  const char *value,
                                  const char *value_end,
                                  gpointer    data);

gboolean    cairn_history_scan_line        (const char     *line,
                                            gsize           length,
                                            CairnLineFacts *facts);
const char *cairn_history_scan_skip_string (const char     *p,
                                            const char     *end);
gboolean    cairn_history_scan_key_is      (const char       *key,
                                            gsize             length,
                                            const char       *name);
gboolean    cairn_history_scan_object      (const char       *start,
                                            const char       *end,
                                            CairnScanKeyFunc  func,
                                            gpointer          data);

G_END_DECLS
