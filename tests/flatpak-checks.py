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
- debug-info: About's Debug Information says Flatpak: yes and the host
  CLI's version;
- open-elsewhere: a host `claude --resume ID` started outside Cairn holds
  the conversation: it opens read-only, a prompt is refused, no second CLI;
- no-cli-on-host: the missing-CLI page, whose Install runs npm on the host;
- host-refused: without --talk-name=org.freedesktop.Flatpak, a page with
  the command that grants it;
- notify-through-portal: an approval's notification goes through the
  Notification portal; its Allow and Deny, clicked, answer it;
- paste-image: a PNG on the clipboard, Ctrl+V: saved and sent byte for byte;
- rename-and-delete: Rename appends a custom-title line to the host's
  session file, Delete moves it to the host's Trash, Undo puts it back;
- terminal-pane: claude --resume and Shell run on the host, on the PTY as
  their controlling terminal, in the project; typing reaches the model, an
  exit status shows, Restart runs it again, a web address clicked opens in
  the host's browser through the OpenURI portal, closing the window ends it;
- probes-end-with-cairn: a host `--version` and `auth status` that hang are
  gone once Cairn quits;
- hung-cli-killed: a host CLI that ignores SIGTERM and SIGINT is killed on
  the host 3 s after Ctrl+Q, and Cairn ends once it is;
- open-folder: the folder chosen in the portal's dialog is where the host
  CLI runs; open-folder-narrowed: without --filesystem=home it comes as a
  document-portal path instead (why the permission stays);
- portal-answers: with xdg-desktop-portal running, Cairn's check finds the
  file chooser, notifications, OpenURI and the Trash, and shows no banner;
- no-portal (last: it takes the portal away for a while): without
  xdg-desktop-portal, a banner says what is missing and what to install;
  Attach images falls back to GTK's own chooser (the image reaches the
  tray, the draft stays), and so does Open Folder, where the chosen folder
  is where the host CLI runs.
