#!/usr/bin/env python3
"""Every kind of transcript row, read over AT-SPI as a screen reader would.

    tests/run-headless.sh python3 tests/test-ui-rows.py _build/src/cairn

Runs the built cairn with the real (pinned) Claude Code CLI against the
project's fake Anthropic API, with the script of test-rows.c: one prompt
makes the CLI think, write, and run real tools (Read, Bash, Grep -- which
this CLI doesn't offer, so it fails --, Write, Edit, TaskCreate/Update, an
Agent subagent with a nested Read, a failing Bash), send an unknown content
block and a last reply. Cairn starts the CLI in acceptEdits mode through
its setting (default-permission-mode, in a keyfile settings backend), so no
edit asks for approval.

After the turn, the test scrolls the conversation (a GtkListView, whose
rows are only there while near the view) from top to bottom through its
scroll bar, reads each row's accessible name and the text of its labels
and text views, and checks what a user sees for each row: the thinking
row's title, each reply once, each tool card's name, title, summary, diff
figures and status (its accessible name, "Tool call: Bash, done"), the
unknown block's notice and the "Done" result, in the order they happened.
Then it opens some cards over AT-SPI (the Bash card shows the command's
output, the thinking row its text, the Agent card the subagent's nested
Read) and saves a screenshot (ui-rows-test.png in G_TEST_BUILDDIR, else
the temp folder).

Needs a display and a session bus with AT-SPI (run-headless.sh gives both)
and Debian's /usr/bin/python3 (pyatspi). Exits 0 on success, 1 with a
message on failure.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cairn_atspi as ui  # noqa: E402  (first: it may re-exec with /usr/bin/python3)
from cairn_atspi import Failure, find, progress, text_of, wait_for  # noqa: E402

import glob  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402

PROMPT = "Please do everything"
SCHEMA_PATH = "io/github/cairnapp/Cairn"
WINDOW_SIZE = (1200, 780)
ui.DEADLINE_S = 150.0

# The script of test-rows.c ("every-row-kind"), @PROJECT@ being the project.
SCRIPT = {"rules": [
    {"match": "do everything", "replies": [
        {"blocks": [
            {"type": "thinking", "thinking": "I will use many tools.", "chunks": 3},
            {"type": "text", "text": "Let me look around.", "chunks": 3},
            {"type": "tool_use", "id": "toolu_read", "name": "Read",
             "input": {"file_path": "@PROJECT@/notes.txt"}},
            {"type": "tool_use", "id": "toolu_bash", "name": "Bash",
             "input": {"command": "echo hi; ls", "description": "Say hi and list"}},
            {"type": "tool_use", "id": "toolu_grep", "name": "Grep",
             "input": {"pattern": "needle", "path": "@PROJECT@"}}]},
        {"blocks": [
            {"type": "tool_use", "id": "toolu_write", "name": "Write",
             "input": {"file_path": "@PROJECT@/new.txt", "content": "one\ntwo\n"}},
            {"type": "tool_use", "id": "toolu_edit", "name": "Edit",
             "input": {"file_path": "@PROJECT@/notes.txt", "old_string": "beta needle",
                       "new_string": "beta changed\nextra line"}},
            {"type": "tool_use", "id": "toolu_tc1", "name": "TaskCreate",
             "input": {"subject": "Edit notes", "description": "Change beta",
                       "activeForm": "Editing notes"}},
            {"type": "tool_use", "id": "toolu_tc2", "name": "TaskCreate",
             "input": {"subject": "Ship it", "description": "Release",
                       "activeForm": "Shipping"}}]},
        {"blocks": [{"type": "tool_use", "id": "toolu_tu", "name": "TaskUpdate",
                     "input": {"taskId": "1", "status": "completed"}}]},
        {"blocks": [{"type": "tool_use", "id": "toolu_agent", "name": "Agent",
                     "input": {"description": "Look at b.txt", "prompt": "SUBAGENT: read b.txt",
                               "subagent_type": "general-purpose",
                               # in the foreground, as CLI 2.1.197 ran every
                               # agent (test-session covers the background)
                               "run_in_background": False}}]},
        {"blocks": [{"type": "tool_use", "id": "toolu_fail", "name": "Bash",
                     "input": {"command": "ls missing-file", "description": "Fail"}}]},
        {"blocks": [{"type": "mystery_block", "data": 1},
                    {"type": "text", "text": "All done.", "chunks": 2}]}]},
    {"match": "SUBAGENT", "replies": [
        {"blocks": [{"type": "tool_use", "id": "toolu_sub_read", "name": "Read",
                     "input": {"file_path": "@PROJECT@/b.txt"}}]},
        {"blocks": [{"type": "text", "text": "b.txt says needle two."}]}]}]}

# Side requests the CLI may make (titles, ...) get a short answer.
SCRIPT["default"] = {"blocks": [{"type": "text", "text": "OK"}]}


def script_for(project):
    return json.loads(json.dumps(SCRIPT).replace("@PROJECT@", project))


# Setup

def make_project(tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    with open(os.path.join(project, "notes.txt"), "w") as f:
        f.write("alpha\nbeta needle\ngamma\n")
    with open(os.path.join(project, "b.txt"), "w") as f:
        f.write("needle two\n")
    return project


def settings_env(tmp):
    """A keyfile settings backend that starts the CLI in acceptEdits mode
    (GSETTINGS_SCHEMA_DIR stays as the test environment sets it)."""
    config = os.path.join(tmp, "cfg")
    folder = os.path.join(config, "glib-2.0", "settings")
    os.makedirs(folder)
    with open(os.path.join(folder, "keyfile"), "w") as f:
        f.write(f"[{SCHEMA_PATH}]\ndefault-permission-mode='acceptEdits'\n")
    # CLI 2.1.330 offers the task tools only to older models unless asked
    # to (docs/protocol-changes.md); the turn uses them.
    return {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config,
            "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"}


def cli_command_lines(cairn_proc):
    """The command lines of cairn's process group (cairn and the CLI)."""
    lines = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[2]) != cairn_proc.pid:  # pgrp
                continue
            with open(os.path.join(os.path.dirname(stat), "cmdline"), "rb") as f:
                lines.append(f.read().split(b"\0"))
        except (OSError, IndexError, ValueError):
            pass  # gone while we looked
    return [[a.decode(errors="replace") for a in line if a] for line in lines]


