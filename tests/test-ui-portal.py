#!/usr/bin/env python3
"""The desktop portal missing, and then there, over AT-SPI.

    tests/run-headless.sh python3 tests/test-ui-portal.py _build/src/cairn

In the Flatpak, GTK and GLib choose files, show notifications, open links
and trash files through xdg-desktop-portal; without it nothing a user sees
says so. Cairn asks the portal after its first frame
(src/ui/window/cairn-window-portal.c) and a banner names what is missing
and what to install. Here GDK_DEBUG=portals makes GTK and Cairn behave as
in the sandbox. The portal's D-Bus service is overridden for this run's
private bus by a file in its $XDG_RUNTIME_DIR/dbus-1/services (read before
/usr/share/dbus-1/services) whose program fails, as where the portal is
not installed.

Without the portal: the banner says what is missing and names
xdg-desktop-portal; Attach images falls back to GTK's own file chooser,
in Cairn, and the image chosen there and the draft typed before it both
reach the model; Dismiss hides the banner. With the portal but none of its backends
(XDG_DESKTOP_PORTAL_DIR an empty folder): the banner names what the
backend would give, not the Trash. With the portal back (the override
gone): a new Cairn finds every interface answering (its
G_MESSAGES_DEBUG log says so) and shows no banner. Saves
ui-portal-banner.png (the banner), ui-portal-missing.png (the end of that
run) and ui-portal-there.png.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import base64
import os
import signal
import subprocess
import sys
import time

from cairn_atspi import Failure, find, label_texts, progress, shown_button, text_of, tiny_png, wait_for

SCRIPT = {"default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]}}
ENV = {"GDK_DEBUG": "portals", "G_MESSAGES_DEBUG": "cairn-portal"}
DRAFT = "a draft typed before choosing"


def shown_banner(app):
    """The banner's label while on screen. A hidden revealer's child keeps
    its size (moved above the window) and GTK 4.8 reports no "showing"
    state: the revealer (label, box, revealer) has no height then."""
    for node in find(app, "label"):
        try:
            if "xdg-desktop-portal" in text_of(node) and ui.has_size(node.parent.parent):
                return node
        except Exception:
            pass  # a label going away (or not yet a text) while we looked
    return None


def attach_in_gtk_chooser(app, path):
    """Attach images: GTK's own chooser, in Cairn; the path typed into its
    location field."""
    wait_for("Attach images", lambda: shown_button(app, "Attach images"), 10).queryAction().doAction(0)
    # found by its X window's title: GTK 4.8 lists the dialog over AT-SPI
    # as a bare GtkBox
    wait_for("GTK's own file chooser, in Cairn", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^Attach Images$"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split(), 20)
    if ui.find_app("xdg-desktop-portal-gtk"):
        raise Failure("the portal's own dialog showed, with the portal gone")
    time.sleep(1.0)
    # no window manager: the dialog is at 0,0 and X focus follows the pointer
    subprocess.run(["xdotool", "mousemove", "200", "100", "key", "ctrl+l"], check=True, timeout=10)
    time.sleep(0.5)
    subprocess.run(["xdotool", "type", "--delay", "20", path], check=True, timeout=30)
    time.sleep(0.5)
    subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)
    base = os.path.basename(path)
    wait_for("the image in the tray", lambda: any(base in (n.name or "") for n in ui.walk(app)), 20)


def without_portal(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    image = os.path.join(tmp, "chosen.png")
    png = tiny_png(image)
    # the window may lose the focus to the chooser and notify at the turn's
    # end: outside a sandbox GLib sends it to org.freedesktop.Notifications
    notifications = ui.Notifications()
    with ui.cairn_running(cairn, tmp, SCRIPT, project, "ui-portal-missing.png", ENV) as (proc, api_log):
        app, view = ui.wait_composer(proc)
        wait_for("the banner naming xdg-desktop-portal", lambda: shown_banner(app), 30)
        said = ui.portal_banner_text(app)
        missing = [s for s in ui.PORTAL_BANNER_SAYS if s not in said]
        if missing:
            raise Failure(f"the banner does not say {missing!r}: {said!r}")
        progress(f"the banner: {said!r}")
        time.sleep(0.5)  # the banner slides in
        ui.screenshot("ui-portal-banner.png")
        view.queryEditableText().insertText(0, DRAFT, -1)
        attach_in_gtk_chooser(app, image)
        if DRAFT not in text_of(view):
            raise Failure(f"the draft is gone: {text_of(view)!r}")
        wait_for("Send", lambda: ui.enabled_button(app, "Send"), 10).queryAction().doAction(0)
        wait_for("the reply", lambda: any("You said:" in t for t in label_texts(app)), 90)
        with open(api_log) as f:
            sent = f.read()
        if base64.b64encode(png).decode() not in sent or DRAFT not in sent:
            raise Failure("the image chosen in GTK's own dialog, or the draft, did not reach the model")
        progress("GTK's own chooser: the image and the draft reached the model")
        dismiss = wait_for("Dismiss", lambda: shown_button(app, "Dismiss the portal message"), 10)
        dismiss.queryAction().doAction(0)
        wait_for("the banner to hide", lambda: shown_banner(app) is None, 10)
        progress("Dismiss hid the banner")
    notifications.process.stdin.close()
    notifications.process.wait(timeout=10)
    log = open(os.path.join(tmp, "cairn.log")).read()
    if "org.freedesktop.portal.FileChooser does not answer" not in log:
        raise Failure(f"cairn's log does not say what did not answer: {log[-2000:]!r}")


def set_portal_dir(folder):
    """Where xdg-desktop-portal (1.16) looks for its backends, for the next
    one the bus starts: its activation environment."""
    answer = ui.session_call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                             "org.freedesktop.DBus.UpdateActivationEnvironment",
                             f"{{'XDG_DESKTOP_PORTAL_DIR': '{folder}'}}")
    if answer.returncode != 0:
        raise Failure(f"the bus did not take the portal's folder: {answer.stdout!r}")


def without_backend(cairn, tmp):
    """xdg-desktop-portal running with no backend: it has the Trash itself,
    but no file chooser, notifications or OpenURI (which needs a backend's
    app chooser). The banner names those three, not the Trash."""
    empty = os.path.join(tmp, "no-backends")
    os.makedirs(empty)
    set_portal_dir(empty)
    project = os.path.join(tmp, "project-no-backend")
    os.makedirs(project)
    try:
        with ui.cairn_running(cairn, tmp, SCRIPT, project, "ui-portal-no-backend.png", ENV) as (proc, _):
            app, _view = ui.wait_composer(proc)
            wait_for("the banner", lambda: shown_banner(app), 30)
            said = ui.portal_banner_text(app)
            wanted = ("lacks parts", "Files are chosen", "Notifications are not shown", "Links do not open",
                      "Install the portal backend", "xdg-desktop-portal-gtk")
            if any(w not in said for w in wanted) or "Trash" in said or "does not answer" in said:
                raise Failure(f"the banner, with a portal without backends, says {said!r}")
            progress(f"a portal without backends: {said!r}")
    finally:
        for pid in ui.portal_pids():
            os.kill(pid, signal.SIGTERM)
        wait_for("xdg-desktop-portal to end", lambda: not ui.portal_pids(), 10)
        set_portal_dir("/usr/share/xdg-desktop-portal/portals")


def with_portal(cairn, tmp):
    project = os.path.join(tmp, "project-2")
    os.makedirs(project)
    log = os.path.join(tmp, "cairn.log")
    with ui.cairn_running(cairn, tmp, SCRIPT, project, "ui-portal-there.png", ENV) as (proc, _):
        app, _view = ui.wait_composer(proc)
        wait_for("cairn's log: every portal interface answers",
                 lambda: "every portal interface Cairn uses answers" in open(log).read(), 40)
        if shown_banner(app) is not None or ui.portal_banner_text(app):
            raise Failure(f"a banner with the portal there: {ui.portal_banner_text(app)!r}")
        progress("with the portal there: every interface answers, no banner")


def run(cairn, tmp):
    if not os.environ.get("XDG_RUNTIME_DIR", "").startswith(os.environ.get("TMPDIR", "/tmp")):
        raise Failure("run this under tests/run-headless.sh: it overrides a service of this run's own bus")
    with ui.portal_missing():
        without_portal(cairn, tmp)
    without_backend(cairn, tmp)
    with_portal(cairn, tmp)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-portal-"))
