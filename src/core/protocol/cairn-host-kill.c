/* cairn-host-kill.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-launcher"

#include "config.h"

#include "protocol/cairn-host-kill.h"
#include "protocol/cairn-launcher.h"

/* In the Flatpak the conversation's CLI is a host process behind
 * `flatpak-spawn --host --watch-bus`, and the sandbox has no pid for it.
 * flatpak-spawn passes SIGTERM on, but SIGKILL ends flatpak-spawn alone;
 * the host side then sends SIGINT to the CLI's process group
 * (flatpak-session-helper), so a CLI that ignores both would outlive
 * Cairn. Each process of that CLI has CAIRN_HOST_TAG=<uuid> in its
 * environment (cairn_launcher_spawn()), children included: a shell on the
 * host finds them by it in /proc/PID/environ (the user's own processes,
 * which the user may read) and kills them. The tag, a uuid of Cairn's
 * own, is the shell's argument ($1), never part of the script. grep -z
 * reads the NUL-separated variables as lines, -x takes a whole one.
 * SIGKILL is sent, not yet done: a big CLI takes a moment to exit (on a
 * loaded machine, long enough for Cairn to end first, which the sandbox
 * check hung-cli-killed saw), so the script waits, up to 2 s, until each
 * is gone or a zombie (state Z or X, read after the last ")" of
 * /proc/PID/stat, as the name before it may hold anything). */
static const char kill_script[] =
  "k=; for f in $(grep -lzxF \"$1\" /proc/[0-9]*/environ 2>/dev/null); do "
  "p=${f#/proc/}; p=${p%/environ}; kill -KILL \"$p\" 2>/dev/null && k=\"$k $p\"; "
  "done; "
  "i=0; while [ -n \"$k\" ] && [ $i -lt 20 ]; do "
  "l=; for p in $k; do s=$(sed 's/.*) //' \"/proc/$p/stat\" 2>/dev/null); "
  "case \"$s\" in ''|Z*|X*) ;; *) l=\"$l $p\" ;; esac; done; "
  "k=$l; i=$((i+1)); [ -n \"$k\" ] && sleep 0.1; "
  "done; exit 0";

static void
killed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (g_subprocess_wait_check_finish (G_SUBPROCESS (object), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * cairn_host_kill_tagged_async:
 * @tag: the value of the host CLI's `CAIRN_HOST_TAG`
 *   (cairn_launcher_get_host_tag())
 *
 * Kills (SIGKILL), on the host, every process whose environment has @tag:
 * a CLI that ignored SIGTERM, and what it started. Completes once the host
 * command did.
 */
void
cairn_host_kill_tagged_async (const char          *tag,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autofree char *variable = g_strdup_printf ("%s=%s", CAIRN_LAUNCHER_HOST_TAG_VARIABLE, tag);
  const char *command[] = { "sh", "-c", kill_script, "sh", variable, NULL };
  g_autoptr(GSubprocess) process = NULL;
  GError *error = NULL;

  g_return_if_fail (g_uuid_string_is_valid (tag));

  g_task_set_source_tag (task, cairn_host_kill_tagged_async);
  process = cairn_launcher_spawn_probe (command, TRUE,
                                        G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                        &error);
  if (process == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_subprocess_wait_check_async (process, cancellable, killed_cb, g_steal_pointer (&task));
}

gboolean
cairn_host_kill_tagged_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