def resize_window(cairn_proc, frame):
    """Makes the window 1200x780 (Xvfb's screen is 1280x800), so more rows
    show at once. No window manager: xdotool resizes it directly."""
    if shutil.which("xdotool") is None:
        progress("xdotool is missing: keeping the window's size")
        return
    # --onlyvisible: not GTK's 1x1 client leader window
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(cairn_proc.pid)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, timeout=10).stdout.split()
    if not ids:
        progress("no X window for cairn found: keeping the window's size")
        return
    for window in ids:
        subprocess.run(["xdotool", "windowsize", window, *map(str, WINDOW_SIZE)],
                       stderr=subprocess.DEVNULL, timeout=10)
    # The frame's extents leave out the client-side shadow (about 10 px).
    # Only fewer rows show at once if it stays small: the test scrolls.
    try:
        wait_for("the window to get bigger",
                 lambda: (ui.extents(frame) or (0, 0, 0, 0))[2] > WINDOW_SIZE[0] - 50, 10)
    except Failure:
        progress(f"note: the window stayed at {(ui.extents(frame) or (0, 0, 0, 0))[2:]}")
        return
    progress(f"window resized, now {ui.extents(frame)[2:]}")


# The conversation's rows

class Row:
    """One row as read over AT-SPI: its accessible name, its labels' texts
    in tree order (each with whether it ever had a size, i.e. was shown),
    its text views' texts, and its buttons' names."""

    def __init__(self, name, labels, views, description, buttons):
        self.name = name
        self.labels = labels  # [[text, shown], ...]
        self.views = views
        self.description = description
        self.buttons = buttons

    @property
    def key(self):
        """What identifies the row across scroll positions: its name and
        its first two labels (author and text, or tool name and title)."""
        return (self.name, tuple(t for t, _ in self.labels[:2]))

    def shown(self):
        return [t for t, shown in self.labels if shown]

    def has(self, *texts):
        shown = self.shown()
        return all(t in shown for t in texts)

    def merge(self, other):
        """Takes a newer reading of the same row."""
        was_shown = {t for t, s in self.labels if s}
        self.labels = [[t, s or t in was_shown] for t, s in other.labels]
        self.views = other.views or self.views
        self.description = other.description
        self.buttons = other.buttons

    def __repr__(self):
        return f"<{self.name!r}: {self.shown()!r}{' ' + repr(self.views) if self.views else ''}>"


