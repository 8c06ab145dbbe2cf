#!/usr/bin/env python3
"""End-to-end UI test: a user's first prompt, over AT-SPI.

    tests/run-headless.sh python3 tests/test-ui.py _build/src/cairn

Runs the built cairn with the real (pinned) Claude Code CLI, pointed at the
project's fake Anthropic API, in a throwaway HOME and project folder. Finds
the composer by its accessible name, types a prompt, clicks Send, and reads
the transcript the way a screen reader would. Asserts that the reply
streams in (a strict prefix shows before the whole text), that the whole
reply shows exactly once, that a "Done" result row follows, and that Stop
shows during the turn and goes away after it. Saves a screenshot of the
screen at the end (ui-test.png in G_TEST_BUILDDIR, else the temp folder).

Needs a display and a session bus with AT-SPI (run-headless.sh gives both)
and Debian's /usr/bin/python3, which has pyatspi: another python3 re-execs
itself with it. Exits 0 on success, 1 with a message on failure.
"""
import os
import sys

# G_DEBUG=fatal-warnings (the test environment) is for cairn, not for us:
# libatspi warns when another client on the accessibility bus (a portal)
# has no cache, and that must not abort the test. Kept for cairn, also
# across the re-exec below.
APP_G_DEBUG = os.environ.pop("G_DEBUG", None) or os.environ.pop("CAIRN_UI_TEST_G_DEBUG", None)

try:
    import pyatspi
except ImportError:
    if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") \
            and os.access("/usr/bin/python3", os.X_OK):
        if APP_G_DEBUG is not None:
            os.environ["CAIRN_UI_TEST_G_DEBUG"] = APP_G_DEBUG
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("test-ui: pyatspi is missing (apt-get install python3-pyatspi)", file=sys.stderr)
    sys.exit(1)

import json
import shutil
import signal
import subprocess
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
PROMPT = "Tell me about cairns, please"
REPLY = ("Cairns are stacks of stones that mark a trail across open ground; "
         "each walker who passes adds one more stone to the pile.")
CHUNKS = 15
CHUNK_DELAY_MS = 80
DEADLINE_S = 60.0
POLL_S = 0.03
START = time.monotonic()


class Failure(Exception):
    pass


def progress(message):
    print(f"# [{time.monotonic() - START:5.1f}s] {message}", flush=True)


def remaining():
    return max(0.0, DEADLINE_S - (time.monotonic() - START))


def wait_for(what, probe, timeout=None, interval=0.1):
    """Calls probe() until it returns something true; returns that."""
    end = time.monotonic() + min(timeout or DEADLINE_S, remaining())
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() >= end:
            raise Failure(f"timed out waiting for {what}")
        time.sleep(interval)


# Processes

def find_cli():
    cli = os.environ.get("CAIRN_TEST_CLI") or os.path.join(
        HERE, ".cli", "node_modules", ".bin", "claude")
    if os.access(cli, os.X_OK):
        return cli
    progress(f"{cli} is missing: running install-cli.sh")
    out = subprocess.run([os.path.join(HERE, "install-cli.sh")], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def write_script(path):
    reply = {"blocks": [{"type": "text", "text": REPLY, "chunks": CHUNKS}],
             "chunk_delay_ms": CHUNK_DELAY_MS}
    # Side requests the CLI may make get a short answer of their own.
    script = {"rules": [{"match": PROMPT, "replies": [reply]}],
              "default": {"blocks": [{"type": "text", "text": "OK"}]}}
    with open(path, "w") as f:
        json.dump(script, f)


def start_fake_api(tmp):
    script = os.path.join(tmp, "script.json")
    log = os.path.join(tmp, "api-log.jsonl")
    write_script(script)
    fake = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "fake-api.py"), "--script", script,
         "--log", log, "--exit-on-stdin-eof"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = fake.stdout.readline().split()
    if len(line) != 2 or line[0] != "PORT":
        raise Failure(f"fake-api.py did not print its port (got {line!r})")
    return fake, int(line[1]), log


