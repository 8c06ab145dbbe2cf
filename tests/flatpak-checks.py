#!/usr/bin/env python3
"""The sandbox checks of build-aux/flatpak-test.sh: the installed Flatpak,
run for real, driving the real (pinned) CLI on the host.

    tests/run-headless.sh /usr/bin/python3 tests/flatpak-checks.py APP_ID

Run by build-aux/flatpak-test.sh, which sets HOME to a throwaway folder
(the sandbox sees it: --filesystem=home), FLATPAK_USER_DIR to the user
installation and CAIRN_FLATPAK_HOSTBIN to a folder on the host's PATH that
the sandbox can't see. Cairn is started with `flatpak run`; the UI is driven
over AT-SPI from outside the sandbox (flatpak proxies the accessibility
bus into it), keys and clicks through X. Each check prints "ok N - what"
or "not ok N - what: why"; exits 1 if any failed.

- portals: xdg-desktop-portal and xdg-desktop-portal-gtk answer on the bus;
- streams: a prompt streams a reply (a strict part of it shows first);
- host-process: the CLI runs on the host (the host's mount namespace, not
  the sandbox's, where Cairn is), in the project folder, with the user's
  environment (HOME, ANTHROPIC_*, CLAUDE_*);
- no-secret-on-cmdline: the API key is on no process's command line
  (/proc/*/cmdline, which is checked to catch a planted one);
- approval: Allow writes the file, Deny doesn't;
- history: the CLI's session file is in ~/.claude/projects; Cairn started
  again lists the conversation, opens it and a prompt resumes it;
- quit: Ctrl+Q ends Cairn and leaves no host CLI and no flatpak-spawn;
- found-on-host-path, found-in-local-bin: with no CAIRN_CLAUDE, the CLI
  is found on the host's PATH, and as ~/.local/bin/claude (a link to a
  place outside the sandbox, as npm and the installers make);
- paste-image: a PNG on the clipboard, Ctrl+V: saved and sent byte for byte;
- rename-and-delete: Rename appends a custom-title line to the host's
  session file, Delete moves it to the host's Trash, Undo puts it back;
- terminal-pane: claude --resume and Shell run on the host, on the PTY as
  their controlling terminal, in the project; typing reaches the model, an
  exit status shows, Restart runs it again, closing the window ends it;
- probes-end-with-cairn: a host `--version` and `auth status` that hang are
  gone once Cairn quits;
- open-folder: the folder chosen in the portal's dialog is where the host
  CLI runs; open-folder-narrowed: without --filesystem=home it comes as a
  document-portal path instead (why the permission stays).
CAIRN_FLATPAK_ONLY=name,name runs only those (with the first window and
its quit).
"""
import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time

from cairn_atspi import Failure, find, find_app, label_texts, progress, shown_button, text_of, wait_for
from flatpak_host import (cli_pids, environ, link, named_pids, on_a_terminal, on_host, pane_children,
                          pids, read, resumed)

APP = sys.argv[1] if len(sys.argv) > 1 else "io.github.cairnapp.Cairn"
ui.DEADLINE_S = 600.0  # the whole run's: each check waits less
SECRET = "sk-ant-flatpak-" + secrets.token_hex(12)
PROMPT = "Tell me about cairns, please"
REPLY = ("Cairns are stacks of stones that mark a trail across open ground; "
         "each walker who passes adds one more stone to the pile.")


def write(tool_id, name):
    return {"blocks": [{"type": "tool_use", "id": tool_id, "name": "Write",
                        "input": {"file_path": "{{CWD}}/" + name, "content": "hello\n"}}]}