def named_child(item):
    """The item row, two levels down a list item, has the row's accessible
    name ("Tool call: Bash, done"); returns it, or None."""
    node = item
    for _ in range(4):
        if node is None or node.childCount == 0:
            return None
        node = node.getChildAtIndex(0)
        if node is not None and node.name:
            return node
    return None


def read_row(item):
    named = named_child(item)
    name = named.name if named is not None else ""
    labels, views, buttons = [], [], []
    for node in ui.walk(item):
        role = node.getRoleName()
        if role == "label":
            labels.append([text_of(node), ui.has_size(node)])
        elif role == "text":
            views.append(text_of(node))
        elif role == "push button":
            buttons.append(node.name)
    description = named.description if named is not None else ""
    return Row(name, labels, views, description, buttons)


def snapshot(conversation):
    """The rows in the tree now, in list order; None if the tree changed
    under us (try again)."""
    try:
        return [read_row(item) for item in find(conversation, "list item")]
    except Exception:
        return None


def stable_snapshot(conversation):
    """Two identical readings in a row: the list has settled after a scroll."""
    last = [None]

    def probe():
        rows = snapshot(conversation)
        if rows is None:
            return None
        keys = [(r.key, tuple(r.shown()), tuple(r.views)) for r in rows]
        if keys == last[0]:
            return rows or None
        last[0] = keys
        return None
    return wait_for("the conversation to settle", probe, 10, interval=0.05)


def merge_rows(merged, rows):
    """Adds a snapshot (a window of the list, in order) to the rows read so
    far: it overlaps their end, so the largest overlap places it."""
    if not merged:
        merged.extend(rows)
        return
    for start in range(len(merged)):
        overlap = min(len(rows), len(merged) - start)
        if [r.key for r in merged[start:start + overlap]] == [r.key for r in rows[:overlap]]:
            for old, new in zip(merged[start:start + overlap], rows):
                old.merge(new)
            merged.extend(rows[overlap:])
            return
    raise Failure(f"a scroll step skipped rows: {merged[-1]!r} is not in {rows!r}")


class Scroller:
    """Scrolls the conversation through its vertical scroll bar's range,
    the AT-SPI Value a screen reader's user would move."""

    def __init__(self, conversation):
        self.conversation = conversation
        pane = conversation.parent
        bars = [pane.getChildAtIndex(i) for i in range(pane.childCount)]
        bars = [b for b in bars if b.getRoleName() == "scroll bar"]
        if not bars:
            raise Failure("the conversation has no scroll bars")
        # GtkScrolledWindow: the horizontal bar first, then the vertical one.
        vertical = [b for b in bars if (ui.extents(b) or (0, 0, 0, 0))[3] >
                    (ui.extents(b) or (0, 0, 0, 0))[2]]
        bar = (vertical or bars[-1:])[0]
        ranges = find(bar, "filler", "GtkRange") or [bar]
        self.value = ranges[0].queryValue()

    def page(self):
        return max(50.0, (ui.extents(self.conversation) or (0, 0, 0, 300))[3])

    def at_end(self):
        return self.value.currentValue + self.page() >= self.value.maximumValue - 1

    def scroll_to(self, value):
        """Returns where the view went (GTK clamps it to the end)."""
        self.value.currentValue = float(max(0.0, value))
        return self.value.currentValue

    def settled_rows(self, value):
        """Scrolls to value and reads the rows once settled there. The window
        follows new output while at the bottom and may yank the view back to
        the end as row heights change: then scroll again."""
        for _ in range(10):
            placed = self.scroll_to(value)
            rows = stable_snapshot(self.conversation)
            if abs(self.value.currentValue - placed) < 1:
                return rows
        raise Failure(f"the conversation does not stay scrolled at {value}")

    def walk_rows(self, visit):
        """From the top down, half a page at a time: calls visit(rows) with
        each settled snapshot until it returns true or the end is reached."""
        value = 0.0
        for _ in range(100):
            rows = self.settled_rows(value)
            if visit(rows):
                return True
            if self.at_end():
                return False
            before = self.value.currentValue
            value = before + self.page() / 2
            if self.scroll_to(value) <= before:
                return False
        raise Failure("the conversation never reached its end while scrolling")


