/* cairn-window.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-window"

#include "config.h"

#include "widgets/cairn-paint-report.h"
#include "window/cairn-window-private.h"

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

static GParamSpec *properties [N_PROPS];

static void
missing_page_retry_cb (CairnWindow         *self,
                       CairnMissingCliPage *page)
{
  g_autofree char *cli = NULL;

  /* asked again: in the Flatpak only the host's answer tells whether
   * claude is there now */
  _cairn_window_forget_cli_check (self);
  if ((cli = _cairn_window_find_cli (self)) != NULL)
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

/* For the benchmarks: when the first frame was painted (and quits there
 * for tests/bench-startup.sh: widgets/cairn-paint-report.c). */
static void
after_first_paint_cb (CairnWindow   *self,
                      GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, after_first_paint_cb, self);
  cairn_paint_report_now ("first-frame");
}

/* What need not hold the window's first frame waits until it is painted:
 * the runs of the claude program (its version, whether it is signed in)
 * and of git (is the folder a repository). Each is a process started
 * from the main loop, and the CLI's take a core each for a moment, which
 * the first frame wants on a machine of 2. They start in an idle after
 * the first frame, or after a second for a window that is not drawn
 * (hidden, or in a test). */
#define UNDRAWN_TIMEOUT_MS 1000

static gboolean
drawn_cb (gpointer data)
{
  CairnWindow *self = data;

  self->drawn_source = 0;
  self->drawn = TRUE;
  _cairn_window_run_cli_probes (self);
  _cairn_window_run_git_probe (self);
  _cairn_window_check_portal (self);
  return G_SOURCE_REMOVE;
}

static void
first_paint_cb (CairnWindow   *self,
                GdkFrameClock *clock)
{
  g_signal_handlers_disconnect_by_func (clock, first_paint_cb, self);
  if (self->drawn)
    return;
  g_clear_handle_id (&self->drawn_source, g_source_remove);
  self->drawn_source = g_idle_add (drawn_cb, self);
}

static void
cairn_window_map (GtkWidget *widget)
{
  GdkFrameClock *clock;

  GTK_WIDGET_CLASS (cairn_window_parent_class)->map (widget);

  clock = gtk_widget_get_frame_clock (widget);
  if (cairn_paint_report_enabled ())
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (after_first_paint_cb), widget, G_CONNECT_SWAPPED);
  if (!CAIRN_WINDOW (widget)->drawn)
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (first_paint_cb), widget, G_CONNECT_SWAPPED);
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
  _cairn_window_watch_history (self);
  if (self->folder == NULL)
    _cairn_window_show_folder (self);
}

static void
cairn_window_dispose (GObject *object)
{
  CairnWindow *self = (CairnWindow *)object;

  if (self->page_stack != NULL)
    _cairn_window_close_all_pages (self);
  g_clear_handle_id (&self->drawn_source, g_source_remove);
  g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  g_cancellable_cancel (self->git_probing);
  g_clear_object (&self->git_probing);
  g_clear_pointer (&self->git_repo, cairn_git_repo_free);
  g_clear_pointer (&self->git_reason, g_free);
  g_clear_object (&self->conversation_lists);
  g_clear_pointer (&self->locate_query, g_free);
  g_clear_pointer (&self->checked_cli, g_free);
  _cairn_window_dispose_signin (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_WINDOW);
  self->changes_pane = NULL;   /* went with changes_box */
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
terminal_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  CairnWindow *self = CAIRN_WINDOW (widget);

  if (self->page == NULL || g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "chat") != 0)
    return;
  if (g_str_equal (action_name, "win.toggle-terminal"))
    cairn_page_toggle_terminal (self->page);
  else
    cairn_page_switch_focus (self->page);
}

/* Ctrl+Shift+T and F6 before the terminal sees them: it would hand every
 * key to its child. */
static void
add_terminal_keys (CairnWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control><Shift>t"),
                                                          gtk_named_action_new ("win.toggle-terminal")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F6, 0),
                                                          gtk_named_action_new ("win.switch-focus")));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
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
  g_type_ensure (CAIRN_TYPE_CHANGES_PANE);
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
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_box);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, todo_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, todo_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, todo_list);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, background_list);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, usage_panel);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, limit_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, mcp_button);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, mcp_panel);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, page_stack);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, old_cli_banner);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, old_cli_label);
  gtk_widget_class_bind_template_child (widget_class, CairnWindow, missing_page);
  gtk_widget_class_bind_template_callback (widget_class, missing_page_retry_cb);
  gtk_widget_class_bind_template_callback (widget_class, missing_page_cli_chosen_cb);

  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_property_action (widget_class, "win.permission-mode", "permission-mode");
  gtk_widget_class_install_property_action (widget_class, "win.supervised", "supervised");
  gtk_widget_class_install_action (widget_class, "win.jump-to-latest", NULL, jump_to_latest_action);
  gtk_widget_class_install_action (widget_class, "win.new-conversation", NULL, new_conversation_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-terminal", NULL, terminal_action);
  gtk_widget_class_install_action (widget_class, "win.switch-focus", NULL, terminal_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-conversation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
  _cairn_window_class_init_header (widget_class);
  _cairn_window_class_init_signin (widget_class);
  _cairn_window_class_init_portal (widget_class);
  _cairn_window_class_init_history (widget_class);
  _cairn_window_class_init_export (widget_class);
  _cairn_window_class_init_worktree (widget_class);
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
  _cairn_window_init_header (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop", FALSE);
  self->search = cairn_search_new ();
  cairn_sidebar_set_search (self->sidebar, self->search);
  add_terminal_keys (self);
  self->drawn_source = g_timeout_add (UNDRAWN_TIMEOUT_MS, drawn_cb, self);
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