SCRIPT = {"rules": [
    {"match": PROMPT, "replies": [{"blocks": [{"type": "text", "text": REPLY, "chunks": 15}],
                                   "chunk_delay_ms": 80}]},
    {"match": "allow this", "replies": [write("toolu_allow", "allowed.txt"),
                                        {"blocks": [{"type": "text", "text": "Written."}]}]},
    {"match": "what is in this image?", "replies": [{"blocks": [{"type": "text", "text": "A red square."}]}]},
    {"match": "what was pasted?", "replies": [{"blocks": [{"type": "text", "text": "A pasted square."}]}]},
    {"match": "deny this", "replies": [write("toolu_deny", "denied.txt"),
                                       {"blocks": [{"type": "text", "text": "Understood."}]}]}],
    "default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]}}

# the first conversation's replies, whichever checks ran
REPLIES = (REPLY, "Written.", "Understood.", "A red square.", "A pasted square.")

RESULTS = []
# what the first conversation was sent: the sidebar titles it by one of them
SENT = (PROMPT, "allow this", "deny this", "what is in this image?", "what was pasted?",
        "What did I ask first?")


def check(name, fn, *args):
    """Runs one check; a failure is reported and the run goes on."""
    number = len(RESULTS) + 1
    only = os.environ.get("CAIRN_FLATPAK_ONLY")
    # the first window, and its end: the later checks find Cairn by name
    if only and name not in only.split(",") and name not in ("window", "quit"):
        return None
    try:
        value = fn(*args)
    except Exception as e:  # a Failure, or AT-SPI's error: the run goes on
        print(f"not ok {number} - {name}: {type(e).__name__}: {e}", flush=True)
        RESULTS.append(False)
        return None
    print(f"ok {number} - {name}", flush=True)
    RESULTS.append(True)
    return value


# Processes, seen from the host: tests/flatpak_host.py

def secret_holders():
    """The processes with SECRET on their command line."""
    needle = SECRET.encode()
    return [p for p in pids() if needle in (read(f"/proc/{p}/cmdline") or b"")]


# Cairn in the sandbox

def start_cairn(tmp, port, project, extra_env=None, cli=None):
    home = os.environ["HOME"]
    env = dict(os.environ,
               ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}", ANTHROPIC_API_KEY=SECRET,
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_AUTOUPDATER="1",
               CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"), GSETTINGS_BACKEND="memory")
    env.pop("CAIRN_CLAUDE", None)
    if cli is not None:
        env["CAIRN_CLAUDE"] = cli
    env.update(extra_env or {})
    log = open(os.path.join(tmp, "cairn.log"), "a")
    args = ["flatpak", "run", "--user", APP, "--standalone"] + ([project] if project else [])
    return subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def composer(proc):
    def probe():
        if proc.poll() is not None:
            raise Failure(f"flatpak run exited with status {proc.returncode}")
        app = find_app()
        views = find(app, "text", "Message to Claude") if app else []
        return (app, views[0]) if views else None
    return wait_for("Cairn's composer over AT-SPI", probe, 60)


def window():
    """Cairn's X window: the pid xdotool knows is the sandbox's, so by class."""
    ids = wait_for("Cairn's X window", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--classname", "cairn"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split(), 20)
    return ids[0]


def wait_text(app, text, timeout=60):
    wait_for(f"“{text}” in the conversation",
             lambda: any(text in t for t in label_texts(app)), timeout, interval=0.2)


def quit_cairn(proc):
    """Ctrl+Q with the pointer on the window (no window manager: X's focus
    follows the pointer)."""
    window()
    subprocess.run(["xdotool", "mousemove", "600", "300", "key", "ctrl+q"], check=True, timeout=10)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        left = [(p, (read(f"/proc/{p}/cmdline") or b"").replace(b"\0", b" ")[:100].decode())
                for name in ("cairn", "flatpak-spawn", "bwrap", "claude") for p in named_pids(name)]
        raise Failure(f"flatpak run did not end within 15 s of Ctrl+Q; running: {left!r}")


# The checks

def portals():
    for name in ("org.freedesktop.portal.Desktop", "org.freedesktop.impl.portal.desktop.gtk"):
        subprocess.run(["gdbus", "call", "--session", "--dest", name, "--object-path", "/",
                        "--method", "org.freedesktop.DBus.Peer.Ping"],
                       check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
    # both are "xdg-desktop-por" in /proc/PID/comm: told apart by argv[0]
    running = sorted(os.path.basename((read(f"/proc/{p}/cmdline") or b"").split(b"\0")[0].decode())
                     for p in named_pids("xdg-desktop-por"))
    if "xdg-desktop-portal" not in running or "xdg-desktop-portal-gtk" not in running:
        raise Failure(f"portals running: {running!r}")
    progress(f"portals running: {running!r}")


def streams(app, view):
    ui.send(app, view, PROMPT)
    conversation = wait_for("the conversation list",
                            lambda: next(iter(find(app, "list", "Conversation")), None), 20)
    partial = None
    end = time.monotonic() + 90
    while time.monotonic() < end:
        texts = label_texts(conversation)
        if partial is None:
            partial = next((t for t in texts if t and t != REPLY and REPLY.startswith(t)), None)
        if REPLY in texts and "Done" in texts:
            break
        time.sleep(0.03)
    else:
        raise Failure(f"no whole reply and Done; labels: {label_texts(conversation)!r}")
    if partial is None:
        raise Failure("the reply never showed partially")
    progress(f"streamed: {partial!r} before the whole reply")


def host_process(cli, project):
    found = wait_for("the host CLI", lambda: cli_pids(cli), 20)
    ours = link("/proc/self/ns/mnt")
    for pid in found:
        if link(f"/proc/{pid}/ns/mnt") != ours:
            raise Failure(f"the CLI {pid} runs in another mount namespace (the sandbox?)")
        if link(f"/proc/{pid}/cwd") != os.path.realpath(project):
            raise Failure(f"the CLI {pid} runs in {link(f'/proc/{pid}/cwd')}, not {project}")
        env = environ(pid)
        want = {"HOME": os.environ["HOME"], "ANTHROPIC_API_KEY": SECRET,
                "CLAUDE_CONFIG_DIR": os.path.join(os.environ["HOME"], ".claude"),
                "DISABLE_AUTOUPDATER": "1"}
        wrong = {k: env.get(k) for k, v in want.items() if env.get(k) != v}
        if wrong:
            raise Failure(f"the CLI {pid} lacks the user's environment: {wrong!r}")
    sandboxed = [p for p in named_pids("cairn") if link(f"/proc/{p}/ns/mnt") != ours]
    if not sandboxed:
        raise Failure("no cairn process in a mount namespace of its own: not sandboxed?")
    progress(f"CLI {found} on the host in {project}; cairn {sandboxed} in the sandbox")


def no_secret_on_cmdline():
    planted = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", SECRET])
    try:
        if wait_for("the planted command line", lambda: planted.pid in secret_holders(), 5) is None:
            raise Failure("the /proc scan misses a planted key")
        holders = [p for p in secret_holders() if p != planted.pid]
    finally:
        planted.kill()
        planted.wait()
    if holders:
        lines = [(read(f"/proc/{p}/cmdline") or b"").replace(b"\0", b" ").decode()[:200]
                 for p in holders]
        raise Failure(f"the API key is on command lines: {lines!r}")
    progress(f"the key is on none of {len(pids())} processes' command lines")


def dialog_for(app, file_name):
    def probe():
        for dialog in ui.dialogs(app):
            texts = label_texts(dialog)
            if "Allow Write?" in texts and any(file_name in t for t in texts):
                return dialog
        return None
    return wait_for(f"the approval dialog for {file_name}", probe, 60, interval=0.05)


def press(dialog, name):
    button = wait_for(f"{name}, on", lambda: ui.enabled_button(dialog, name), 10)
    button.queryAction().doAction(0)


def approval(app, view, project):
    ui.send(app, view, "allow this")
    press(dialog_for(app, "allowed.txt"), "Allow")
    wait_text(app, "Written.")
    if not os.path.exists(os.path.join(project, "allowed.txt")):
        raise Failure("Allow was clicked but allowed.txt was not written")
    ui.send(app, view, "deny this")
    press(dialog_for(app, "denied.txt"), "Deny")
    wait_text(app, "Understood.")
    if os.path.exists(os.path.join(project, "denied.txt")):
        raise Failure("Deny was clicked but denied.txt was written")
    progress("Allow wrote allowed.txt, Deny kept denied.txt from being written")


def tiny_png(path, colour=(200, 40, 20)):
    """An 8x8 PNG, made here: its bytes are what must reach the model."""
    import struct
    import zlib

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))
    rows = b"".join(b"\0" + bytes(colour) * 8 for _ in range(8))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)
    return png


