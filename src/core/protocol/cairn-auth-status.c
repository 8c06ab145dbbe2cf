/* cairn-auth-status.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-auth"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-auth-status.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "protocol/cairn-launcher.h"

/* Whether the CLI can talk to a model: `claude auth status` prints JSON
 * (and exits 1 when not signed in). The CLI decides itself what counts: a
 * key or a Bedrock/Vertex variable in its environment makes it say
 * loggedIn with authMethod "api_key" or "third_party", so Cairn keeps no
 * list of its own (tests/data/2.1.330/auth-status-*.json). */

void
cairn_auth_status_free (CairnAuthStatus *status)
{
  if (status == NULL)
    return;
  g_free (status->auth_method);
  g_free (status->api_provider);
  g_free (status->api_key_source);
  g_free (status);
}

/**
 * cairn_auth_status_parse:
 *
 * Returns: (transfer full): the status, or %NULL with @error set when
 *   @json is not the CLI's object
 */
CairnAuthStatus *
cairn_auth_status_parse (const char  *json,
                         GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  CairnJsonParseError problem = CAIRN_JSON_PARSE_OK;
  JsonObject *object = NULL;
  CairnAuthStatus *status;

  g_return_val_if_fail (json != NULL, NULL);

  root = cairn_json_parse_object (json, strlen (json), 16, &problem, NULL);
  if (root != NULL)
    object = json_node_get_object (root);
  if (object == NULL || !json_object_has_member (object, "loggedIn"))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Claude Code did not say whether it is signed in"));
      return NULL;
    }
  status = g_new0 (CairnAuthStatus, 1);
  status->logged_in = cairn_json_get_bool (object, "loggedIn", FALSE);
  status->auth_method = g_strdup (cairn_json_get_string (object, "authMethod"));
  status->api_provider = g_strdup (cairn_json_get_string (object, "apiProvider"));
  status->api_key_source = g_strdup (cairn_json_get_string (object, "apiKeySource"));
  return status;
}

/**
 * cairn_auth_status_describe:
 *
 * Returns: one line for the debug info: "signed in (claude.ai, firstParty)"
 */
char *
cairn_auth_status_describe (const CairnAuthStatus *status)
{
  GString *line;

  if (status == NULL)
    return g_strdup ("unknown");
  if (!status->logged_in)
    return g_strdup ("not signed in");
  line = g_string_new ("signed in (");
  g_string_append (line, status->auth_method ? status->auth_method : "?");
  if (status->api_key_source != NULL)
    g_string_append_printf (line, " from %s", status->api_key_source);
  g_string_append_printf (line, ", %s)", status->api_provider ? status->api_provider : "?");
  return g_string_free (line, FALSE);
}

/* A CLI that does not answer (a stand-in, a hung one) is not waited for:
 * ended after this long, or when the caller cancels. */
#define STATUS_TIMEOUT_S 20

typedef struct
{
  GSubprocess *process;
  guint        timeout;
} Check;

static void
check_free (Check *check)
{
  g_clear_handle_id (&check->timeout, g_source_remove);
  g_clear_object (&check->process);
  g_free (check);
}

static gboolean
give_up_cb (gpointer user_data)
{
  Check *check = user_data;

  check->timeout = 0;
  g_subprocess_force_exit (check->process);
  return G_SOURCE_REMOVE;
}

static void
communicated_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autofree char *out = NULL;
  GError *error = NULL;
  CairnAuthStatus *status;

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &out, NULL, &error))
    {
      g_subprocess_force_exit (G_SUBPROCESS (source));
      g_task_return_error (task, error);
      return;
    }
  /* exit status 1 means "not signed in", with the same JSON */
  status = cairn_auth_status_parse (out ? out : "", &error);
  if (status == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, status, (GDestroyNotify)cairn_auth_status_free);
}

/**
 * cairn_auth_status_check_async:
 *
 * Runs `claude auth status --json` (on the host in the Flatpak, with the
 * variables the CLI reads) and reads its answer off the main loop.
 */
void
cairn_auth_status_check_async (const char          *cli_path,
                               gboolean             in_flatpak,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GSubprocess) process = NULL;
  const char *command[] = { cli_path, "auth", "status", "--json", NULL };
  GError *error = NULL;
  Check *check;

  g_task_set_source_tag (task, cairn_auth_status_check_async);
  process = cairn_launcher_spawn_probe (command, in_flatpak, G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                       G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                       &error);
  if (process == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  check = g_new0 (Check, 1);
  check->process = g_object_ref (process);
  check->timeout = g_timeout_add_seconds (STATUS_TIMEOUT_S, give_up_cb, check);
  g_task_set_task_data (task, check, (GDestroyNotify)check_free);
  g_subprocess_communicate_utf8_async (process, NULL, cancellable, communicated_cb, g_steal_pointer (&task));
}

CairnAuthStatus *
cairn_auth_status_check_finish (GAsyncResult  *result,
                                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
