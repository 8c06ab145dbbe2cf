/* cairn-usage-file.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CAIRN_USAGE_ENTRY_SIDECHAIN 1

/* One API request's usage. */
typedef struct
{
  gint64  time_us;
  guint64 key;          /* message.id with requestId, hashed; 0 when either is missing */
  guint32 input;
  guint32 output;
  guint32 cache_write;
  guint32 cache_write_1h;
  guint32 cache_read;
  guint32 model;        /* an index: the file's models, or the whole history's */
  guint32 session;      /* an index: the file's sessions, or the whole history's */
  guint32 flags;        /* CAIRN_USAGE_ENTRY_SIDECHAIN; in CairnUsageData, its file's place << 1 */
  double  cost_usd;     /* the line's costUSD, or < 0; in CairnUsageData the cost, or NAN */
} CairnUsageEntry;

/* What one session file holds of usage, read up to the end of its last
 * whole line (read_to); a file that grew is read on from there. */
typedef struct
{
  char      *path;
  guint64    size;
  guint64    mtime_us;
  guint64    read_to;
  guint64    tail_hash;   /* of the bytes just before read_to: the file was not rewritten */
  GPtrArray *models;      /* char * */
  GPtrArray *sessions;    /* char *: sessionId */
  GPtrArray *cwds;        /* char *: each session's cwd, "" when unknown */
  GArray    *entries;     /* CairnUsageEntry */
  guint      bad_lines;
  guint      synthetic;
} CairnUsageFile;

CairnUsageFile *cairn_usage_file_new        (const char      *path);
CairnUsageFile *cairn_usage_file_copy       (CairnUsageFile  *file);
void            cairn_usage_file_free       (CairnUsageFile  *file);
gboolean        cairn_usage_file_read       (CairnUsageFile  *file,
                                             GError         **error);
void            cairn_usage_file_take_bytes (CairnUsageFile  *file,
                                             const char      *bytes,
                                             gsize            length);
gboolean        cairn_usage_file_tail_holds (CairnUsageFile  *file);
guint64         cairn_usage_tail_hash       (const char      *bytes,
                                             gsize            length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnUsageFile, cairn_usage_file_free)

G_END_DECLS
