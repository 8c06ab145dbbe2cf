/* cairn-launcher.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-launcher"
/* memfd_create() */
#define _GNU_SOURCE

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cairn-types.h"
#include "protocol/cairn-launcher.h"

/* The only place in Cairn that starts a process. The CLI is always run from
 * an argv vector, never a shell string, so paths and prompts can't be
 * reinterpreted by a shell. */

/* Variables the CLI reads that must reach it through flatpak-spawn, which
 * does not pass the sandbox's environment on to the host. HOME is the same
 * path in the sandbox and on the host, and the one Cairn reads ~/.claude
 * from; PATH and the XDG_* folders are the sandbox's own and stay. */
static const char *forwarded_prefixes[] = {
  "HOME=", "ANTHROPIC_", "CLAUDE_", "DISABLE_", "IS_SANDBOX", "HTTP_PROXY", "HTTPS_PROXY",
  "NO_PROXY", "http_proxy", "https_proxy", "no_proxy", "NODE_", "AWS_", "GOOGLE_",
  "VERTEX_", "MCP_",
};

/* docs/protocol.md, "Restoring files" */
#define CHECKPOINTING_VARIABLE "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING"

G_DEFINE_QUARK (cairn-launcher-error-quark, cairn_launcher_error)

gboolean
cairn_launcher_in_flatpak (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

static gboolean
check_executable (const char  *path,
                  GError     **error)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_NOT_FOUND,
                   _("“%s” does not exist"), path);
      return FALSE;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR) || access (path, X_OK) != 0)
    {
      g_set_error (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_NOT_EXECUTABLE,
                   _("“%s” is not an executable program"), path);
      return FALSE;
    }
  return TRUE;
}

static GPtrArray *
usual_install_places (void)
{
  GPtrArray *places = g_ptr_array_new_with_free_func (g_free);
  const char *home = g_get_home_dir ();
  const char *npm_prefix = g_getenv ("NPM_CONFIG_PREFIX");

  g_ptr_array_add (places, g_build_filename (home, ".local", "bin", "claude", NULL));
  g_ptr_array_add (places, g_build_filename (home, ".claude", "local", "claude", NULL));
  if (npm_prefix != NULL && *npm_prefix != '\0')
    g_ptr_array_add (places, g_build_filename (npm_prefix, "bin", "claude", NULL));
  g_ptr_array_add (places, g_build_filename (home, ".npm-global", "bin", "claude", NULL));
  g_ptr_array_add (places, g_build_filename (home, ".local", "share", "npm", "bin", "claude", NULL));
  g_ptr_array_add (places, g_strdup ("/usr/local/bin/claude"));
  return places;
}

/* In the Flatpak the CLI is the host's, and the sandbox sees only part of
 * the host: an absolute path it can't see (CAIRN_CLAUDE=/opt/…/claude) is
 * the host's to resolve, and so is a link in ~/.local/bin to a place
 * outside home, as npm and the installers make. If it isn't there either,
 * starting it says so. A path the sandbox does see is checked as usual. */
static gboolean
check_host_executable (const char  *path,
                       GError     **error)
{
  if (g_path_is_absolute (path) &&
      (g_file_test (path, G_FILE_TEST_IS_SYMLINK) || !g_file_test (path, G_FILE_TEST_EXISTS)))
    return TRUE;
  return check_executable (path, error);
}

static gboolean
check_cli (const char  *path,
           gboolean     in_flatpak,
           GError     **error)
{
  return in_flatpak ? check_host_executable (path, error) : check_executable (path, error);
}

static char *
find_in_usual_places (gboolean in_flatpak)
{
  g_autoptr(GPtrArray) places = usual_install_places ();

  for (guint i = 0; i < places->len; i++)
    {
      const char *place = g_ptr_array_index (places, i);
      if (check_executable (place, NULL) ||
          (in_flatpak && g_file_test (place, G_FILE_TEST_IS_SYMLINK)))
        return g_strdup (place);
    }
  return NULL;
}

/**
 * cairn_launcher_find_cli:
 * @configured_path: (nullable): the `cli-path` setting
 *
 * Looks for the claude binary: the setting, then `CAIRN_CLAUDE`, then
 * `claude` on PATH, then the places the installers use. A path the user gave
 * explicitly is not second-guessed: if it is broken, that is the error.
 */
