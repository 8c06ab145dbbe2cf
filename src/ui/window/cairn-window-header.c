/* cairn-window-header.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>

#include "history/cairn-history-paths.h"
#include "protocol/cairn-util.h"
#include "transcript/cairn-todo.h"
#include "window/cairn-usage-window.h"
#include "window/cairn-window-private.h"

/* The header follows the session of the page shown: its model, mode and
 * Supervised, its usage and limits, its task list, background tasks, MCP
 * servers and allow rules; and the actions on them. */

/* The modes one can switch to, in the menu's order (bypass last). */
static const CairnPermissionMode modes[] = {
  CAIRN_PERMISSION_MODE_DEFAULT, CAIRN_PERMISSION_MODE_ACCEPT_EDITS,
  CAIRN_PERMISSION_MODE_PLAN, CAIRN_PERMISSION_MODE_BYPASS,
};

/* An action's enabled state is no property, so no binding can set it. */
static void
session_busy_cb (CairnWindow  *self,
                 GParamSpec   *pspec,
                 CairnSession *session)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", cairn_session_get_busy (session));
}

/* "claude-opus-4-8[1m]" → "opus-4-8[1m]": the header has little room. */
static const char *
short_model_name (const char *model)
{
  return g_str_has_prefix (model, "claude-") ? model + strlen ("claude-") : model;
}

/* The models the CLI offers. In code: their labels are no property of
 * their own (they come with model-values). */
static void
session_models_cb (CairnWindow  *self,
                   GParamSpec   *pspec,
                   CairnSession *session)
{
  const char * const *values = cairn_session_get_model_values (session);
  const char * const *labels = cairn_session_get_model_labels (session);
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (labels[i], NULL);
      g_menu_item_set_action_and_target (item, "win.set-model", "s", values[i]);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->model_button, G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (GTK_WIDGET (self->model_button), values != NULL && values[0] != NULL);
}

/* The header's bindings (cairn-window.ui) to the shown page's session
 * call these: each gets the window, then the values looked up. */

/* The model and its reasoning effort once the CLI has said. */
static char *
model_label (CairnWindow *self,
             const char  *model,
             const char  *effort)
{
  if (model == NULL)
    return g_strdup (_("Model"));
  if (effort == NULL)
    return g_strdup (short_model_name (model));
  /* Translators: a model and its reasoning effort, "opus-5-5 · high" */
  return g_strdup_printf (_("%s · %s"), short_model_name (model), effort);
}

/* The subtitle names the folder (or the worktree the conversation works
 * in) and, once the CLI has said, the model. */
static char *
folder_and_model (CairnWindow *self,
                  GFile       *folder,
                  const char  *cwd,
                  const char  *model)
{
  g_autofree char *path = folder ? g_file_get_parse_name (folder) : NULL;
  g_autofree char *folder_path = folder ? g_file_get_path (folder) : NULL;

  /* a conversation in a worktree says where it works */
  if (cwd != NULL && folder_path != NULL && !g_str_equal (cwd, folder_path))
    {
      g_free (path);
      path = g_strdup_printf (_("%s (worktree)"), cwd);
    }
  if (path == NULL || model == NULL)
    return g_steal_pointer (&path);
  return g_strdup_printf ("%s · %s", path, model);
}

/* The context meter, and the conversation's cost so far in its tooltip
 * and description (the header keeps room for the title; the popover has
 * it in full). Not bound: the meter's accessible description is no
 * property. */
static void
session_usage_cb (CairnWindow  *self,
                  GParamSpec   *pspec,
                  CairnSession *session)
{
  gint64 used = cairn_session_get_context_used (session);
  gint64 window = MAX (1, cairn_session_get_context_window (session));
  double fraction = MIN (1.0, (double)used / window);
  g_autofree char *cost = cairn_format_cost (cairn_session_get_cost_usd (session));
  g_autofree char *tooltip =
    g_strdup_printf (_("Context: %d of %d tokens (%.0f%%)\n"
                       "This conversation has cost %s"), (int)used, (int)window, fraction * 100, cost);

  gtk_level_bar_set_value (self->context_meter, fraction);
  gtk_widget_set_tooltip_text (self->usage_box, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->context_meter),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
}

/* The task list at a glance: "2/5" done, and how many tasks run in the
 * background; both in full in the popover. */
