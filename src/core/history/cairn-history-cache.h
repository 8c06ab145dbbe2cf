/* cairn-history-cache.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "history/cairn-conversation-info.h"

G_BEGIN_DECLS

/* What the list of one project folder showed last time, kept across runs
 * under $XDG_CACHE_HOME/cairn/ and trusted per file only while the file's
 * size and modification time are those it was read at. */
typedef struct _CairnHistoryCache CairnHistoryCache;

CairnHistoryCache *cairn_history_cache_new        (GFile             *folder);
CairnHistoryCache *cairn_history_cache_load       (GFile             *folder);
CairnHistoryCache *cairn_history_cache_parse      (GFile             *folder,
                                                   GBytes            *bytes);
void               cairn_history_cache_free       (CairnHistoryCache *self);
gboolean           cairn_history_cache_lookup     (CairnHistoryCache      *self,
                                                   const char             *name,
                                                   guint64                 size,
                                                   guint64                 mtime_us,
                                                   CairnConversationInfo **info);
void               cairn_history_cache_add        (CairnHistoryCache     *self,
                                                   const char            *name,
                                                   guint64                size,
                                                   guint64                mtime_us,
                                                   CairnConversationInfo *info);
void               cairn_history_cache_remove     (CairnHistoryCache     *self,
                                                   const char            *name);
gboolean           cairn_history_cache_same       (CairnHistoryCache     *self,
                                                   CairnHistoryCache     *other);
GPtrArray         *cairn_history_cache_get_infos  (CairnHistoryCache     *self);
guint              cairn_history_cache_get_n      (CairnHistoryCache     *self);
GBytes            *cairn_history_cache_serialize  (CairnHistoryCache     *self);
gboolean           cairn_history_cache_save       (CairnHistoryCache     *self,
                                                   GError               **error);
GFile             *cairn_history_cache_file       (GFile                 *folder);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnHistoryCache, cairn_history_cache_free)

G_END_DECLS