char *
cairn_launcher_find_cli (const char  *configured_path,
                         GError     **error)
{
  return cairn_launcher_find_cli_for (configured_path, cairn_launcher_in_flatpak (), error);
}

/**
 * cairn_launcher_find_cli_for:
 * @in_flatpak: whether the CLI is the host's, run through flatpak-spawn
 *
 * cairn_launcher_find_cli(), in or out of the Flatpak. In it, the sandbox's
 * PATH is the runtime's, so `claude` on PATH is left to the host.
 */
char *
cairn_launcher_find_cli_for (const char  *configured_path,
                             gboolean     in_flatpak,
                             GError     **error)
{
  const char *from_env = g_getenv ("CAIRN_CLAUDE");
  char *found;

  if (configured_path != NULL && *configured_path != '\0')
    return check_cli (configured_path, in_flatpak, error) ? g_strdup (configured_path) : NULL;
  if (from_env != NULL && *from_env != '\0')
    return check_cli (from_env, in_flatpak, error) ? g_strdup (from_env) : NULL;
  if (!in_flatpak && (found = g_find_program_in_path ("claude")))
    return found;
  if ((found = find_in_usual_places (in_flatpak)))
    return found;

  /* Inside Flatpak the host's PATH is invisible: let the host resolve it. */
  if (in_flatpak)
    return g_strdup ("claude");

  g_set_error (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_NOT_FOUND,
               _("No “claude” program was found on PATH or in the usual install places"));
  return NULL;
}

static gboolean
is_forwarded (const char *variable)
{
  for (guint i = 0; i < G_N_ELEMENTS (forwarded_prefixes); i++)
    if (g_str_has_prefix (variable, forwarded_prefixes[i]))
      return TRUE;
  return FALSE;
}

/* Inside the Flatpak, flatpak-spawn --host runs the CLI on the host. The
 * variables it needs (the API key among them) go in a memory file that
 * flatpak-spawn reads (--env-fd, flatpak-xdg-utils 1.0.5 and later; the
 * runtime's flatpak-spawn is the one that runs) and passes on inside its
 * D-Bus call: an --env=K=V argument would show every value in the
 * process list of the sandbox and, through the portal, of the host. */
static void
add_host_prefix (GStrvBuilder *argv,
                 const char   *cwd)
{
  g_strv_builder_add_many (argv, "flatpak-spawn", "--host", "--watch-bus", NULL);
  if (cwd != NULL)
    {
      g_autofree char *directory = g_strdup_printf ("--directory=%s", cwd);
      g_strv_builder_add (argv, directory);
    }
  g_strv_builder_add (argv, "--env-fd=" G_STRINGIFY (CAIRN_LAUNCHER_ENV_FD));
}

/* flatpak-spawn --host exits 1 both when the host has no such program
 * and when the sandbox may not talk to org.freedesktop.Flatpak; only what
 * it printed tells them apart (flatpak-xdg-utils 1.0.5, docs/protocol.md
 * "In the Flatpak"):
 *   Portal call failed: Failed to start command: Failed to execute child
 *     process “claude” (No such file or directory)
 *   Portal call failed: org.freedesktop.DBus.Error.ServiceUnknown
 *   Hint: --host only works when the Flatpak is allowed to talk to org.freedesktop.Flatpak */
static gboolean
says_host_refused (const char *output)
{
  return strstr (output, "Portal call failed") != NULL &&
         (strstr (output, "org.freedesktop.DBus.Error.ServiceUnknown") != NULL ||
          strstr (output, "org.freedesktop.DBus.Error.AccessDenied") != NULL ||
          strstr (output, "allowed to talk to org.freedesktop.Flatpak") != NULL);
}

static gboolean
says_not_found (const char *output)
{
  return strstr (output, "Failed to execute child process") != NULL &&
         strstr (output, "(No such file or directory)") != NULL;
}

/**
 * cairn_launcher_host_error:
 * @output: (nullable): what `flatpak-spawn --host …` printed as it failed
 *
 * Returns: (nullable): %CAIRN_LAUNCHER_ERROR_NOT_FOUND when the host has
 *   no such program, %CAIRN_LAUNCHER_ERROR_HOST_REFUSED when the sandbox
 *   may not start programs on the host, each with a message of Cairn's
 *   own (none of @output is in it); %NULL for any other failure
 */
