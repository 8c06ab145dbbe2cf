/* cairn-application.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-application"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-application.h"
#include "cairn-export-cli.h"
#include "cairn-shell-search-provider.h"
#include "app/cairn-debug-info.h"
#include "history/cairn-history-paths.h"
#include "protocol/cairn-cli-connection.h"
#include "usage/cairn-usage-command.h"
#include "widgets/cairn-plain-text.h"
#include "app/cairn-preferences-window.h"
#include "app/cairn-settings.h"
#include "window/cairn-window.h"
#include "cairn-renderer.h"

struct _CairnApplication
{
  AdwApplication     parent_instance;
  /* handed down to the windows, their pages and the preferences */
  CairnSettings     *settings;
  /* the CLI's history, shared by every window */
  CairnHistoryIndex *history;
  /* the open conversations of every window, their processes in bounds */
  CairnSessionSet   *sessions;
  /* GNOME Shell's search, on the application's D-Bus connection */
  CairnShellSearchProvider *search_provider;
  gboolean           quitting;
};

G_DEFINE_FINAL_TYPE (CairnApplication, cairn_application, ADW_TYPE_APPLICATION)

static const GOptionEntry main_entries[] = {
  { "standalone", 's', 0, G_OPTION_ARG_NONE, NULL,
    N_("Run a new instance of Cairn, separate from any running one") },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit") },
  { "continue", 'c', 0, G_OPTION_ARG_NONE, NULL,
    N_("Open the project’s most recent conversation") },
  { "resume", 'r', 0, G_OPTION_ARG_STRING, NULL,
    N_("Open the conversation with this session id, in its own project"), N_("ID") },
  { "export", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Write the conversation with this session id to standard output (or --output), and exit"), N_("ID") },
  { "format", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("What --export writes: md (Markdown, the default), html or jsonl (the raw lines)"), N_("FORMAT") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, NULL,
    N_("The file --export writes (Markdown’s images go to a folder beside it)"), N_("FILE") },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, NULL },
  { NULL }
};

static gint
cairn_application_handle_local_options (GApplication *app,
                                        GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", "Cairn", PACKAGE_VERSION);
      return 0;
    }
  /* commands, not a window: never handed to a running Cairn; before
   * registering, so no display and no running instance is asked */
  if (g_variant_dict_contains (options, "export"))
    return cairn_export_cli_run (options);
  return cairn_usage_command_main (options);
}

/* Launched from the desktop, the working folder is the home folder: that
 * is no project, so the window starts on its start page (no folder). */
static gboolean
is_desktop_launch (GApplicationCommandLine *command_line)
{
  const char *cwd = g_application_command_line_get_cwd (command_line);
  g_autoptr(GFile) here = g_file_new_for_path (cwd ? cwd : g_get_home_dir ());
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());

  return g_file_equal (here, home);
}

/* The project folder named on the command line (or the current one), or
 * %NULL with no error for the start page. */
static gboolean
folder_from_command_line (GApplicationCommandLine  *command_line,
                          GFile                   **out_folder,
                          GError                  **error)
{
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **remaining = NULL;
  g_autoptr(GFile) folder = NULL;

  *out_folder = NULL;
  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &remaining);
  if ((remaining == NULL || remaining[0] == NULL) && is_desktop_launch (command_line))
    return TRUE;
  if (remaining == NULL || remaining[0] == NULL)
    folder = g_file_new_for_path (g_application_command_line_get_cwd (command_line) ?: ".");
  else
    folder = g_application_command_line_create_file_for_arg (command_line, remaining[0]);

  if (g_file_query_file_type (folder, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *name = g_file_get_parse_name (folder);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                   _("“%s” is not a folder"), name);
      return FALSE;
    }
  *out_folder = g_steal_pointer (&folder);
  return TRUE;
}

/* --resume ID: the conversation's file, and its project from its lines. */
static gboolean
resume_target (const char  *session_id,
               GFile      **out_folder,
               GFile      **out_file,
               GError     **error)
{
  g_autoptr(GFile) file = cairn_history_find_conversation (session_id);
  g_autoptr(CairnConversationInfo) info = file ? cairn_conversation_info_read (file, NULL, NULL) : NULL;

  if (info == NULL || cairn_conversation_info_get_cwd (info) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No conversation with the id “%s” was found"), session_id);
      return FALSE;
    }
  *out_folder = g_file_new_for_path (cairn_conversation_info_get_cwd (info));
  *out_file = g_steal_pointer (&file);
  return TRUE;
}