def collect_rows(scroller):
    merged, steps = [], [0]

    def visit(rows):
        steps[0] += 1
        merge_rows(merged, rows)
    scroller.walk_rows(visit)
    progress(f"read {len(merged)} rows in {steps[0]} scroll positions")
    return merged


# The steps

def open_window(cairn_proc):
    def probe():
        if cairn_proc.poll() is not None:
            raise Failure(f"cairn exited with status {cairn_proc.returncode}")
        app = ui.find_app()
        if app is None:
            return None
        views = find(app, "text", "Message to Claude")
        frames = find(app, "frame")
        return (app, views[0], frames[0]) if views and frames else None
    app, view, frame = wait_for("the composer (“Message to Claude”) over AT-SPI", probe, 30)
    progress("found cairn and its composer")
    return app, view, frame


def send_prompt(app, view):
    send = wait_for("a shown Send button", lambda: ui.shown_button(app, "Send"), 10)
    view.queryEditableText().insertText(0, PROMPT, -1)
    wait_for("Send to become enabled", lambda: ui.is_enabled(send), 5)
    send.queryAction().doAction(0)
    progress("typed the prompt and clicked Send")
    wait_for("the composer to clear", lambda: text_of(view) == "", 5)


def wait_for_done(app, cairn_proc):
    conversation = wait_for("the conversation list",
                            lambda: next(iter(find(app, "list", "Conversation")), None), 20)

    def probe():
        if cairn_proc.poll() is not None:
            raise Failure(f"cairn exited with status {cairn_proc.returncode}")
        texts = ui.label_texts(conversation)
        return "Done" in texts or "Turn failed" in [n.name for n in find(conversation, "panel")]
    started = time.monotonic()
    wait_for("a “Done” row", probe, 90, interval=0.2)
    if "Done" not in ui.label_texts(conversation):
        raise Failure(f"the turn failed: {ui.label_texts(conversation)!r}")
    progress(f"the turn is done ({time.monotonic() - started:.1f} s after Send)")
    return conversation


def check_accept_edits(cairn_proc, project):
    lines = cli_command_lines(cairn_proc)
    cli = [line for line in lines if any(a.startswith("--permission-mode=") for a in line)]
    if not cli:
        raise Failure(f"no CLI with --permission-mode among {lines!r}")
    mode = [a for a in cli[0] if a.startswith("--permission-mode=")]
    if mode != ["--permission-mode=acceptEdits"]:
        raise Failure(f"the CLI runs with {mode!r}, not --permission-mode=acceptEdits")
    with open(os.path.join(project, "new.txt")) as f:
        if f.read() != "one\ntwo\n":
            raise Failure("Write did not write new.txt")
    with open(os.path.join(project, "notes.txt")) as f:
        if f.read() != "alpha\nbeta changed\nextra line\ngamma\n":
            raise Failure("Edit did not change notes.txt")
    progress("the CLI ran in acceptEdits mode; Write and Edit changed the files")


