/* cairn-session.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "approvals/cairn-allow-rule.h"
#include "attachments/cairn-attachment-store.h"
#include "session/cairn-trust-gate.h"
#include "approvals/cairn-permission-request.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-transcript.h"
#include "cairn-types.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_SESSION (cairn_session_get_type())

G_DECLARE_FINAL_TYPE (CairnSession, cairn_session, CAIRN, SESSION, GObject)

/* One line of the context breakdown: "System tools", 7044 tokens; @kind
 * is the CLI's ("used", "deferred", "buffer", "free"), nullable. */
typedef struct
{
  char   *name;
  char   *kind;
  gint64  tokens;
} CairnContextCategory;

typedef struct
{
  GPtrArray *categories;   /* CairnContextCategory */
  gint64     total_tokens;
  gint64     max_tokens;
} CairnContextUsage;

/* The plan's usage limits, from rate_limit_event (subscription sign-in
 * only: API keys get none). */
typedef enum
{
  CAIRN_LIMIT_UNKNOWN,
  CAIRN_LIMIT_ALLOWED,
  CAIRN_LIMIT_WARNING,    /* past a warning threshold */
  CAIRN_LIMIT_REJECTED,   /* at the limit: turns are refused until it resets */
} CairnLimitStatus;

typedef struct
{
  CairnLimitStatus status;
  double           utilization;   /* the fraction used; < 0 when not said */
  gint64           resets_at;     /* unix seconds; 0 when not said */
} CairnLimitWindow;

typedef struct
{
  CairnLimitStatus status;        /* of the window that limits now */
  gint64           resets_at;     /* when that window resets; 0 when not said */
  CairnLimitWindow five_hour;
  CairnLimitWindow seven_day;
} CairnRateLimits;

/* What rewind_files changed, or would change (a dry run). */
typedef struct
{
  char   **files_changed;
  gint64   insertions;
  gint64   deletions;
} CairnRewindResult;

void                cairn_rewind_result_free          (CairnRewindResult    *result);
void                cairn_context_category_free       (CairnContextCategory *category);
void                cairn_context_usage_free          (CairnContextUsage    *usage);

CairnSession       *cairn_session_new                 (const char   *cwd,
                                                       const char   *cli_path);
CairnTranscript    *cairn_session_get_transcript      (CairnSession *self);
CairnSessionState   cairn_session_get_state           (CairnSession *self);
gboolean            cairn_session_get_busy            (CairnSession *self);
const char         *cairn_session_get_session_id      (CairnSession *self);
const char         *cairn_session_get_model           (CairnSession *self);
const char         *cairn_session_get_permission_mode (CairnSession *self);
const char         *cairn_session_get_effort          (CairnSession *self);
const char         *cairn_session_get_cwd             (CairnSession *self);
const char * const *cairn_session_get_commands        (CairnSession *self);
GListModel         *cairn_session_get_todos           (CairnSession *self);
GListModel         *cairn_session_get_background_tasks (CairnSession *self);
GListModel         *cairn_session_get_model_usage     (CairnSession *self);
const CairnRateLimits *cairn_session_get_rate_limits  (CairnSession *self);
GListModel         *cairn_session_get_mcp_servers     (CairnSession *self);
void                cairn_session_refresh_mcp_servers (CairnSession *self);
void                cairn_session_set_mcp_enabled     (CairnSession *self,
                                                       const char   *name,
                                                       gboolean      enabled);
void                cairn_session_reconnect_mcp       (CairnSession *self,
                                                       const char   *name);
void                cairn_session_get_context_usage_async  (CairnSession        *self,
                                                            GCancellable        *cancellable,
                                                            GAsyncReadyCallback  callback,
                                                            gpointer             user_data);
CairnContextUsage  *cairn_session_get_context_usage_finish (CairnSession        *self,
                                                            GAsyncResult        *result,
                                                            GError             **error);
void                cairn_session_stop_task           (CairnSession *self,
                                                       const char   *task_id);
gint64              cairn_session_get_context_used    (CairnSession *self);
gint64              cairn_session_get_context_window  (CairnSession *self);
double              cairn_session_get_cost_usd        (CairnSession *self);
const char * const *cairn_session_get_model_values    (CairnSession *self);
const char * const *cairn_session_get_model_labels    (CairnSession *self);
gboolean            cairn_session_start               (CairnSession *self);
gboolean            cairn_session_set_debug_dir       (CairnSession *self,
                                                       const char   *dir,
                                                       GError      **error);
void                cairn_session_set_start_mode      (CairnSession *self,
                                                       CairnPermissionMode mode);
void                cairn_session_set_model           (CairnSession *self,
                                                       const char   *model);
void                cairn_session_send_prompt         (CairnSession *self,
                                                       const char   *text);