GError *
cairn_launcher_host_error (const char *output)
{
  if (output == NULL)
    return NULL;
  if (says_host_refused (output))
    return g_error_new_literal (CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_HOST_REFUSED,
                                _("Cairn runs Claude Code on your computer, outside its sandbox, and is "
                                  "not allowed to. Allow it with this command in a terminal, then try again:"));
  if (says_not_found (output))
    return g_error_new_literal (CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_NOT_FOUND,
                                _("No “claude” program was found on your computer’s PATH or in the usual install places"));
  return NULL;
}

/**
 * cairn_launcher_host_argv:
 * @argv: a command, built by code
 * @cwd: (nullable): where it runs
 *
 * Returns: @argv as it is run: inside the Flatpak behind `flatpak-spawn
 *   --host`, which runs it on the host in @cwd with the variables of
 *   cairn_launcher_flatpak_env_fd() (on fd 3); elsewhere a copy of @argv.
 *   flatpak-spawn hands its own stdin, stdout and stderr on to the host
 *   process, and the host side makes a terminal on stdin the process's
 *   controlling terminal, so a PTY reaches the command whole.
 */
GStrv
cairn_launcher_host_argv (const char * const *argv,
                          const char         *cwd,
                          gboolean            in_flatpak)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (in_flatpak)
    add_host_prefix (builder, cwd);
  g_strv_builder_addv (builder, (const char **)argv);
  return g_strv_builder_end (builder);
}

/**
 * cairn_launcher_build_flatpak_env:
 *
 * Returns: the variables forwarded to the host's CLI, in `env -0` form
 *   (`K=V` each ended by a NUL), what flatpak-spawn's --env-fd reads
 */
GBytes *
cairn_launcher_build_flatpak_env (void)
{
  g_auto(GStrv) env = g_get_environ ();
  GString *block = g_string_new (NULL);

  /* the host side's environment has no TERM: what the terminal pane is */
  for (guint i = 0; i < 3; i++)
    {
      static const char *fixed[] = { CHECKPOINTING_VARIABLE "=1", "TERM=xterm-256color", "COLORTERM=truecolor" };
      g_string_append (block, fixed[i]);
      g_string_append_c (block, '\0');
    }
  for (guint i = 0; env[i] != NULL; i++)
    if (is_forwarded (env[i]))
      {
        g_string_append (block, env[i]);
        g_string_append_c (block, '\0');
      }
  return g_string_free_to_bytes (block);
}

/* The block in a memory file, read from the start by flatpak-spawn (it
 * opens /proc/self/fd/N, so the file's offset does not matter), or -1 */
static int
env_fd_of (GBytes  *block,
           GError **error)
{
  gsize size;
  const char *data = g_bytes_get_data (block, &size);
  int fd = memfd_create ("cairn-env", MFD_CLOEXEC);

  if (fd < 0 || write (fd, data, size) != (gssize)size)
    {
      int saved = errno;
      if (fd >= 0)
        close (fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "flatpak-spawn's environment: %s", g_strerror (saved));
      return -1;
    }
  return fd;
}

/**
 * cairn_launcher_flatpak_env_fd:
 *
 * Returns: cairn_launcher_build_flatpak_env()'s block in a memory file, for
 *   flatpak-spawn's --env-fd, or -1
 */
int
cairn_launcher_flatpak_env_fd (GError **error)
{
  g_autoptr(GBytes) block = cairn_launcher_build_flatpak_env ();

  return env_fd_of (block, error);
}

/* The conversation's CLI on the host carries a tag of its own in its
 * environment (so do its children): the sandbox can't see its pid, and
 * flatpak-spawn can't pass on SIGKILL, so a CLI that ignores SIGTERM is
 * found and killed on the host by its tag (cairn-host-kill.c). */
static int
tagged_env_fd (const char  *tag,
               GError     **error)
{
  g_autoptr(GBytes) common = cairn_launcher_build_flatpak_env ();
  g_autoptr(GByteArray) block = g_byte_array_new ();
  g_autofree char *variable = g_strdup_printf ("%s=%s", CAIRN_LAUNCHER_HOST_TAG_VARIABLE, tag);
  g_autoptr(GBytes) tagged = NULL;

  g_byte_array_append (block, g_bytes_get_data (common, NULL), g_bytes_get_size (common));
  g_byte_array_append (block, (const guint8 *)variable, strlen (variable) + 1);
  tagged = g_byte_array_free_to_bytes (g_steal_pointer (&block));
  return env_fd_of (tagged, error);
}

