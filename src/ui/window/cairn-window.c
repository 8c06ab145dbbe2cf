/* cairn-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "protocol/cairn-launcher.h"
#include "transcript/cairn-todo.h"
#include "window/cairn-window-private.h"
#include "protocol/cairn-util.h"

G_DEFINE_FINAL_TYPE (CairnWindow, cairn_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_FOLDER,
  PROP_PERMISSION_MODE,
  PROP_SETTINGS,
  PROP_SESSIONS,
  PROP_HISTORY,
  PROP_SESSION,
  PROP_SUPERVISED,
  N_PROPS
};

/* The modes one can switch to, in the menu's order (bypass last). */
static const struct {
  CairnPermissionMode mode;
  const char *label;
} modes[] = {
  { CAIRN_PERMISSION_MODE_DEFAULT, N_("Ask Before Edits") },
  { CAIRN_PERMISSION_MODE_ACCEPT_EDITS, N_("Accept Edits") },
  { CAIRN_PERMISSION_MODE_PLAN, N_("Plan") },
  { CAIRN_PERMISSION_MODE_BYPASS, N_("Bypass Permissions") },
};

static GParamSpec *properties [N_PROPS];

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

/* The subtitle names the folder and, once the CLI has said, the model. */
static char *
folder_and_model (CairnWindow *self,
                  GFile       *folder,
                  const char  *model)
{
  g_autofree char *path = folder ? g_file_get_parse_name (folder) : NULL;

  if (path == NULL || model == NULL)
    return g_steal_pointer (&path);
  return g_strdup_printf ("%s · %s", path, model);
}

/* The context meter and the conversation's cost so far. Not bound: the
 * meter's accessible description is no property. */
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
  gtk_label_set_label (self->usage_label, cost);
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

  if (!cairn_permission_mode_from_nick (mode, &value))
    return mode;   /* a word the CLI took that is no mode: as it said it */
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (modes[i].mode == value)
      return _(modes[i].label);
  return mode;
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUPERVISED]);
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
      if (modes[i].mode == CAIRN_PERMISSION_MODE_BYPASS && !cairn_session_get_bypass_available (session))
        continue;
      item = g_menu_item_new (_(modes[i].label), NULL);
      g_menu_item_set_action_and_target (item, "win.permission-mode", "s",
                                         cairn_permission_mode_to_nick (modes[i].mode));
      g_menu_append_item (menu, item);
    }
  /* Supervised goes with the mode: a check item of its own section */
  g_menu_append_section (menu, NULL, G_MENU_MODEL (supervised_section ()));
  gtk_menu_button_set_menu_model (self->mode_button, G_MENU_MODEL (menu));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PERMISSION_MODE]);
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  g_signal_group_set_target (self->session_signals, session);
  cairn_todo_list_set_model (self->todo_list, session ? cairn_session_get_todos (session) : NULL);
  cairn_background_list_set_session (self->background_list, session);
  cairn_usage_panel_set_session (self->usage_panel, session);
  cairn_mcp_panel_set_session (self->mcp_panel, session);
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

/* Settings that apply when the CLI starts: the mode and protocol logging
 * (CAIRN_DEBUG_PROTOCOL wins over the setting). */
static void
configure_session (CairnWindow  *self,
                   CairnSession *session)
{
  const char *debug_dir = cairn_settings_get_debug_protocol_dir (self->settings);
  const char *from_env = g_getenv ("CAIRN_DEBUG_PROTOCOL");
  g_autoptr(GError) error = NULL;

  cairn_session_set_start_mode (session, cairn_settings_get_default_permission_mode (self->settings));
  cairn_session_set_supervised (session, cairn_settings_get_supervised (self->settings));
  if (!cairn_session_set_debug_dir (session, from_env ? from_env : debug_dir, &error))
    g_warning ("Protocol log not written: %s", error->message);
}

/* The claude program, or NULL after showing how to install it. */
static char *
find_cli (CairnWindow *self)
{
  g_autoptr(GError) error = NULL;
  char *cli = cairn_launcher_find_cli (cairn_settings_get_cli_path (self->settings), &error);

  if (cli == NULL)
    {
      cairn_missing_cli_page_set_problem (self->missing_page, error->message);
      gtk_stack_set_visible_child_name (self->main_stack, "missing-cli");
    }
  else
    _cairn_window_check_cli_version (self, cli);
  return cli;
}

/* A page made a branch of its conversation: it goes on in a page of its
 * own, the prompt it branched at ready to be edited. */
static void
page_branched_cb (CairnWindow  *self,
                  CairnSession *branch,
                  const char   *text,
                  CairnPage    *page)
{
  CairnPage *new_page = _cairn_window_add_page (self, branch);

  cairn_page_edit_text (new_page, text);
}