def type_location(path):
    """Into the portal's file chooser (GTK 3): its location field, then Enter."""
    subprocess.run(["xdotool", "key", "ctrl+l"], check=True, timeout=10)
    time.sleep(0.5)
    subprocess.run(["xdotool", "type", "--delay", "20", path], check=True, timeout=30)
    time.sleep(0.5)
    subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)
    time.sleep(0.5)


def attach_through_portal(app, view, project, api_log):
    """Attach images: the file-chooser portal's dialog (xdg-desktop-portal-gtk,
    another process) picks a file in the host's /tmp, which the sandbox
    can't see: it reaches Cairn as a document-portal path. Sent, the image
    is saved under the project's .cairn/tmp/images/ and reaches the model
    byte for byte."""
    source = os.path.join("/tmp", f"cairn-flatpak-{secrets.token_hex(4)}.png")
    png = tiny_png(source)
    try:
        button = wait_for("Attach images", lambda: shown_button(app, "Attach images"), 10)
        button.queryAction().doAction(0)
        chooser = wait_for("the portal's file chooser over AT-SPI",
                           lambda: find_app("xdg-desktop-portal-gtk"), 30)
        wait_for("its dialog", lambda: ui.dialogs(chooser) or find(chooser, "file chooser"), 20)
        time.sleep(1.0)
        # no window manager: the dialog is at 0,0 and X focus follows the pointer
        subprocess.run(["xdotool", "mousemove", "200", "100"], check=True, timeout=10)
        type_location(source)
        time.sleep(1.5)
        ui.screenshot("flatpak-attach.png")
        base = os.path.basename(source)
        wait_for("the image in the tray", lambda: any(base in (n.name or "") for n in ui.walk(app))
                 or any(base in t for t in label_texts(app)), 20)
        ui.send(app, view, "what is in this image?")
        wait_text(app, "A red square.", 90)
    finally:
        os.unlink(source)
    saved = saved_and_sent(png, project, api_log)
    progress(f"attached through the portal, saved as {saved}, sent byte for byte")