CAIRN_FLATPAK_ONLY=name,name runs only those (with the first window and
its quit).
"""
import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time

from cairn_atspi import (Failure, Notifications, find, find_app, label_texts, progress, shown_button, text_of,
                         tiny_png, wait_for)
from flatpak_host import cli_pids, environ, link, named_pids, pids, read
from flatpak_host_checks import (hung_cli_killed, open_folder, open_folder_narrowed, probes_end_with_cairn,
                                 rename_and_delete, row_with, terminal_pane)
from flatpak_portal_checks import no_portal, portal_answers
from flatpak_run import (APP, PROMPT, REPLIES, REPLY, SCRIPT, SECRET, SENT, cairn_app, composer, dialog_for,
                         page_titled, press, quit_cairn, session_files, start_cairn, tool_answered,
                         type_location, wait_text, window)

ui.DEADLINE_S = 600.0  # the whole run's: each check waits less


RESULTS = []


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


def notified_answer(app, view, notifications, what, label):
    """Sends "WHAT from notification" and at once shows a new conversation:
    the request comes while its conversation is hidden, and notifies. The
    notification that names the file gets its LABEL button clicked."""
    name = {"allow": "notified.txt", "deny": "refused.txt"}[what]
    ui.send(app, view, f"{what} from notification")
    wait_for("New Conversation", lambda: shown_button(app, "New Conversation"), 10).queryAction().doAction(0)
    end = time.monotonic() + 60
    while True:
        shown = notifications.next(max(0.1, end - time.monotonic()))
        if shown is None or time.monotonic() > end:
            ui.screenshot(f"flatpak-notify-{what}.png")
            raise Failure(f"no notification names {name}; the window says {label_texts(app)[-8:]!r}")
        if name in shown["body"]:
            break
    if "Write" not in shown["summary"]:
        raise Failure(f"the notification doesn't say what is waiting: {shown!r}")
    key = next((k for k, text in shown["actions"].items() if text == label), None)
    if key is None:
        raise Failure(f"the notification has no {label} button: {shown!r}")
    notifications.click(shown["id"], key)
    return shown


def notify_through_portal(tmp, port, cli, api_log):
    """Cairn unique (not --standalone), as a desktop starts it: GLib sends
    its notifications to the Notification portal, whose GTK backend hands
    them to org.freedesktop.Notifications (tests/fake-notifications.py);
    an action clicked there comes back through the portal (ActivateAction
    on the app's name). Allow lets the Write of a hidden conversation run,
    Deny answers it and the file is never written."""
    project = os.path.join(tmp, "project-notify")
    os.makedirs(project)
    notifications = Notifications()
    proc = start_cairn(tmp, port, project, cli=cli, standalone=False)
    try:
        app, view = composer(proc)
        notified_answer(app, view, notifications, "allow", "Allow")
        wait_for("notified.txt written", lambda: os.path.exists(os.path.join(project, "notified.txt")), 60)
        view = wait_for("the new conversation's composer", lambda: next(
            (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)), None), 10)
        shown = notified_answer(app, view, notifications, "deny", "Deny")
        wait_for("the denial sent to the model", lambda: tool_answered(api_log, "toolu_note_deny"), 60)
        if os.path.exists(os.path.join(project, "refused.txt")):
            raise Failure("Deny in the notification let the Write run")
        progress(f"through the portal: {shown['summary']!r}; Allow wrote the file, Deny kept it unwritten")
    finally:
        ui.stop(notifications.process)
        ui.stop(proc, group=True)


def menu_item(app, name):
    return next((n for n in ui.walk(app) if n.name == name and ui.has_size(n)), None)


def debug_info(app, cli):
    """About → Troubleshooting → Debug Information, read over AT-SPI:
    Flatpak: yes, and the host CLI's version."""
    window()
    subprocess.run(["xdotool", "mousemove", "600", "300", "key", "F10"], check=True, timeout=10)
    item = wait_for("About Cairn in the main menu", lambda: menu_item(app, "About Cairn"), 10)
    item.queryAction().doAction(0)
    about = wait_for("the About window", lambda: next(
        (w for w in find(app, "dialog") + find(app, "frame") if "About" in (w.name or "")), None), 20)

    def info():
        return next((t for t in (text_of(n) for n in find(about, "text")) if "Flatpak:" in t), None)
    text = info()
    for row in ("Troubleshooting", "Debug Information"):
        if text is None:
            wait_for(row, lambda: menu_item(about, row), 10).queryAction().doAction(0)
            time.sleep(0.5)
            text = info()
    if text is None:
        raise Failure("no debug information: " + "\n".join(ui.dump(about)[:80]))
    version = open(os.path.join(ui.HERE, "cli-version")).read().strip()
    if "Flatpak: yes" not in text or f"Claude Code version: {version} (Claude Code)" not in text:
        raise Failure(f"the debug information lacks Flatpak: yes or version {version}: {text!r}")
    subprocess.run(["xdotool", "key", "Escape"], check=True, timeout=10)
    progress(f"Debug Info: Flatpak: yes, Claude Code version: {version}")


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


def sidebar_row(app, shot=None):
    """The first conversation's row in the sidebar (titled by what it was sent)."""
    try:
        return wait_for("the conversation in the sidebar", lambda: row_with(app, SENT), 30)
    except Failure:
        if shot:
            ui.screenshot(shot)
        raise Failure(f"the sidebar does not list it: {[r.name for r in find(app, 'list item')]!r}")


def history(tmp, port, project, cli, api_log):
    files = [f for f in session_files(project) if f.endswith(".jsonl")
             and PROMPT in (read(f, "r") or "")]
    if not files:
        raise Failure("the CLI's session file is not in ~/.claude/projects")
    proc = start_cairn(tmp, port, project, cli=cli)
    try:
        app, view = composer(proc)
        row = sidebar_row(app, "flatpak-history.png")
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


def host_cli_resuming(tmp, port, project, cli, session_id):
    """`claude --resume ID` on the host, started outside Cairn, one turn in
    and waiting for more: it has registered itself as holding the
    conversation. Returns the process."""
    home = os.environ["HOME"]
    env = dict(os.environ, ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}", ANTHROPIC_API_KEY=SECRET,
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_AUTOUPDATER="1",
               CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"))
    proc = subprocess.Popen([os.path.realpath(cli), "-p", "--input-format=stream-json",
                             "--output-format=stream-json", "--verbose", f"--resume={session_id}"],
                            cwd=project, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=open(os.path.join(tmp, "host-cli.log"), "a"), text=True)
    proc.stdin.write(json.dumps({"type": "user", "message": {"role": "user",
                                                             "content": "held on the host"}}) + "\n")
    proc.stdin.flush()
    result = []

    def read_until_result():
        for line in proc.stdout:    # drained to the end: the pipe never fills
            if '"type":"result"' in line and json.loads(line).get("type") == "result":
                result.append(line)
    threading.Thread(target=read_until_result, daemon=True).start()
    try:
        wait_for("the host CLI's turn", lambda: result or proc.poll() is not None, 60)
    except Failure:
        proc.kill()
        raise
    if not result:
        raise Failure(f"the host CLI ended ({proc.wait()}) before its turn's result")
    return proc


def open_elsewhere(tmp, port, project, cli):
    """A conversation a host CLI holds, started outside Cairn: the sandbox
    can't see that process in its /proc, so Cairn asks the host. It opens
    read-only (the banner), a prompt is refused with a notice, and no
    second CLI starts."""
    sid = next(os.path.basename(f)[:-len(".jsonl")] for f in session_files(project)
               if f.endswith(".jsonl") and PROMPT in (read(f, "r") or ""))
    holder = host_cli_resuming(tmp, port, project, cli, sid)
    proc = None
    try:
        proc = start_cairn(tmp, port, project, cli=cli)
        app, view = composer(proc)
        row = sidebar_row(app)
        ui.click(window(), row)
        wait_text(app, "held on the host", 30)
        wait_text(app, "This conversation is open in another Claude Code", 20)
        view = wait_for("the composer", lambda: next(iter(find(app, "text", "Message to Claude")), None), 10)
        ui.send(app, view, "a second CLI, please")
        wait_text(app, "This conversation is running elsewhere", 20)
        time.sleep(2)
        running = cli_pids(cli)
        if running != [holder.pid]:
            raise Failure(f"CLIs running: {running!r}; only the host's {holder.pid} should")
        ui.screenshot("flatpak-elsewhere.png")
        progress(f"held by host CLI {holder.pid}: the banner, the prompt refused, no second CLI")
        quit_cairn(proc)
    finally:
        holder.stdin.close()
        try:
            holder.wait(timeout=10)
        except subprocess.TimeoutExpired:
            holder.kill()
            holder.wait()
        ui.stop(proc, group=True)


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
    The host's answer (flatpak-spawn: no such file) shows the missing-CLI
    page, and its Install runs npm on the host: a stand-in npm on the
    host's PATH, where the sandbox can't see, records its argv and mount
    namespace and fails, which the page says."""
    project = os.path.join(tmp, "project-no-cli")
    os.makedirs(project)
    record = os.path.join(tmp, "npm.log")
    npm = os.path.join(os.environ["CAIRN_FLATPAK_HOSTBIN"], "npm")
    with open(npm, "w") as f:
        f.write(f"#!/bin/sh\n{{ echo \"$*\"; readlink /proc/self/ns/mnt; }} > '{record}'\n"
                "echo 'npm ERR! network'; exit 1\n")
    os.chmod(npm, 0o755)
    proc = start_cairn(tmp, port, project)
    try:
        app = cairn_app(proc)
        page_titled(app, "Claude Code Is Not Installed")
        install = wait_for("Install", lambda: shown_button(app, "Install"), 10)
        wait_for("Try Again", lambda: shown_button(app, "Try Again"), 10)
        ui.screenshot("flatpak-no-cli.png")
        install.queryAction().doAction(0)
        ran = wait_for("the host's npm to run", lambda: read(record, "r"), 30)
        args, namespace = (ran.splitlines() + ["", ""])[:2]
        if "install" not in args.split() or "@anthropic-ai/claude-code" not in args.split():
            raise Failure(f"Install ran npm {args!r}")
        if namespace != link("/proc/self/ns/mnt"):
            raise Failure(f"npm ran in the mount namespace {namespace!r}, not the host's")
        page_titled(app, "The installation did not succeed; its output is below.", 20)
        progress(f"the missing-CLI page; Install ran “npm {args}” on the host")
    finally:
        os.unlink(npm)
        ui.stop(proc, group=True)


GRANT = "flatpak override --user --talk-name=org.freedesktop.Flatpak"


def host_refused(tmp, port, cli):
    """Run without --talk-name=org.freedesktop.Flatpak, flatpak-spawn is
    refused: a page says so and gives the command that grants it, offers
    no Install (which would be refused too), and Try Again asks again."""
    project = os.path.join(tmp, "project-refused")
    os.makedirs(project)
    proc = start_cairn(tmp, port, project, cli=cli,
                       run_options=["--no-talk-name=org.freedesktop.Flatpak"])
    try:
        app = cairn_app(proc)
        page_titled(app, "Cairn May Not Start Claude Code")
        if not any(f"{GRANT} {APP}" == t for t in label_texts(app)):
            raise Failure(f"the command that grants it is not shown: {label_texts(app)!r}")
        if shown_button(app, "Install"):
            raise Failure("Install is offered, which can't run on the host either")
        ui.screenshot("flatpak-refused.png")
        wait_for("Try Again", lambda: shown_button(app, "Try Again"), 10).queryAction().doAction(0)
        time.sleep(2)
        page_titled(app, "Cairn May Not Start Claude Code", 10)
        if proc.poll() is not None:
            raise Failure(f"Cairn exited ({proc.returncode})")
        progress(f"refused: the page says “{GRANT} {APP}”; Try Again keeps it")
    finally:
        ui.stop(proc, group=True)


# The terminal pane, the probes, history's edits, Open Folder


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
        check("portal-answers", portal_answers, tmp)
        check("streams", streams, app, view)
        check("host-process", host_process, cli, project)
        check("no-secret-on-cmdline", no_secret_on_cmdline)
        check("approval", approval, app, view, project)
        check("attach-through-portal", attach_through_portal, app, view, project, api_log)
        check("debug-info", debug_info, app, cli)
        check("paste-image", paste_image, app, view, project, api_log)
        ui.screenshot("flatpak-checks.png")
        check("quit", quit_leaves_nothing, proc, cli)
        check("history", history, tmp, port, project, cli, api_log)
        check("open-elsewhere", open_elsewhere, tmp, port, project, cli)
        check("rename-and-delete", rename_and_delete, tmp, port, project, cli)
        check("terminal-pane", terminal_pane, tmp, port, cli, api_log)
        check("probes-end-with-cairn", probes_end_with_cairn, tmp, port, cli)
        check("hung-cli-killed", hung_cli_killed, tmp, port, cli)
        check("open-folder", open_folder, tmp, port, cli)
        check("open-folder-narrowed", open_folder_narrowed, tmp, port, cli)
        check("found-on-host-path", found_without_cairn_claude, tmp, port, cli, "path")
        check("found-in-local-bin", found_without_cairn_claude, tmp, port, cli, "local-bin")
        check("no-cli-on-host", no_cli_on_host, tmp, port)
        check("host-refused", host_refused, tmp, port, cli)
        check("notify-through-portal", notify_through_portal, tmp, port, cli, api_log)
        # last: it takes the portal away for a while
        check("no-portal", no_portal, tmp, port, cli)
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