/* A session for this folder on a page of its own, shown, not started. */
CairnSession *
_cairn_window_show_new_session (CairnWindow *self)
{
  g_autofree char *cwd = g_file_get_path (self->folder);
  g_autofree char *cli = find_cli (self);
  g_autoptr(CairnSession) session = NULL;
  CairnPage *page;

  if (cli == NULL)
    return NULL;
  session = cairn_session_new (cwd, cli);
  configure_session (self, session);
  page = _cairn_window_add_page (self, session);
  cairn_page_focus_composer (page);
  return session;
}

/**
 * _cairn_window_add_page:
 *
 * A page for @session (a new conversation, or a branch of one), shown.
 */
CairnPage *
_cairn_window_add_page (CairnWindow  *self,
                        CairnSession *session)
{
  CairnPage *page = cairn_page_new (session, self->drafts, self->settings);

  g_signal_connect_object (page, "branched", G_CALLBACK (page_branched_cb), self, G_CONNECT_SWAPPED);
  gtk_stack_add_child (self->page_stack, GTK_WIDGET (page));
  _cairn_window_add_to_session_set (self, session);
  _cairn_window_watch_page (self, page);
  _cairn_window_show_page (self, page);
  _cairn_window_track_session (self, session);
  return page;
}

/* A fresh conversation: the CLI starts at once, so the header can offer
 * its models before the first prompt. One not written in yet is shown
 * again rather than another made. */
void
_cairn_window_start_new_conversation (CairnWindow *self)
{
  CairnPage *fresh = _cairn_window_find_fresh_page (self);
  CairnSession *session;

  if (fresh != NULL)
    {
      _cairn_window_show_page (self, fresh);
      cairn_page_focus_composer (fresh);
      return;
    }
  if ((session = _cairn_window_show_new_session (self)) == NULL)
    return;
  cairn_session_start (session);
  cairn_sidebar_select_session_id (self->sidebar, NULL);
}

static void
missing_page_retry_cb (CairnWindow         *self,
                       CairnMissingCliPage *page)
{
  _cairn_window_start_new_conversation (self);
}

static void
missing_page_cli_chosen_cb (CairnWindow         *self,
                            const char          *path,
                            CairnMissingCliPage *page)
{
  cairn_settings_set_cli_path (self->settings, path);
  _cairn_window_start_new_conversation (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->session != NULL)
    cairn_session_interrupt (self->session);
}

static void
jump_to_latest_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->page != NULL)
    cairn_page_follow_output (self->page);
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

static CairnPage *
find_page_with_request (CairnWindow *self,
                        const char  *request_id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->page_stack));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (cairn_page_has_request (CAIRN_PAGE (child), request_id))
      return CAIRN_PAGE (child);
  return NULL;
}

/**
 * cairn_window_review_request:
 *
 * Shows the conversation of a pending approval and its dialog (from a
 * notification; its Allow and Deny go to the application's session set).
 * Returns %FALSE when the request isn't one of this window's.
 */
gboolean
cairn_window_review_request (CairnWindow *self,
                             const char  *request_id)
{
  CairnPage *page;

  g_return_val_if_fail (CAIRN_IS_WINDOW (self), FALSE);

  if ((page = find_page_with_request (self, request_id)) == NULL)
    return FALSE;
  _cairn_window_show_page (self, page);
  gtk_window_present (GTK_WINDOW (self));
  return cairn_page_answer_request (page, "review", request_id);
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
  for (i = 0; i < n && modes[i].mode != mode; i++)
    ;
  cairn_session_set_permission_mode (self->session, modes[(i + 1) % n].mode);
}

/* The last window closed sets the size new windows open with. */
static void
save_window_state (CairnWindow *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  cairn_settings_save_window_state (self->settings, width, height, gtk_window_is_maximized (GTK_WINDOW (self)));
}

static void
restore_window_state (CairnWindow *self)
{
  int width, height;

  cairn_settings_get_window_size (self->settings, &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (cairn_settings_get_window_maximized (self->settings))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
cairn_window_close_request (GtkWindow *window)
{
  CairnWindow *self = CAIRN_WINDOW (window);

  if (!_cairn_window_confirm_close (self))
    return TRUE;
  save_window_state (self);
  _cairn_window_close_all_pages (self);
  return GTK_WINDOW_CLASS (cairn_window_parent_class)->close_request (window);
}

/* Without a folder the window shows the start page and nothing that
 * belongs to a conversation. */
static void
show_folder (CairnWindow *self)
{
  g_autofree char *name = self->folder ? g_file_get_basename (self->folder) : NULL;
  g_autofree char *path = self->folder ? g_file_get_parse_name (self->folder) : NULL;
  g_autofree char *window_title = NULL;
  GtkWidget *conversation_controls[] = {
    self->sidebar_button, self->new_button, GTK_WIDGET (self->model_button),
    GTK_WIDGET (self->mode_button), GTK_WIDGET (self->usage_button),
  };

  for (guint i = 0; i < G_N_ELEMENTS (conversation_controls); i++)
    gtk_widget_set_visible (conversation_controls[i], self->folder != NULL);
  if (self->folder == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), "Cairn");
      adw_window_title_set_title (self->window_title, "Cairn");
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_stack_set_visible_child_name (self->main_stack, "start");
      return;
    }
  window_title = g_strdup_printf (_("%s — Cairn"), name);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  adw_window_title_set_title (self->window_title, name);
  adw_window_title_set_subtitle (self->window_title, path);
}