static void
update_todo_button (CairnWindow *self)
{
  GListModel *todos = cairn_todo_list_get_model (self->todo_list);
  guint n = todos ? g_list_model_get_n_items (todos) : 0;
  guint running = self->session ? g_list_model_get_n_items (cairn_session_get_background_tasks (self->session)) : 0;
  guint done = 0;
  g_autoptr(GString) label = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnTodo) todo = g_list_model_get_item (todos, i);
      done += cairn_todo_get_status (todo) == CAIRN_TODO_DONE;
    }
  if (n > 0)
    g_string_append_printf (label, "%u/%u", done, n);
  if (running > 0)
    /* Translators: tasks running in the background, in the header */
    g_string_append_printf (label, g_dngettext (GETTEXT_PACKAGE, "%s%u running", "%s%u running", running),
                            n > 0 ? " · " : "", running);
  gtk_label_set_label (self->todo_label, label->str);
  gtk_widget_set_visible (GTK_WIDGET (self->todo_list), n > 0 || running == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->todo_button), n > 0 || running > 0);
}

static void
background_tasks_changed_cb (CairnWindow *self)
{
  update_todo_button (self);
}

/* Near or at the plan's limit, the header says so beside the cost (a
 * style class, so in code). */
static void
session_limits_cb (CairnWindow  *self,
                   GParamSpec   *pspec,
                   CairnSession *session)
{
  const CairnRateLimits *limits = session ? cairn_session_get_rate_limits (session) : NULL;
  g_autofree char *headline = limits ? cairn_usage_panel_describe_limits (limits) : NULL;

  gtk_label_set_label (self->limit_label, headline ? headline : "");
  gtk_widget_set_visible (GTK_WIDGET (self->limit_label), headline != NULL);
  if (limits != NULL && limits->status == CAIRN_LIMIT_REJECTED)
    gtk_widget_add_css_class (GTK_WIDGET (self->limit_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->limit_label), "error");
}

/* The MCP button shows when the conversation has servers, marked when one
 * failed. */
static void
update_mcp_button (CairnWindow *self)
{
  GListModel *servers = self->session ? cairn_session_get_mcp_servers (self->session) : NULL;
  guint n = servers ? g_list_model_get_n_items (servers) : 0;
  gboolean failed = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnMcpServer) server = g_list_model_get_item (servers, i);
      failed |= cairn_mcp_server_get_failed (server);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->mcp_button), n > 0);
  if (failed)
    gtk_widget_add_css_class (GTK_WIDGET (self->mcp_button), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->mcp_button), "warning");
}

static void
mcp_popover_show_cb (CairnWindow *self)
{
  if (self->session != NULL)
    cairn_session_refresh_mcp_servers (self->session);
}

/* From the notice of a server that failed to start. */
static void
show_mcp_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (gtk_widget_get_visible (GTK_WIDGET (self->mcp_button)))
    gtk_menu_button_popup (self->mcp_button);
}

/* The primary menu's Usage, and the button in the usage popover. */
static void
show_usage_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);
  CairnUsageWindow *usage = cairn_usage_window_new (GTK_WINDOW (widget));
  g_autoptr(GFile) projects = cairn_history_projects_dir ();
  const CairnRateLimits *limits = self->session ? cairn_session_get_rate_limits (self->session) : NULL;
  g_autofree char *five_hour = cairn_usage_panel_describe_five_hour (limits);

  cairn_usage_window_set_plan_limit (usage, five_hour);
  gtk_popover_popdown (gtk_menu_button_get_popover (CAIRN_WINDOW (widget)->usage_button));
  cairn_usage_window_load (usage, projects);
  gtk_window_present (GTK_WINDOW (usage));
}

static void
usage_popover_show_cb (CairnWindow *self)
{
  cairn_usage_panel_refresh (self->usage_panel);
}

static void
todo_changed_cb (CairnWindow *self)
{
  update_todo_button (self);
}

static void
todos_items_changed_cb (CairnWindow *self,
                        guint        position,
                        guint        removed,
                        guint        added,
                        GListModel  *todos)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(CairnTodo) todo = g_list_model_get_item (todos, i);
      g_signal_connect_object (todo, "notify::status", G_CALLBACK (todo_changed_cb),
                               self, G_CONNECT_SWAPPED);
    }
  update_todo_button (self);
}

/* The mode button's label, from the window's permission-mode (the
 * session's, "default" until the CLI says). */