class Checker:
    def __init__(self, rows):
        self.rows = rows
        self.problems = []

    def fail(self, message):
        self.problems.append(message)

    def one(self, what, predicate):
        """The only row that predicate accepts, or None (a problem noted)."""
        found = [r for r in self.rows if predicate(r)]
        if len(found) != 1:
            self.fail(f"{len(found)} rows for {what}, not 1: {found!r}")
            return None
        return found[0]

    def card(self, name, title, status, *texts):
        """A tool card: accessible name "Tool call: NAME, STATUS", its
        labels NAME, TITLE and texts all shown, its description the title."""
        row = self.one(f"the {name} card on {title!r}",
                       lambda r: r.name.startswith(f"Tool call: {name},")
                       and r.labels[:2] and r.labels[1][0] == title)
        if row is None:
            return None
        if row.name != f"Tool call: {name}, {status}":
            self.fail(f"the {name} card on {title!r} is called {row.name!r}, "
                      f"not 'Tool call: {name}, {status}'")
        missing = [t for t in (name, title) + texts if t not in row.shown()]
        if missing:
            self.fail(f"the {name} card on {title!r} doesn't show {missing!r}: {row!r}")
        if row.description != title:
            self.fail(f"the {name} card's accessible description is {row.description!r}, "
                      f"not {title!r}")
        if "not run" in row.shown() and status != "not run":
            self.fail(f"the {status} {name} card on {title!r} shows “not run”")
        return row

    def check(self):
        rows = self.rows
        everything = [t for r in rows for t in r.shown()]

        thinking = self.one("the thinking", lambda r: r.name == "Claude’s thinking")
        if thinking is not None and not any(t.startswith("Thought") for t in thinking.shown()):
            self.fail(f"the thinking row has no “Thought …” title: {thinking!r}")
        for reply in ("Let me look around.", "All done.", PROMPT):
            if everything.count(reply) != 1:
                self.fail(f"{reply!r} shows {everything.count(reply)} times, not once")

        self.card("Read", "notes.txt", "done", "4 lines")
        bash = self.card("Bash", "echo hi; ls", "done", "exit code 0", "Say hi and list")
        grep = self.card("Grep", "needle", "failed")
        if grep is not None and not any("No such tool available" in t for t in grep.shown()):
            self.fail(f"the Grep card doesn't show the error: {grep!r}")
        write = self.card("Write", "new.txt", "done", "+2")
        if write is not None and write.views != ["+one\n+two"]:
            self.fail(f"the Write card's diff shows {write.views!r}, not ['+one\\n+two']")
        edit = self.card("Edit", "notes.txt", "done", "+2", "\u22121")
        if edit is not None and not any("-beta needle\n+beta changed\n+extra line" in v
                                        for v in edit.views):
            self.fail(f"the Edit card's diff doesn't show the change: {edit.views!r}")
        self.card("TaskCreate", "Edit notes", "done")
        self.card("TaskCreate", "Ship it", "done")
        self.card("TaskUpdate", "Task #1: completed", "done")
        self.card("Agent", "Look at b.txt", "done", "general-purpose")
        fail = self.card("Bash", "ls missing-file", "failed", "Fail")
        if fail is not None and not any(t.startswith("Exit code") for t in fail.shown()):
            self.fail(f"the failing Bash card doesn't say “Exit code …”: {fail!r}")
        unknown = self.one("the unknown block",
                           lambda r: "Content block “mystery_block”" in r.shown())
        if unknown is not None and unknown.name != "Kept as sent by Claude Code":
            self.fail(f"the unknown block's row is called {unknown.name!r}")
        result = self.one("the result", lambda r: "Done" in r.shown())
        if result is not None and result.name != "Turn finished":
            self.fail(f"the result row is called {result.name!r}, not 'Turn finished'")
        for row in rows:
            if not row.name:
                self.fail(f"a row without an accessible name: {row!r}")
            # GTK 4.8 names a control without a label by its class.
            for button in row.buttons:
                if not button or button.startswith(("Gtk", "Adw")):
                    progress(f"note: a button without an accessible label ({button!r}) "
                             f"in {row!r}")

        # In the order they happened.
        order = ["Your message", "Claude’s thinking", "Claude’s reply", "Tool call: Read",
                 "Tool call: Bash", "Tool call: Grep", "Tool call: Write", "Tool call: Edit",
                 "Tool call: TaskCreate", "Tool call: TaskCreate", "Tool call: TaskUpdate",
                 "Tool call: Agent", "Tool call: Bash", "Kept as sent by Claude Code",
                 "Claude’s reply", "Turn finished"]
        names = [r.name for r in rows]
        at = 0
        for name in names:
            if at < len(order) and name.startswith(order[at]):
                at += 1
        if at != len(order):
            self.fail(f"the rows are not in the order they happened: {names!r} "
                      f"(expected {order!r} in that order)")
        return bash


