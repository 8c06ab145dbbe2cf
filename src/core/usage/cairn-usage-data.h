/* cairn-usage-data.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "usage/cairn-usage-file.h"

G_BEGIN_DECLS

typedef struct
{
  char *id;        /* sessionId */
  char *project;   /* the project folder's name under projects/ */
  char *cwd;       /* the folder it ran in, from its lines; "" when unknown */
} CairnUsageSession;

/* Every API request of a history, each once, in time order. */
typedef struct
{
  GArray    *entries;           /* CairnUsageEntry: global indices, cost_usd the cost or NAN */
  GPtrArray *models;            /* char * */
  GPtrArray *sessions;          /* CairnUsageSession */
  guint      files;
  guint      unreadable_files;  /* could not be opened or read */
  guint      bad_lines;         /* a reply's usage damaged, negative, huge or undated */
  guint      duplicates;        /* the same request again (another file, branch, sidechain) */
  guint      synthetic;         /* replies the CLI made up: no request */
  guint      future;            /* dated after the scan (clock skew) */
  guint      unpriced;          /* requests of a model the pricing table doesn't know */
  guint      files_read;        /* read (or read on) rather than taken from the index */
} CairnUsageData;

typedef struct
{
  const char *only_project;   /* a project folder's name, or NULL for all */
  gboolean    use_index;      /* read and update the index under $XDG_CACHE_HOME/cairn/ */
  const char *index_path;     /* NULL: the default one */
  gint64      now_us;         /* 0: the real clock (a test moves it on) */
} CairnUsageLoadOptions;

CairnUsageData *cairn_usage_data_load       (GFile                       *projects,
                                             const CairnUsageLoadOptions *options,
                                             GCancellable                *cancellable);
CairnUsageData *cairn_usage_data_new        (void);
void            cairn_usage_data_free       (CairnUsageData              *data);
void            cairn_usage_data_load_async (GFile                       *projects,
                                             const char                  *only_project,
                                             GCancellable                *cancellable,
                                             GAsyncReadyCallback          callback,
                                             gpointer                     user_data);
CairnUsageData *cairn_usage_data_load_finish (GAsyncResult               *result,
                                              GError                    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnUsageData, cairn_usage_data_free)

G_END_DECLS