static int
cairn_application_command_line (GApplication            *app,
                                GApplicationCommandLine *command_line)
{
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) conversation = NULL;
  const char *resume = NULL;
  CairnWindow *window;
  gboolean ok;

  g_variant_dict_lookup (options, "resume", "&s", &resume);
  if (resume != NULL)
    ok = resume_target (resume, &folder, &conversation, &error);
  else
    ok = folder_from_command_line (command_line, &folder, &error);
  if (!ok)
    {
      g_application_command_line_printerr (command_line, "%s\n", error->message);
      return 1;
    }
  if (folder == NULL && g_variant_dict_contains (options, "continue"))
    folder = g_file_new_for_path (g_application_command_line_get_cwd (command_line) ?: ".");
  window = cairn_application_new_window (CAIRN_APPLICATION (app), folder);
  if (conversation != NULL)
    cairn_window_open_conversation (window, conversation);
  else if (g_variant_dict_contains (options, "continue"))
    cairn_window_open_latest (window);
  gtk_window_present (GTK_WINDOW (window));
  return 0;
}

/* Started from the desktop through D-Bus (the desktop file is
 * DBusActivatable): a window on the start page, or the one there is. */
static void
cairn_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (cairn_application_new_window (CAIRN_APPLICATION (app), NULL));
  gtk_window_present (window);
}

/* Folders handed over by D-Bus (a file manager's Open With): a window
 * each; anything else is no project. */
static void
cairn_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_file_get_parse_name (files[i]);

      if (g_file_query_file_type (files[i], G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
        {
          g_message ("“%s” is not a folder: not opened", name);
          continue;
        }
      gtk_window_present (GTK_WINDOW (cairn_application_new_window (CAIRN_APPLICATION (app), files[i])));
    }
}

static CairnWindow *
new_window_for (GtkApplication *app,
                GFile          *folder)
{
  return cairn_application_new_window (CAIRN_APPLICATION (app), folder);
}

/* The search provider lives beside the application's own object, on its
 * connection (as GNOME Text Editor's does), at <object path>/SearchProvider,
 * the path the search provider file names. */
static gboolean
cairn_application_dbus_register (GApplication     *app,
                                 GDBusConnection  *connection,
                                 const char       *object_path,
                                 GError          **error)
{
  CairnApplication *self = CAIRN_APPLICATION (app);
  g_autofree char *path = g_strconcat (object_path, "/SearchProvider", NULL);

  if (!G_APPLICATION_CLASS (cairn_application_parent_class)->dbus_register (app, connection, object_path, error))
    return FALSE;
  self->search_provider = cairn_shell_search_provider_new (GTK_APPLICATION (app), cairn_application_get_history (self),
                                                           new_window_for);
  /* started for a search: the first words typed find titles at once */
  if (g_application_get_flags (app) & G_APPLICATION_IS_SERVICE)
    cairn_shell_search_provider_prepare (self->search_provider);
  return cairn_shell_search_provider_export (self->search_provider, connection, path, error);
}

static void
cairn_application_dbus_unregister (GApplication    *app,
                                   GDBusConnection *connection,
                                   const char      *object_path)
{
  CairnApplication *self = CAIRN_APPLICATION (app);

  if (self->search_provider != NULL)
    cairn_shell_search_provider_unexport (self->search_provider);
  g_clear_object (&self->search_provider);
  G_APPLICATION_CLASS (cairn_application_parent_class)->dbus_unregister (app, connection, object_path);
}

static void
show_about (GtkApplication *app,
            const char     *debug_info)
{
  static const char *developers[] = { "Cairn developers", NULL };
  /* Translators: credit yourself here, one name a line */
  const char *translators = _("translator-credits");

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", "Cairn",
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("A native desktop chat window for Claude Code"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "website", "https://github.com/cairnapp/cairn",
                         "issue-url", "https://github.com/cairnapp/cairn/issues",
                         "developer-name", _("Cairn developers"),
                         "developers", developers,
                         "translator-credits",
                         g_str_equal (translators, "translator-credits") ? "" : translators,
                         "debug-info", debug_info,
                         "debug-info-filename", "cairn-debug-info.txt",
                         NULL);
}

static void
debug_info_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GtkApplication) app = user_data;
  g_autofree char *info = cairn_debug_info_collect_finish (result, NULL);

  show_about (app, info);
}

