/* cairn-session-set.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_SESSION_SET (cairn_session_set_get_type())

G_DECLARE_FINAL_TYPE (CairnSessionSet, cairn_session_set, CAIRN, SESSION_SET, GObject)

CairnSessionSet *cairn_session_set_new              (void);
void             cairn_session_set_add              (CairnSessionSet *self,
                                                     CairnSession    *session);
void             cairn_session_set_remove           (CairnSessionSet *self,
                                                     CairnSession    *session);
CairnSession    *cairn_session_set_lookup           (CairnSessionSet *self,
                                                     const char      *session_id);
gboolean         cairn_session_set_answer_request   (CairnSessionSet *self,
                                                     const char      *request_id,
                                                     gboolean         allow);
guint            cairn_session_set_get_n_processes  (CairnSessionSet *self);
void             cairn_session_set_set_max_processes (CairnSessionSet *self,
                                                     guint            max_processes);
void             cairn_session_set_set_idle_timeout (CairnSessionSet *self,
                                                     guint            timeout_ms);
void             cairn_session_set_close_all        (CairnSessionSet *self);
void             cairn_session_set_close_all_async  (CairnSessionSet     *self,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
gboolean         cairn_session_set_close_all_finish (CairnSessionSet     *self,
                                                     GAsyncResult        *result,
                                                     GError             **error);

G_END_DECLS
