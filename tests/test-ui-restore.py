#!/usr/bin/env python3
"""Issue 13's restore test, over AT-SPI with the real CLI: "Restore Files
to Here" on a message puts a file the agent changed after it back.

Two prompts each write notes.txt (allowed in the approval dialog). The
second message's Restore Files button asks first, naming notes.txt and
the lines that change; Restore puts version 1 back and says so.

Usage: test-ui-restore.py PATH-TO-CAIRN (under tests/run-headless.sh).
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import os
import sys

from cairn_atspi import Failure, Notifications, dialogs, find, progress, send, wait_for


def write(tool_id, version):
    return {"blocks": [{"type": "tool_use", "id": tool_id, "name": "Write",
                        "input": {"file_path": "{{CWD}}/notes.txt", "content": version + "\n"}}]}


SCRIPT = {"rules": [
    {"match": "first version", "replies": [write("toolu_v1", "version 1"),
                                           {"blocks": [{"type": "text", "text": "Wrote version 1."}]}]},
    {"match": "second version", "replies": [write("toolu_v2", "version 2"),
                                            {"blocks": [{"type": "text", "text": "Wrote version 2."}]}]},
]}


def dialog_saying(app, words):
    return next((d for d in dialogs(app) if any(words in t for t in ui.label_texts(d))), None)


def click(dialog, name):
    wait_for(f"{name} in the dialog", lambda: ui.shown_button(dialog, name), 10).queryAction().doAction(0)


def write_allowed(app, prompt, reply):
    view = wait_for("the composer", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)), None), 20)
    send(app, view, prompt)
    click(wait_for("the approval", lambda: dialog_saying(app, "Allow Write?"), 60), "Allow")
    wait_for(reply, lambda: any(reply in t for t in ui.label_texts(app)), 60)


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    notes = os.path.join(project, "notes.txt")
    # turns that end while the approval dialog has the focus are notified
    notifications = Notifications()
    try:
        run_restore(cairn, tmp, project, notes)
    finally:
        ui.stop(notifications.process)


def run_restore(cairn, tmp, project, notes):
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-restore.png") as (cairn_proc, log):
        app = wait_for("cairn over AT-SPI", ui.find_app, 30)
        write_allowed(app, "first version", "Wrote version 1.")
        write_allowed(app, "second version", "Wrote version 2.")
        with open(notes) as f:
            if f.read() != "version 2\n":
                raise Failure("the second Write did not happen")
        progress("two prompts wrote notes.txt, version 2 last")

        buttons = wait_for("a Restore Files button per message", lambda: (lambda b: b if len(b) == 2 else None)(
            [b for b in find(app, "push button") if ui.has_size(b) and ui.button_called(b, "Restore Files to Here")]),
            10)
        buttons[1].queryAction().doAction(0)
        ask = wait_for("the question", lambda: dialog_saying(app, "Restore Files?"), 30)
        texts = ui.label_texts(ask)
        if not any("notes.txt" in t for t in texts) or not any("+1 −1" in t for t in texts):
            raise Failure(f"the question doesn't say what changes: {texts!r}")
        progress("Restore Files asked first, naming notes.txt and +1 −1")
        ui.screenshot("ui-restore-question.png")
        with open(notes) as f:
            if f.read() != "version 2\n":
                raise Failure("the file changed before Restore was chosen")
        click(ask, "Restore")
        wait_for("notes.txt back at version 1", lambda: open(notes).read() == "version 1\n", 30)
        wait_for("the toast", lambda: any("Files restored" in t for t in ui.label_texts(app)), 10)
        progress("Restore put version 1 back and said so")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-restore-test-"))
