/* cairn-mcp-server.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_MCP_SERVER (cairn_mcp_server_get_type())

G_DECLARE_FINAL_TYPE (CairnMcpServer, cairn_mcp_server, CAIRN, MCP_SERVER, GObject)

CairnMcpServer *cairn_mcp_server_new          (const char     *name,
                                               const char     *status,
                                               const char     *error,
                                               int             tools);
const char     *cairn_mcp_server_get_name     (CairnMcpServer *self);
const char     *cairn_mcp_server_get_status   (CairnMcpServer *self);
const char     *cairn_mcp_server_get_error    (CairnMcpServer *self);
int             cairn_mcp_server_get_tools    (CairnMcpServer *self);
gboolean        cairn_mcp_server_get_failed   (CairnMcpServer *self);
gboolean        cairn_mcp_server_get_enabled  (CairnMcpServer *self);
gboolean        cairn_mcp_server_get_skipped  (CairnMcpServer *self);

G_END_DECLS
