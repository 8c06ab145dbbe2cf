/* cairn-debug-info.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-debug-info"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>
#include <json-glib/json-glib.h>

#include "app/cairn-debug-info.h"
#include "protocol/cairn-auth-status.h"
#include "protocol/cairn-cli-version.h"
#include "protocol/cairn-launcher.h"

/* What a bug report needs, for About → Troubleshooting → Debug Info:
 * versions of Cairn, the CLI and the libraries, the renderer, the sandbox
 * and where the protocol log goes. `claude --version` takes a moment: it
 * runs asynchronously (cairn-cli-version.c). */

typedef struct
{
  char         *cli;          /* nullable: not found */
  char         *cli_problem;  /* why not */
  char         *renderer;
  char         *protocol_log;
  char         *version;
} Collect;

static void
collect_free (Collect *collect)
{
  g_free (collect->cli);
  g_free (collect->cli_problem);
  g_free (collect->renderer);
  g_free (collect->protocol_log);
  g_free (collect->version);
  g_free (collect);
}

static char *
renderer_of (GtkWindow *window)
{
  GskRenderer *renderer = window && gtk_widget_get_realized (GTK_WIDGET (window))
    ? gtk_native_get_renderer (GTK_NATIVE (window)) : NULL;

  return g_strdup (renderer ? G_OBJECT_TYPE_NAME (renderer) : _("unknown (no window shown)"));
}

static char *
protocol_log_of (CairnSettings *settings)
{
  const char *from_env = g_getenv ("CAIRN_DEBUG_PROTOCOL");
  const char *setting = cairn_settings_get_debug_protocol_dir (settings);

  if (from_env != NULL && *from_env != '\0')
    return g_strdup_printf ("%s (CAIRN_DEBUG_PROTOCOL)", from_env);
  if (*setting != '\0')
    return g_strdup (setting);
  return g_strdup (_("off"));
}

static char *
format_info (Collect    *collect,
             const char *cli_version,
             const char *signed_in)
{
  g_autofree char *os = g_get_os_info (G_OS_INFO_KEY_PRETTY_NAME);
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "Cairn %s (%s)\n", PACKAGE_VERSION, APP_ID);
  g_string_append_printf (text, "Claude Code: %s\n", collect->cli ? collect->cli : collect->cli_problem);
  g_string_append_printf (text, "Claude Code version: %s\n", cli_version);
  g_string_append_printf (text, "Signed in: %s\n", signed_in);
  g_string_append_printf (text, "GTK %u.%u.%u\n", gtk_get_major_version (),
                          gtk_get_minor_version (), gtk_get_micro_version ());
  g_string_append_printf (text, "libadwaita %u.%u.%u\n", adw_get_major_version (),
                          adw_get_minor_version (), adw_get_micro_version ());
  g_string_append_printf (text, "GtkSourceView %u.%u.%u\n", gtk_source_get_major_version (),
                          gtk_source_get_minor_version (), gtk_source_get_micro_version ());
  g_string_append_printf (text, "GLib %u.%u.%u\n", glib_major_version, glib_minor_version,
                          glib_micro_version);
  g_string_append_printf (text, "json-glib %s\n", JSON_VERSION_S);
  g_string_append_printf (text, "Renderer: %s\n", collect->renderer);
  g_string_append_printf (text, "Flatpak: %s\n", cairn_launcher_in_flatpak () ? "yes" : "no");
  g_string_append_printf (text, "Protocol log: %s\n", collect->protocol_log);
  g_string_append_printf (text, "System: %s\n", os ? os : "unknown");
  return g_string_free (text, FALSE);
}

/* How the CLI is signed in, as `claude auth status` says. */
static void
status_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Collect *collect = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnAuthStatus) status = cairn_auth_status_check_finish (result, &error);
  g_autofree char *signed_in = status ? cairn_auth_status_describe (status)
                                      : g_strdup_printf (_("not known (%s)"), error->message);

  g_task_return_pointer (task, format_info (collect, collect->version, signed_in), g_free);
}

static void
version_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GTask *task = user_data;
  Collect *collect = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = cairn_cli_version_query_finish (result, &error);

  collect->version = out ? g_strdup (out) : g_strdup_printf (_("not known (%s)"), error->message);
  cairn_auth_status_check_async (collect->cli, cairn_launcher_in_flatpak (), NULL, status_done_cb, task);
}

/**
 * cairn_debug_info_collect_async:
 * @window: (nullable): the window whose renderer is reported
 * @settings: Cairn's settings (the claude program, the log)
 */
void
cairn_debug_info_collect_async (GtkWindow           *window,
                                CairnSettings       *settings,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, callback, user_data);
  const char *configured = cairn_settings_get_cli_path (settings);
  g_autoptr(GError) error = NULL;
  Collect *collect = g_new0 (Collect, 1);

  g_task_set_source_tag (task, cairn_debug_info_collect_async);
  g_task_set_task_data (task, collect, (GDestroyNotify)collect_free);
  collect->renderer = renderer_of (window);
  collect->protocol_log = protocol_log_of (settings);
  collect->cli = cairn_launcher_find_cli (configured, &error);
  if (collect->cli == NULL)
    {
      collect->cli_problem = g_strdup_printf (_("not found (%s)"), error->message);
      g_task_return_pointer (task, format_info (collect, _("not known"), _("not known")), g_free);
      return;
    }
  cairn_cli_version_query_async (collect->cli, version_done_cb, g_steal_pointer (&task));
}

char *
cairn_debug_info_collect_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