static const char *
mode_name (const char *mode)
{
  CairnPermissionMode value;
  const char *label;

  if (!cairn_permission_mode_from_nick (mode, &value))
    return mode;   /* a word the CLI took that is no mode: as it said it */
  label = cairn_permission_mode_get_label (value);
  return label != NULL ? label : mode;
}

/* …and "Supervised" after it when the conversation is. */
static char *
mode_label (CairnWindow *self,
            const char  *mode,
            gboolean     supervised)
{
  /* TRANSLATORS: the permission mode button when Supervised is on: "Accept Edits, Supervised" */
  return supervised ? g_strdup_printf (_("%s, Supervised"), mode_name (mode)) : g_strdup (mode_name (mode));
}

/* The Supervised toggle (win.supervised, a boolean property action: a
 * check item), kept once. */
static GMenu *
supervised_section (void)
{
  static GMenu *section;

  if (section == NULL)
    {
      section = g_menu_new ();
      g_menu_append (section, _("Supervised: Ask for Every Change"), "win.supervised");
    }
  return section;
}

static void
session_supervised_cb (CairnWindow  *self,
                       GParamSpec   *pspec,
                       CairnSession *session)
{
  g_object_notify (G_OBJECT (self), "supervised");
}

/* The modes one can switch to: bypass only when the session was started
 * with it, which is no property, so the menu is made here when the mode
 * changes. */
static void
session_mode_cb (CairnWindow  *self,
                 GParamSpec   *pspec,
                 CairnSession *session)
{
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autoptr(GMenuItem) item = NULL;
      if (modes[i] == CAIRN_PERMISSION_MODE_BYPASS && !cairn_session_get_bypass_available (session))
        continue;
      item = g_menu_item_new (cairn_permission_mode_get_label (modes[i]), NULL);
      g_menu_item_set_action_and_target (item, "win.permission-mode", "s",
                                         cairn_permission_mode_to_nick (modes[i]));
      g_menu_append_item (menu, item);
    }
  /* Supervised goes with the mode: a check item of its own section */
  g_menu_append_section (menu, NULL, G_MENU_MODEL (supervised_section ()));
  gtk_menu_button_set_menu_model (self->mode_button, G_MENU_MODEL (menu));
  g_object_notify (G_OBJECT (self), "permission-mode");
}

static GtkWidget *
rule_row_new (gpointer item,
              gpointer user_data)
{
  CairnAllowRule *rule = item;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *revoke = gtk_button_new_with_label (_("Revoke"));
  g_autofree char *name = g_strdup_printf (_("Revoke “%s”"), cairn_allow_rule_get_label (rule));

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), cairn_allow_rule_get_label (rule));
  gtk_widget_set_valign (revoke, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (revoke), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (revoke), "rule", g_object_ref (rule), g_object_unref);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (revoke), "win.revoke-rule");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (revoke), "s", cairn_allow_rule_get_label (rule));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), revoke);
  return row;
}

static void
rules_changed_cb (CairnWindow *self,
                  guint        position,
                  guint        removed,
                  guint        added,
                  GListModel  *rules)
{
  gtk_widget_set_visible (GTK_WIDGET (self->rules_button), g_list_model_get_n_items (rules) > 0);
}

/* The header shows the session of the page shown; what it listened to
 * of the one shown before goes. */
static void
disconnect_session_models (CairnWindow  *self,
                           CairnSession *session)
{
  GListModel *models[] = {
    cairn_session_get_todos (session), cairn_session_get_mcp_servers (session),
    cairn_session_get_background_tasks (session), cairn_session_get_allow_rules (session),
  };

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    g_signal_handlers_disconnect_by_data (models[i], self);
}

