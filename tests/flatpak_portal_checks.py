"""Sandbox checks of the desktop portal (part of tests/flatpak-checks.py):
with it running, Cairn finds every interface it uses; missing
(xdg-desktop-portal stopped, and its service on the private bus made to
fail, as on a system without it), a banner says what to install and the
file choosers fall back to GTK's own dialog."""
import os
import subprocess
import time

import cairn_atspi as ui
from cairn_atspi import Failure, progress, shown_button, text_of, tiny_png, wait_for
from flatpak_host import read
from flatpak_host_checks import folder_cli_cwd
from flatpak_run import composer, quit_cairn, start_cairn, type_location

def gtk_chooser(title):
    """GTK's own file chooser, in Cairn (no portal to ask), found by its X
    window's title: GTK 4.8 lists the dialog over AT-SPI as a bare GtkBox."""
    def shown():
        # Debian 12's xdotool has no getwindowclassname: xwininfo names both
        tree = subprocess.run(["xwininfo", "-root", "-children"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, timeout=10).stdout
        return f'"{title}": ("cairn" ' in tree
    try:
        wait_for(f"GTK's own “{title}” dialog in Cairn", shown, 20)
    except Failure:
        ui.screenshot("flatpak-no-portal.png")
        raise
    time.sleep(1.0)
    # no window manager: the dialog is at 0,0 and X focus follows the pointer
    subprocess.run(["xdotool", "mousemove", "200", "100"], check=True, timeout=10)


def attach_falls_back(tmp, port, cli):
    """The banner says what is missing and names what to install; Attach
    images opens GTK's own chooser, in Cairn, which sees the home folder
    (--filesystem=home): the image chosen there reaches the tray, and the
    draft typed before is still there."""
    project = os.path.join(tmp, "project-no-portal")
    os.makedirs(project)
    image = os.path.join(os.environ["HOME"], "no-portal.png")
    tiny_png(image, (90, 40, 160))
    draft = "a draft that stays"
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        said = wait_for("the banner naming xdg-desktop-portal", lambda: ui.portal_banner_text(app), 30)
        missing = [s for s in ui.PORTAL_BANNER_SAYS if s not in said]
        if missing:
            raise Failure(f"the banner does not say {missing!r}: {said!r}")
        time.sleep(0.5)  # it slides in
        ui.screenshot("flatpak-no-portal.png")
        progress(f"the banner: {said!r}")
        view.queryEditableText().insertText(0, draft, -1)
        wait_for("Attach images", lambda: shown_button(app, "Attach images"), 10).queryAction().doAction(0)
        gtk_chooser("Attach Images")
        type_location(image)
        wait_for("the image in the tray", lambda: any("no-portal.png" in (n.name or "") for n in ui.walk(app)), 20)
        if draft not in text_of(view):
            raise Failure(f"the draft is gone: {text_of(view)!r}")
        progress("Attach images: GTK's own chooser; the image in the tray, the draft kept")
        quit_cairn(proc)
    finally:
        ui.stop(proc, group=True)


def choose_in_gtk_dialog(app, folder):
    """Open Folder…: GTK's own dialog, in Cairn: the folder's path typed
    in its location field, then Open."""
    wait_for("Open Folder…", lambda: shown_button(app, "Open Folder…"), 30).queryAction().doAction(0)
    gtk_chooser("Open Folder")
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
    with ui.portal_missing():
        for part in (attach_falls_back, open_folder_falls_back):
            try:
                part(tmp, port, cli)
            except Failure as e:
                failed.append(f"{part.__name__}: {e}")
    if failed:
        raise Failure("; ".join(failed))


def portal_answers(tmp):
    """With the portal running, Cairn's check finds every interface it
    uses (its G_MESSAGES_DEBUG=cairn-portal log says so) and shows no
    banner."""
    log = os.path.join(tmp, "cairn.log")
    wait_for("cairn's log: every portal interface answers",
             lambda: "every portal interface Cairn uses answers" in (read(log, "r") or ""), 30)
    app = ui.find_app()
    if app is not None and ui.portal_banner_text(app):
        raise Failure(f"a portal banner with the portal running: {ui.portal_banner_text(app)!r}")
    progress("the portal answers for files, notifications, links and the Trash; no banner")