/**
 * cairn_launcher_get_host_tag:
 * @process: a process cairn_launcher_spawn() started
 *
 * Returns: (nullable): the value of `CAIRN_HOST_TAG` in the environment of
 *   the host process behind @process (in the Flatpak), or %NULL
 */
const char *
cairn_launcher_get_host_tag (GSubprocess *process)
{
  return g_object_get_data (G_OBJECT (process), "cairn-host-tag");
}

/* `--flag=value`, one argument: a value from a stored file or from the
 * CLI can't be read as an option of its own, whatever it starts with
 * (docs/protocol.md, "Starting the process"). */
static void
add_optional (GStrvBuilder *argv,
              const char   *flag,
              const char   *value)
{
  g_autofree char *arg = NULL;

  if (value == NULL || *value == '\0')
    return;
  arg = g_strdup_printf ("%s=%s", flag, value);
  g_strv_builder_add (argv, arg);
}

/**
 * cairn_launcher_is_model_id:
 *
 * Whether @model looks like a model id or alias ("claude-opus-4-1",
 * "sonnet", "claude-sonnet-4-5[1m]", a Bedrock "us.anthropic.…:0" or ARN):
 * letters, digits and `.-_:/@[]`, starting with a letter or digit.
 */
gboolean
cairn_launcher_is_model_id (const char *model)
{
  if (model == NULL || !g_ascii_isalnum (*model) || strlen (model) > 200)
    return FALSE;
  for (const char *c = model; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("._-:/@[]", *c) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
refuse (GError     **error,
        const char  *message)
{
  g_set_error_literal (error, CAIRN_LAUNCHER_ERROR, CAIRN_LAUNCHER_ERROR_BAD_OPTION, message);
  return FALSE;
}

/**
 * cairn_launcher_check_options:
 *
 * The values that become arguments come from session files and from the
 * CLI: each must be what it says it is (a session id a UUID, a model a
 * model id, a mode the CLI's word), so none can smuggle in an option.
 * The message does not repeat the value (it may be anything).
 */
gboolean
cairn_launcher_check_options (const CairnLaunchOptions  *options,
                              GError                   **error)
{
  CairnPermissionMode mode;

  if (options->resume_session_id != NULL && !g_uuid_string_is_valid (options->resume_session_id))
    return refuse (error, _("Claude Code was not started: the conversation’s id is not a valid id"));
  if (options->resume_at != NULL && !g_uuid_string_is_valid (options->resume_at))
    return refuse (error, _("Claude Code was not started: the message to go on from has no valid id"));
  if (options->model != NULL && !cairn_launcher_is_model_id (options->model))
    return refuse (error, _("Claude Code was not started: the model’s name is not a model id"));
  if (options->permission_mode != NULL && !cairn_permission_mode_from_nick (options->permission_mode, &mode))
    return refuse (error, _("Claude Code was not started: the permission mode is not one it knows"));
  return TRUE;
}

/* Rules the CLI matches itself, handed back to a new process: one
 * `--allowedTools=RULE` each (docs/protocol.md, "Session rules"). */
static void
add_allowed_tools (GStrvBuilder       *argv,
                   const char * const *rules)
{
  for (guint i = 0; rules != NULL && rules[i] != NULL; i++)
    add_optional (argv, "--allowedTools", rules[i]);
}

GStrv
cairn_launcher_build_argv (const CairnLaunchOptions *options)
{
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();

  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->cli_path != NULL, NULL);

  if (options->in_flatpak)
    add_host_prefix (argv, options->cwd);
  g_strv_builder_add_many (argv, options->cli_path, "-p",
                           "--input-format", "stream-json",
                           "--output-format", "stream-json",
                           "--verbose",
                           "--permission-prompt-tool", "stdio",
                           "--include-partial-messages",
                           /* every settings hook's run, not only SessionStart's */
                           "--include-hook-events",
                           NULL);
  if (options->one_off)
    g_strv_builder_add_many (argv, "--no-session-persistence", "--strict-mcp-config", "--max-turns=1",
                             "--tools=", NULL);
  add_optional (argv, "--permission-mode", options->permission_mode);
  add_optional (argv, "--model", options->model);
  add_allowed_tools (argv, (const char * const *)options->allowed_tools);
  add_optional (argv, "--resume", options->resume_session_id);
  if (options->resume_session_id != NULL)
    {
      add_optional (argv, "--resume-session-at", options->resume_at);
      if (options->fork_session)
        g_strv_builder_add (argv, "--fork-session");
    }
  return g_strv_builder_end (argv);
}

/**
 * cairn_launcher_spawn:
 *
 * Starts the CLI with pipes on stdin, stdout and stderr. Cairn's own
 * environment is passed on as is, so `ANTHROPIC_*` settings reach the CLI.
 */
GSubprocess *
cairn_launcher_spawn (const CairnLaunchOptions  *options,
                      GError                   **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_auto(GStrv) argv = NULL;
  g_autofree char *tag = NULL;
  GSubprocess *process;
  int fd;

  g_return_val_if_fail (options != NULL, NULL);

  if (!cairn_launcher_check_options (options, error))
    return NULL;
  argv = cairn_launcher_build_argv (options);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (options->cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, options->cwd);
  /* the CLI keeps copies of the files it changes: "Restore Files" */
  g_subprocess_launcher_setenv (launcher, CHECKPOINTING_VARIABLE, "1", FALSE);
  if (options->in_flatpak)
    {
      tag = g_uuid_string_random ();
      fd = tagged_env_fd (tag, error);
      if (fd < 0)
        return NULL;
      g_subprocess_launcher_take_fd (launcher, fd, CAIRN_LAUNCHER_ENV_FD);
    }
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv, error);
  if (process != NULL && tag != NULL)
    g_object_set_data_full (G_OBJECT (process), "cairn-host-tag", g_steal_pointer (&tag), g_free);
  return process;
}

