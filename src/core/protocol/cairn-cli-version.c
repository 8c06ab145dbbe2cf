/* cairn-cli-version.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "protocol/cairn-cli-version.h"
#include "protocol/cairn-launcher.h"

/* `claude --version` prints "2.1.330 (Claude Code)". It starts node, which
 * takes a moment: it runs asynchronously and is given up after a few
 * seconds. */

#define VERSION_TIMEOUT_MS 5000

typedef struct
{
  GCancellable *timeout_cancellable;
  guint         timeout_id;
} Query;

static void
query_free (Query *query)
{
  g_clear_handle_id (&query->timeout_id, g_source_remove);
  g_clear_object (&query->timeout_cancellable);
  g_free (query);
}

static gboolean
timeout_cb (gpointer user_data)
{
  Query *query = user_data;

  query->timeout_id = 0;
  g_cancellable_cancel (query->timeout_cancellable);
  return G_SOURCE_REMOVE;
}

/* In the Flatpak a host without claude, or a sandbox that may not start
 * host programs, is told apart from a claude that fails: the window shows
 * what to install or grant instead of flatpak-spawn's words. */
static void
host_failed (GTask *task,
             char  *out)
{
  GError *host = cairn_launcher_in_flatpak () ? cairn_launcher_host_error (out) : NULL;

  if (host != NULL)
    g_task_return_error (task, host);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, _("--version failed: %s"),
                             out ? g_strstrip (out) : "");
}

static void
communicate_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (object), result, &out, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_task_return_error (task, g_steal_pointer (&error));
      else
        {
          g_subprocess_force_exit (G_SUBPROCESS (object));
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, _("no answer within %d s"),
                                   VERSION_TIMEOUT_MS / 1000);
        }
    }
  else if (!g_subprocess_get_successful (G_SUBPROCESS (object)))
    host_failed (task, out);
  else
    g_task_return_pointer (task, g_strdup (out ? g_strstrip (out) : ""), g_free);
}

/**
 * cairn_cli_version_query_async:
 *
 * Runs `@cli --version`; the result is what it printed, trimmed.
 */
void
cairn_cli_version_query_async (const char          *cli,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, callback, user_data);
  const char *command[] = { cli, "--version", NULL };
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  Query *query;

  g_task_set_source_tag (task, cairn_cli_version_query_async);
  if (!(process = cairn_launcher_spawn_probe (command, cairn_launcher_in_flatpak (),
                                              G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE,
                                              &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  query = g_new0 (Query, 1);
  query->timeout_cancellable = g_cancellable_new ();
  query->timeout_id = g_timeout_add (VERSION_TIMEOUT_MS, timeout_cb, query);
  g_task_set_task_data (task, query, (GDestroyNotify)query_free);
  g_subprocess_communicate_utf8_async (process, NULL, query->timeout_cancellable,
                                       communicate_cb, g_steal_pointer (&task));
}

char *
cairn_cli_version_query_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* "2.1.330" out of "2.1.330 (Claude Code)", or NULL when the output
 * doesn't start with a dotted number. */
char *
cairn_cli_version_number (const char *output)
{
  gsize len = 0;

  if (output == NULL)
    return NULL;
  while (g_ascii_isdigit (output[len]) || (output[len] == '.' && len > 0))
    len++;
  if (len == 0 || output[len - 1] == '.' || strchr (output, '.') == NULL ||
      strchr (output, '.') >= output + len)
    return NULL;
  return g_strndup (output, len);
}

/* Compares dotted numbers part by part, as numbers: 2.1.99 < 2.1.197. */
int
cairn_cli_version_compare (const char *a,
                           const char *b)
{
  g_auto(GStrv) parts_a = g_strsplit (a, ".", -1);
  g_auto(GStrv) parts_b = g_strsplit (b, ".", -1);
  guint n_a = g_strv_length (parts_a);
  guint n_b = g_strv_length (parts_b);

  for (guint i = 0; i < MAX (n_a, n_b); i++)
    {
      guint64 part_a = i < n_a ? g_ascii_strtoull (parts_a[i], NULL, 10) : 0;
      guint64 part_b = i < n_b ? g_ascii_strtoull (parts_b[i], NULL, 10) : 0;

      if (part_a != part_b)
        return part_a < part_b ? -1 : 1;
    }
  return 0;
}

gboolean
cairn_cli_version_is_untested_old (const char *number)
{
  return number != NULL && cairn_cli_version_compare (number, CAIRN_CLI_OLDEST_TESTED) < 0;
}
