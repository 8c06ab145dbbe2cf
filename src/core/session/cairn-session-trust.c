/* cairn-session-trust.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "session/cairn-session-private.h"

/* The session's side of workspace trust (docs/trust.md, "The gate"):
 * _cairn_session_start_process() asks the gate; a prompt typed while the folder waits for
 * Trust is held and sent once the folder is cleared, in order; Cancel
 * drops it and starts nothing. */

static void
decided_cb (CairnSession *self,
            gboolean      go)
{
  g_autoptr(GPtrArray) held = cairn_trust_gate_take_held (self->trust_gate);
  const char *error = cairn_trust_gate_get_error (self->trust_gate);

  if (self->closing)
    return;   /* the window went while the folder was checked */
  if (!go)
    {
      _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("Nothing was started"),
                                    error != NULL ? error
                                    : _("The folder was not trusted, so Claude Code was not started in it."));
      return;
    }
  if (!cairn_session_start (self))
    return;
  for (guint i = 0; i < held->len; i++)
    _cairn_session_deliver (self, g_ptr_array_index (held, i));
}

/* Held prompts make the conversation busy while the gate decides. */
static void
gate_state_cb (CairnSession *self)
{
  g_object_notify (G_OBJECT (self), "busy");
}

/**
 * cairn_session_get_trust_gate:
 *
 * The gate that holds the session's CLI until its folder is cleared; the
 * window shows its report and answers it.
 */
CairnTrustGate *
cairn_session_get_trust_gate (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);

  if (self->trust_gate == NULL)
    {
      self->trust_gate = cairn_trust_gate_new (self->cwd);
      g_signal_connect_object (self->trust_gate, "decided", G_CALLBACK (decided_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->trust_gate, "notify::state", G_CALLBACK (gate_state_cb), self,
                               G_CONNECT_SWAPPED);
    }
  return self->trust_gate;
}

/* A prompt whose process could not start because the folder waits for
 * the user: it goes once the folder is trusted. */
void
_cairn_session_hold_for_trust (CairnSession *self,
                               JsonObject   *message)
{
  switch (cairn_trust_gate_get_state (self->trust_gate))
    {
    case CAIRN_TRUST_GATE_CHECKING:
    case CAIRN_TRUST_GATE_ASKING:
    case CAIRN_TRUST_GATE_GRANTING:
      cairn_trust_gate_hold (self->trust_gate, message);
      gate_state_cb (self);
      break;
    case CAIRN_TRUST_GATE_UNCHECKED:
    case CAIRN_TRUST_GATE_CLEAR:
    case CAIRN_TRUST_GATE_CANCELLED:
    default:
      break;   /* it failed to start: the notice says so */
    }
}
