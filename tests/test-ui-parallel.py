#!/usr/bin/env python3
"""Issue 13's UI test: two conversations at once, over AT-SPI.

Cairn runs the pinned CLI against the fake API. Conversation A asks for
a Write slowly; while it works, a new conversation B is opened and used.
A's approval arrives while B is shown: A's row in the sidebar says it
waits, a notification says so, and no dialog covers B. Showing A puts its
dialog up; Allow writes A's file, and A goes on.

Usage: test-ui-parallel.py PATH-TO-CAIRN (under tests/run-headless.sh).
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import os
import sys
import time

from cairn_atspi import Failure, Notifications, dialogs, find, progress, send, wait_for

SCRIPT = {"rules": [
    {"match": "start A", "replies": [{"blocks": [{"type": "text", "text": "A is ready."}]}]},
    # slow: A still works when B is opened, then asks to write
    {"match": "think slowly in A", "replies": [
        {"chunk_delay_ms": 150, "blocks": [{"type": "text", "text": "Hmm. " * 60, "chunks": 60}]}]},
    {"match": "write in A", "replies": [
        {"chunk_delay_ms": 150,
         "blocks": [{"type": "text", "text": "Writing the file for A now, one moment.", "chunks": 24},
                    {"type": "tool_use", "id": "toolu_a", "name": "Write",
                     "input": {"file_path": "{{CWD}}/a.txt", "content": "from A\n"}}]},
        {"blocks": [{"type": "text", "text": "A wrote it."}]}]},
]}


def composer(app):
    return wait_for("the composer", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)), None), 20)


def conversation_row(app, title):
    return next((r for r in find(app, "list item") if r.name == title and ui.has_size(r)), None)


def row_says(app, title, text, present=True):
    """Whether the conversation's row is there and its description holds
    text (or, with present=False, does not): a row being made anew (its
    file grew) is not there for a moment, which says nothing yet."""
    row = conversation_row(app, title)
    if row is None:
        return False
    return (text in (row.description or "")) == present


def click_row(app, proc, title, then):
    """Clicks a conversation's row until then() holds. The row is made anew
    each time its file grows (a conversation streaming in the background),
    so a click can land on a row that is going: then it clicks again."""
    def attempt():
        if then():
            return True
        ui.click(ui.window_id(proc), conversation_row(app, title))
        for _ in range(20):
            time.sleep(0.1)
            if then():
                return True
        return None
    wait_for(f"a click on {title!r} to take", attempt, 15)


def shows(app, text):
    return any(text in t for t in ui.label_texts(app))


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    notifications = Notifications()
    try:
        with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-parallel.png") as (cairn_proc, log):
            app = wait_for("cairn over AT-SPI", ui.find_app, 30)
            send(app, composer(app), "start A")
            wait_for("A's reply", lambda: shows(app, "A is ready."), 60)
            wait_for("A in the sidebar", lambda: conversation_row(app, "start A"), 20)
            progress("conversation A answered and is listed")

            send(app, composer(app), "write in A")
            wait_for("A working", lambda: row_says(app, "start A", "Working"), 20)
            new = wait_for("New Conversation", lambda: ui.shown_button(app, "New Conversation"), 10)
            new.queryAction().doAction(0)
            wait_for("B shown (A's reply gone from view)",
                     lambda: not shows(app, "A is ready.") and composer(app) is not None, 10)
            progress("B opened while A works")

            send(app, composer(app), "hello B")
            wait_for("B's reply", lambda: shows(app, "You said: hello B"), 60)
            progress("B answered while A works in the background")

            wait_for("A's row says it waits",
                     lambda: row_says(app, "start A", "Waiting for you"), 60)
            shown = notifications.next()
            while "a.txt" not in shown["body"]:
                shown = notifications.next()
            progress(f"A's request: its row waits, a notification says {shown['body']!r}")
            if any("Allow Write?" in ui.label_texts(d) for d in dialogs(app)):
                raise Failure("A's approval dialog covers conversation B")
            if os.path.exists(os.path.join(project, "a.txt")):
                raise Failure("a.txt was written before anyone allowed it")
            ui.screenshot("ui-parallel-waiting.png")

            click_row(app, cairn_proc, "start A", lambda: next(
                (d for d in dialogs(app) if "Allow Write?" in ui.label_texts(d)), None))
            dialog = wait_for("A's dialog once A is shown", lambda: next(
                (d for d in dialogs(app) if "Allow Write?" in ui.label_texts(d)), None), 20)
            progress("showing A put its dialog up")
            wait_for("Allow", lambda: ui.enabled_button(dialog, "Allow"), 10).queryAction().doAction(0)
            wait_for("A's last reply", lambda: shows(app, "A wrote it."), 60)
            with open(os.path.join(project, "a.txt")) as f:
                if f.read() != "from A\n":
                    raise Failure("a.txt does not hold what A wrote")
            wait_for("A's row quiet again",
                     lambda: row_says(app, "start A", "Waiting", present=False), 20)
            progress("Allow wrote A's file; A went on")

            send(app, composer(app), "think slowly in A")
            wait_for("A working again", lambda: row_says(app, "start A", "Working"), 20)
            click_row(app, cairn_proc, "hello B", lambda: shows(app, "You said: hello B") or None)
            wait_for("the window's Close", lambda: ui.shown_button(app, "Close"), 5).queryAction().doAction(0)
            ask = wait_for("the question before closing", lambda: next(
                (d for d in dialogs(app) if "Stop the Working Conversation?" in ui.label_texts(d)), None), 10)
            if not any("start A" in t for t in ui.label_texts(ask)):
                raise Failure(f"the question doesn't name A: {ui.label_texts(ask)!r}")
            wait_for("Cancel", lambda: ui.shown_button(ask, "Cancel"), 5).queryAction().doAction(0)
            wait_for("the question gone", lambda: not any(
                "Stop the Working Conversation?" in ui.label_texts(d) for d in dialogs(app)), 10)
            if cairn_proc.poll() is not None:
                raise Failure("the window closed although Cancel was chosen")
            progress("closing with A working in the background asked first, naming A; Cancel kept the window")

            shown = notifications.next()
            while shown["summary"] != "Claude finished":
                shown = notifications.next()
            if shown["body"] != "start A":
                raise Failure(f"the notification doesn't name A: {shown!r}")
            wait_for("A's row marked finished",
                     lambda: row_says(app, "start A", "Finished, not seen yet"), 20)
            progress("A's turn ended out of sight: a notification named it, its row is marked")
            click_row(app, cairn_proc, "start A", lambda: shows(app, "A wrote it.") or None)
            wait_for("A's mark gone once seen",
                     lambda: row_says(app, "start A", "Finished", present=False), 10)
            progress("showing A cleared its mark")
    finally:
        ui.stop(notifications.process)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-parallel-test-"))