def saved_and_sent(png, project, api_log):
    """The image is under the project's .cairn/tmp/images/ and went to the
    model, each byte for byte. Returns where it is."""
    import base64
    folder = os.path.join(project, ".cairn", "tmp", "images")
    saved = [os.path.join(folder, n) for n in os.listdir(folder)] if os.path.isdir(folder) else []
    if not any(read(p) == png for p in saved):
        raise Failure(f"the image is not saved byte for byte under {folder}: {saved!r}")
    with open(api_log) as f:
        if base64.b64encode(png).decode() not in f.read():
            raise Failure("the image's bytes did not reach the model")
    return [p for p in saved if read(p) == png]


def paste_image(app, view, project, api_log):
    """A PNG on the X clipboard (xclip serves it, as an image viewer
    would), Ctrl+V in the composer: attached as it is, saved under the
    project's .cairn/tmp/images/, sent byte for byte."""
    source = os.path.join(os.environ["HOME"], "checks", "pasted.png")
    png = tiny_png(source, (20, 160, 60))
    xclip = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-t", "image/png", "-i", source],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        ui.click(window(), view)
        subprocess.run(["xdotool", "key", "ctrl+v"], check=True, timeout=10)
        wait_for("the pasted image in the tray", lambda: any(
            "Pasted image" in (n.name or "") for n in ui.walk(app)) or any(
            "Pasted image" in t for t in label_texts(app)), 20)
        ui.send(app, view, "what was pasted?")
        wait_text(app, "A pasted square.", 90)
    finally:
        xclip.kill()
        xclip.wait()
    saved = saved_and_sent(png, project, api_log)
    progress(f"pasted, saved as {saved}, sent byte for byte")


