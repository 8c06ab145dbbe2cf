/* cairn-types.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CairnCliConnection CairnCliConnection;
typedef struct _CairnItem          CairnItem;
typedef struct _CairnMessage       CairnMessage;
typedef struct _CairnPermissionRequest CairnPermissionRequest;
typedef struct _CairnSession       CairnSession;
typedef struct _CairnTranscript    CairnTranscript;

/* Claude Code's permission modes. The nicks are the CLI's words (on the
 * command line, in set_permission_mode and init) and the values of the
 * default-permission-mode setting. */
typedef enum
{
  CAIRN_PERMISSION_MODE_DEFAULT,      /*< nick=default >*/
  CAIRN_PERMISSION_MODE_ACCEPT_EDITS, /*< nick=acceptEdits >*/
  CAIRN_PERMISSION_MODE_PLAN,         /*< nick=plan >*/
  CAIRN_PERMISSION_MODE_BYPASS,       /*< nick=bypassPermissions >*/
  CAIRN_PERMISSION_MODE_DONT_ASK,     /*< nick=dontAsk >*/
} CairnPermissionMode;

const char *cairn_permission_mode_to_nick   (CairnPermissionMode  mode);
gboolean    cairn_permission_mode_from_nick (const char          *nick,
                                             CairnPermissionMode *mode);
const char *cairn_permission_mode_get_label (CairnPermissionMode  mode);

typedef enum
{
  CAIRN_ITEM_KIND_USER,
  CAIRN_ITEM_KIND_ASSISTANT,
  CAIRN_ITEM_KIND_THINKING,
  CAIRN_ITEM_KIND_TOOL_CALL,
  CAIRN_ITEM_KIND_RESULT,
  CAIRN_ITEM_KIND_NOTICE,
  CAIRN_ITEM_KIND_HOOK,      /* a settings hook the CLI ran (CairnHookItem) */
  CAIRN_ITEM_KIND_CHANGES,   /* files left uncommitted at a turn's end (CairnChangesItem) */
  CAIRN_ITEM_KIND_RAW,       /* the last kind: CairnRowCache sizes its tables by it */
} CairnItemKind;

/* How a tool call is shown: tools are grouped by what they do. */
typedef enum
{
  CAIRN_TOOL_KIND_GENERIC,
  CAIRN_TOOL_KIND_EDIT,
  CAIRN_TOOL_KIND_READ,
  CAIRN_TOOL_KIND_SEARCH,
  CAIRN_TOOL_KIND_SHELL,
  CAIRN_TOOL_KIND_WEB,
  CAIRN_TOOL_KIND_AGENT,
  CAIRN_TOOL_KIND_TODO,
} CairnToolKind;

typedef enum
{
  CAIRN_TOOL_STATUS_RUNNING,
  CAIRN_TOOL_STATUS_DONE,
  CAIRN_TOOL_STATUS_ERROR,
  CAIRN_TOOL_STATUS_NOT_RUN,
  CAIRN_TOOL_STATUS_REFUSED,   /* not allowed: a rule, the mode or the user said no */
  CAIRN_TOOL_STATUS_STOPPED,   /* the user stopped it while it ran (a background task) */
} CairnToolStatus;

typedef enum
{
  CAIRN_PERMISSION_KIND_TOOL,
  CAIRN_PERMISSION_KIND_PLAN,
  CAIRN_PERMISSION_KIND_QUESTION,
} CairnPermissionKind;

typedef enum
{
  CAIRN_PERMISSION_PENDING,
  CAIRN_PERMISSION_ALLOWED,
  CAIRN_PERMISSION_DENIED,
  CAIRN_PERMISSION_CANCELLED,
  CAIRN_PERMISSION_EXPIRED,
} CairnPermissionState;

/* The four answers to ExitPlanMode users know from the CLI. */
typedef enum
{
  CAIRN_PLAN_CLEAR_AND_ACCEPT_EDITS,
  CAIRN_PLAN_ACCEPT_EDITS,
  CAIRN_PLAN_REVIEW_EDITS,
  CAIRN_PLAN_KEEP_PLANNING,
} CairnPlanChoice;

typedef enum
{
  CAIRN_TODO_PENDING,
  CAIRN_TODO_IN_PROGRESS,
  CAIRN_TODO_DONE,
} CairnTodoStatus;

typedef enum
{
  CAIRN_SESSION_STATE_IDLE,
  CAIRN_SESSION_STATE_STARTING,
  CAIRN_SESSION_STATE_RUNNING,
  CAIRN_SESSION_STATE_INTERRUPTING,
  CAIRN_SESSION_STATE_EXITED,
} CairnSessionState;

typedef enum
{
  CAIRN_NOTICE_INFO,
  CAIRN_NOTICE_WARNING,
  CAIRN_NOTICE_ERROR,
} CairnNoticeSeverity;

G_END_DECLS
