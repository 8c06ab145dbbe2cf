/* cairn-session-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "protocol/cairn-cli-connection.h"
#include "protocol/cairn-protocol-log.h"
#include "session/cairn-session.h"
#include "transcript/cairn-changes-item.h"
#include "session/cairn-trust-gate.h"
#include "transcript/cairn-result-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-transcript-builder.h"

G_BEGIN_DECLS

typedef struct _CairnHistoryGate CairnHistoryGate;
typedef struct _CairnHistoryTail CairnHistoryTail;

/* CairnSession is one class over several files, one concern each:
 *   cairn-session.c            the GObject: properties, getters, mode, model
 *   cairn-session-process.c    the CLI process: start, attach, pending turns,
 *                              exit, interrupt, suspend, restart, close
 *   cairn-session-send.c       prompts (and Retry), control requests
 *   cairn-session-log.c        the protocol log (--debug-dir)
 *   cairn-session-messages.c   the CLI's lines, into the transcript
 *   cairn-session-commands.c   when a turn is over (command lifecycles)
 *   cairn-session-approvals.c  permission requests, each answered once
 *   cairn-session-hooks.c      hook runs, and Cairn's own hooks
 *   cairn-session-trust.c      the trust gate every start goes through
 *   cairn-session-watchdog.c   a turn the CLI is silent in
 *   cairn-session-history.c    a conversation opened from its file, its
 *                              end first
 *   cairn-session-follow.c     a conversation another process holds (the
 *                              terminal pane's CLI): what it appends, read
 *   cairn-session-prompts.c    a prompt's line in that file
 *   cairn-session-rewind.c     restoring files
 *   cairn-session-branch.c     edited prompts and branches
 *   cairn-session-context.c, -mcp.c, -tasks.c, -usage.c
 *                              the context window, MCP servers, background
 *                              tasks, cost per model
 */

/* How long the CLI gets to end a turn after an interrupt before Cairn stops
 * the process itself (a hung CLI must not leave the turn open forever). */
#define CAIRN_SESSION_INTERRUPT_GRACE_MS 5000
/* How long a turn's CLI may print nothing before the window offers Stop
 * and Restart (cairn-session-watchdog.c). */
#define CAIRN_SESSION_STALL_TIMEOUT_MS   60000

struct _CairnSession
{
  GObject             parent_instance;

  char               *cwd;
  char               *cli_path;
  /* Turns the CLI's lines into the transcript, the cards and the task list. */
  CairnTranscriptBuilder *builder;
  CairnCliConnection *connection;

  CairnSessionState   state;
  /* What Retry sends again, and the failed result it would retry. */
  char               *last_prompt;
  GPtrArray          *last_images;     /* CairnAttachment, nullable */
  CairnResultItem    *retry_item;
  /* the last turn failed or was lost, and nothing was sent since */
  gboolean            can_retry;
  char               *session_id;
  char               *model;
  char               *permission_mode;
  /* init.effort (CLI 2.1.330): "low" … "max", NULL when not set */
  char               *effort;
  /* --permission-mode for the next process this session starts */
  char               *start_mode;
  /* --model for it: the model a conversation opened from history used */
  char               *start_model;
  GStrv               commands;

  /* Prompts sent whose `result` has not come yet (the CLI queues them). */
  guint               pending_turns;
  gint64              last_activity;   /* monotonic µs */
  /* the next process resumes at this message (--resume-session-at), and
   * as a copy (--fork-session): a branch; both used once */
  char               *resume_at;
  gboolean            fork_next;
  /* the next prompt is a new version of an edited one: the message they
   * answer, and how many versions there were before it */
  char               *next_branch_parent;
  guint               next_branch_index;
  /* total_cost_usd in `result` adds up over the process's life. */
  double              process_cost_usd;
  guint               interrupt_timeout;

  gint64              context_used;
  gint64              context_window;
  double              cost_usd;
  GStrv               model_values;
  GStrv               model_labels;

  CairnProtocolLog   *protocol_log;
  CairnAttachmentStore *attachment_store;
  GListStore         *pending_requests;
  /* CairnBackgroundTask: what the CLI runs in the background now */
  GListStore         *background_tasks;
  /* CairnModelUsage for the conversation; and per model, what the current
   * process's results said so far (cairn-session-usage.c) */
  GListStore         *model_usage;
  GHashTable         *process_models;
  CairnRateLimits     rate_limits;
  /* CairnMcpServer; init's skipped entries, kept for mcp_status answers;
   * whether the notice of failed servers was shown (once per session) */
  GListStore         *mcp_servers;
  /* uuids of prompts sent and not finished (cairn-session-commands.c);
   * whether this process tells command lifecycles */
  GHashTable         *unfinished_commands;
  gboolean            lifecycle_seen;
  JsonArray          *mcp_skipped;
  gboolean            mcp_notice_shown;
  GListStore         *allow_rules;
  guint               logged_items;