def quit_leaves_nothing(proc, cli):
    before = cli_pids(cli)
    quit_cairn(proc)
    try:
        wait_for("the host CLI and flatpak-spawn to end",
                 lambda: not cli_pids(cli) and not named_pids("flatpak-spawn"), 10)
    except Failure:
        raise Failure(f"left running: CLI {cli_pids(cli)}, flatpak-spawn {named_pids('flatpak-spawn')}")
    progress(f"Ctrl+Q ended Cairn and the CLI {before}")


def session_files(project):
    folder = os.path.join(os.environ["HOME"], ".claude", "projects",
                          "".join(c if c.isalnum() else "-" for c in os.path.realpath(project)))
    return [os.path.join(folder, n) for n in os.listdir(folder)] if os.path.isdir(folder) else []


def history(tmp, port, project, cli, api_log):
    files = [f for f in session_files(project) if f.endswith(".jsonl")
             and PROMPT in (read(f, "r") or "")]
    if not files:
        raise Failure("the CLI's session file is not in ~/.claude/projects")
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        try:
            row = wait_for("the conversation in the sidebar", lambda: next(
                (r for r in find(app, "list item") if ui.has_size(r) and any(
                    p in (r.name or "") for p in SENT)), None), 30)
        except Failure:
            ui.screenshot("flatpak-history.png")
            raise Failure(f"the sidebar does not list it: {[r.name for r in find(app, 'list item')]!r}")
        ui.click(window(), row)
        # its last turn shows (the earlier ones may be scrolled away)
        wait_for("a stored reply", lambda: any(r in label_texts(app) for r in REPLIES), 30, interval=0.2)
        view = wait_for("the composer", lambda: next(iter(find(app, "text", "Message to Claude")), None), 10)
        ui.send(app, view, "What did I ask first?")
        wait_text(app, "You said: What did I ask first?", 90)
        with open(api_log) as f:
            last = [line for line in f if "What did I ask first?" in line][-1]
        if PROMPT not in last:
            raise Failure("the resumed CLI did not send the stored conversation to the model")
        if "What did I ask first?" not in (read(files[0], "r") or ""):
            raise Failure("the resumed turn was not appended to the session file")
        progress("listed, opened and resumed: the model got the stored conversation")
    finally:
        quit_cairn(proc)


def found_without_cairn_claude(tmp, port, cli, where):
    """where: "path" (a link in a folder on the host's PATH) or "local-bin"."""
    project = os.path.join(tmp, f"project-{where}")
    os.makedirs(project)
    place = (os.environ["CAIRN_FLATPAK_HOSTBIN"] if where == "path"
             else os.path.join(os.environ["HOME"], ".local", "bin"))
    os.makedirs(place, exist_ok=True)
    os.symlink(os.path.realpath(cli), os.path.join(place, "claude"))
    proc = start_cairn(tmp, port, project)
    try:
        app, view = composer(proc)
        ui.send(app, view, f"found on {where}")
        wait_text(app, f"You said: found on {where}", 90)
        progress(f"the CLI found ({where}) answered")
        quit_cairn(proc)
    finally:
        os.unlink(os.path.join(place, "claude"))
        ui.stop(proc, group=True)


def no_cli_on_host(tmp, port):
    """No claude anywhere: the sandbox can't tell before it asks the host.
    The host's answer is said (what is missing: "claude"), the prompt stays
    and can be sent again. (The missing-CLI page, with Install, is what
    shows outside the Flatpak; in it, not yet.)"""
    project = os.path.join(tmp, "project-no-cli")
    os.makedirs(project)
    proc = start_cairn(tmp, port, project)
    try:
        app, view = composer(proc)
        ui.send(app, view, "is anyone there?")
        said = wait_for("what the host said", lambda: next(
            (t for t in label_texts(app) if "“claude”" in t and "No such file" in t), None), 30)
        try:
            wait_for("the prompt kept, and Retry", lambda: "is anyone there?" in label_texts(app)
                     and shown_button(app, "Retry"), 20)
        except Failure:
            raise Failure(f"the prompt or Retry is gone: {label_texts(app)!r}")
        ui.screenshot("flatpak-no-cli.png")
        progress(f"without a CLI on the host: {said!r}, the prompt kept, Retry")
    finally:
        ui.stop(proc, group=True)


