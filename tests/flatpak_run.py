"""What every sandbox check (tests/flatpak-checks.py) starts from: the app
run in the sandbox against tests/fake-api.py's script, its first window
and composer over AT-SPI, and its quit."""
import os
import secrets
import subprocess
import sys
import time

import cairn_atspi as ui
from cairn_atspi import Failure, find, find_app, label_texts, wait_for
from flatpak_host import named_pids, read

APP = sys.argv[1] if len(sys.argv) > 1 else "io.github.cairnapp.Cairn"


SECRET = "sk-ant-flatpak-" + secrets.token_hex(12)


PROMPT = "Tell me about cairns, please"


REPLY = ("Cairns are stacks of stones that mark a trail across open ground; "
         "each walker who passes adds one more stone to the pile.")


def write(tool_id, name):
    return {"blocks": [{"type": "tool_use", "id": tool_id, "name": "Write",
                        "input": {"file_path": "{{CWD}}/" + name, "content": "hello\n"}}]}


def slow_write(tool_id, name):
    """A Write after 3 s of text: time to hide its conversation first."""
    reply = write(tool_id, name)
    reply["chunk_delay_ms"] = 150
    reply["blocks"].insert(0, {"type": "text", "text": "Writing it in a moment, please wait.", "chunks": 20})
    return reply


SCRIPT = {"rules": [
    {"match": PROMPT, "replies": [{"blocks": [{"type": "text", "text": REPLY, "chunks": 15}],
                                   "chunk_delay_ms": 80}]},
    {"match": "allow this", "replies": [write("toolu_allow", "allowed.txt"),
                                        {"blocks": [{"type": "text", "text": "Written."}]}]},
    {"match": "what is in this image?", "replies": [{"blocks": [{"type": "text", "text": "A red square."}]}]},
    {"match": "what was pasted?", "replies": [{"blocks": [{"type": "text", "text": "A pasted square."}]}]},
    {"match": "deny this", "replies": [write("toolu_deny", "denied.txt"),
                                       {"blocks": [{"type": "text", "text": "Understood."}]}]},
    {"match": "allow from notification", "replies": [
        slow_write("toolu_note_allow", "notified.txt"),
        {"blocks": [{"type": "text", "text": "Written from the notification."}]}]},
    {"match": "deny from notification", "replies": [
        slow_write("toolu_note_deny", "refused.txt"),
        {"blocks": [{"type": "text", "text": "Refused from the notification."}]}]}],
    "default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]}}


# the first conversation's replies, whichever checks ran
REPLIES = (REPLY, "Written.", "Understood.", "A red square.", "A pasted square.")


# what the first conversation was sent: the sidebar titles it by one of them
SENT = (PROMPT, "allow this", "deny this", "what is in this image?", "what was pasted?",
        "What did I ask first?", "held on the host")


def start_cairn(tmp, port, project, extra_env=None, cli=None, run_options=(), standalone=True):
    home = os.environ["HOME"]
    env = dict(os.environ,
               ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}", ANTHROPIC_API_KEY=SECRET,
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_AUTOUPDATER="1",
               CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"), GSETTINGS_BACKEND="memory",
               # what the portal answered (src/ui/window/cairn-window-portal.c)
               G_MESSAGES_DEBUG="cairn-portal")
    env.pop("CAIRN_CLAUDE", None)
    if cli is not None:
        env["CAIRN_CLAUDE"] = cli
    env.update(extra_env or {})
    log = open(os.path.join(tmp, "cairn.log"), "a")
    args = (["flatpak", "run", "--user", *run_options, APP]
            + (["--standalone"] if standalone else []) + ([project] if project else []))
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


def tool_answered(api_log, tool_id):
    """The model was sent the answer to tool_id (a tool_result for it)."""
    with open(api_log) as f:
        return any(f'"tool_use_id": "{tool_id}"' in line or f'"tool_use_id":"{tool_id}"' in line
                   for line in f)


def cairn_app(proc):
    def probe():
        if proc.poll() is not None:
            raise Failure(f"flatpak run exited with status {proc.returncode}")
        return find_app()
    return wait_for("Cairn over AT-SPI", probe, 60)


def page_titled(app, title, timeout=30):
    try:
        wait_for(f"the page “{title}”", lambda: title in label_texts(app), timeout)
    except Failure:
        raise Failure(f"no “{title}” page; labels: {label_texts(app)!r}")


def window_of(app):
    """The X window of another program on the display (the portal's
    dialog): the top one, under the pointer at 0,0 (no window manager)."""
    return subprocess.run(["xdotool", "mousemove", "5", "5", "getmouselocation", "--shell"], check=True,
                          stdout=subprocess.PIPE, text=True, timeout=10).stdout.split("WINDOW=")[1].split()[0]


def session_files(project):
    folder = os.path.join(os.environ["HOME"], ".claude", "projects",
                          "".join(c if c.isalnum() else "-" for c in os.path.realpath(project)))
    return [os.path.join(folder, n) for n in os.listdir(folder)] if os.path.isdir(folder) else []


def type_location(path):
    """Into the portal's file chooser (GTK 3): its location field, then Enter."""
    subprocess.run(["xdotool", "key", "ctrl+l"], check=True, timeout=10)
    time.sleep(0.5)
    subprocess.run(["xdotool", "type", "--delay", "20", path], check=True, timeout=30)
    time.sleep(0.5)
    subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)
    time.sleep(0.5)
