/* cairn-history-running.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-history"

#include "config.h"

#include <errno.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdlib.h>

#include "history/cairn-history-paths.h"
#include "history/cairn-history-running.h"
#include "protocol/cairn-json.h"

/* Whether some Claude Code process (in a terminal, or another Cairn
 * window) has a conversation open: a running CLI registers itself as
 * <config>/sessions/<pid>.json with its sessionId and the start time of
 * its process (docs/session-files.md). Two processes appending to one
 * session file would tangle it, so Cairn starts none on such a one. */

/* The start time of @pid in clock ticks (field 22 of /proc/<pid>/stat),
 * or NULL: together with the pid it names one process, not a reused pid. */
static char *
process_start (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after_name;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || !(after_name = strrchr (stat, ')')))
    return NULL;
  fields = g_strsplit (after_name + 2, " ", 0);
  /* after "pid (name) " the fields start at 3: the start time is 22 */
  return g_strv_length (fields) > 19 ? g_strdup (fields[19]) : NULL;
}

static gboolean
is_alive (GPid        pid,
          const char *registered_start)
{
  g_autofree char *start = NULL;

  if (pid <= 0 || (kill (pid, 0) != 0 && errno != EPERM))
    return FALSE;
  start = process_start (pid);
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
          !is_excepted (pid, except) && is_alive (pid, cairn_json_get_string (entry, "procStart")))
        return pid;
    }
  return 0;
}
