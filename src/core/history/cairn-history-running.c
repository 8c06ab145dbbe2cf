/* cairn-history-running.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "history/cairn-history-paths.h"
#include "history/cairn-history-running.h"
#include "protocol/cairn-launcher.h"
#include "protocol/cairn-json.h"

/* Whether some Claude Code process (in a terminal, or another Cairn
 * window) has a conversation open: a running CLI registers itself as
 * <config>/sessions/<pid>.json with its sessionId and the start time of
 * its process (docs/session-files.md). Two processes appending to one
 * session file would tangle it, so Cairn starts none on such a one. */

/* How long the host is given to answer from the Flatpak */
#define HOST_TIMEOUT_MS 2000

/* The start time in clock ticks (field 22) out of a /proc/<pid>/stat:
 * together with the pid it names one process, not a reused pid. */
static char *
stat_start (const char *stat)
{
  g_auto(GStrv) fields = NULL;
  const char *after_name;

  if (stat == NULL || !(after_name = strrchr (stat, ')')) || after_name[1] == '\0')
    return NULL;
  fields = g_strsplit (after_name + 2, " ", 0);
  /* after "pid (name) " the fields start at 3: the start time is 22 */
  return g_strv_length (fields) > 19 ? g_strdup (fields[19]) : NULL;
}

static gboolean
is_alive (GPid        pid,
          const char *registered_start)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  g_autofree char *start = NULL;

  if (pid <= 0 || (kill (pid, 0) != 0 && errno != EPERM))
    return FALSE;
  if (g_file_get_contents (path, &stat, NULL, NULL))
    start = stat_start (stat);
  return registered_start == NULL || start == NULL || g_strcmp0 (start, registered_start) == 0;
}

typedef struct
{
  char     *out;
  gboolean  done;
} HostRead;

static void
host_read_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  HostRead *read = user_data;

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (object), result, &read->out, NULL, NULL) ||
      !g_subprocess_get_successful (G_SUBPROCESS (object)))
    g_clear_pointer (&read->out, g_free);
  read->done = TRUE;
}

static gboolean
cancel_cb (gpointer cancellable)
{
  g_cancellable_cancel (cancellable);
  return G_SOURCE_REMOVE;
}

/* The host's /proc/<pid>/stat, read by a host command (the sandbox has a
 * process namespace of its own, where the host's CLIs are not), or NULL:
 * no such process, or no answer within HOST_TIMEOUT_MS. */
static char *
host_stat (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GSource) timeout = g_timeout_source_new (HOST_TIMEOUT_MS);
  g_autoptr(GSubprocess) process = NULL;
  HostRead read = { 0 };

  g_main_context_push_thread_default (context);
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL,
                              "flatpak-spawn", "--host", "cat", path, NULL);
  if (process != NULL)
    {
      g_source_set_callback (timeout, cancel_cb, cancellable, NULL);
      g_source_attach (timeout, context);
      g_subprocess_communicate_utf8_async (process, NULL, cancellable, host_read_cb, &read);
      while (!read.done)
        g_main_context_iteration (context, TRUE);
      g_source_destroy (timeout);
      if (g_cancellable_is_cancelled (cancellable))
        g_subprocess_force_exit (process);
    }
  g_main_context_pop_thread_default (context);
  return read.out;
}

/* In the Flatpak the registered pid is the host's: asked there. A process
 * that can't be asked about counts as gone, as a dead one does. */
static gboolean
is_alive_on_host (GPid        pid,
                  const char *registered_start)
{
  g_autofree char *stat = pid > 0 ? host_stat (pid) : NULL;
  g_autofree char *start = stat_start (stat);

  if (stat == NULL)
    return FALSE;
  return registered_start == NULL || start == NULL || g_strcmp0 (start, registered_start) == 0;
}

static gboolean
is_excepted (GPid          pid,
             const GArray *except)
{
  for (guint i = 0; except != NULL && i < except->len; i++)
    if (g_array_index (except, GPid, i) == pid)
      return TRUE;
  return FALSE;
}

/**
 * cairn_history_running_pid:
 * @except: (nullable) (element-type GPid): processes not to count (the
 *   caller's own, which may still be ending)
 *
 * Blocking (a small folder and files): call it in a thread.
 * Returns: the pid of a live Claude Code process that has @session_id
 *   open, or 0
 */
GPid
cairn_history_running_pid (const char   *session_id,
                           const GArray *except)
{
  return cairn_history_running_pid_for (session_id, except, cairn_launcher_in_flatpak ());
}

/**
 * cairn_history_running_pid_for:
 * @in_flatpak: whether the registered processes are the host's, looked at
 *   through `flatpak-spawn --host` (a command only when one has @session_id)
 *
 * cairn_history_running_pid(), in or out of the Flatpak.
 */
GPid
cairn_history_running_pid_for (const char   *session_id,
                               const GArray *except,
                               gboolean      in_flatpak)
{
  g_autoptr(GFile) projects = cairn_history_projects_dir ();
  g_autoptr(GFile) config = g_file_get_parent (projects);
  g_autofree char *dir_path = g_build_filename (g_file_peek_path (config), "sessions", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *name;

  while (session_id != NULL && dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      JsonNode *root;
      JsonObject *entry;
      GPid pid;

      if (!g_str_has_suffix (name, ".json") || !json_parser_load_from_mapped_file (parser, path, NULL) ||
          !(root = json_parser_get_root (parser)) || !JSON_NODE_HOLDS_OBJECT (root))
        continue;
      entry = json_node_get_object (root);
      pid = (GPid)cairn_json_get_int (entry, "pid", 0);
      if (g_strcmp0 (cairn_json_get_string (entry, "sessionId"), session_id) == 0 &&
          !is_excepted (pid, except) &&
          (in_flatpak ? is_alive_on_host : is_alive) (pid, cairn_json_get_string (entry, "procStart")))
        return pid;
    }
  return 0;
}