/**
 * cairn_window_set_folder:
 * @folder: (nullable): the project, or %NULL for the start page
 *
 * Shows @folder's conversations and a new conversation in it.
 */
void
cairn_window_set_folder (CairnWindow *self,
                         GFile       *folder)
{
  g_return_if_fail (CAIRN_IS_WINDOW (self));

  if (!g_set_object (&self->folder, folder))
    return;
  _cairn_window_close_all_pages (self);
  show_folder (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
  _cairn_window_load_project (self);
}

static void
new_conversation_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->folder != NULL)
    _cairn_window_start_new_conversation (self);
}

static void
toggle_sidebar_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->folder != NULL)
    adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

/* For tests/bench-startup.sh: report when the first frame was painted and
 * quit, so the time from launch to first frame can be measured from outside. */
static void
after_first_paint_cb (CairnWindow   *self,
                      GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, after_first_paint_cb, self);
  g_print ("first-frame-realtime-us %" G_GINT64_FORMAT "\n", g_get_real_time ());
  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

static void
cairn_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cairn_window_parent_class)->map (widget);

  if (g_getenv ("CAIRN_REPORT_FIRST_FRAME") != NULL)
    g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                             G_CALLBACK (after_first_paint_cb), widget, G_CONNECT_SWAPPED);
}

static void
cairn_window_constructed (GObject *object)
{
  CairnWindow *self = (CairnWindow *)object;

  G_OBJECT_CLASS (cairn_window_parent_class)->constructed (object);

  g_return_if_fail (CAIRN_IS_SETTINGS (self->settings));
  g_return_if_fail (CAIRN_IS_SESSION_SET (self->sessions));
  g_return_if_fail (CAIRN_IS_HISTORY_INDEX (self->history));
  restore_window_state (self);
  if (self->folder == NULL)
    show_folder (self);
}

static void
cairn_window_dispose (GObject *object)
{
  CairnWindow *self = (CairnWindow *)object;

  if (self->page_stack != NULL)
    _cairn_window_close_all_pages (self);
  g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  g_clear_pointer (&self->locate_query, g_free);
  g_clear_pointer (&self->checked_cli, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_WINDOW);
  /* its last words are written before it goes */
  g_clear_object (&self->drafts);
  g_clear_object (&self->search);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->folder);
  g_clear_object (&self->settings);
  g_clear_object (&self->sessions);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (cairn_window_parent_class)->dispose (object);
}

