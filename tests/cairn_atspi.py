"""Shared helpers for Cairn's AT-SPI UI tests (test-ui-rows.py).

Import it first, before anything that needs pyatspi: on import it takes
G_DEBUG out of our own environment (it is for cairn, see APP_G_DEBUG) and,
if this python has no pyatspi, re-execs the script with Debian's
/usr/bin/python3, which has it.

What is here: progress lines and deadlines (wait_for), the fake API and
the cairn process (start/stop), and reading the accessibility tree the way
a screen reader does (walk, find, text_of, label_texts, shown_button).
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
    print(f"{os.path.basename(sys.argv[0])}: pyatspi is missing "
          "(apt-get install python3-pyatspi)", file=sys.stderr)
    sys.exit(1)

import contextlib
import json
import queue
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
import time
import traceback
import zlib

from gi.repository import GLib

HERE = os.path.dirname(os.path.abspath(__file__))
START = time.monotonic()
DEADLINE_S = 120.0


class Failure(Exception):
    pass


def progress(message):
    print(f"# [{time.monotonic() - START:5.1f}s] {message}", flush=True)


def remaining():
    return max(0.0, DEADLINE_S - (time.monotonic() - START))


def wait_for(what, probe, timeout=None, interval=0.1):
    """Calls probe() until it returns something true; returns that. An
    accessible that goes away while probe() looks at it (a row recycled, a
    popover closed) makes AT-SPI raise: that counts as "not yet"."""
    end = time.monotonic() + min(timeout or DEADLINE_S, remaining())
    while True:
        try:
            value = probe()
        except GLib.GError as e:
            progress(f"note: {e.message} while waiting for {what}; trying again")
            value = None
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


def start_fake_api(tmp, script):
    """Runs fake-api.py with script (a dict); returns (process, port, log path)."""
    script_path = os.path.join(tmp, "script.json")
    log = os.path.join(tmp, "api-log.jsonl")
    with open(script_path, "w") as f:
        json.dump(script, f)
    fake = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "fake-api.py"), "--script", script_path,
         "--log", log, "--exit-on-stdin-eof"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = fake.stdout.readline().split()
    if len(line) != 2 or line[0] != "PORT":
        raise Failure(f"fake-api.py did not print its port (got {line!r})")
    return fake, int(line[1]), log


def start_cairn(cairn, tmp, port, cli, project, extra_env=None):
    """Runs cairn --standalone project against the fake API, in a throwaway
    HOME; its output goes to tmp/cairn.log."""
    home = os.path.join(tmp, "home")
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ,
               ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}",
               ANTHROPIC_API_KEY="sk-test",
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
               DISABLE_AUTOUPDATER="1",
               HOME=home,
               CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"),
               CAIRN_CLAUDE=cli)
    env.setdefault("GSETTINGS_BACKEND", "memory")
    env.update(extra_env or {})
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
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
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


def print_cairn_log(tmp, cairn_proc, size=3000):
    if cairn_proc is not None and cairn_proc.poll() is not None:
        print(f"# cairn exited with status {cairn_proc.returncode}", flush=True)
    try:
        with open(os.path.join(tmp, "cairn.log")) as f:
            log = f.read()[-size:]
    except OSError:
        return
    print(f"# cairn's output (last {size} bytes):\n{log}", file=sys.stderr)


def screenshot(name):
    """Saves the whole screen as name in G_TEST_BUILDDIR (else the temp folder)."""
    folder = os.environ.get("G_TEST_BUILDDIR") or tempfile.gettempdir()
    path = os.path.join(folder, name)
    if shutil.which("import") is None:
        progress("no screenshot: imagemagick's import is missing")
        return None
    subprocess.run(["import", "-window", "root", path], check=False, timeout=20)
    progress(f"screenshot: {path}")
    return path


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


def extents(node):
    """(x, y, width, height) in window coordinates, or None. Asking GTK 4.8
    for screen ones logs a warning, fatal under G_DEBUG=fatal-warnings."""
    try:
        e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    except Exception:
        return None
    return (e.x, e.y, e.width, e.height)


def has_size(node):
    e = extents(node)
    return e is not None and e[2] > 0 and e[3] > 0


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


NAME_WARNINGS = set()


def button_called(node, name):
    """True if the button is called name. GTK 4.8 names a button whose label
    has a mnemonic "S_end Send" (raw label + shown text) unless the .ui gives
    it an accessible label: accept that, but say so once."""
    if node.name == name:
        return True
    if node.name.replace("_", "").split() == [name] * 2 * len(name.split()) \
            or name in label_texts(node):
        if node.name not in NAME_WARNINGS:
            NAME_WARNINGS.add(node.name)
            progress(f"note: the {name!r} button's accessible name is {node.name!r}")
        return True
    return False


def shown_button(root, name):
    # GTK 4.8 may list a button twice; the hidden copy has no size.
    return next((b for b in find(root, "push button")
                 if has_size(b) and button_called(b, name)), None)


def enabled_button(root, name):
    """A shown button that is on: a dialog's allowing buttons are off for
    half a second after it shows (src/ui/widgets/cairn-key-guard.c)."""
    button = shown_button(root, name)
    return button if button is not None and is_enabled(button) else None


def window_id(proc):
    ids = wait_for("cairn's X window", lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(proc.pid)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split(), 20)
    return ids[0]


def click(window, node, button=1):
    """A real pointer click in the middle of node (no window manager: the
    window sits at 0,0 and takes the pointer's focus)."""
    x, y, w, h = wait_for("a size", lambda: extents(node) if has_size(node) else None, 5)
    subprocess.run(["xdotool", "mousemove", "--window", window, str(x + w // 2), str(y + h // 2),
                    "click", str(button)], check=True, timeout=10)


def key(window, *keys):
    """Keys pressed on the window (xdotool names: "ctrl+k", "Return")."""
    subprocess.run(["xdotool", "key", "--window", window, *keys], check=True, timeout=10)


def find_app(name="cairn"):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == name:
            return app
    return None


def is_enabled(node):
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


def dump(node, depth=0, out=None):
    """The tree under node as text, one accessible a line (for debugging)."""
    out = [] if out is None else out
    try:
        role, name = node.getRoleName(), node.name
        text = ""
        try:
            text = repr(text_of(node))
        except Exception:
            pass
        out.append(f"{'  ' * depth}{role} {name!r} {text} {extents(node)}")
        for i in range(node.childCount):
            dump(node.getChildAtIndex(i), depth + 1, out)
    except Exception as e:
        out.append(f"{'  ' * depth}<gone: {e}>")
    return out


def dialogs(app):
    found = []
    for node in walk(app):
        try:
            if node.getRoleName() in ("dialog", "alert"):
                found.append(node)
        except Exception:
            pass    # gone while we looked (a dialog closing)
    return found


class Notifications:
    """tests/fake-notifications.py: what Cairn shows, and clicks on it."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "fake-notifications.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if self.process.stdout.readline().strip() != "READY":
            raise Failure("the fake notification server did not start")
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.process.stdout],
                         daemon=True).start()

    def next(self, timeout=None):
        """The next notification shown; None if none within timeout s."""
        try:
            return json.loads(self.lines.get(timeout=timeout))
        except queue.Empty:
            return None

    def click(self, nid, action):
        self.process.stdin.write(f"invoke {nid} {action}\n")
        self.process.stdin.flush()


def send(app, view, prompt):
    """Types prompt into the composer view and clicks Send."""
    send_button = wait_for("the Send button", lambda: shown_button(app, "Send"), 10)
    view.queryEditableText().insertText(0, prompt, -1)
    wait_for("Send to become enabled", lambda: is_enabled(send_button), 5)
    send_button.queryAction().doAction(0)
    progress(f"sent “{prompt}”")


# Running a test

def wait_composer(cairn_proc, what="the composer", timeout=30):
    """Waits until the Cairn just started shows its composer over AT-SPI
    (failing at once if it exited); returns the app and the composer."""
    def probe():
        if cairn_proc.poll() is not None:
            raise Failure(f"cairn exited with status {cairn_proc.returncode}")
        app = find_app()
        views = find(app, "text", "Message to Claude") if app else []
        return (app, views[0]) if views else None
    return wait_for(what, probe, timeout)


def send_first_prompt(cairn_proc, prompt):
    """Types prompt into the composer of the Cairn just started and clicks
    Send; returns the app and the conversation list."""
    app, view = wait_composer(cairn_proc)
    view.queryEditableText().insertText(0, prompt, -1)
    wait_for("Send", lambda: shown_button(app, "Send"), 10).queryAction().doAction(0)
    conversation = wait_for("the conversation list",
                            lambda: next(iter(find(app, "list", "Conversation")), None), 20)
    return app, conversation


@contextlib.contextmanager
def cairn_running(cairn, tmp, script, project, shot=None, extra_env=None):
    """Starts the fake API (with script) and cairn on project; yields
    (cairn process, API log path). Saves the screenshot `shot` at the end,
    and on a failure also cairn's output; always stops both."""
    fake = cairn_proc = None
    try:
        cli = find_cli()
        fake, port, api_log = start_fake_api(tmp, script)
        progress(f"fake API on port {port}; CLI {cli}")
        cairn_proc = start_cairn(cairn, tmp, port, cli, project, extra_env)
        yield cairn_proc, api_log
        if shot:
            screenshot(shot)
    except Exception:
        if shot:
            screenshot(shot)
        print_cairn_log(tmp, cairn_proc)
        raise
    finally:
        stop(cairn_proc, group=True)
        stop_fake_api(fake)


def main(run, prefix):
    """The common entry of the UI tests: run(cairn, tmp) in a fresh temp
    folder; prints PASS or FAIL and returns the exit status."""
    # A timeout's SIGTERM still runs the finally blocks that stop cairn.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if len(sys.argv) != 2:
        print(f"usage: {sys.argv[0]} PATH-TO-CAIRN", file=sys.stderr)
        return 1
    tmp = tempfile.mkdtemp(prefix=prefix)
    try:
        run(os.path.abspath(sys.argv[1]), tmp)
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


def tiny_png(path, colour=(200, 40, 20)):
    """An 8x8 PNG, made here: its bytes are what must reach the model."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))
    rows = b"".join(b"\0" + bytes(colour) * 8 for _ in range(8))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)
    return png


# The desktop portal taken away, as where it is not installed

PORTAL = "org.freedesktop.portal.Desktop"
# what Cairn's banner says without any portal (src/ui/window/cairn-window-portal.c)
PORTAL_BANNER_SAYS = ("does not answer", "Files are chosen in Cairn’s own dialog", "Notifications are not shown",
                      "Links do not open", "can’t go to the Trash", "xdg-desktop-portal-gtk")


def portal_banner_text(app):
    """The text of Cairn's banner about the portal, shown or not."""
    return next((t for t in label_texts(app) if "xdg-desktop-portal" in t), None)


def session_call(dest, path, method, *args):
    return subprocess.run(["gdbus", "call", "--session", "--dest", dest, "--object-path", path,
                           "--method", method, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=30)


def reload_bus():
    answer = session_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ReloadConfig")
    if answer.returncode != 0:
        raise Failure(f"the bus did not reload its configuration: {answer.stdout!r}")


def portal_pids():
    """xdg-desktop-portal processes of this run's bus (by the runtime dir
    they inherited), not zombies."""
    mine = f"XDG_RUNTIME_DIR={os.environ['XDG_RUNTIME_DIR']}".encode()
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if os.path.basename(f.read().split(b"\0")[0]) != b"xdg-desktop-portal":
                    continue
            with open(f"/proc/{pid}/environ", "rb") as f:
                if mine not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X"):
                    found.append(int(pid))
        except (OSError, IndexError):
            pass  # gone while we looked
    return found


@contextlib.contextmanager
def portal_missing():
    """The portal stopped, and its service overridden by a file in the
    run's $XDG_RUNTIME_DIR/dbus-1/services, which the bus reads before
    /usr/share (not ~/.local/share: the bus takes the home folder from the
    password database), whose program fails: asking the portal then fails
    as where it is not installed. Undone on exit (the bus starts the real
    one again when asked)."""
    folder = os.path.join(os.environ["XDG_RUNTIME_DIR"], "dbus-1", "services")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, PORTAL + ".service")
    with open(path, "w") as f:
        f.write(f"[D-BUS Service]\nName={PORTAL}\nExec=/bin/false\n")
    try:
        reload_bus()
        for pid in portal_pids():
            os.kill(pid, signal.SIGTERM)
        wait_for("xdg-desktop-portal to end", lambda: not portal_pids(), 10)
        answer = session_call(PORTAL, "/org/freedesktop/portal/desktop", "org.freedesktop.DBus.Peer.Ping")
        if answer.returncode == 0:
            raise Failure("the portal still answers with its service overridden")
        progress(f"the portal is gone: {answer.stdout.strip()[:120]}")
        yield
    finally:
        os.unlink(path)
        reload_bus()
