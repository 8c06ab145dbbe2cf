"""Sandbox checks of what runs on the host for the app (part of
tests/flatpak-checks.py): the terminal pane, the probes, the Trash, the
folder chosen through the file-chooser portal."""
import json
import os
import subprocess
import time

import cairn_atspi as ui
from cairn_atspi import Failure, find, find_app, label_texts, progress, shown_button, text_of, wait_for
from flatpak_host import cli_pids, link, named_pids, on_a_terminal, on_host, pane_children, read, resumed, running
from flatpak_run import (APP, PROMPT, SECRET, SENT, composer, quit_cairn, session_files, start_cairn,
                         wait_text, window, window_of)

def settle_tui(project):
    """What the CLI's own interface asks at a first start (onboarding, the
    folder's trust, the API key) answered as a user would have."""
    path = os.path.join(os.environ["HOME"], ".claude", ".claude.json")
    config = json.loads(read(path, "r") or "{}")
    config.update(hasCompletedOnboarding=True, theme="dark",
                  customApiKeyResponses={"approved": [SECRET[-20:], SECRET], "rejected": []})
    config.setdefault("projects", {}).setdefault(os.path.realpath(project), {})["hasTrustDialogAccepted"] = True
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(config, f)


def shown_toggle(app, name):
    return next((b for b in find(app, "toggle button") + find(app, "push button")
                 if ui.has_size(b) and ui.button_called(b, name)), None)


def typed(text):
    """Keys to the focused widget (the terminal takes focus when it opens)."""
    subprocess.run(["xdotool", "mousemove", "900", "400", "type", "--delay", "30", text], check=True, timeout=30)
    subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)


def terminal_claude(app, project, cli, api_log):
    button = wait_for("Terminal in the header", lambda: shown_button(app, "Terminal"), 10)
    button.queryAction().doAction(0)
    real = os.path.realpath(cli)
    try:
        claude = wait_for("claude --resume on a terminal on the host", lambda: next(
            (p for p in pane_children(project) if link(f"/proc/{p}/exe") == real
             and b"--resume=" in (read(f"/proc/{p}/cmdline") or b"")), None), 30)
    except Failure:
        ui.screenshot("flatpak-terminal.png")
        raise Failure(f"no claude --resume on a host terminal; running: {resumed()!r}")
    parent = on_host(claude, "the terminal's claude")
    on_a_terminal(claude, "the terminal's claude")
    time.sleep(6)  # its interface drawn
    typed("typed in the host terminal")
    try:
        wait_for("what was typed, at the model", lambda: "typed in the host terminal" in (read(api_log, "r") or ""), 60)
    except Failure:
        ui.screenshot("flatpak-terminal.png")
        raise
    progress(f"claude --resume {claude} on the host (parent {parent}), in the project, on "
             f"{link(f'/proc/{claude}/fd/0')}: what was typed reached the model")
    return claude


def terminal_shell(app, project, claude):
    shell = wait_for("Shell in the pane's header", lambda: shown_toggle(app, "Shell"), 10)
    shell.queryAction().doAction(0)
    wait_for("the terminal's claude to end", lambda: not os.path.exists(f"/proc/{claude}"), 15)
    first = wait_for("a shell on a terminal on the host", lambda: pane_children(project), 20)
    on_host(first[0], "the terminal's shell")
    on_a_terminal(first[0], "the terminal's shell")
    time.sleep(2)
    typed("exit 3")
    wait_for("the exit status", lambda: any("exit status 3" in t for t in label_texts(app)), 20)
    wait_for("the shell gone", lambda: not any(os.path.exists(f"/proc/{p}") for p in first), 10)
    restart = wait_for("Restart", lambda: shown_button(app, "Restart"), 10)
    restart.queryAction().doAction(0)
    again = wait_for("the shell again", lambda: [p for p in pane_children(project) if p not in first], 20)
    on_host(again[0], "the restarted shell")
    progress(f"Shell {first} on the host said exit status 3; Restart ran {again}")
    return again