static void
cairn_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CairnWindow *self = CAIRN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_value_set_object (value, self->folder);
      break;

    case PROP_SUPERVISED:
      g_value_set_boolean (value, self->session != NULL && cairn_session_get_supervised (self->session));
      break;

    case PROP_PERMISSION_MODE:
      /* a property action's state can't be NULL: until the CLI says, the
       * mode is the CLI's default */
      g_value_set_string (value, (self->session ? cairn_session_get_permission_mode (self->session) : NULL)
                                   ?: "default");
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_SESSIONS:
      g_value_set_object (value, self->sessions);
      break;

    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;

    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  CairnWindow *self = CAIRN_WINDOW (object);
  CairnPermissionMode mode;

  switch (prop_id)
    {
    case PROP_FOLDER:
      cairn_window_set_folder (self, g_value_get_object (value));
      break;

    case PROP_SUPERVISED:
      if (self->session != NULL)
        cairn_session_set_supervised (self->session, g_value_get_boolean (value));
      break;

    case PROP_PERMISSION_MODE:
      if (self->session != NULL && cairn_permission_mode_from_nick (g_value_get_string (value), &mode))
        cairn_session_set_permission_mode (self->session, mode);
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_SESSIONS:
      self->sessions = g_value_dup_object (value);
      break;

    case PROP_HISTORY:
      self->history = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_window_class_init (CairnWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = cairn_window_constructed;
  object_class->dispose = cairn_window_dispose;
  object_class->get_property = cairn_window_get_property;
  object_class->set_property = cairn_window_set_property;
  window_class->close_request = cairn_window_close_request;
  widget_class->map = cairn_window_map;

  properties [PROP_FOLDER] =
    g_param_spec_object ("folder", NULL, NULL, G_TYPE_FILE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_PERMISSION_MODE] =
    g_param_spec_string ("permission-mode", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* the shown conversation is Supervised (CairnSession:supervised) */
  properties [PROP_SUPERVISED] =
    g_param_spec_boolean ("supervised", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* the application's, shared by its windows (as Console's KgxSettings
   * and Text Editor's session): the window is given them */
  properties [PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, CAIRN_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [PROP_SESSIONS] =
    g_param_spec_object ("sessions", NULL, NULL, CAIRN_TYPE_SESSION_SET,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties [PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, CAIRN_TYPE_HISTORY_INDEX,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* the shown page's, which the header follows (cairn-window.ui binds to
   * it); NULL while none is shown, when the header keeps what it showed */
  properties [PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, CAIRN_TYPE_SESSION,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CAIRN_TYPE_MISSING_CLI_PAGE);
  g_type_ensure (CAIRN_TYPE_TODO_LIST);
  g_type_ensure (CAIRN_TYPE_BACKGROUND_LIST);
  g_type_ensure (CAIRN_TYPE_USAGE_PANEL);
  g_type_ensure (CAIRN_TYPE_MCP_PANEL);
  g_type_ensure (CAIRN_TYPE_SIDEBAR);
  g_type_ensure (CAIRN_TYPE_START_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, new_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, model_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, mode_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, rules_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, rules_list);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, context_meter);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_box);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, todo_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, todo_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, todo_list);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, background_list);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_panel);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, limit_label);
  gtk_widget_class_bind_template_callback (widget_class, usage_popover_show_cb);
  gtk_widget_class_bind_template_callback (widget_class, model_label);
  gtk_widget_class_bind_template_callback (widget_class, folder_and_model);
  gtk_widget_class_bind_template_callback (widget_class, mode_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, mcp_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, mcp_panel);
  gtk_widget_class_bind_template_callback (widget_class, mcp_popover_show_cb);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, page_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, old_cli_banner);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, old_cli_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, missing_page);
  gtk_widget_class_bind_template_callback (widget_class, missing_page_retry_cb);
  gtk_widget_class_bind_template_callback (widget_class, missing_page_cli_chosen_cb);

  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "win.show-mcp", NULL, show_mcp_action);
  gtk_widget_class_install_property_action (widget_class, "win.permission-mode", "permission-mode");
  gtk_widget_class_install_property_action (widget_class, "win.supervised", "supervised");
  gtk_widget_class_install_action (widget_class, "win.cycle-mode", NULL, cycle_mode_action);
  gtk_widget_class_install_action (widget_class, "win.revoke-rule", "s", revoke_rule_action);
  gtk_widget_class_install_action (widget_class, "win.jump-to-latest", NULL, jump_to_latest_action);
  gtk_widget_class_install_action (widget_class, "win.set-model", "s", set_model_action);
  gtk_widget_class_install_action (widget_class, "win.new-conversation", NULL, new_conversation_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-conversation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
  _cairn_window_class_init_history (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, GDK_CONTROL_MASK,
                                       "win.jump-to-latest", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.stop", NULL);
}

static void
cairn_window_init (CairnWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->drafts = cairn_draft_store_new (NULL);
  self->opening = g_cancellable_new ();
  self->session_signals = g_signal_group_new (CAIRN_TYPE_SESSION);
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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", FALSE);
  self->search = cairn_search_new ();
  cairn_sidebar_set_search (self->sidebar, self->search);
}

/**
 * cairn_window_new:
 * @settings: the application's settings
 * @sessions: the application's open conversations, of all its windows
 * @history: the CLI's history, shared by all windows
 * @folder: (nullable): the project, or %NULL for the start page
 */
CairnWindow *
cairn_window_new (GtkApplication    *application,
                  CairnSettings     *settings,
                  CairnSessionSet   *sessions,
                  CairnHistoryIndex *history,
                  GFile             *folder)
{
  CairnWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (CAIRN_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (CAIRN_IS_SESSION_SET (sessions), NULL);
  g_return_val_if_fail (CAIRN_IS_HISTORY_INDEX (history), NULL);
  g_return_val_if_fail (folder == NULL || G_IS_FILE (folder), NULL);

  self = g_object_new (CAIRN_TYPE_WINDOW, "application", application, "settings", settings,
                       "sessions", sessions, "history", history, NULL);
  /* The project loads once the window is whole: GtkWindow sets its
   * "application" only after constructed(). */
  if (folder != NULL)
    cairn_window_set_folder (self, folder);
  else
    _cairn_window_load_project (self);   /* the start page's projects */
  return self;
}

CairnSession *
cairn_window_get_session (CairnWindow *self)
{
  g_return_val_if_fail (CAIRN_IS_WINDOW (self), NULL);
  return self->session;
}
