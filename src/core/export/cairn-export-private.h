/* cairn-export-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "export/cairn-export.h"
#include "transcript/cairn-item.h"

G_BEGIN_DECLS

/* Export is one piece over several files, one concern each:
 *   cairn-export.c           the entry (a format chosen, rendered in a thread,
 *                            written atomically) and the walk over the items
 *                            that both documents share, calling each format
 *   cairn-export-read.c      the conversation as the user sees it opened
 *   cairn-export-markdown.c  the Markdown document
 *   cairn-export-html.c      the HTML document, every text escaped
 *   cairn-export-tree.c      a reply's Markdown tree as HTML
 * The formats call the shared walk and it calls them back: a circle inside
 * this one piece, as a class split over files has.
 *
 * What the formats share: the conversation as the user saw it
 * (cairn-export-read.c), and where its images go. */
typedef struct
{
  char      *title;
  char      *cwd;
  char      *session_id;
  GPtrArray *items;        /* CairnItem, the branch shown */
  /* the images folder's name beside the document, or NULL: not saved */
  const char *images_dir;
  GPtrArray *images;       /* CairnExportImage, filled while writing */
} CairnExportSource;

gboolean  _cairn_export_read     (CairnExportSource  *source,
                                  GFile              *conversation,
                                  GCancellable       *cancellable,
                                  GError            **error);
void      _cairn_export_source_clear (CairnExportSource *source);
char     *_cairn_export_add_image (CairnExportSource *source,
                                   GBytes            *data,
                                   const char        *extension);
typedef enum
{
  CAIRN_EXPORT_NOBODY,
  CAIRN_EXPORT_USER,
  CAIRN_EXPORT_CLAUDE,
} CairnExportSpeaker;

CairnExportSpeaker _cairn_export_speaker_of (CairnItem *item);
const char *_cairn_export_speaker_name  (CairnExportSpeaker speaker);
/* How a format writes a speaker's heading and each kind of item (the
 * walk picks the one for the item's kind). */
typedef void (*CairnExportItemFunc) (GString *out, CairnExportSource *source, CairnItem *item);

typedef struct
{
  void (*speaker) (GString *out, CairnExportSpeaker speaker);
  CairnExportItemFunc prompt;
  CairnExportItemFunc reply;
  CairnExportItemFunc thinking;
  CairnExportItemFunc tool_call;
  CairnExportItemFunc result;
  CairnExportItemFunc hook;
  CairnExportItemFunc changes;
  CairnExportItemFunc notice;   /* notices and raw lines */
} CairnExportWriter;

void      _cairn_export_walk     (GString                 *out,
                                  CairnExportSource       *source,
                                  GListModel              *items,
                                  const CairnExportWriter *writer);
/* What a tool call's details hold, in the order they are written. */
typedef struct
{
  char       *summary;
  const char *code;       /* (nullable): its diff, its shell command or its input */
  const char *lang;       /* of @code: "diff", "sh" or "json" */
  GListModel *children;   /* (nullable): a subagent's steps */
  const char *output;     /* (nullable): what it printed */
  const char *result;     /* (nullable): else what came of it, in words */
  gboolean    failed;
} CairnExportToolParts;

void      _cairn_export_tool_parts (CairnItem            *call,
                                    CairnExportToolParts *parts);
char     *_cairn_export_thinking_summary (CairnItem     *thinking);
char     *_cairn_export_about     (CairnExportSource  *source);
GString  *_cairn_export_markdown (CairnExportSource  *source);
GString  *_cairn_export_html     (CairnExportSource  *source);
void      _cairn_export_html_markdown (GString    *out,
                                       const char *markdown);
void      _cairn_export_html_escape   (GString    *out,
                                       const char *text);

G_END_DECLS