def install_browser(tmp):
    """The host's default browser: a stand-in that records the address it
    is given (a desktop file and mimeapps.list in the host's HOME, where
    the OpenURI portal, running on the host, looks)."""
    home = os.environ["HOME"]
    opened = os.path.join(tmp, "browser-opened.txt")
    program = os.path.join(tmp, "stand-in-browser")
    with open(program, "w") as f:
        f.write(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{opened}"\n')
    os.chmod(program, 0o755)
    apps = os.path.join(home, ".local", "share", "applications")
    os.makedirs(apps, exist_ok=True)
    with open(os.path.join(apps, "cairn-test-browser.desktop"), "w") as f:
        f.write("[Desktop Entry]\nType=Application\nName=Stand-in Browser\n"
                f"Exec={program} %u\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\n")
    os.makedirs(os.path.join(home, ".config"), exist_ok=True)
    with open(os.path.join(home, ".config", "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/http=cairn-test-browser.desktop\n"
                "x-scheme-handler/https=cairn-test-browser.desktop\n")
    return opened


def terminal_view(app):
    """The terminal itself, named Terminal as the header's toggle and the
    pane around it (with its own header) are: the lowest-starting one."""
    named = [n for n in ui.walk(app) if n.name == "Terminal" and ui.has_size(n)
             and n.getRoleName() not in ("push button", "toggle button")]
    return max(named, key=lambda n: ui.extents(n)[1], default=None)


def terminal_link(app, opened):
    """A web address the host shell prints, clicked in the terminal: it opens
    in the host's default browser through the OpenURI portal (GTK's
    gtk_show_uri in a sandbox), exactly as shown."""
    address = "https://example.test/oauth/authorize?code=true&state=a%2Bb"
    typed(f"clear; echo '{address}'")
    time.sleep(1.5)
    view = wait_for("the terminal", lambda: terminal_view(app), 10)
    x, y, _, _ = ui.extents(view)
    # the address is the screen's first row, from its first column
    subprocess.run(["xdotool", "mousemove", str(x + 60), str(y + 8), "click", "1"], check=True, timeout=10)
    try:
        got = wait_for("the stand-in browser to be opened", lambda: (read(opened, "r") or "").strip() or None, 20)
    except Failure:
        ui.screenshot("flatpak-terminal-link.png")
        raise
    if got != address:
        raise Failure(f"the browser was given {got!r}, not {address!r}")
    progress(f"the address clicked in the terminal opened through the portal: {got}")


def close_window(app, view, proc):
    """Ctrl+W from the composer (the terminal would take it as a key); a
    terminal still running asks first."""
    ui.click(window(), view)
    subprocess.run(["xdotool", "key", "ctrl+w"], check=True, timeout=10)
    try:
        stop = wait_for("Stop and Close in the question", lambda: next(
            (b for d in ui.dialogs(app) for b in [ui.enabled_button(d, "Stop and Close")] if b), None), 10)
    except Failure:
        ui.screenshot("flatpak-close.png")
        raise
    stop.queryAction().doAction(0)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        raise Failure("flatpak run did not end when its window closed")


def terminal_pane(tmp, port, cli, api_log):
    """The terminal pane's child is a host process (flatpak-spawn --host
    with the PTY passed), in the project, on a /dev/pts, with its parent on
    the host; typing reaches it; a shell's exit status shows and Restart
    runs it again; a web address it prints opens, clicked, in the host's
    browser through the OpenURI portal; closing the window leaves no host
    process."""
    project = os.path.join(tmp, "project-terminal")
    os.makedirs(project)
    settle_tui(project)
    opened = install_browser(tmp)
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        ui.send(app, view, "a conversation for the terminal")
        wait_text(app, "You said: a conversation for the terminal", 90)
        claude = terminal_claude(app, project, cli, api_log)
        shell = terminal_shell(app, project, claude)
        terminal_link(app, opened)
        close_window(app, view, proc)
        try:
            wait_for("no host process left", lambda: not pane_children(project) and not cli_pids(cli)
                     and not named_pids("flatpak-spawn"), 10)
        except Failure:
            raise Failure(f"left: {pane_children(project)} {cli_pids(cli)} {named_pids('flatpak-spawn')}")
        progress(f"closing the window ended the shell {shell}")
    finally:
        ui.stop(proc, group=True)


def probes_end_with_cairn(tmp, port, cli):
    """A host CLI that hangs on `--version` and `auth status` (Cairn asks
    both at start): Cairn quits before their time-outs, and neither is left
    on the host (flatpak-spawn --watch-bus: the host ends it when
    flatpak-spawn, killed with Cairn, leaves the bus)."""
    project = os.path.join(tmp, "project-probe")
    os.makedirs(project)
    hang = os.path.join(tmp, "hanging-claude")
    with open(hang, "w") as f:
        f.write(f'#!/bin/sh\ncase "$1" in --version|auth) echo $$ > "{tmp}/probe$1.pid"; exec sleep 600;; esac\n'
                f'exec "{cli}" "$@"\n')
    os.chmod(hang, 0o755)
    proc = start_cairn(tmp, port, project, cli=hang)
    try:
        composer(proc)
        files = [os.path.join(tmp, f"probe{arg}.pid") for arg in ("--version", "auth")]
        wait_for("both probes hanging on the host", lambda: all(os.path.exists(f) for f in files), 30)
        hung = [int(read(f, "r")) for f in files]
        for pid in hung:
            on_host(pid, "the probe")
        ui.screenshot("flatpak-probes.png")
        quit_cairn(proc)
        try:
            wait_for("the hung probes to end", lambda: not any(os.path.exists(f"/proc/{p}") for p in hung), 10)
        except Failure:
            raise Failure(f"still running after Cairn quit: {[p for p in hung if os.path.exists(f'/proc/{p}')]}")
        progress(f"the hung probes {hung} ended with Cairn")
    finally:
        ui.stop(proc, group=True)


# A host CLI that hangs once its conversation has started: a wrapper
# that runs the real one and, when the check says so (a file), ignores
# SIGTERM and SIGINT and stops the CLI (SIGSTOP: TERM and INT wait, SIGKILL
# doesn't). It gives up by itself after two minutes.
HUNG_WRAPPER = """#!/usr/bin/python3
import os, signal, subprocess, sys, time
real, flag, record = {real!r}, {flag!r}, {record!r}
if sys.argv[1:2] in (["--version"], ["auth"]):
    os.execv(real, [real] + sys.argv[1:])
child = subprocess.Popen([real] + sys.argv[1:])
while child.poll() is None and not os.path.exists(flag):
    time.sleep(0.1)
if child.poll() is not None:
    sys.exit(child.returncode)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
os.kill(child.pid, signal.SIGSTOP)
with open(record, "w") as f:
    f.write(f"{{os.getpid()}} {{child.pid}}")
time.sleep(120)
child.kill()
"""


def hung_cli_killed(tmp, port, cli):
    """Ctrl+Q with a host CLI that ignores SIGTERM and SIGINT: flatpak-spawn
    passes SIGTERM on, in vain, and can't pass SIGKILL on; after Cairn's
    3 s the host kills what has the CLI's tag in its environment (the
    wrapper and the CLI), and Cairn ends once it has: nothing is left."""
    project = os.path.join(tmp, "project-hung")
    os.makedirs(project)
    flag, record = os.path.join(tmp, "hang-now"), os.path.join(tmp, "hung.pids")
    wrapper = os.path.join(tmp, "hung-claude")
    with open(wrapper, "w") as f:
        f.write(HUNG_WRAPPER.format(real=os.path.realpath(cli), flag=flag, record=record))
    os.chmod(wrapper, 0o755)
    proc = start_cairn(tmp, port, project, cli=wrapper)
    try:
        app, view = composer(proc)
        ui.send(app, view, "a conversation that hangs")
        wait_text(app, "You said: a conversation that hangs", 90)
        open(flag, "w").close()
        hung = [int(p) for p in wait_for("the CLI to hang", lambda: read(record, "r"), 10).split()]
        for pid in hung:
            on_host(pid, "the hung CLI")
        start = time.monotonic()
        quit_cairn(proc)
        took = time.monotonic() - start
        left = [p for p in hung if running(p)]
        if left:
            raise Failure(f"still on the host after Cairn ended ({took:.1f} s): {left}")
        if took < 2.5:
            raise Failure(f"Cairn ended {took:.1f} s after Ctrl+Q: the CLI was not asked with SIGTERM first?")
        progress(f"the hung wrapper and CLI {hung} killed on the host; Cairn ended {took:.1f} s after Ctrl+Q")
    finally:
        ui.stop(proc, group=True)


def host_trash():
    return os.path.join(os.environ["HOME"], ".local", "share", "Trash", "files")


def row_with(app, names):
    return next((r for r in find(app, "list item") if ui.has_size(r)
                 and any(n in (r.name or "") for n in names)), None)


def context_item(app, win, names, item, keys):
    def menu():
        return next((m for m in find(app, "menu item") if item in m.name and ui.has_size(m)), None)
    for attempt in range(3):
        time.sleep(1.0)  # what the last menu or dialog left has settled
        ui.click(win, wait_for("the conversation in the sidebar", lambda: row_with(app, names), 30), button=3)
        try:
            wait_for(f"{item} in the context menu", menu, 5)
            break
        except Failure:
            subprocess.run(["xdotool", "key", "Escape"], check=True, timeout=10)
    else:
        raise Failure(f"no {item} in the context menu of {names!r}")
    subprocess.run(["xdotool", "key", *keys], check=True, timeout=10)


def rename_and_delete(tmp, port, project, cli):
    """Rename appends the CLI's custom-title line to the host's session
    file; Delete moves it into the host's Trash (the Trash portal); Undo
    puts it back."""
    new_name = "Cairns, renamed in the sandbox"
    path = next((f for f in session_files(project) if f.endswith(".jsonl") and PROMPT in (read(f, "r") or "")), None)
    if path is None:
        raise Failure("no session file to rename")
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        win = window()
        context_item(app, win, SENT, "Rename", ["Return"])
        entry = wait_for("the name field", lambda: next(
            (n for n in ui.walk(app) if n.name == "Name" and ui.has_size(n)), None), 10)
        entry.queryEditableText().deleteText(0, len(text_of(entry)))
        entry.queryEditableText().insertText(0, new_name, -1)
        wait_for("the dialog's Rename", lambda: shown_button(app, "Rename"), 5).queryAction().doAction(0)
        last = wait_for("the custom-title line", lambda: next(
            (line for line in (read(path, "r") or "").splitlines()[-1:] if new_name in line), None), 10)
        if json.loads(last).get("type") != "custom-title":
            raise Failure(f"the last line is not a custom title: {last!r}")
        context_item(app, win, (new_name,), "Delete", ["Down", "Down", "Return"])
        wait_for("the file to leave", lambda: not os.path.exists(path), 10)
        base = os.path.basename(path)
        if not any(n.startswith(base) for n in os.listdir(host_trash()) if os.path.isdir(host_trash())):
            raise Failure(f"not in the host's Trash ({host_trash()})")
        wait_for("Undo in the toast", lambda: shown_button(app, "Undo"), 10).queryAction().doAction(0)
        wait_for("the file back", lambda: os.path.exists(path), 10)
        wait_for("the conversation back in the sidebar", lambda: row_with(app, (new_name,)), 10)
        progress(f"renamed (a custom-title line), trashed into {host_trash()}, put back by Undo")
        quit_cairn(proc)
    finally:
        ui.stop(proc, group=True)


def choose_folder(app, folder):
    """Open Folder… on the start page; the portal's dialog (GTK 3, another
    process): Home, the folder, Open."""
    wait_for("Open Folder…", lambda: shown_button(app, "Open Folder…"), 30).queryAction().doAction(0)
    chooser = wait_for("the portal's file chooser over AT-SPI", lambda: find_app("xdg-desktop-portal-gtk"), 30)
    wait_for("its dialog", lambda: ui.dialogs(chooser) or find(chooser, "file chooser"), 20)
    time.sleep(2.0)
    # Home in its sidebar (the dialog opens on Recent, where nothing can
    # be chosen), then the folder's row in the list, then Open
    home = wait_for("Home in the chooser", lambda: next(
        (n for n in ui.walk(chooser) if n.name == "Home" and ui.has_size(n)), None), 10)
    ui.click(window_of(chooser), home)
    name = os.path.basename(folder)
    row = wait_for(f"{name} in the chooser's list", lambda: next(
        (n for n in ui.walk(chooser) if n.name == name and ui.has_size(n)
         and n.getRoleName() in ("table cell", "label", "text")), None), 10)
    ui.click(window_of(chooser), row)
    time.sleep(0.5)
    ui.screenshot("flatpak-open-folder-chooser.png")
    wait_for("Open, on", lambda: ui.enabled_button(chooser, "Open"), 10).queryAction().doAction(0)


def folder_cli_cwd(tmp, port, cli, folder, choose=choose_folder):
    """Open Folder… picks folder (in the dialog choose drives); a prompt
    starts the CLI. Returns the host CLI's cwd, or what the conversation
    said instead."""
    before = set(cli_pids(cli))
    proc = start_cairn(tmp, port, None, cli=cli)
    try:
        app = wait_for("Cairn over AT-SPI", lambda: find_app(), 60)
        choose(app, folder)
        app, view = composer(proc)
        ui.send(app, view, "where am I?")
        try:
            # the conversation's, not the `auth status` probe's (no folder)
            found = wait_for("the host CLI, or why not", lambda: next(
                (p for p in cli_pids(cli) if p not in before
                 and b"stream-json" in (read(f"/proc/{p}/cmdline") or b"")), None)
                or next((t for t in label_texts(app) if "could not be started" in t or "directory" in t), None), 30)
        finally:
            ui.screenshot("flatpak-open-folder.png")
        said = found if isinstance(found, str) else None
        cwd = None if said else link(f"/proc/{found}/cwd")
        if said:
            said = " ".join(t for t in label_texts(app) if "directory" in t) or said
        quit_cairn(proc)
        return cwd, said
    finally:
        ui.stop(proc, group=True)


def open_folder(tmp, port, cli):
    """With --filesystem=home, the file-chooser portal hands Cairn the
    host path of a folder under home, and the CLI runs there."""
    folder = os.path.join(os.environ["HOME"], "chosen-folder")
    os.makedirs(folder, exist_ok=True)
    cwd, said = folder_cli_cwd(tmp, port, cli, folder)
    if cwd != os.path.realpath(folder):
        raise Failure(f"the CLI runs in {cwd!r}, not the chosen {folder!r}: {said!r}")
    progress(f"chosen through the portal: the host CLI runs in {cwd}")


def open_folder_narrowed(tmp, port, cli):
    """Why --filesystem=home stays: with home narrowed to ~/.claude (a
    user override, which the portals' access checks see too), the folder
    chosen through the portal is not one Cairn can work in. The check
    fails the day it is, to say the permission could go."""
    folder = os.path.join(os.environ["HOME"], "narrowed-folder")
    os.makedirs(folder, exist_ok=True)
    override = ["flatpak", "override", "--user"]
    subprocess.run(override + ["--nofilesystem=home", "--filesystem=~/.claude", APP], check=True, timeout=30)
    try:
        cwd, said = folder_cli_cwd(tmp, port, cli, folder)
    finally:
        subprocess.run(override + ["--reset", APP], check=True, timeout=30)
    if cwd == os.path.realpath(folder):
        raise Failure(f"narrowed to ~/.claude, the CLI ran in the chosen {cwd}: can --filesystem=home go?")
    progress(f"narrowed to ~/.claude, the chosen {folder}: CLI in {cwd!r}, Cairn said {said!r}")
