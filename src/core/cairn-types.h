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
typedef struct _CairnSession       CairnSession;
typedef struct _CairnTranscript    CairnTranscript;

typedef enum
{
  CAIRN_ITEM_KIND_USER,
  CAIRN_ITEM_KIND_ASSISTANT,
  CAIRN_ITEM_KIND_RESULT,
  CAIRN_ITEM_KIND_NOTICE,
  CAIRN_ITEM_KIND_RAW,
} CairnItemKind;

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
