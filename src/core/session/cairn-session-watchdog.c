/* cairn-session-watchdog.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "session/cairn-session-private.h"

/* A turn whose CLI says nothing for a while is "stalled": the window then
 * offers Stop and Restart. Anything the CLI prints (stdout or stderr)
 * counts as life; while a tool call waits for the user, silence is the
 * user's, not the CLI's. A long tool run is silent too, so being stalled
 * only offers a way out; it ends nothing by itself. */

static void
set_stalled (CairnSession *self,
             gboolean      stalled)
{
  if (self->stalled == !!stalled)
    return;
  self->stalled = !!stalled;
  _cairn_session_notify (self, CAIRN_SESSION_PROP_STALLED);
}

static gboolean
waits_for_cli (CairnSession *self)
{
  return self->connection != NULL && self->pending_turns > 0 && !self->closing &&
         g_list_model_get_n_items (G_LIST_MODEL (self->pending_requests)) == 0;
}

/* One timer, not one per line: the CLI shows life thousands of times a
 * second while it streams, and making a timeout source each time was a
 * real part of handling a line (bench-core). When it fires early, it is
 * set again for what is left. */
static gboolean
stall_timeout_cb (gpointer user_data)
{
  CairnSession *self = user_data;
  gint64 left_us = self->last_life + (gint64)self->stall_timeout_ms * 1000 - g_get_monotonic_time ();

  self->stall_source = 0;
  if (!waits_for_cli (self))
    return G_SOURCE_REMOVE;
  if (left_us > 0)
    {
      self->stall_source = g_timeout_add ((guint)(left_us / 1000) + 1, stall_timeout_cb, self);
      return G_SOURCE_REMOVE;
    }
  g_debug ("No output from Claude Code for %u ms", self->stall_timeout_ms);
  set_stalled (self, TRUE);
  return G_SOURCE_REMOVE;
}

/* Called whenever the CLI shows life or the session's state changes. */
void
_cairn_session_watch (CairnSession *self)
{
  self->last_life = g_get_monotonic_time ();
  set_stalled (self, FALSE);
  if (!waits_for_cli (self))
    g_clear_handle_id (&self->stall_source, g_source_remove);
  else if (self->stall_source == 0)
    self->stall_source = g_timeout_add (self->stall_timeout_ms, stall_timeout_cb, self);
}

void
_cairn_session_stop_watching (CairnSession *self)
{
  g_clear_handle_id (&self->stall_source, g_source_remove);
}

/**
 * cairn_session_get_stalled:
 *
 * Whether the running turn's CLI has printed nothing for the stall timeout
 * (a minute) while not waiting for the user.
 */
gboolean
cairn_session_get_stalled (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);
  return self->stalled;
}

/**
 * cairn_session_set_stall_timeout:
 *
 * How long a turn's CLI may be silent before the session counts as
 * stalled. Tests shorten it.
 */
void
cairn_session_set_stall_timeout (CairnSession *self,
                                 guint         timeout_ms)
{
  g_return_if_fail (CAIRN_IS_SESSION (self));
  g_return_if_fail (timeout_ms > 0);

  self->stall_timeout_ms = timeout_ms;
  if (self->stall_source != 0)
    {
      g_clear_handle_id (&self->stall_source, g_source_remove);
      _cairn_session_watch (self);
    }
}