# The terminal pane, the probes, history's edits, Open Folder

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
    runs it again; closing the window leaves no host process."""
    project = os.path.join(tmp, "project-terminal")
    os.makedirs(project)
    settle_tui(project)
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        ui.send(app, view, "a conversation for the terminal")
        wait_text(app, "You said: a conversation for the terminal", 90)
        claude = terminal_claude(app, project, cli, api_log)
        shell = terminal_shell(app, project, claude)
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


def window_of(app):
    """The X window of another program on the display (the portal's
    dialog): the top one, under the pointer at 0,0 (no window manager)."""
    return subprocess.run(["xdotool", "mousemove", "5", "5", "getmouselocation", "--shell"], check=True,
                          stdout=subprocess.PIPE, text=True, timeout=10).stdout.split("WINDOW=")[1].split()[0]


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


def folder_cli_cwd(tmp, port, cli, folder):
    """Open Folder… picks folder; a prompt starts the CLI. Returns the host
    CLI's cwd, or what the conversation said instead."""
    before = set(cli_pids(cli))
    proc = start_cairn(tmp, port, None, cli=cli)
    try:
        app = wait_for("Cairn over AT-SPI", lambda: find_app(), 60)
        choose_folder(app, folder)
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


def run(tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    cli = ui.find_cli()
    fake, port, api_log = ui.start_fake_api(tmp, SCRIPT)
    proc = None
    try:
        check("portals", portals)
        start = time.monotonic()
        proc = start_cairn(tmp, port, project, cli=cli)
        app, view = check("window", composer, proc) or (None, None)
        if app is None:
            return
        progress(f"the window's composer over AT-SPI after {time.monotonic() - start:.1f} s")
        check("streams", streams, app, view)
        check("host-process", host_process, cli, project)
        check("no-secret-on-cmdline", no_secret_on_cmdline)
        check("approval", approval, app, view, project)
        check("attach-through-portal", attach_through_portal, app, view, project, api_log)
        check("paste-image", paste_image, app, view, project, api_log)
        ui.screenshot("flatpak-checks.png")
        check("quit", quit_leaves_nothing, proc, cli)
        check("history", history, tmp, port, project, cli, api_log)
        check("rename-and-delete", rename_and_delete, tmp, port, project, cli)
        check("terminal-pane", terminal_pane, tmp, port, cli, api_log)
        check("probes-end-with-cairn", probes_end_with_cairn, tmp, port, cli)
        check("open-folder", open_folder, tmp, port, cli)
        check("open-folder-narrowed", open_folder_narrowed, tmp, port, cli)
        check("found-on-host-path", found_without_cairn_claude, tmp, port, cli, "path")
        check("found-in-local-bin", found_without_cairn_claude, tmp, port, cli, "local-bin")
        check("no-cli-on-host", no_cli_on_host, tmp, port)
    finally:
        ui.stop(proc, group=True)
        ui.stop_fake_api(fake)


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    tmp = os.path.join(os.environ["HOME"], "checks")
    os.makedirs(tmp, exist_ok=True)
    try:
        run(tmp)
    except Exception as e:
        print(f"not ok - {type(e).__name__}: {e}", flush=True)
        RESULTS.append(False)
    finally:
        log = read(os.path.join(tmp, "cairn.log"), "r") or ""
        if not all(RESULTS):
            print(f"# cairn's output (last 4000 bytes):\n{log[-4000:]}", file=sys.stderr)
    print(f"1..{len(RESULTS)}")
    return 0 if RESULTS and all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
