#!/usr/bin/env python3
"""GNOME Shell's search provider (org.gnome.Shell.SearchProvider2), called
over a private session bus as the Shell calls it.

    tests/run-headless.sh python3 tests/test-search-provider.py _build/src/cairn APP_ID

A throwaway HOME holds three conversations in one project: "Tame the <b>&
parser" (its first prompt, so its title), one whose reply alone says
PAPAYA, and the recorded every-row one. Cairn starts as D-Bus starts it
(--gapplication-service, the service file's command). Then: a title term
finds the first by title, and its metas carry the title as plain text and
the project folder; a word said only in a reply finds the second, with a
snippet; a subsearch narrows; an unknown word finds nothing; ActivateResult
opens the second in a window on its project, its reply shown (AT-SPI);
LaunchSearch fills the sidebar's search in.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

from cairn_atspi import Failure, find, find_app, label_texts, progress, text_of, wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
TAME_ID = "7a4e0000-0000-4000-8000-00000000b001"
PAPAYA_ID = "7a4e0000-0000-4000-8000-00000000b002"
TAME_TITLE = "Tame the <b>& parser"
IFACE = "org.gnome.Shell.SearchProvider2"


def conversation(ident, cwd, prompt, reply, when):
    lines = [
        {"parentUuid": None, "isSidechain": False, "type": "user", "uuid": ident + "-u", "sessionId": ident,
         "timestamp": when, "cwd": cwd, "message": {"role": "user", "content": prompt}},
        {"parentUuid": ident + "-u", "isSidechain": False, "type": "assistant", "uuid": ident + "-a",
         "sessionId": ident, "timestamp": when, "cwd": cwd,
         "message": {"id": "msg_" + ident, "model": "claude-opus-4-8", "role": "assistant",
                     "content": [{"type": "text", "text": reply}]}},
    ]
    return "".join(json.dumps(line) + "\n" for line in lines)


def make_history(home, project):
    folder = os.path.join(home, ".claude", "projects", "".join(c if c.isalnum() else "-" for c in project))
    os.makedirs(folder)
    with open(os.path.join(folder, TAME_ID + ".jsonl"), "w") as f:
        f.write(conversation(TAME_ID, project, TAME_TITLE, "Tamed.", "2026-11-20T10:00:00.000Z"))
    with open(os.path.join(folder, PAPAYA_ID + ".jsonl"), "w") as f:
        f.write(conversation(PAPAYA_ID, project, "Name a fruit", "A ripe PAPAYA, sliced.",
                             "2026-11-21T10:00:00.000Z"))
    rows = "47c0592a-2c45-496d-86b9-83bc29cb1971"
    with open(os.path.join(HERE, "data", "history", "rows", rows + ".jsonl")) as f:
        text = f.read().replace("/tmp/rowsproj", project)
    with open(os.path.join(folder, rows + ".jsonl"), "w") as f:
        f.write(text)


def call(proxy, method, args, signature):
    return proxy.call_sync(method, GLib.Variant(signature, args), Gio.DBusCallFlags.NONE, 20000, None).unpack()


def metas_of(proxy, ids):
    return {m["id"]: m for m in call(proxy, "GetResultMetas", (ids,), "(as)")[0]}


def main():
    cairn, app_id = os.path.abspath(sys.argv[1]), sys.argv[2]
    tmp = tempfile.mkdtemp(prefix="cairn-search-provider-")
    proc = None
    try:
        home = os.path.join(tmp, "home")
        project = os.path.realpath(os.path.join(tmp, "fruit-project"))
        os.makedirs(home)
        os.makedirs(project)
        make_history(home, project)
        env = dict(os.environ, HOME=home, CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"),
                   CAIRN_CLAUDE="/bin/true", XDG_CACHE_HOME=os.path.join(tmp, "cache"),
                   XDG_STATE_HOME=os.path.join(tmp, "state"), G_MESSAGES_DEBUG="cairn-search-provider")
        env.setdefault("GSETTINGS_BACKEND", "memory")
        if ui.APP_G_DEBUG is not None:
            env["G_DEBUG"] = ui.APP_G_DEBUG
        log = open(os.path.join(tmp, "cairn.log"), "w")
        proc = subprocess.Popen([cairn, "--gapplication-service"], env=env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

        def owned():
            reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "NameHasOwner", GLib.Variant("(s)", (app_id,)), None,
                                  Gio.DBusCallFlags.NONE, 1000, None)
            return reply.unpack()[0]
        wait_for("Cairn on the bus", owned, 20)
        path = "/" + app_id.replace(".", "/") + "/SearchProvider"
        proxy = Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES, None, app_id, path,
                                       IFACE, None)

        started = time.monotonic()
        ids = call(proxy, "GetInitialResultSet", (["tame"],), "(as)")[0]
        progress(f"'tame': {ids} in {(time.monotonic() - started) * 1000:.0f} ms")
        if ids[:1] != [TAME_ID]:
            raise Failure(f"the title search found {ids}")
        meta = metas_of(proxy, ids)[TAME_ID]
        if meta["name"] != TAME_TITLE:
            raise Failure(f"the title is not plain text: {meta['name']!r}")
        if meta["description"] != project or meta["gicon"] != app_id:
            raise Failure(f"description or icon: {meta!r}")
        print("ok 1 - a title found, its meta plain text with the project folder", flush=True)

        ids = call(proxy, "GetSubsearchResultSet", (ids, ["tame", "PARSER"]), "(asas)")[0]
        if ids[:1] != [TAME_ID]:
            raise Failure(f"the subsearch found {ids}")
        if call(proxy, "GetInitialResultSet", (["xylophone-quartz"],), "(as)")[0]:
            raise Failure("a word said nowhere found something")
        print("ok 2 - a subsearch narrows, a word said nowhere finds nothing", flush=True)

        ids = call(proxy, "GetInitialResultSet", (["papaya"],), "(as)")[0]
        text_ids = [i for i in ids if i.startswith(PAPAYA_ID)]
        if not text_ids:
            raise Failure(f"the text search found {ids}")
        meta = metas_of(proxy, text_ids)[text_ids[0]]
        if meta["name"] != "Name a fruit" or "PAPAYA" not in meta["description"] \
                or not meta["description"].startswith(project + " — "):
            raise Failure(f"the text hit's meta: {meta!r}")
        print("ok 3 - a word of a reply found, with its snippet", flush=True)

        call(proxy, "ActivateResult", (text_ids[0], ["papaya"], 0), "(sasu)")
        app = wait_for("Cairn on the accessibility bus", find_app, 20)
        title = os.path.basename(project) + " — Cairn"
        wait_for(f"a window '{title}'", lambda: find(app, "frame", title), 20)
        wait_for("the reply shown", lambda: any("PAPAYA" in t for t in label_texts(app)), 20)
        print("ok 4 - ActivateResult opens the conversation in its project", flush=True)

        call(proxy, "LaunchSearch", (["ripe"], 0), "(asu)")

        def search_filled():
            for node in find(app, "text") + find(app, "entry"):
                try:
                    if text_of(node) == "ripe":
                        return True
                except Exception:
                    pass
            return False
        wait_for("the sidebar's search filled in", search_filled, 20)
        print("ok 5 - LaunchSearch fills the search in", flush=True)
        print("1..5")
    except Failure as error:
        print(f"not ok - {error}", flush=True)
        ui.print_cairn_log(tmp, proc)
        sys.exit(1)
    finally:
        ui.stop(proc, group=True)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