def find_row(scroller, predicate):
    """Scrolls until a row that predicate accepts (given its Row) is in the
    tree; returns its list item accessible."""
    found = []

    def visit(rows):
        for item in find(scroller.conversation, "list item"):
            try:
                if predicate(read_row(item)):
                    found.append(item)
                    return True
            except Exception:
                pass
        return False
    scroller.walk_rows(visit)
    if not found:
        raise Failure("no such row while scrolling the conversation")
    return found[0]


def expander_of(item, name=None):
    buttons = [b for b in find(item, "push button") if name is None or b.name == name]
    if not buttons:
        raise Failure(f"no expander button in {read_row(item)!r}")
    return buttons[0]


def open_card(scroller, what, predicate, expander_name, expect):
    """Opens a row's expander over AT-SPI, then scrolls until the row shows
    what expect(Row) wants. GTK 4.8 lays out only the rows in view: a body
    opened off screen has no size (shows nothing) until scrolled to."""
    item = find_row(scroller, predicate)
    button = expander_of(item, expander_name)
    state = button.getState()
    if state.contains(ui.pyatspi.STATE_EXPANDED):
        raise Failure(f"the {what} is open before we opened it")
    if not state.contains(ui.pyatspi.STATE_EXPANDABLE):
        progress(f"note: the {what}'s expander ({button.name!r}) doesn't say it is expandable")
    actions = button.queryAction()
    names = [actions.getName(i) for i in range(actions.nActions)]
    if not names:
        raise Failure(f"the {what}'s expander has no action")
    actions.doAction(0)
    if not wait_for_state(button, ui.pyatspi.STATE_EXPANDED):
        progress(f"note: the open {what}'s expander doesn't say it is expanded")
    last = [None]

    def visit(rows):
        last[0] = next((r for r in rows if predicate(r)), last[0])
        return last[0] is not None and expect(last[0])
    try:
        wait_for(f"the {what} to show its body", lambda: scroller.walk_rows(visit), 20)
    except Failure as e:
        raise Failure(f"{e}; it shows {last[0]!r}") from None
    progress(f"opened the {what} (action {names[0]!r}): {last[0]!r}")
    return last[0]


def wait_for_state(node, state, timeout=2):
    try:
        return wait_for("a state", lambda: node.getState().contains(state), timeout, 0.05)
    except Failure:
        return False


def open_cards(scroller):
    open_card(scroller, "Bash card",
              lambda r: r.name == "Tool call: Bash, done" and "echo hi; ls" in r.shown(),
              "Details of Bash",
              lambda r: any(v.startswith("hi\n") for v in r.views)
              and r.shown().count("echo hi; ls") == 2)  # the title and the body's command
    open_card(scroller, "thinking row",
              lambda r: r.name == "Claude’s thinking", None,
              lambda r: "I will use many tools." in r.shown())
    open_card(scroller, "Agent card",
              lambda r: r.name == "Tool call: Agent, done", "Details of Agent",
              lambda r: any(t.startswith("b.txt says needle two.") for t in r.shown())
              and r.has("Task", "SUBAGENT: read b.txt", "Read", "b.txt"))


def run(cairn, tmp):
    project = make_project(tmp)
    with ui.cairn_running(cairn, tmp, script_for(project), project, shot="ui-rows-test.png",
                          extra_env=settings_env(tmp)) as (cairn_proc, _):
        app, view, frame = open_window(cairn_proc)
        resize_window(cairn_proc, frame)
        send_prompt(app, view)
        conversation = wait_for_done(app, cairn_proc)
        check_accept_edits(cairn_proc, project)

        scroller = Scroller(conversation)
        rows = collect_rows(scroller)
        for row in rows:
            print(f"#   {row!r}", flush=True)
        checker = Checker(rows)
        checker.check()
        if checker.problems:
            raise Failure("what the rows show is wrong:\n  " + "\n  ".join(checker.problems))
        progress("every row shows what it should")

        open_cards(scroller)
        scroller.settled_rows(scroller.value.maximumValue)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-rows-test-"))
