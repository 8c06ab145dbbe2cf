/* cairn-session-mcp.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "session/cairn-mcp-server.h"
#include "session/cairn-session-private.h"

/* The conversation's MCP servers (docs/protocol-changes.md, "MCP"): init
 * names them with their status and lists config entries it skipped
 * (mcp_server_errors); mcp_status adds each one's error and tools;
 * mcp_toggle switches one off or on, mcp_reconnect tries a failed one
 * again. Both answer nothing: the list is asked for again after them. */

static CairnMcpServer *
server_from (JsonObject *entry)
{
  JsonArray *tools = cairn_json_get_array (entry, "tools");

  return cairn_mcp_server_new (cairn_json_get_string (entry, "name"), cairn_json_get_string (entry, "status"),
                               cairn_json_get_string (entry, "error"),
                               tools ? (int)json_array_get_length (tools) : -1);
}

/* @servers: mcp_servers of init, or mcpServers of mcp_status;
 * @skipped: (nullable): init's mcp_server_errors */
static void
replace_servers (CairnSession *self,
                 JsonArray    *servers,
                 JsonArray    *skipped)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->mcp_servers));

  for (guint i = 0; servers != NULL && i < json_array_get_length (servers); i++)
    {
      JsonObject *entry = cairn_json_array_get_object (servers, i);
      if (cairn_json_get_string (entry, "name") != NULL)
        g_ptr_array_add (items, server_from (entry));
    }
  for (guint i = 0; skipped != NULL && i < json_array_get_length (skipped); i++)
    {
      JsonObject *entry = cairn_json_array_get_object (skipped, i);
      if (cairn_json_get_string (entry, "name") != NULL)
        g_ptr_array_add (items, cairn_mcp_server_new (cairn_json_get_string (entry, "name"), "skipped",
                                                      cairn_json_get_string (entry, "message"), -1));
    }
  if (n > 0 || items->len > 0)
    g_list_store_splice (self->mcp_servers, 0, n, items->pdata, items->len);
}

/* One notice per start for servers that failed or were skipped; it opens
 * the MCP popover (win.show-mcp). */
static void
notice_failed_servers (CairnSession *self)
{
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(CairnNoticeItem) notice = NULL;
  g_autofree char *title = NULL;
  guint failed = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->mcp_servers)); i++)
    {
      g_autoptr(CairnMcpServer) server = g_list_model_get_item (G_LIST_MODEL (self->mcp_servers), i);
      if (cairn_mcp_server_get_failed (server))
        g_string_append_printf (names, "%s“%s”", failed++ ? ", " : "", cairn_mcp_server_get_name (server));
    }
  if (failed == 0 || self->mcp_notice_shown)
    return;
  self->mcp_notice_shown = TRUE;
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The MCP server %s could not start",
                                        "The MCP servers %s could not start", failed), names->str);
  notice = cairn_notice_item_new (CAIRN_NOTICE_WARNING, title, NULL);
  cairn_notice_item_set_action (notice, _("Show MCP Servers"), "win.show-mcp");
  cairn_transcript_builder_append (self->builder, CAIRN_ITEM (notice));
}

void
_cairn_session_take_init_mcp (CairnSession *self,
                              JsonObject   *init)
{
  replace_servers (self, cairn_json_get_array (init, "mcp_servers"),
                   cairn_json_get_array (init, "mcp_server_errors"));
  g_clear_pointer (&self->mcp_skipped, json_array_unref);
  if (cairn_json_get_array (init, "mcp_server_errors") != NULL)
    self->mcp_skipped = json_array_ref (cairn_json_get_array (init, "mcp_server_errors"));
  notice_failed_servers (self);
}

static void
take_status (CairnSession *self,
             JsonObject   *reply,
             const GError *error)
{
  if (reply == NULL)
    g_debug ("mcp_status: %s", error->message);
  else if (self->mcp_servers != NULL)
    replace_servers (self, cairn_json_get_array (reply, "mcpServers"), self->mcp_skipped);
}

/**
 * cairn_session_refresh_mcp_servers:
 *
 * Asks the CLI for its servers' status, errors and tools; the list
 * follows when it answers.
 */
void
cairn_session_refresh_mcp_servers (CairnSession *self)
{
  g_autoptr(JsonObject) request = json_object_new ();

  g_return_if_fail (CAIRN_IS_SESSION (self));

  if (self->connection == NULL)
    return;
  json_object_set_string_member (request, "subtype", "mcp_status");
  _cairn_session_ask (self, request, take_status);
}

static void
take_change (CairnSession *self,
             JsonObject   *reply,
             const GError *error)
{
  if (reply == NULL)
    _cairn_session_append_notice (self, CAIRN_NOTICE_WARNING, _("The MCP server could not be changed"),
                                  error->message);
  if (self->connection != NULL)
    cairn_session_refresh_mcp_servers (self);
}

static void
send_change (CairnSession *self,
             JsonObject   *request)
{
  if (self->connection != NULL)
    _cairn_session_ask (self, request, take_change);
}

void
cairn_session_set_mcp_enabled (CairnSession *self,
                               const char   *name,
                               gboolean      enabled)
{
  g_autoptr(JsonObject) request = json_object_new ();

  g_return_if_fail (CAIRN_IS_SESSION (self));

  json_object_set_string_member (request, "subtype", "mcp_toggle");
  json_object_set_string_member (request, "serverName", name);
  json_object_set_boolean_member (request, "enabled", enabled);
  send_change (self, request);
}

void
cairn_session_reconnect_mcp (CairnSession *self,
                             const char   *name)
{
  g_autoptr(JsonObject) request = json_object_new ();

  g_return_if_fail (CAIRN_IS_SESSION (self));

  json_object_set_string_member (request, "subtype", "mcp_reconnect");
  json_object_set_string_member (request, "serverName", name);
  send_change (self, request);
}

/**
 * cairn_session_get_mcp_servers:
 *
 * Returns: (transfer none): a #GListModel of #CairnMcpServer
 */
GListModel *
cairn_session_get_mcp_servers (CairnSession *self)
{
  g_return_val_if_fail (CAIRN_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->mcp_servers);
}
