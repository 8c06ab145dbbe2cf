/* fuzz-session.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "session/cairn-session-private.h"

/* One line into a session that lives across inputs, as a CLI's output
 * goes into one conversation: open blocks, tool calls and the task list
 * carry over from line to line. The session starts over every so often
 * so that it doesn't grow without end. No process is started. */

#define LINES_PER_SESSION 1000

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static CairnSession *session;
  static guint lines;
  g_autoptr(CairnMessage) message = NULL;

  if (session == NULL || ++lines % LINES_PER_SESSION == 0)
    {
      g_clear_object (&session);
      session = cairn_session_new ("/nonexistent/project", "/nonexistent/claude");
    }
  message = cairn_message_new_from_line ((const char *)data, size);
  _cairn_session_handle_message (session, message);
  return 0;
}
