/* cairn-mcp-panel.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "session/cairn-session.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_MCP_PANEL (cairn_mcp_panel_get_type())

G_DECLARE_FINAL_TYPE (CairnMcpPanel, cairn_mcp_panel, CAIRN, MCP_PANEL, GtkWidget)

void cairn_mcp_panel_set_session (CairnMcpPanel *self,
                                  CairnSession  *session);

G_END_DECLS
