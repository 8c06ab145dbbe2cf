/* cairn-mcp-server.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "session/cairn-mcp-server.h"

/* One MCP server of the conversation's CLI, as init and mcp_status tell:
 * its status ("connected", "pending", "failed", "needs-auth",
 * "disabled"; Cairn's own "skipped" for a config entry the CLI refused,
 * init.mcp_server_errors), why it failed, and how many tools it gives.
 * The list is replaced whole when the CLI says more, so a server never
 * changes. */

struct _CairnMcpServer
{
  GObject  parent_instance;
  char    *name;
  char    *status;
  char    *error;
  int      tools;
};

G_DEFINE_FINAL_TYPE (CairnMcpServer, cairn_mcp_server, G_TYPE_OBJECT)

static void
cairn_mcp_server_finalize (GObject *object)
{
  CairnMcpServer *self = CAIRN_MCP_SERVER (object);

  g_free (self->name);
  g_free (self->status);
  g_free (self->error);
  G_OBJECT_CLASS (cairn_mcp_server_parent_class)->finalize (object);
}

static void
cairn_mcp_server_class_init (CairnMcpServerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_mcp_server_finalize;
}

static void
cairn_mcp_server_init (CairnMcpServer *self)
{
}

/* @tools: how many tools it gives, or -1 when not said */
CairnMcpServer *
cairn_mcp_server_new (const char *name,
                      const char *status,
                      const char *error,
                      int         tools)
{
  CairnMcpServer *self = g_object_new (CAIRN_TYPE_MCP_SERVER, NULL);

  self->name = g_strdup (name);
  self->status = g_strdup (status ? status : "pending");
  self->error = g_strdup (error);
  self->tools = tools;
  return self;
}

const char *
cairn_mcp_server_get_name (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), NULL);
  return self->name;
}

const char *
cairn_mcp_server_get_status (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), NULL);
  return self->status;
}

const char *
cairn_mcp_server_get_error (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), NULL);
  return self->error;
}

int
cairn_mcp_server_get_tools (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), -1);
  return self->tools;
}

gboolean
cairn_mcp_server_get_failed (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), FALSE);
  return g_str_equal (self->status, "failed") || g_str_equal (self->status, "skipped");
}

/* Switched on: anything but "disabled" (a skipped entry can't be). */
gboolean
cairn_mcp_server_get_enabled (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), FALSE);
  return !g_str_equal (self->status, "disabled") && !g_str_equal (self->status, "skipped");
}

gboolean
cairn_mcp_server_get_skipped (CairnMcpServer *self)
{
  g_return_val_if_fail (CAIRN_IS_MCP_SERVER (self), FALSE);
  return g_str_equal (self->status, "skipped");
}
