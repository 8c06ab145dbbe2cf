/* cairn-history-index-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "history/cairn-history-cache.h"
#include "history/cairn-history-index.h"

G_BEGIN_DECLS

/* What the index's files share: the listing of a folder
 * (cairn-history-listing.c), the projects (cairn-history-projects.c) and
 * the live lists (cairn-history-index.c). */

struct _CairnHistoryIndex
{
  GObject       parent_instance;

  /* folder path → CairnHistoryCache, read and replaced from any thread */
  GMutex        lock;
  GHashTable   *caches;
  GHashTable   *saved_at;   /* folder path → gint64: when its cache file was written */

  /* cwd → Watch */
  GHashTable   *watches;
  GListStore   *projects;
  gboolean      projects_listed;
  guint         projects_generation;
  GPtrArray    *none;   /* empty */
  GCancellable *cancellable;
};

/* A conversation file as the folder's listing saw it. */
typedef struct
{
  GFile   *file;
  char    *name;
  guint64  size;
  guint64  mtime_us;
} CairnFoundFile;

typedef struct _CairnListing CairnListing;
typedef void (*CairnListingBatchFunc) (CairnListing *listing,
                                       GPtrArray    *batch,
                                       gboolean      done);

/* One listing of one folder, in a thread. */
struct _CairnListing
{
  CairnHistoryIndex     *index;
  GFile                 *folder;
  GCancellable          *cancellable;
  GPtrArray             *infos;        /* CairnConversationInfo, newest first at the end */
  GPtrArray             *unreadable;   /* GFile */
  /* batches, when a project's list is filled as it is read */
  CairnListingBatchFunc  batch_func;
  gpointer               batch_data;
  GPtrArray             *pending;
  gint64                 last_sent;
  gboolean               sent_first;
};

int        _cairn_history_compare_infos              (CairnConversationInfo  *x,
                                                      CairnConversationInfo  *y);
int        _cairn_history_newest_first               (gconstpointer           a,
                                                      gconstpointer           b);
GPtrArray *_cairn_history_find_files                 (GFile                  *folder,
                                                      GPtrArray              *unreadable,
                                                      GCancellable           *cancellable);
gboolean   _cairn_history_index_info_of              (CairnHistoryIndex      *self,
                                                      GFile                  *folder,
                                                      CairnFoundFile         *found,
                                                      CairnConversationInfo **info,
                                                      GCancellable           *cancellable,
                                                      GError                **error);
void       _cairn_listing_init                       (CairnListing           *listing,
                                                      CairnHistoryIndex      *self,
                                                      GFile                  *folder,
                                                      GCancellable           *cancellable);
void       _cairn_listing_run                        (CairnListing           *listing);
void       _cairn_listing_clear                      (CairnListing           *listing);
void       _cairn_history_task_done                  (GObject                *source,
                                                      GAsyncResult           *result,
                                                      gpointer                user_data);
void       _cairn_history_index_emit_projects_listed (CairnHistoryIndex      *self);

G_END_DECLS