void
cairn_launch_options_clear (CairnLaunchOptions *options)
{
  g_clear_pointer (&options->cli_path, g_free);
  g_clear_pointer (&options->cwd, g_free);
  g_clear_pointer (&options->resume_session_id, g_free);
  g_clear_pointer (&options->resume_at, g_free);
  g_clear_pointer (&options->permission_mode, g_free);
  g_clear_pointer (&options->model, g_free);
  g_clear_pointer (&options->allowed_tools, g_strfreev);
}

static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/**
 * cairn_launcher_end_with_us:
 *
 * A probe Cairn starts and waits for (`--version`, `auth status`) must not
 * outlive it: a CLI that hangs there would be left running for good once
 * Cairn quit before its own time-out. The kernel kills it when Cairn's
 * main thread, which spawns it, ends. In the Flatpak what it kills is
 * flatpak-spawn: the host process behind it goes because flatpak-spawn
 * asked with --watch-bus (cairn_launcher_spawn_probe()).
 */
void
cairn_launcher_end_with_us (GSubprocessLauncher *launcher)
{
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
}

/**
 * cairn_launcher_spawn_probe:
 * @command: the CLI's argv (`claude --version`), built by code
 * @in_flatpak: whether it runs on the host, through flatpak-spawn
 * @flags: the pipes it gets
 *
 * Starts a probe Cairn waits for: ended with Cairn (the kernel kills it, or
 * in the Flatpak flatpak-spawn, whose --watch-bus makes the host end the
 * CLI when flatpak-spawn's bus connection goes), and on the host with the
 * variables the CLI reads (fd 3, as for the conversation's CLI).
 */
GSubprocess *
cairn_launcher_spawn_probe (const char * const  *command,
                            gboolean             in_flatpak,
                            GSubprocessFlags     flags,
                            GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (flags);
  g_auto(GStrv) argv = cairn_launcher_host_argv (command, NULL, in_flatpak);

  cairn_launcher_end_with_us (launcher);
  if (in_flatpak)
    {
      int fd = cairn_launcher_flatpak_env_fd (error);
      if (fd < 0)
        return NULL;
      g_subprocess_launcher_take_fd (launcher, fd, CAIRN_LAUNCHER_ENV_FD);
    }
  return g_subprocess_launcher_spawnv (launcher, (const char * const *)argv, error);
}