  /* A conversation opened from its file: the file, and while another
   * Claude Code process has it open, that process and a watch on the file
   * that shows what it appends. */
  GFile              *history_file;
  /* the rest of a conversation being opened waits while the page holds it,
   * and its last screen until the page has drawn a frame */
  CairnHistoryGate   *history_gate;
  gboolean            history_screen_held;
  CairnHistoryTail   *history_tail;
  GPid                running_elsewhere;
  /* the check for that before a resume, and what waits for its answer
   * (cairn-session-elsewhere.c) */
  GCancellable       *elsewhere_check;
  GQueue             *elsewhere_held;
  /* the processes this session started: never "elsewhere", even while
   * one is still ending */
  GArray             *own_pids;
  GFileMonitor       *follow_monitor;
  guint               follow_source;
  GCancellable       *following;
  /* what is appended, read from tail_offset on (cairn-session-follow.c) */
  GFile              *tail_file;
  goffset             tail_offset;
  /* where following starts: the end of the open's read, or -1 for where
   * the file ends then */
  goffset             follow_from;
  struct _CairnHistoryReplay *tail_replay;
  gboolean            tail_reading;
  gboolean            tail_again;
  gboolean            tail_closing;
  /* Claude Code in Cairn's terminal pane has the conversation */
  gboolean            held_by_terminal;

  /* the watchdog: silence while a turn waits for the CLI */
  guint               stall_source;
  guint               stall_timeout_ms;
  gint64              last_life;       /* monotonic µs: the CLI's last sign of life */

  /* hooks (cairn-session-hooks.c): Supervised asks for every change; the
   * settings hooks' runs that have not ended (hook_id -> CairnHookItem);
   * the Stop hook's git check under way, and the files it showed last */
  gboolean            supervised;
  GHashTable         *hook_runs;
  GCancellable       *git_check;
  CairnChangesItem   *last_changes;
  /* the folder's settings as this process read them, to name the command
   * of each hook run (the CLI's lines don't), and that read under way */
  CairnTrustReport   *folder_hooks;
  GCancellable       *folder_hooks_read;
  /* every process start goes through it (cairn-session-trust.c) */
  CairnTrustGate     *trust_gate;

  guint               closing : 1;
  guint               restart_when_idle : 1;
  guint               stalled : 1;
};

/* cairn-session-history.c */
CairnHistoryGate *_cairn_history_gate_new   (void);
void              _cairn_history_gate_unref (CairnHistoryGate *gate);
void              _cairn_session_drop_history_tail (CairnSession *self);

void _cairn_session_handle_message   (CairnSession       *self,
                                      CairnMessage       *message);
void _cairn_session_expire_settled_permissions (CairnSession *self,
                                                gboolean      turn_ended);
void _cairn_session_set_can_retry    (CairnSession       *self,
                                      gboolean            can_retry);
void _cairn_session_append_notice    (CairnSession       *self,
                                      CairnNoticeSeverity severity,
                                      const char         *title,
                                      const char         *body);
void _cairn_session_set_context      (CairnSession       *self,
                                      gint64              used,
                                      gint64              window);
void _cairn_session_request_permission (CairnSession     *self,
                                        JsonObject       *control_request);
void _cairn_session_cancel_permission  (CairnSession     *self,
                                        const char       *request_id);
void _cairn_session_expire_permissions (CairnSession     *self);
void _cairn_session_restart_fresh      (CairnSession        *self,
                                        CairnPermissionMode  mode);
void _cairn_session_restart_if_idle    (CairnSession     *self);
void _cairn_session_log_items        (CairnSession       *self);
void _cairn_session_deliver          (CairnSession       *self,
                                      JsonObject         *message);
/* cairn-session-trust.c */
void _cairn_session_hold_for_trust   (CairnSession       *self,
                                      JsonObject         *message);
void _cairn_session_add_cost         (CairnSession       *self,
                                      double              cost);
void _cairn_session_start_following (CairnSession       *self);
void _cairn_session_set_running_elsewhere (CairnSession  *self,
                                           GPid           pid);
void _cairn_session_stop_following  (CairnSession       *self);
/* cairn-session-elsewhere.c */
typedef void (*CairnSessionGo) (CairnSession *self,
                                gpointer      data);
void _cairn_session_when_not_elsewhere (CairnSession   *self,
                                        CairnSessionGo  go,
                                        gpointer        data,
                                        GDestroyNotify  free_data);
gboolean _cairn_session_get_holding_for_elsewhere (CairnSession *self);
gboolean _cairn_session_drop_elsewhere_check (CairnSession *self);
void _cairn_session_set_state        (CairnSession       *self,
                                      CairnSessionState   state);
void _cairn_session_set_string       (CairnSession       *self,
                                      char              **field,
                                      const char         *value,
                                      guint               prop_id);
void _cairn_session_turn_finished    (CairnSession       *self);
CairnCliConnection *_cairn_session_get_connection (CairnSession *self);
void _cairn_session_attach_connection (CairnSession       *self,
                                       CairnCliConnection *connection);
void _cairn_session_notify           (CairnSession       *self,
                                      guint               prop_id);
