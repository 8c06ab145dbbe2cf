#!/usr/bin/env python3
"""Times GNOME Shell's search provider on a history: how long until the
title results are ready, and the whole D-Bus answer (titles, then the text
search up to its budget).

    dbus-run-session -- python3 tests/bench-search-provider.py CAIRN CLAUDE_CONFIG_DIR [WORD ...]

Cairn starts as D-Bus starts it (--gapplication-service) with a fresh
XDG_CACHE_HOME. Per run and word: a first query (in a fresh process the
first word waits for the projects' listing, which starts with the process:
from no list cache in the first run, from the one it wrote after), then the
same word again (the listing held). Prints one line each; the history is
only read.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

APP_ID = "io.github.cairnapp.Cairn"
PATH = "/io/github/cairnapp/Cairn/SearchProvider"


def main():
    cairn, config = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    words = sys.argv[3:] or ["refactor"]
    tmp = tempfile.mkdtemp(prefix="cairn-bench-provider-")
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    try:
        for run in range(3):
            log_path = os.path.join(tmp, f"cairn-{run}.log")
            env = dict(os.environ, CLAUDE_CONFIG_DIR=config, XDG_CACHE_HOME=os.path.join(tmp, "cache"),
                       GSETTINGS_BACKEND="memory", G_MESSAGES_DEBUG="cairn-search-provider", GTK_A11Y="none")
            with open(log_path, "w") as log:
                proc = subprocess.Popen([cairn, "--gapplication-service"], env=env, stdout=log,
                                        stderr=subprocess.STDOUT)
            try:
                for _ in range(200):
                    owner = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                          "NameHasOwner", GLib.Variant("(s)", (APP_ID,)), None, 0, 1000, None)
                    if owner.unpack()[0]:
                        break
                    time.sleep(0.05)
                proxy = Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES, None, APP_ID,
                                               PATH, "org.gnome.Shell.SearchProvider2", None)
                for word in words:
                    for label in ("first", "again"):
                        started = time.monotonic()
                        ids = proxy.call_sync("GetInitialResultSet", GLib.Variant("(as)", ([word],)), 0, 30000,
                                              None).unpack()[0]
                        total = (time.monotonic() - started) * 1000
                        time.sleep(0.2)
                        with open(log_path) as f:
                            titles = re.findall(r"(\d+) title results in ([\d.]+) ms", f.read())[-1]
                        print(f"run {run + 1} {word!r} ({label}): {titles[0]} title results in {titles[1]} ms, "
                              f"answer with {len(ids)} results in {total:.0f} ms", flush=True)
            finally:
                proc.terminate()
                proc.wait(timeout=10)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