/* The debug info asks `claude --version` first (a moment, never blocking). */
static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  CairnApplication *self = user_data;

  cairn_debug_info_collect_async (gtk_application_get_active_window (GTK_APPLICATION (self)),
                                  cairn_application_get_settings (self),
                                  debug_info_cb, g_object_ref (self));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  CairnApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (cairn_preferences_window_new (
    gtk_application_get_active_window (GTK_APPLICATION (self)), cairn_application_get_settings (self))));
}

static void
quit_ready_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CairnApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!cairn_session_set_close_all_finish (CAIRN_SESSION_SET (object), result, &error))
    g_warning ("Waiting for Claude Code to exit failed: %s", error->message);
  g_application_release (G_APPLICATION (self));
  g_application_quit (G_APPLICATION (self));
}

/* Quitting ends every CLI first (SIGTERM, SIGKILL after 3 s) and exits
 * once none is left: the windows go at once, the application holds itself
 * meanwhile, and the main loop keeps running to see the processes out. */
static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CairnApplication *self = user_data;

  if (self->quitting)
    return;
  self->quitting = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    gtk_widget_set_visible (l->data, FALSE);
  g_application_hold (G_APPLICATION (self));
  cairn_session_set_close_all_async (cairn_application_get_sessions (self), NULL, quit_ready_cb,
                                     g_object_ref (self));
}

static void
clis_gone_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CairnApplication) self = user_data;

  cairn_cli_connection_wait_all_gone_finish (result, NULL);
  g_application_release (G_APPLICATION (self));
}

/* A closed window ended its conversations' CLIs; the last one closed would
 * let the application exit before they are gone: it holds until they are. */
static void
window_removed_cb (CairnApplication *self,
                   GtkWindow        *window)
{
  g_application_hold (G_APPLICATION (self));
  cairn_cli_connection_wait_all_gone_async (NULL, clis_gone_cb, g_object_ref (self));
}

/* A notification's Allow or Deny: the open conversations belong to the
 * application, which answers whichever asked, shown in a window or not
 * (as Text Editor's session, not its windows, holds the documents). */
static void
approval_action (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  CairnApplication *self = user_data;

  cairn_session_set_answer_request (cairn_application_get_sessions (self), g_variant_get_string (param, NULL),
                                    g_str_equal (g_action_get_name (G_ACTION (action)), "approval-allow"));
}

/* Clicking the notification itself: the window that has the conversation
 * shows it, and the request's dialog. */
static void
approval_review_action (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *request_id = g_variant_get_string (param, NULL);

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (CAIRN_IS_WINDOW (l->data) && cairn_window_review_request (l->data, request_id))
      return;
  g_message ("Request %s is no longer pending (its conversation was closed or answered): not shown",
             request_id);
}

/* From a notification: the window that has the conversation shows it. */
static void
show_conversation_action (GSimpleAction *action,
                          GVariant      *param,
                          gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *session_id = g_variant_get_string (param, NULL);

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (CAIRN_IS_WINDOW (l->data) && cairn_window_show_conversation (l->data, session_id))
      return;
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
  { "approval-allow", approval_action, "s" },
  { "approval-deny", approval_action, "s" },
  { "approval-review", approval_review_action, "s" },
  { "show-conversation", show_conversation_action, "s" },
};

/* Quitting ends every CLI, whatever window it was in. */
static void
cairn_application_shutdown (GApplication *app)
{
  CairnApplication *self = CAIRN_APPLICATION (app);

  if (self->sessions != NULL)
    cairn_session_set_close_all (self->sessions);
  G_APPLICATION_CLASS (cairn_application_parent_class)->shutdown (app);
}

static void
cairn_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (cairn_application_parent_class)->startup (app);
  /* started by D-Bus for a search: it stays a while for the next words */
  if (g_application_get_flags (app) & G_APPLICATION_IS_SERVICE)
    g_application_set_inactivity_timeout (app, 20000);
  if (gdk_display_get_default () != NULL)
    cairn_renderer_avoid_software_gl (gdk_display_get_default ());
  cairn_notifications_probe_markup (g_application_get_dbus_connection (app));

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
}

static void
cairn_application_dispose (GObject *object)
{
  CairnApplication *self = (CairnApplication *)object;

  if (self->sessions != NULL)
    cairn_session_set_close_all (self->sessions);
  g_clear_object (&self->sessions);
  g_clear_object (&self->settings);
  g_clear_object (&self->history);
  g_clear_object (&self->search_provider);

  G_OBJECT_CLASS (cairn_application_parent_class)->dispose (object);
}

