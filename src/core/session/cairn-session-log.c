/* cairn-session-log.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "session/cairn-session-private.h"

/* The protocol log (--debug-dir): every line in and out, and each
 * transcript item once its turn is over. */

static void
log_line_received_cb (CairnSession       *self,
                      CairnMessage       *message,
                      CairnCliConnection *connection)
{
  gsize size;
  const char *data = g_bytes_get_data (cairn_message_get_raw (message), &size);

  /* the log may have been turned off while the process runs */
  if (self->protocol_log != NULL)
    cairn_protocol_log_write (self->protocol_log, CAIRN_PROTOCOL_LOG_IN, data, size);
}

static void
log_line_sent_cb (CairnSession       *self,
                  const char         *line,
                  CairnCliConnection *connection)
{
  if (self->protocol_log != NULL)
    cairn_protocol_log_write (self->protocol_log, CAIRN_PROTOCOL_LOG_OUT, line, -1);
}

/* The connection's lines go to the log, when there is one. */
void
_cairn_session_log_connection (CairnSession *self)
{
  if (self->protocol_log == NULL)
    return;
  g_signal_connect_object (self->connection, "line-received",
                           G_CALLBACK (log_line_received_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->connection, "line-sent",
                           G_CALLBACK (log_line_sent_cb), self, G_CONNECT_SWAPPED);
}

static char *
item_to_json (CairnItem *item)
{
  g_autoptr(JsonNode) node = json_gobject_serialize (G_OBJECT (item));

  json_object_set_string_member (json_node_get_object (node), "item-type", G_OBJECT_TYPE_NAME (item));
  return json_to_string (node, FALSE);
}

/* Items are logged once their turn is over, in their final state. */
void
_cairn_session_log_items (CairnSession *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (cairn_session_get_transcript (self)));

  for (; self->protocol_log != NULL && self->logged_items < n; self->logged_items++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (G_LIST_MODEL (cairn_session_get_transcript (self)),
                                                         self->logged_items);
      g_autofree char *json = item_to_json (item);
      cairn_protocol_log_write (self->protocol_log, CAIRN_PROTOCOL_LOG_ITEMS, json, -1);
    }
}

/**
 * cairn_session_set_debug_dir:
 * @dir: (nullable): where to write the protocol log, or %NULL for none
 *
 * Applies to processes started from now on.
 */
gboolean
cairn_session_set_debug_dir (CairnSession  *self,
                             const char    *dir,
                             GError       **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (CAIRN_IS_SESSION (self), FALSE);

  g_clear_object (&self->protocol_log);
  if (dir == NULL || *dir == '\0')
    return TRUE;
  self->protocol_log = cairn_protocol_log_new (dir, &local_error);
  /* a refusal is said in the conversation, not only on stderr: the user
   * asked for logs */
  if (self->protocol_log != NULL)
    return TRUE;
  _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("Protocol log not written"),
                                local_error->message);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}
