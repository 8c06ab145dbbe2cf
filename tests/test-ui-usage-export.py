#!/usr/bin/env python3
"""The usage table's export through the file-chooser portal, over AT-SPI.

    GDK_DEBUG=portals tests/run-headless.sh python3 tests/test-ui-usage-export.py _build/src/cairn

Cairn's export uses GtkFileChooserNative, which outside a sandbox shows
GTK's own dialog unless GDK_DEBUG=portals (GTK 4.8 has no
GTK_USE_PORTAL): then it asks org.freedesktop.portal.FileChooser on the
session bus, which run-headless.sh's private bus starts
(/usr/libexec/xdg-desktop-portal, and xdg-desktop-portal-gtk showing the
dialog in its own process). The test opens Usage from the primary menu
(F10), presses Export, finds the portal's dialog as another application
over AT-SPI (and none in Cairn's), types a path into it, and checks the
file Cairn writes: the CSV of the day in the history. Saves
ui-usage-export-portal.png with the dialog open, ui-usage-export.png.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import os
import subprocess
import sys
import time

from cairn_atspi import Failure, find, find_app, progress, shown_button, wait_for, window_id

SCRIPT = {"default": {"blocks": [{"type": "text", "text": "Fine."}]}}
REPLY = ('{"type":"assistant","message":{"id":"m1","role":"assistant","model":"claude-opus-4-8",'
         '"usage":{"input_tokens":2000,"output_tokens":400}},"requestId":"r1",'
         '"timestamp":"2026-03-10T10:00:00.000Z","sessionId":"s1"}\n')


def menu_item(app, name):
    return next((n for n in find(app, "menu item") if ui.has_size(n) and (n.name or "").replace("_", "") == name),
                None)


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    history = os.path.join(tmp, "home", ".claude", "projects", "-x")
    os.makedirs(history)
    with open(os.path.join(history, "s1.jsonl"), "w") as f:
        f.write(REPLY)
    target = os.path.join(tmp, "saved", "usage-export.csv")
    os.makedirs(os.path.dirname(target))
    env = {"GDK_DEBUG": "portals", "TZ": "UTC"}
    with ui.cairn_running(cairn, tmp, SCRIPT, project, "ui-usage-export.png", env) as (cairn_proc, _):
        app = wait_for("cairn over AT-SPI", lambda: find_app("cairn"), 30)
        window = window_id(cairn_proc)
        subprocess.run(["xdotool", "key", "--window", window, "F10"], check=True, timeout=10)
        item = wait_for("the primary menu's Usage", lambda: menu_item(app, "Usage"), 10)
        item.queryAction().doAction(0)
        export = wait_for("the usage window's Export", lambda: shown_button(app, "Export the Table"), 20)
        wait_for("the day's bar", lambda: next((n for n in find(app, "image", "2026-03-10")), None), 20)
        export.queryAction().doAction(0)
        chooser = wait_for("the portal's file chooser over AT-SPI", lambda: find_app("xdg-desktop-portal-gtk"), 30)
        wait_for("its dialog", lambda: ui.dialogs(chooser) or find(chooser, "file chooser"), 20)
        if find(app, "file chooser"):
            raise Failure("Cairn showed GTK's own file chooser besides the portal's")
        time.sleep(1.0)
        ui.screenshot("ui-usage-export-portal.png")
        # no window manager: the dialog is at 0,0 and X focus follows the
        # pointer; a save dialog's name field takes a whole path
        subprocess.run(["xdotool", "mousemove", "200", "100", "key", "ctrl+a"], check=True, timeout=10)
        subprocess.run(["xdotool", "type", "--delay", "20", target], check=True, timeout=30)
        time.sleep(0.5)
        subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)
        wait_for("the exported file", lambda: os.path.exists(target) and os.path.getsize(target) > 0, 20)
        time.sleep(0.5)
    with open(target) as f:
        text = f.read()
    if not text.startswith("key,project,model,inputTokens,") or "\n2026-03-10,,,2000,400,0,0,2400," not in text:
        raise Failure(f"the export says {text!r}")
    progress(f"exported through the portal to {target}: {text.splitlines()[1]!r}")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-usage-export-"))
