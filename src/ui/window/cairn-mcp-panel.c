/* cairn-mcp-panel.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-mcp-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-mcp-panel.h"
#include "window/cairn-popover-list.h"
#include "session/cairn-mcp-server.h"

/* The header's MCP popover: each server of the conversation's Claude Code
 * with its status and tools, why it failed, a switch to turn it off and
 * on, and Reconnect for a failed one. */
struct _CairnMcpPanel
{
  GtkWidget     parent_instance;

  GtkListBox   *list_box;
  CairnSession *session;
};

G_DEFINE_FINAL_TYPE (CairnMcpPanel, cairn_mcp_panel, GTK_TYPE_WIDGET)

static char *
describe (CairnMcpServer *server)
{
  const char *status = cairn_mcp_server_get_status (server);
  int tools = cairn_mcp_server_get_tools (server);

  if (cairn_mcp_server_get_error (server) != NULL && cairn_mcp_server_get_failed (server))
    /* Translators: a server's state and why, "failed: command not found" */
    return g_strdup_printf (_("%s: %s"), cairn_mcp_server_get_skipped (server) ? _("skipped") : _("failed"),
                            cairn_mcp_server_get_error (server));
  if (g_str_equal (status, "connected") && tools >= 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "connected · %d tool", "connected · %d tools", tools),
                            tools);
  if (g_str_equal (status, "connected"))
    return g_strdup (_("connected"));
  if (g_str_equal (status, "disabled"))
    return g_strdup (_("switched off"));
  if (g_str_equal (status, "pending"))
    return g_strdup (_("starting"));
  if (g_str_equal (status, "needs-auth"))
    return g_strdup (_("needs sign-in (run /mcp in a terminal)"));
  return g_strdup (status);
}

static CairnMcpPanel *
panel_of (GtkWidget *widget)
{
  return CAIRN_MCP_PANEL (gtk_widget_get_ancestor (widget, CAIRN_TYPE_MCP_PANEL));
}

static gboolean
switch_set_cb (GtkSwitch      *toggle,
               gboolean        state,
               CairnMcpServer *server)
{
  CairnMcpPanel *self = panel_of (GTK_WIDGET (toggle));

  if (self != NULL && self->session != NULL && state != cairn_mcp_server_get_enabled (server))
    cairn_session_set_mcp_enabled (self->session, cairn_mcp_server_get_name (server), state);
  return FALSE;
}

static void
reconnect_cb (GtkButton      *button,
              CairnMcpServer *server)
{
  CairnMcpPanel *self = panel_of (GTK_WIDGET (button));

  if (self != NULL && self->session != NULL)
    cairn_session_reconnect_mcp (self->session, cairn_mcp_server_get_name (server));
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
}

static GtkWidget *
labels_for (CairnMcpServer *server)
{
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (cairn_mcp_server_get_name (server));
  g_autofree char *text = describe (server);
  GtkWidget *status = gtk_label_new (text);

  gtk_widget_set_hexpand (labels, TRUE);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_xalign (GTK_LABEL (status), 0);
  gtk_label_set_wrap (GTK_LABEL (status), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (status), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (status), cairn_mcp_server_get_failed (server));
  gtk_widget_add_css_class (status, "caption");
  gtk_widget_add_css_class (status, cairn_mcp_server_get_failed (server) ? "error" : "dim-label");
  gtk_box_append (GTK_BOX (labels), name);
  gtk_box_append (GTK_BOX (labels), status);
  return labels;
}

static GtkWidget *
create_row_cb (gpointer item,
               gpointer user_data)
{
  CairnMcpServer *server = item;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *switch_name = g_strdup_printf (_("Use “%s”"), cairn_mcp_server_get_name (server));

  g_object_set (box, "margin-start", 8, "margin-end", 8, "margin-top", 6, "margin-bottom", 6, NULL);
  gtk_box_append (GTK_BOX (box), labels_for (server));
  if (g_str_equal (cairn_mcp_server_get_status (server), "failed"))
    {
      GtkWidget *reconnect = gtk_button_new_with_label (_("Reconnect"));
      g_autofree char *name = g_strdup_printf (_("Reconnect “%s”"), cairn_mcp_server_get_name (server));

      gtk_widget_set_valign (reconnect, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (reconnect), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      g_signal_connect_object (reconnect, "clicked", G_CALLBACK (reconnect_cb), server, 0);
      gtk_box_append (GTK_BOX (box), reconnect);
    }
  if (!cairn_mcp_server_get_skipped (server))
    {
      GtkWidget *toggle = gtk_switch_new ();

      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (toggle), cairn_mcp_server_get_enabled (server));
      gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, switch_name, -1);
      g_signal_connect_object (toggle, "state-set", G_CALLBACK (switch_set_cb), server, 0);
      gtk_box_append (GTK_BOX (box), toggle);
    }
  return box;
}

void
cairn_mcp_panel_set_session (CairnMcpPanel *self,
                             CairnSession  *session)
{
  g_return_if_fail (CAIRN_IS_MCP_PANEL (self));

  if (!g_set_object (&self->session, session))
    return;
  gtk_list_box_bind_model (self->list_box, session ? cairn_session_get_mcp_servers (session) : NULL,
                           create_row_cb, NULL, NULL);
}

static void
cairn_mcp_panel_dispose (GObject *object)
{
  CairnMcpPanel *self = CAIRN_MCP_PANEL (object);

  cairn_popover_list_dispose (GTK_WIDGET (self), &self->list_box);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (cairn_mcp_panel_parent_class)->dispose (object);
}

static void
cairn_mcp_panel_class_init (CairnMcpPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_mcp_panel_dispose;
  cairn_popover_list_class_init (widget_class);
}

static void
cairn_mcp_panel_init (CairnMcpPanel *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, -1);
  self->list_box = cairn_popover_list_init (GTK_WIDGET (self), _("MCP Servers"), _("MCP servers"));
}
