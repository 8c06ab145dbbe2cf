#!/usr/bin/env python3
"""Issue 13's going-back test, over AT-SPI with the real CLI, from the
menu of one of the user's messages.

Two prompts each write notes.txt (allowed in the approval dialog).
"Restore Files to Here…" on the second asks first, naming notes.txt and
the lines that change; Restore puts version 1 back and says so. "Edit and
Resend" on it goes back to before it with its text in the composer; what
is sent then is its sibling in the session file (the same parentUuid).

Usage: test-ui-going-back.py PATH-TO-CAIRN (under tests/run-headless.sh).
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import glob
import json
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
    wait_for(f"{name} in the dialog", lambda: ui.enabled_button(dialog, name), 10).queryAction().doAction(0)


def write_allowed(app, prompt, reply):
    view = wait_for("the composer", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)), None), 20)
    send(app, view, prompt)
    click(wait_for("the approval", lambda: dialog_saying(app, "Allow Write?"), 60), "Allow")
    wait_for(reply, lambda: any(reply in t for t in ui.label_texts(app)), 60)


def row_text(node, levels=4):
    """The texts of the row a button is in (a few levels up)."""
    for _ in range(levels):
        node = node.parent
    return ui.label_texts(node)


def choose(app, proc, prompt, entry):
    """Opens the menu of the user's message that says prompt, picks entry."""
    menu = wait_for(f"the menu of “{prompt}”", lambda: next(
        (b for b in find(app, "push button") if b.name == "Go Back to This Message" and ui.has_size(b)
         and prompt in row_text(b)), None), 10)
    ui.click(ui.window_id(proc), menu)
    item = wait_for(f"“{entry}” in the menu", lambda: next(
        (i for i in find(app, "menu item") if i.name.replace("_", "") == entry and ui.has_size(i)), None), 10)
    item.queryAction().doAction(0)


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
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-going-back.png") as (cairn_proc, log):
        app = wait_for("cairn over AT-SPI", ui.find_app, 30)
        write_allowed(app, "first version", "Wrote version 1.")
        write_allowed(app, "second version", "Wrote version 2.")
        with open(notes) as f:
            if f.read() != "version 2\n":
                raise Failure("the second Write did not happen")
        progress("two prompts wrote notes.txt, version 2 last")

        choose(app, cairn_proc, "second version", "Restore Files to Here…")
        ask = wait_for("the question", lambda: dialog_saying(app, "Restore Files?"), 30)
        texts = ui.label_texts(ask)
        if not any("notes.txt" in t for t in texts) or not any("+1 −1" in t for t in texts):
            raise Failure(f"the question doesn't say what changes: {texts!r}")
        progress("Restore Files asked first, naming notes.txt and +1 −1")
        ui.screenshot("ui-going-back-question.png")
        with open(notes) as f:
            if f.read() != "version 2\n":
                raise Failure("the file changed before Restore was chosen")
        click(ask, "Restore")
        wait_for("notes.txt back at version 1", lambda: open(notes).read() == "version 1\n", 30)
        wait_for("the toast", lambda: any("Files restored" in t for t in ui.label_texts(app)), 10)
        progress("Restore put version 1 back and said so")
        edit_and_resend(app, cairn_proc, tmp)
        versions(app)
        branch(app, cairn_proc)


def branch(app, proc):
    """Branch into New Conversation on the resent message: a new
    conversation with the history up to before it and its text in the
    composer (test-branch checks the files)."""
    choose(app, proc, "say hello instead", "Branch into New Conversation")
    wait_for("a new conversation with the message to edit", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)
         and ui.text_of(v) == "say hello instead"), None), 20)
    wait_for("the history up to there only", lambda: not any(
        "You said: say hello instead" in t for t in ui.label_texts(app)), 10)
    progress("Branch into New Conversation opened a new one, the message ready to edit")


def version_button(app, name, prompt):
    return wait_for(f"“{name}” on “{prompt}”", lambda: next(
        (b for b in find(app, "push button") if b.name == name and ui.has_size(b)
         and prompt in row_text(b, 5)), None), 20)


def says(app, words):
    return any(words in t for t in ui.label_texts(app))


def versions(app):
    """The resent message is version 2 of 2; its arrow shows version 1
    and the conversation as it went on from there, and back."""
    back = version_button(app, "Previous Version", "say hello instead")
    if not any(t == "2 / 2" for t in row_text(back, 5)):
        raise Failure(f"the resent message doesn't say it is version 2 of 2: {row_text(back, 5)!r}")
    back.queryAction().doAction(0)
    wait_for("version 1 and its branch", lambda: says(app, "Wrote version 2.") and
             not says(app, "You said: say hello instead"), 30)
    forward = version_button(app, "Next Version", "second version")
    if not any(t == "1 / 2" for t in row_text(forward, 5)):
        raise Failure(f"the old message doesn't say it is version 1 of 2: {row_text(forward, 5)!r}")
    progress("the arrow went back to version 1: its reply shows again")
    ui.screenshot("ui-going-back-versions.png")
    forward.queryAction().doAction(0)
    wait_for("version 2 again", lambda: says(app, "You said: say hello instead") and
             not says(app, "Wrote version 2."), 30)
    progress("and forward to version 2")


def session_lines(tmp):
    """The user lines of the conversation's session file, by their text."""
    found = {}
    for path in glob.glob(os.path.join(tmp, "home", ".claude", "projects", "*", "*.jsonl")):
        with open(path) as f:
            for line in f:
                obj = json.loads(line)
                content = obj.get("message", {}).get("content") if obj.get("type") == "user" else None
                if isinstance(content, str):
                    found[content] = obj
    return found


def edit_and_resend(app, proc, tmp):
    """Edit and Resend on the second message: the transcript goes back to
    before it, its text in the composer; what is sent is a sibling of it
    in the session file."""
    choose(app, proc, "second version", "Edit and Resend")
    view = wait_for("the composer with the message", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)
         and ui.text_of(v) == "second version"), None), 10)
    wait_for("the transcript to end before it", lambda: not any(
        "Wrote version 2." in t for t in ui.label_texts(app)), 10)
    progress("Edit and Resend went back to before the message, its text ready to edit")
    view.queryEditableText().setTextContents("")
    send(app, view, "say hello instead")
    wait_for("the reply", lambda: any("You said: say hello instead" in t for t in ui.label_texts(app)), 60)
    lines = session_lines(tmp)
    if lines["say hello instead"].get("parentUuid") != lines["second version"].get("parentUuid"):
        raise Failure("the resent message is not a sibling of the edited one in the session file")
    progress("the resent message branches from where the edited one did (same parentUuid)")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-going-back-test-"))
