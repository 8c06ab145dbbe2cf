#!/usr/bin/env python3
"""Stands in for flatpak-spawn --host in test-launcher: takes the options
Cairn gives it as the real one does (flatpak-xdg-utils src/flatpak-spawn.c:
--env-fd reads `env -0` text from /proc/self/fd/N), logs its own argv as
JSON to FAKE_SPAWN_ARGV_LOG, and runs the command with only PATH and the
variables it was given, as the host would. Given a terminal, it runs the
command as flatpak-session-helper does (flatpak's session-helper/
flatpak-session-helper.c): in a session of its own, with TIOCSCTTY on the
terminal, which fails (and is let go) when another session has it as its
controlling terminal; and waits for it, as flatpak-spawn does.
With FAKE_SPAWN_FORWARD=1 (and no terminal) the command is a child of its
own too, as the host process is to the real one: SIGTERM, SIGINT and
SIGHUP are passed on to it, and SIGKILL ends flatpak-spawn alone."""
import fcntl
import json
import os
import signal
import sys
import termios

args = sys.argv[1:]
with open(os.environ["FAKE_SPAWN_ARGV_LOG"], "w") as f:
    json.dump(sys.argv, f)
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
cwd = None
while args and args[0].startswith("--"):
    arg = args.pop(0)
    if arg.startswith("--directory="):
        cwd = arg[len("--directory="):]
    elif arg.startswith("--env-fd="):
        with open("/proc/self/fd/" + arg[len("--env-fd="):], "rb") as f:
            for item in f.read().split(b"\0"):
                if item:
                    key, _, value = item.decode().partition("=")
                    env[key] = value
    elif arg.startswith("--env="):
        key, _, value = arg[len("--env="):].partition("=")
        env[key] = value
    elif arg not in ("--host", "--watch-bus"):
        sys.exit(f"fake flatpak-spawn: unknown option {arg}")
if cwd:
    os.chdir(cwd)
if not os.isatty(0) and os.environ.get("FAKE_SPAWN_FORWARD") == "1":
    child = os.fork()
    if child == 0:
        os.execvpe(args[0], args, env)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda number, _: os.kill(child, number))
    sys.exit(os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) & 0xff)
if not os.isatty(0):
    os.execvpe(args[0], args, env)
pid = os.fork()
if pid == 0:
    os.setsid()
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass
    os.execvpe(args[0], args, env)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) & 0xff)
