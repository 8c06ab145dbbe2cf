"""Sandbox checks with the desktop portal missing (part of
tests/flatpak-checks.py): xdg-desktop-portal stopped, and its service on
the private bus made to fail, as on a system without it."""
import os
import signal
import subprocess
import time

import cairn_atspi as ui
from cairn_atspi import Failure, find, label_texts, progress, shown_button, text_of, wait_for
from flatpak_host import environ, link, named_pids, read, running
from flatpak_host_checks import folder_cli_cwd
from flatpak_run import composer, quit_cairn, start_cairn

PORTAL = "org.freedesktop.portal.Desktop"
MISSING = "Files Can’t Be Chosen"


def bus(dest, path, method, *args):
    return subprocess.run(["gdbus", "call", "--session", "--dest", dest, "--object-path", path,
                           "--method", method, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=30)


def portal_pids():
    """xdg-desktop-portal itself ("xdg-desktop-por" in comm is its GTK backend too)."""
    return [p for p in named_pids("xdg-desktop-por") if running(p) and os.path.basename(
        (read(f"/proc/{p}/cmdline") or b"").split(b"\0")[0].decode()) == "xdg-desktop-portal"]


class NoPortal:
    """The portal stopped, and its service overridden by a file in the
    run's $XDG_RUNTIME_DIR/dbus-1/services, which the bus reads first (not
    ~/.local/share: the bus takes the home folder from the password
    database), whose program fails: asking the portal then fails as where
    it is not installed. Undone on exit (the bus starts the real one again
    when asked)."""

    def __enter__(self):
        folder = os.path.join(os.environ["XDG_RUNTIME_DIR"], "dbus-1", "services")
        os.makedirs(folder, exist_ok=True)
        self.path = os.path.join(folder, PORTAL + ".service")
        with open(self.path, "w") as f:
            f.write(f"[D-BUS Service]\nName={PORTAL}\nExec=/bin/false\n")
        bus("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ReloadConfig")
        for pid in portal_pids():
            os.kill(pid, signal.SIGTERM)
        wait_for("xdg-desktop-portal to end", lambda: not portal_pids(), 10)
        answer = bus(PORTAL, "/org/freedesktop/portal/desktop", "org.freedesktop.DBus.Peer.Ping")
        if answer.returncode == 0:
            self.__exit__()
            raise Failure("the portal still answers with its service overridden")
        progress(f"the portal is gone: {answer.stdout.strip()[:120]}")
        return self

    def __exit__(self, *exc):
        os.unlink(self.path)
        bus("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ReloadConfig")


def x_windows():
    """Cairn's X windows and where they are, for a failure's message."""
    ids = subprocess.run(["xdotool", "search", "--classname", "cairn"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, timeout=10).stdout.split()
    tree = subprocess.run(["xwininfo", "-root", "-children"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True, timeout=10).stdout
    cairns = [(p, {k: v for k, v in environ(p).items() if k in ("DISPLAY", "WAYLAND_DISPLAY", "GDK_BACKEND")},
               sorted({os.readlink(f"/proc/{p}/fd/{fd}") for fd in os.listdir(f"/proc/{p}/fd")
                       if (link(f"/proc/{p}/fd/{fd}") or "").startswith("socket")})[:6])
              for p in named_pids("cairn")]
    return ids + [line.strip() for line in tree.splitlines() if "0x" in line][3:12] + cairns


def missing_message(app):
    return next((d for d in ui.dialogs(app) if MISSING in label_texts(d)), None)


def attach_says_what_to_install(tmp, port, cli):
    """Attach images, twice: each time a message says what to install
    (GTK alone says nothing, and the button then never opened a chooser
    again); the draft is still there."""
    project = os.path.join(tmp, "project-no-portal")
    os.makedirs(project)
    draft = "a draft that stays"
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        view.queryEditableText().insertText(0, draft, -1)
        for attempt in (1, 2):
            wait_for("Attach images", lambda: shown_button(app, "Attach images"), 10).queryAction().doAction(0)
            try:
                dialog = wait_for("the message saying what to install", lambda: missing_message(app), 20)
            except Failure:
                ui.screenshot("flatpak-no-portal.png")
                raise Failure(f"no message; dialogs {[d.name for d in ui.dialogs(app)]!r}, X windows {x_windows()!r}")
            said = " ".join(label_texts(dialog))
            if "xdg-desktop-portal" not in said:
                raise Failure(f"the message does not say what to install: {said!r}")
            if attempt == 1:
                ui.screenshot("flatpak-no-portal.png")
            wait_for("Close", lambda: ui.enabled_button(dialog, "Close"), 10).queryAction().doAction(0)
            wait_for("the message to close", lambda: missing_message(app) is None, 10)
        if draft not in text_of(view):
            raise Failure(f"the draft is gone: {text_of(view)!r}")
        progress(f"Attach images, twice: “{MISSING}”, naming xdg-desktop-portal; the draft kept")
        quit_cairn(proc)
    finally:
        ui.stop(proc, group=True)


def choose_in_gtk_dialog(app, folder):
    """Open Folder…: GTK's own dialog, in Cairn (no portal to ask): the
    folder's path typed in its location field, then Open."""
    wait_for("Open Folder…", lambda: shown_button(app, "Open Folder…"), 30).queryAction().doAction(0)
    try:
        wait_for("GTK's own file chooser in Cairn", lambda: next(
            (d for d in find(app, "file chooser") + ui.dialogs(app) if ui.has_size(d)), None), 20)
    except Failure:
        ui.screenshot("flatpak-no-portal-folder.png")
        raise
    time.sleep(1.0)
    # no window manager: the dialog is at 0,0 and X focus follows the pointer
    subprocess.run(["xdotool", "mousemove", "200", "100"], check=True, timeout=10)
    subprocess.run(["xdotool", "key", "ctrl+l"], check=True, timeout=10)
    time.sleep(0.5)
    subprocess.run(["xdotool", "type", "--delay", "20", folder], check=True, timeout=30)
    time.sleep(1.0)
    ui.screenshot("flatpak-no-portal-folder.png")
    wait_for("Open, on", lambda: ui.enabled_button(app, "Open"), 10).queryAction().doAction(0)


def open_folder_falls_back(tmp, port, cli):
    """Open Folder… without the portal: GTK shows its own dialog (it sees
    the home folder, --filesystem=home), and the folder chosen there is
    where the host CLI runs."""
    folder = os.path.join(os.environ["HOME"], "no-portal-folder")
    os.makedirs(folder, exist_ok=True)
    cwd, said = folder_cli_cwd(tmp, port, cli, folder, choose=choose_in_gtk_dialog)
    if cwd != os.path.realpath(folder):
        raise Failure(f"the CLI runs in {cwd!r}, not the chosen {folder!r}: {said!r}")
    progress(f"chosen in GTK's own dialog: the host CLI runs in {cwd}")


def no_portal(tmp, port, cli):
    failed = []
    with NoPortal():
        for part in (attach_says_what_to_install, open_folder_falls_back):
            try:
                part(tmp, port, cli)
            except Failure as e:
                failed.append(f"{part.__name__}: {e}")
    if failed:
        raise Failure("; ".join(failed))
