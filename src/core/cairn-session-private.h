/* cairn-session-private.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "cairn-cli-connection.h"
#include "cairn-session.h"
#include "cairn-text-item.h"

G_BEGIN_DECLS

/* How long the CLI gets to end a turn after an interrupt before Cairn stops
 * the process itself (a hung CLI must not leave the turn open forever). */
#define CAIRN_SESSION_INTERRUPT_GRACE_MS 5000

struct _CairnSession
{
  GObject             parent_instance;

  char               *cwd;
  char               *cli_path;
  CairnTranscript    *transcript;
  CairnCliConnection *connection;

  CairnSessionState   state;
  char               *session_id;
  char               *model;
  char               *permission_mode;
  GStrv               commands;

  /* Prompts sent whose `result` has not come yet (the CLI queues them). */
  guint               pending_turns;
  /* total_cost_usd in `result` adds up over the process's life. */
  double              process_cost_usd;
  guint               interrupt_timeout;

  /* The assistant text block that is streaming in right now. */
  CairnTextItem      *open_text;
  guint               closing : 1;
};

void _cairn_session_handle_message   (CairnSession       *self,
                                      CairnMessage       *message);
void _cairn_session_append_notice    (CairnSession       *self,
                                      CairnNoticeSeverity severity,
                                      const char         *title,
                                      const char         *body);
void _cairn_session_close_open_text  (CairnSession       *self);
void _cairn_session_set_state        (CairnSession       *self,
                                      CairnSessionState   state);
void _cairn_session_set_string       (CairnSession       *self,
                                      char              **field,
                                      const char         *value,
                                      guint               prop_id);
void _cairn_session_turn_finished    (CairnSession       *self);
CairnCliConnection *_cairn_session_get_connection (CairnSession *self);

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
  CAIRN_SESSION_N_PROPS
};

G_END_DECLS