def start_cairn(cairn, tmp, port, cli):
    home = os.path.join(tmp, "home")
    project = os.path.join(tmp, "project")
    os.makedirs(home)
    os.makedirs(project)
    env = dict(os.environ,
               ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}",
               ANTHROPIC_API_KEY="sk-test",
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
               DISABLE_AUTOUPDATER="1",
               HOME=home,
               CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"),
               CAIRN_CLAUDE=cli)
    env.setdefault("GSETTINGS_BACKEND", "memory")
    if APP_G_DEBUG is not None:
        env["G_DEBUG"] = APP_G_DEBUG
    log = open(os.path.join(tmp, "cairn.log"), "w")
    # Its own process group, so the CLI it starts goes down with it.
    return subprocess.Popen([cairn, "--standalone", project], env=env,
                            stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def stop(process, group=False):
    if process is None or process.poll() is not None:
        return
    try:
        if group:
            os.killpg(process.pid, signal.SIGTERM)
        else:
            process.terminate()
        process.wait(timeout=5)
    except (subprocess.TimeoutExpired, ProcessLookupError):
        if group:
            os.killpg(process.pid, signal.SIGKILL)
        process.kill()
        process.wait()


def stop_fake_api(fake):
    if fake is None:
        return
    try:
        fake.stdin.close()
        fake.wait(timeout=5)
    except (subprocess.TimeoutExpired, BrokenPipeError):
        pass
    stop(fake)


# AT-SPI

def walk(node):
    """Every accessible under node, node included, depth first."""
    if node is None:
        return
    yield node
    try:
        children = [node.getChildAtIndex(i) for i in range(node.childCount)]
    except Exception:
        return  # gone while we looked
    for child in children:
        yield from walk(child)


def find(root, role, name=None):
    found = []
    for node in walk(root):
        try:
            if node.getRoleName() == role and (name is None or node.name == name):
                found.append(node)
        except Exception:
            pass  # a recycled row went away while we looked
    return found


def has_size(node):
    # Window coordinates: asking GTK 4.8 for screen ones logs a warning,
    # fatal under G_DEBUG=fatal-warnings.
    try:
        extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    except Exception:
        return False
    return extents.width > 0 and extents.height > 0


NAME_WARNINGS = set()


def button_called(node, name):
    """True if the button is called name. GTK 4.8 names a button whose label
    has a mnemonic "S_end Send" (raw label + shown text) unless the .ui gives
    it an accessible label: accept that, but say so once."""
    if node.name == name:
        return True
    if node.name.replace("_", "").split() == [name] * 2 * len(name.split()) \
            or name in (text_of(c) for c in find(node, "label") if c is not node):
        if node.name not in NAME_WARNINGS:
            NAME_WARNINGS.add(node.name)
            progress(f"note: the {name!r} button's accessible name is {node.name!r}")
        return True
    return False


def shown_button(root, name):
    # GTK 4.8 may list a button twice; the hidden copy has no size.
    return next((b for b in find(root, "push button")
                 if has_size(b) and button_called(b, name)), None)


def text_of(node):
    # getText (0, -1) returns "" in GTK 4.8: ask for the exact count.
    text = node.queryText()
    return text.getText(0, text.characterCount)


def label_texts(root):
    texts = []
    for node in find(root, "label"):
        try:
            texts.append(text_of(node))
        except Exception:
            pass  # a recycled row went away while we read it
    return texts


def find_app(name="cairn"):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == name:
            return app
    return None


def is_enabled(node):
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


# The steps

def open_window(cairn_proc):
    def probe():
        if cairn_proc.poll() is not None:
            raise Failure(f"cairn exited with status {cairn_proc.returncode}")
        app = find_app()
        if app is None:
            return None
        views = find(app, "text", "Message to Claude")
        return (app, views[0]) if views else None
    app, view = wait_for("the composer (“Message to Claude”) over AT-SPI", probe, 30)
    progress("found cairn and its composer")
    return app, view


def send_prompt(app, view):
    send = wait_for("a shown Send button", lambda: shown_button(app, "Send"), 10)
    if is_enabled(send):
        raise Failure("Send is enabled while the composer is empty")
    view.queryEditableText().insertText(0, PROMPT, -1)
    wait_for("Send to become enabled", lambda: is_enabled(send), 5)
    if text_of(view) != PROMPT:
        raise Failure(f"the composer holds {text_of(view)!r}, not the prompt")
    send.queryAction().doAction(0)
    progress("typed the prompt and clicked Send")
    wait_for("the composer to clear", lambda: text_of(view) == "", 5)


def watch_reply(app):
    """Polls the conversation until "Done"; returns what it saw."""
    seen = {"partials": set(), "stop_while_streaming": False, "polls": 0}
    conversation = wait_for("the conversation list",
                            lambda: next(iter(find(app, "list", "Conversation")), None), 20)
    end = time.monotonic() + remaining()
    while time.monotonic() < end:
        texts = label_texts(conversation)
        seen["polls"] += 1
        partial = [t for t in texts if t and t != REPLY and REPLY.startswith(t)]
        if partial and not seen["partials"]:
            progress(f"streaming: {partial[0]!r}")
        if partial and not seen["stop_while_streaming"]:
            seen["stop_while_streaming"] = shown_button(app, "Stop") is not None
        if REPLY not in texts:
            seen["partials"].update(partial)
        if "Done" in texts:
            seen["texts"] = texts
            return seen
        time.sleep(POLL_S)
    raise Failure(f"no “Done” row within {DEADLINE_S:.0f} s; "
                  f"last labels: {label_texts(conversation)!r}")


def check_reply(app, seen, api_log):
    texts = seen["texts"]
    progress(f"turn done after {seen['polls']} polls; labels: {texts!r}")
    if not seen["partials"]:
        raise Failure("the reply never showed partially: no streaming was visible")
    if texts.count(REPLY) != 1:
        raise Failure(f"the whole reply shows {texts.count(REPLY)} times, not once")
    if texts.count(PROMPT) != 1:
        raise Failure(f"the prompt shows {texts.count(PROMPT)} times, not once")
    if not seen["stop_while_streaming"]:
        raise Failure("no shown Stop button while the reply streamed")
    wait_for("Stop to go away after the turn", lambda: shown_button(app, "Stop") is None, 5)
    with open(api_log) as f:
        if not any(PROMPT in line for line in f):
            raise Failure("the prompt never reached the fake API")
    progress(f"saw {len(seen['partials'])} partial versions of the reply before the whole")


def screenshot():
    folder = os.environ.get("G_TEST_BUILDDIR") or tempfile.gettempdir()
    path = os.path.join(folder, "ui-test.png")
    if shutil.which("import") is None:
        progress("no screenshot: imagemagick's import is missing")
        return
    subprocess.run(["import", "-window", "root", path], check=False, timeout=20)
    progress(f"screenshot: {path}")


def run(cairn, tmp):
    fake = cairn_proc = None
    try:
        cli = find_cli()
        fake, port, api_log = start_fake_api(tmp)
        progress(f"fake API on port {port}; CLI {cli}")
        cairn_proc = start_cairn(cairn, tmp, port, cli)
        app, view = open_window(cairn_proc)
        send_prompt(app, view)
        seen = watch_reply(app)
        check_reply(app, seen, api_log)
        screenshot()
    except Exception:
        screenshot()
        if cairn_proc is not None and cairn_proc.poll() is not None:
            print(f"# cairn exited with status {cairn_proc.returncode}", flush=True)
        with open(os.path.join(tmp, "cairn.log")) as f:
            log = f.read()[-3000:]
        print(f"# cairn's output (last 3000 bytes):\n{log}", file=sys.stderr)
        raise
    finally:
        stop(cairn_proc, group=True)
        stop_fake_api(fake)


def main():
    # A timeout's SIGTERM still runs the finally blocks that stop cairn.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if len(sys.argv) != 2:
        print(f"usage: {sys.argv[0]} PATH-TO-CAIRN", file=sys.stderr)
        return 1
    cairn = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="cairn-ui-test-")
    try:
        run(cairn, tmp)
    except Failure as e:
        print(f"FAIL: {e}", flush=True)
        return 1
    except Exception as e:
        traceback.print_exc()
        print(f"FAIL: {type(e).__name__}: {e}", flush=True)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    progress("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