static void
cairn_application_class_init (CairnApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = cairn_application_dispose;
  app_class->handle_local_options = cairn_application_handle_local_options;
  app_class->command_line = cairn_application_command_line;
  app_class->activate = cairn_application_activate;
  app_class->open = cairn_application_open;
  app_class->dbus_register = cairn_application_dbus_register;
  app_class->dbus_unregister = cairn_application_dbus_unregister;
  app_class->shutdown = cairn_application_shutdown;
  app_class->startup = cairn_application_startup;
}

static void
cairn_application_init (CairnApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), main_entries);
  g_application_add_main_option_entries (G_APPLICATION (self), cairn_usage_command_options ());
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FOLDER]"));
  g_signal_connect (self, "window-removed", G_CALLBACK (window_removed_cb), NULL);
}

/* With GSK_RENDERER=cairo nothing in Cairn draws with OpenGL, yet GTK 4.8
 * still sets up GL on X11 when it opens the display, which loads Mesa
 * (with llvmpipe, LLVM): 60 MB of the 108 MB a window took at start
 * (tests/bench-startup.sh). So the cairo renderer comes without GL, and
 * so does the launch that will choose cairo because the last one on the
 * same display found OpenGL to be software (cairn-renderer-kept.c).
 * Call before the application starts (it opens the display). */
void
cairn_application_skip_gl_for_cairo (void)
{
  const char *debug = g_getenv ("GDK_DEBUG");
  g_autofree char *flags = NULL;

  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") != 0 && !cairn_renderer_software_gl_kept ())
    return;
  flags = debug && *debug ? g_strconcat (debug, ",gl-disable", NULL) : g_strdup ("gl-disable");
  g_setenv ("GDK_DEBUG", flags, TRUE);
}

CairnApplication *
cairn_application_new (gboolean standalone)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_HANDLES_OPEN;

  if (standalone)
    flags |= G_APPLICATION_NON_UNIQUE;
  return g_object_new (CAIRN_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags,
                       "resource-base-path", "/io/github/cairnapp/Cairn",
                       NULL);
}

/**
 * cairn_application_get_settings:
 *
 * Returns: (transfer none): Cairn's settings (kept in memory when the
 *   schema is not installed)
 */
CairnSettings *
cairn_application_get_settings (CairnApplication *self)
{
  g_return_val_if_fail (CAIRN_IS_APPLICATION (self), NULL);

  if (self->settings == NULL)
    self->settings = cairn_settings_new ();
  return self->settings;
}

/**
 * cairn_application_get_history:
 *
 * Returns: (transfer none): the projects and conversations of the CLI's
 *   history, shared by all windows
 */
CairnHistoryIndex *
cairn_application_get_history (CairnApplication *self)
{
  g_return_val_if_fail (CAIRN_IS_APPLICATION (self), NULL);

  if (self->history == NULL)
    self->history = cairn_history_index_new ();
  return self->history;
}

static void
limits_changed_cb (CairnApplication *self)
{
  CairnSettings *settings = cairn_application_get_settings (self);

  cairn_session_set_set_max_processes (self->sessions, cairn_settings_get_max_processes (settings));
  cairn_session_set_set_idle_timeout (self->sessions, cairn_settings_get_idle_minutes (settings) * 60 * 1000);
}

/**
 * cairn_application_get_sessions:
 *
 * Returns: (transfer none): the open conversations of all windows, with
 *   their process limits from the settings
 */
CairnSessionSet *
cairn_application_get_sessions (CairnApplication *self)
{
  CairnSettings *settings;

  g_return_val_if_fail (CAIRN_IS_APPLICATION (self), NULL);

  if (self->sessions != NULL)
    return self->sessions;
  self->sessions = cairn_session_set_new ();
  settings = cairn_application_get_settings (self);
  g_signal_connect_object (settings, "notify::max-processes", G_CALLBACK (limits_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::idle-minutes", G_CALLBACK (limits_changed_cb), self,
                           G_CONNECT_SWAPPED);
  limits_changed_cb (self);
  return self->sessions;
}

/**
 * cairn_application_new_window:
 * @folder: (nullable): the project, or %NULL for the start page
 *
 * A window with what the application shares among its windows: the
 * settings, the open conversations and the CLI's history.
 */
CairnWindow *
cairn_application_new_window (CairnApplication *self,
                              GFile            *folder)
{
  g_return_val_if_fail (CAIRN_IS_APPLICATION (self), NULL);

  return cairn_window_new (GTK_APPLICATION (self), cairn_application_get_settings (self),
                           cairn_application_get_sessions (self), cairn_application_get_history (self),
                           folder);
}
