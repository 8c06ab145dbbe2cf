/* cairn-history-lines.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  CAIRN_LINE_INVALID,    /* not a JSON object (cut mid-write, damaged) */
  CAIRN_LINE_USER,
  CAIRN_LINE_ASSISTANT,
  CAIRN_LINE_SYSTEM,
  CAIRN_LINE_OTHER,      /* metadata, or a type Cairn doesn't know */
} CairnLineKind;

/* One line of a session file, as the first pass over it found it. */
typedef struct
{
  gint64         offset;
  guint32        length;
  CairnLineKind  kind;
  guint          is_sidechain : 1;
  guint          is_tool_result : 1;
  guint          is_meta : 1;
  const char    *uuid;     /* NULL, or in the index's string chunk */
  const char    *parent;
  const char    *message_id;   /* the API message an assistant line is a block of */
} CairnHistoryLine;

typedef struct _CairnHistoryLines CairnHistoryLines;

CairnHistoryLines      *cairn_history_lines_read   (GInputStream      *stream,
                                                    GCancellable      *cancellable,
                                                    GError           **error);
CairnHistoryLines      *cairn_history_lines_read_tail (GFileInputStream *stream,
                                                       gsize             size,
                                                       gboolean         *whole,
                                                       GCancellable     *cancellable,
                                                       GError          **error);
CairnHistoryLines      *cairn_history_lines_new    (void);
void                    cairn_history_lines_add    (CairnHistoryLines *self,
                                                    gint64             offset,
                                                    const char        *line,
                                                    gsize              length);
guint                   cairn_history_lines_get_n  (CairnHistoryLines *self);
gint64                  cairn_history_lines_get_end (CairnHistoryLines *self);
const CairnHistoryLine *cairn_history_lines_get    (CairnHistoryLines *self,
                                                    guint              index);
GArray                 *cairn_history_lines_shown  (CairnHistoryLines *self);
GArray                 *cairn_history_lines_shown_to (CairnHistoryLines *self,
                                                      guint              leaf);
guint                   cairn_history_lines_newest_under (CairnHistoryLines *self,
                                                          guint              index);
void                    cairn_history_lines_free   (CairnHistoryLines *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnHistoryLines, cairn_history_lines_free)

G_END_DECLS
