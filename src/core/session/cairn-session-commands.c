/* cairn-session-commands.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "session/cairn-session-private.h"

/* When is a turn over? CLI 2.1.197 ended every prompt with a `result`, so
 * Cairn counted results. CLI 2.1.330 does not: prompts queued during a
 * turn run together as one turn, a turn interrupted with prompts queued
 * ends without a result, and /clear prints none (docs/protocol-changes.md,
 * "Turns"). It does tell what became of each message that carries a uuid:
 * command_lifecycle queued, started, then completed, cancelled, discarded
 * or refused. Cairn sends every prompt with a uuid; once the CLI has said
 * a lifecycle line, the prompts it has not finished are the pending
 * turns, and results no longer count. */

/* Gives @message a uuid and waits for its lifecycle. */
void
_cairn_session_stamp_command (CairnSession *self,
                              JsonObject   *message)
{
  char *uuid = g_uuid_string_random ();

  json_object_set_string_member (message, "uuid", uuid);
  g_hash_table_add (self->unfinished_commands, uuid);
}

/* The process went: so did what it had queued. */
void
_cairn_session_forget_commands (CairnSession *self)
{
  g_hash_table_remove_all (self->unfinished_commands);
  self->lifecycle_seen = FALSE;
}

static gboolean
is_final (const char *state)
{
  static const char *final[] = { "completed", "cancelled", "discarded", "refused", NULL };

  return state != NULL && g_strv_contains (final, state);
}

void
_cairn_session_take_lifecycle (CairnSession *self,
                               JsonObject   *line)
{
  const char *state = cairn_json_get_string (line, "state");
  const char *uuid = cairn_json_get_string (line, "command_uuid");
  gboolean was_ours = uuid != NULL && g_hash_table_contains (self->unfinished_commands, uuid);

  self->lifecycle_seen = TRUE;
  if (!is_final (state) || !was_ours)
    return;
  g_hash_table_remove (self->unfinished_commands, uuid);
  if (g_str_equal (state, "discarded") || g_str_equal (state, "refused"))
    _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("Claude Code did not take a message"),
                                  g_str_equal (state, "refused") ? _("It refused the message.")
                                                                 : _("It dropped the message from its queue."));
  /* an interrupted prompt ended: prompts queued behind it run on */
  g_clear_handle_id (&self->interrupt_timeout, g_source_remove);
  if (g_hash_table_size (self->unfinished_commands) == 0)
    _cairn_session_all_turns_done (self);
  else if (self->state == CAIRN_SESSION_STATE_INTERRUPTING)
    _cairn_session_set_state (self, CAIRN_SESSION_STATE_RUNNING);
}

/* Results count turns only while the CLI tells no lifecycles. */
gboolean
_cairn_session_results_count_turns (CairnSession *self)
{
  return !self->lifecycle_seen;
}

/* conversation_reset: /clear (or a plan's fresh start) began a new
 * conversation in the same process; what is above stays on screen. */
void
_cairn_session_take_reset (CairnSession *self,
                           JsonObject   *line)
{
  _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, _("The conversation was cleared"),
                                _("Claude starts afresh from here; what is above is no longer in its context."));
  _cairn_session_set_string (self, &self->session_id, cairn_json_get_string (line, "new_conversation_id"),
                             CAIRN_SESSION_PROP_SESSION_ID);
}

static void
take_interrupt_receipt (CairnSession *self,
                        JsonObject   *reply,
                        const GError *error)
{
  JsonArray *queued = reply ? cairn_json_get_array (reply, "still_queued") : NULL;
  guint n = queued ? json_array_get_length (queued) : 0;
  g_autofree char *title = NULL;

  if (reply == NULL)
    {
      g_debug ("interrupt: %s", error->message);
      return;
    }
  if (n == 0)
    return;
  /* the receipt says what the interrupt left queued: it runs next */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u queued message goes next",
                                        "%u queued messages go next", n), n);
  _cairn_session_append_notice (self, CAIRN_NOTICE_INFO, title, NULL);
}

void
_cairn_session_send_interrupt (CairnSession *self)
{
  g_autoptr(JsonObject) request = json_object_new ();

  json_object_set_string_member (request, "subtype", "interrupt");
  _cairn_session_ask (self, request, take_interrupt_receipt);
}