void _cairn_session_watch            (CairnSession       *self);
/* cairn-session-process.c */
void _cairn_session_set_pending_turns (CairnSession      *self,
                                       guint              pending);
void _cairn_session_drop_connection  (CairnSession       *self);
gboolean _cairn_session_start_process (CairnSession      *self);
/* cairn-session-log.c */
void _cairn_session_log_connection   (CairnSession       *self);
void _cairn_session_stop_watching    (CairnSession       *self);

enum {
  CAIRN_SESSION_PROP_0,
  CAIRN_SESSION_PROP_CWD,
  CAIRN_SESSION_PROP_CLI_PATH,
  CAIRN_SESSION_PROP_TRANSCRIPT,
  CAIRN_SESSION_PROP_STATE,
  CAIRN_SESSION_PROP_BUSY,
  CAIRN_SESSION_PROP_SESSION_ID,
  CAIRN_SESSION_PROP_MODEL,
  CAIRN_SESSION_PROP_PERMISSION_MODE,
  CAIRN_SESSION_PROP_TODOS,
  CAIRN_SESSION_PROP_CONTEXT_USED,
  CAIRN_SESSION_PROP_CONTEXT_WINDOW,
  CAIRN_SESSION_PROP_COST_USD,
  CAIRN_SESSION_PROP_COMMANDS,
  CAIRN_SESSION_PROP_MODEL_VALUES,
  CAIRN_SESSION_PROP_RUNNING_ELSEWHERE,
  CAIRN_SESSION_PROP_STALLED,
  CAIRN_SESSION_PROP_RATE_LIMITS,
  CAIRN_SESSION_PROP_EFFORT,
  CAIRN_SESSION_PROP_CAN_RETRY,
  CAIRN_SESSION_PROP_SUPERVISED,
  CAIRN_SESSION_N_PROPS
};

void     _cairn_session_send_control          (CairnSession *self,
                                               JsonObject   *request,
                                               const char   *failure);
/* What a control request's answer goes to: @reply, or NULL and @error. */
typedef void (*CairnSessionAnswer) (CairnSession *self,
                                    JsonObject   *reply,
                                    const GError *error);
void     _cairn_session_ask                   (CairnSession       *self,
                                               JsonObject         *request,
                                               CairnSessionAnswer  answer);
void     _cairn_session_set_background_tasks  (CairnSession *self,
                                               JsonArray    *tasks);
void     _cairn_session_tally_models          (CairnSession *self,
                                               JsonObject   *model_usage);
void     _cairn_session_take_rate_limits      (CairnSession *self,
                                               JsonObject   *info);
char    *_cairn_session_describe_limit_reset  (CairnSession *self);
JsonObject *_cairn_session_hooks_for_initialize (void);
void     _cairn_session_answer_hook_callback  (CairnSession *self,
                                               const char   *request_id,
                                               JsonObject   *request);
gboolean _cairn_session_handle_hook_line      (CairnSession *self,
                                               const char   *subtype,
                                               JsonObject   *object);
gboolean _cairn_session_tool_is_read_only     (const char   *tool_name);
void     _cairn_session_clear_hooks           (CairnSession *self);
void     _cairn_session_forget_hook_commands  (CairnSession *self);
void     _cairn_session_take_init_mcp         (CairnSession *self,
                                               JsonObject   *init);
void     _cairn_session_stamp_command         (CairnSession *self,
                                               JsonObject   *message);
void     _cairn_session_forget_commands       (CairnSession *self);
void     _cairn_session_take_lifecycle        (CairnSession *self,
                                               JsonObject   *line);
gboolean _cairn_session_results_count_turns   (CairnSession *self);
void     _cairn_session_take_reset            (CairnSession *self,
                                               JsonObject   *line);
void     _cairn_session_send_interrupt        (CairnSession *self);
void     _cairn_session_all_turns_done        (CairnSession *self);
void     _cairn_session_ask_effort            (CairnSession *self);


/* A prompt's line in the session file (cairn-session-prompts.c). */
typedef struct
{
  char *uuid;
  char *parent_uuid;   /* NULL for the conversation's first message */
  guint n_siblings;    /* with count_siblings: prompts answering parent_uuid */
} CairnPromptLine;

void             _cairn_prompt_line_free           (CairnPromptLine     *line);
void             _cairn_session_find_prompt_async  (CairnSession        *self,
                                                    CairnTextItem       *prompt,
                                                    gboolean             count_siblings,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
CairnPromptLine *_cairn_session_find_prompt_finish (CairnSession        *self,
                                                    GAsyncResult        *result,
                                                    GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnPromptLine, _cairn_prompt_line_free)

GFile   *_cairn_session_dup_file              (CairnSession        *self);
void     _cairn_session_show_branch_async     (CairnSession        *self,
                                               const char          *parent,
                                               guint                index,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
gboolean _cairn_session_show_branch_finish    (CairnSession        *self,
                                               GAsyncResult        *result,
                                               GError             **error);

G_END_DECLS