static void
connect_session_models (CairnWindow  *self,
                        CairnSession *session)
{
  GListModel *rules = cairn_session_get_allow_rules (session);

  g_signal_connect_object (cairn_session_get_todos (session), "items-changed",
                           G_CALLBACK (todos_items_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_session_get_mcp_servers (session), "items-changed",
                           G_CALLBACK (update_mcp_button), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_session_get_background_tasks (session), "items-changed",
                           G_CALLBACK (background_tasks_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (rules, "items-changed", G_CALLBACK (rules_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

void
_cairn_window_set_header_session (CairnWindow  *self,
                                  CairnSession *session)
{
  if (self->session != NULL)
    disconnect_session_models (self, self->session);
  if (g_set_object (&self->session, session))
    g_object_notify (G_OBJECT (self), "session");
  g_signal_group_set_target (self->session_signals, session);
  cairn_todo_list_set_model (self->todo_list, session ? cairn_session_get_todos (session) : NULL);
  cairn_background_list_set_session (self->background_list, session);
  cairn_usage_panel_set_session (self->usage_panel, session);
  cairn_mcp_panel_set_session (self->mcp_panel, session);
  if (self->changes_pane != NULL)
    cairn_changes_pane_set_session (self->changes_pane, session);
  gtk_list_box_bind_model (self->rules_list, session ? cairn_session_get_allow_rules (session) : NULL,
                           rule_row_new, NULL, NULL);
  if (session == NULL)
    return;
  connect_session_models (self, session);
  update_mcp_button (self);
  session_limits_cb (self, NULL, session);
  update_todo_button (self);
  rules_changed_cb (self, 0, 0, 0, cairn_session_get_allow_rules (session));
  session_mode_cb (self, NULL, session);
  session_supervised_cb (self, NULL, session);
  session_busy_cb (self, NULL, session);
  session_usage_cb (self, NULL, session);
  session_models_cb (self, NULL, session);
}

static void
set_model_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->session != NULL)
    cairn_session_set_model (self->session, g_variant_get_string (param, NULL));
}

static void
revoke_rule_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);
  GListModel *rules = self->session ? cairn_session_get_allow_rules (self->session) : NULL;
  const char *label = g_variant_get_string (param, NULL);

  for (guint i = 0; rules != NULL && i < g_list_model_get_n_items (rules); i++)
    {
      g_autoptr(CairnAllowRule) rule = g_list_model_get_item (rules, i);
      if (g_strcmp0 (cairn_allow_rule_get_label (rule), label) == 0)
        {
          cairn_session_revoke_rule (self->session, rule);
          return;
        }
    }
}

/* Shift+Tab: the next mode, as in the CLI. */
static void
cycle_mode_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);
  CairnPermissionMode mode;
  guint n, i;

  if (self->session == NULL)
    return;
  mode = cairn_session_get_permission_mode_value (self->session);
  n = cairn_session_get_bypass_available (self->session) ? G_N_ELEMENTS (modes) : G_N_ELEMENTS (modes) - 1;
  for (i = 0; i < n && modes[i] != mode; i++)
    ;
  cairn_session_set_permission_mode (self->session, modes[(i + 1) % n]);
}

/**
 * _cairn_window_class_init_header:
 *
 * The template callbacks and actions of the header.
 */
void
_cairn_window_class_init_header (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, usage_popover_show_cb);
  gtk_widget_class_bind_template_callback (widget_class, model_label);
  gtk_widget_class_bind_template_callback (widget_class, folder_and_model);
  gtk_widget_class_bind_template_callback (widget_class, mode_label);
  gtk_widget_class_bind_template_callback (widget_class, mcp_popover_show_cb);
  gtk_widget_class_install_action (widget_class, "win.show-mcp", NULL, show_mcp_action);
  gtk_widget_class_install_action (widget_class, "win.show-usage", NULL, show_usage_action);
  gtk_widget_class_install_action (widget_class, "win.cycle-mode", NULL, cycle_mode_action);
  gtk_widget_class_install_action (widget_class, "win.revoke-rule", "s", revoke_rule_action);
  gtk_widget_class_install_action (widget_class, "win.set-model", "s", set_model_action);
}

/**
 * _cairn_window_init_header:
 *
 * The header listens to the session shown (through the window's signal
 * group).
 */
void
_cairn_window_init_header (CairnWindow *self)
{
  g_signal_group_connect_object (self->session_signals, "notify::busy",
                                 G_CALLBACK (session_busy_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::model-values",
                                 G_CALLBACK (session_models_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::context-used",
                                 G_CALLBACK (session_usage_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::context-window",
                                 G_CALLBACK (session_usage_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::cost-usd",
                                 G_CALLBACK (session_usage_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::rate-limits",
                                 G_CALLBACK (session_limits_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::permission-mode",
                                 G_CALLBACK (session_mode_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::supervised",
                                 G_CALLBACK (session_supervised_cb), self, G_CONNECT_SWAPPED);
}