void                cairn_session_retry               (CairnSession           *self);
void                cairn_session_send_prompt_with_images (CairnSession *self,
                                                           const char   *text,
                                                           GPtrArray    *saved_images);
CairnAttachmentStore *cairn_session_get_attachment_store (CairnSession *self);
CairnTrustGate       *cairn_session_get_trust_gate       (CairnSession *self);
void                cairn_session_allow               (CairnSession           *self,
                                                       CairnPermissionRequest *request,
                                                       JsonObject             *updated_input,
                                                       JsonArray              *updated_permissions);
void                cairn_session_allow_always        (CairnSession           *self,
                                                       CairnPermissionRequest *request);
void                cairn_session_allow_suggestion    (CairnSession           *self,
                                                       CairnPermissionRequest *request,
                                                       guint                   index);
void                cairn_session_deny                (CairnSession           *self,
                                                       CairnPermissionRequest *request,
                                                       const char             *message,
                                                       gboolean                interrupt);
void                cairn_session_answer_questions    (CairnSession           *self,
                                                       CairnPermissionRequest *request,
                                                       GHashTable             *answers);
void                cairn_session_answer_plan         (CairnSession           *self,
                                                       CairnPermissionRequest *request,
                                                       CairnPlanChoice         choice,
                                                       const char             *plan,
                                                       const char             *feedback);
GListModel         *cairn_session_get_pending_requests (CairnSession          *self);
CairnPermissionRequest *cairn_session_find_request    (CairnSession           *self,
                                                       const char             *request_id);
GListModel         *cairn_session_get_allow_rules     (CairnSession           *self);
void                cairn_session_revoke_rule         (CairnSession           *self,
                                                       CairnAllowRule         *rule);
void                cairn_session_set_permission_mode (CairnSession           *self,
                                                       CairnPermissionMode     mode);
CairnPermissionMode cairn_session_get_permission_mode_value (CairnSession     *self);
gboolean            cairn_session_get_bypass_available (CairnSession          *self);
void                cairn_session_open_conversation_async  (CairnSession        *self,
                                                            GFile               *file,
                                                            GCancellable        *cancellable,
                                                            GAsyncReadyCallback  callback,
                                                            gpointer             user_data);
gboolean            cairn_session_open_conversation_finish (CairnSession        *self,
                                                            GAsyncResult        *result,
                                                            GError             **error);
void                cairn_session_hold_history        (CairnSession *self);
void                cairn_session_show_history        (CairnSession *self);
void                cairn_session_release_history     (CairnSession *self);
void                cairn_session_resume_conversation (CairnSession *self,
                                                       const char   *session_id,
                                                       const char   *model,
                                                       const char   *mode);
gboolean            cairn_session_get_running_elsewhere (CairnSession *self);
gboolean            cairn_session_hand_to_terminal    (CairnSession *self);
void                cairn_session_take_back           (CairnSession *self);
gboolean            cairn_session_get_held_by_terminal (CairnSession *self);
gboolean            cairn_session_get_can_retry       (CairnSession *self);
gboolean            cairn_session_get_supervised      (CairnSession *self);
void                cairn_session_set_supervised      (CairnSession *self,
                                                       gboolean      supervised);
gboolean            cairn_session_get_stalled         (CairnSession *self);
void                cairn_session_set_stall_timeout   (CairnSession *self,
                                                       guint         timeout_ms);
void                cairn_session_restart             (CairnSession *self);
gboolean            cairn_session_suspend             (CairnSession *self);
void                cairn_session_rewind_files_async  (CairnSession        *self,
                                                       CairnTextItem       *prompt,
                                                       gboolean             dry_run,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
CairnRewindResult  *cairn_session_rewind_files_finish (CairnSession        *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
void                cairn_session_edit_prompt_async   (CairnSession        *self,
                                                       CairnTextItem       *prompt,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void                cairn_session_branch_async        (CairnSession        *self,
                                                       CairnTextItem       *prompt,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
CairnSession       *cairn_session_branch_finish       (CairnSession        *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
void                cairn_session_switch_branch_async (CairnSession        *self,
                                                       CairnTextItem       *prompt,
                                                       int                  step,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            cairn_session_switch_branch_finish (CairnSession       *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
gboolean            cairn_session_get_has_process     (CairnSession *self);
gint64              cairn_session_get_last_activity   (CairnSession *self);
void                cairn_session_interrupt           (CairnSession *self);
void                cairn_session_close               (CairnSession *self);
void                cairn_session_close_async         (CairnSession        *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            cairn_session_close_finish        (CairnSession        *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
void                cairn_session_trash_async         (CairnSession        *self,
                                                       GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            cairn_session_trash_finish        (GAsyncResult        *result,
                                                       GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnContextUsage, cairn_context_usage_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnRewindResult, cairn_rewind_result_free)

G_END_DECLS
