#!/usr/bin/env python3
"""Issue 4's UI test: the real approval dialog, clicked over AT-SPI.

Cairn runs the pinned CLI against the fake API, in the default mode. A
Write asks for approval: the dialog shows the file and the diff; Return
pressed as it appears (a real key, through X) allows nothing; clicking
Allow once it is on writes the file. A second Write is denied with a reason typed into
the dialog: the file is not written and the model receives the reason.

Usage: test-ui-approval.py PATH-TO-CAIRN (under tests/run-headless.sh).
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import os
import subprocess
import sys
import time

from cairn_atspi import Failure, Notifications, dialogs, find, progress, send, text_of, wait_for

REASON = "Please call it notes.md instead"


def write(tool_id, name):
    return {"blocks": [{"type": "tool_use", "id": tool_id, "name": "Write",
                        "input": {"file_path": "{{CWD}}/" + name, "content": "hello\n"}}]}


LONG_COMMAND = "touch " + " ".join(c * 100 for c in "xyz")

SCRIPT = {"rules": [
    {"match": "run a long one", "replies": [
        {"blocks": [{"type": "tool_use", "id": "toolu_long", "name": "Bash",
                     "input": {"command": LONG_COMMAND, "description": "Echo"}}]},
        {"blocks": [{"type": "text", "text": "Not run."}]}]},
    {"match": "allow this", "replies": [write("toolu_allow", "allowed.txt"),
                                        {"blocks": [{"type": "text", "text": "Written."}]}]},
    {"match": "deny this", "replies": [write("toolu_deny", "denied.txt"),
                                       {"blocks": [{"type": "text", "text": "Understood."}]}]},
    {"match": "allow from notification", "replies": [
        write("toolu_note", "notified.txt"),
        {"blocks": [{"type": "text", "text": "Written from the notification."}]}]},
]}


def wait_dialog(app, file_name, on_appear=None):
    """The approval dialog (its own window): named after the tool, showing
    the file. The tool card offers Allow too; the dialog's is the one.
    on_appear(dialog) runs as soon as it is found."""
    def probe():
        for dialog in dialogs(app):
            texts = ui.label_texts(dialog)
            if "Allow Write?" in texts and any(file_name in t for t in texts):
                return dialog
        return None
    dialog = wait_for(f"the approval dialog for {file_name}", probe, 60, interval=0.02)
    if on_appear:
        on_appear(dialog)
    diff = [text_of(v) for v in find(dialog, "text", "What the tool will do") if ui.has_size(v)]
    if not diff or "+hello" not in diff[0]:
        raise Failure(f"the dialog doesn't show the diff: {diff!r}")
    progress(f"the dialog asks about {file_name} and shows the diff")
    return dialog


def click(dialog, name):
    button = wait_for(f"the dialog's {name} button, on", lambda: ui.enabled_button(dialog, name), 10)
    button.queryAction().doAction(0)
    progress(f"clicked {name} in the dialog")


def press_return_on(dialog):
    """Return pressed at once on the dialog just found (the pointer on it:
    with no window manager the X focus follows the pointer)."""
    x, y, w, h = ui.extents(dialog)
    subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(y + 10), "key", "Return"],
                   check=True, timeout=10)


def nothing_allowed(app, project):
    """After the stray Return: the request is still pending, the file
    unwritten."""
    time.sleep(1.0)
    if os.path.exists(os.path.join(project, "allowed.txt")):
        raise Failure("Return pressed as the dialog appeared allowed the Write")
    if not any("Allow Write?" in ui.label_texts(d) for d in dialogs(app)):
        raise Failure("Return pressed as the dialog appeared answered it")
    progress("Return pressed as the dialog appeared allowed nothing")


def long_command_notification(app, view, notifications):
    """A command too long for a notification: it offers Show (the dialog),
    never Allow."""
    send(app, view, "run a long one")
    shown = notifications.next()
    while "Bash" not in shown["summary"]:
        shown = notifications.next()
    labels = sorted(shown["actions"].values())
    if "Allow" in labels or LONG_COMMAND[:40] in shown["body"]:
        raise Failure(f"a long command's notification offers Allow or part of it: {shown!r}")
    show = next((k for k, label in shown["actions"].items() if label == "Show"), None)
    if show is None:
        raise Failure(f"a long command's notification has no Show: {shown!r}")
    notifications.click(shown["id"], show)
    dialog = wait_for("the dialog for the long command", lambda: next(
        (d for d in dialogs(app) if "Allow Bash?" in ui.label_texts(d)), None), 30)
    click(dialog, "Deny")
    wait_for_text(app, "Not run.")
    progress("a long command's notification offered Show, which opened the dialog")


def wait_for_text(app, text):
    wait_for(f"“{text}” in the conversation",
             lambda: any(text in t for t in ui.label_texts(app)), 60, interval=0.2)


def allow_from_notification(app, view, project, notifications):
    """A request while the window isn't focused: a notification says what
    is waiting, and its Allow button answers it (through the application's
    session set); the conversation's dialog for it closes."""
    send(app, view, "allow from notification")
    # without a window manager no window is ever focused: the earlier
    # requests were notified too
    shown = notifications.next()
    while "notified.txt" not in shown["body"]:
        shown = notifications.next()
    # the tool and the whole file, not a shortened name
    if "Write" not in shown["summary"] or f"Write: {project}/notified.txt" not in shown["body"]:
        raise Failure(f"the notification doesn't say what is waiting: {shown!r}")
    allow = next((k for k, label in shown["actions"].items() if label == "Allow"), None)
    if allow is None:
        raise Failure(f"the notification has no Allow button: {shown!r}")
    notifications.click(shown["id"], allow)
    wait_for_text(app, "Written from the notification.")
    if not os.path.exists(os.path.join(project, "notified.txt")):
        raise Failure("Allow in the notification did not let the Write run")
    # the conversation is shown, so its dialog came up; it is looked for
    # only once the turn went on: walking it over AT-SPI and then while it
    # is destroyed from outside makes GTK 4.8 log a CRITICAL (fatal here)
    if any("Allow Write?" in ui.label_texts(d) for d in dialogs(app)):
        raise Failure("the dialog stayed open after the notification's Allow answered it")
    progress("the notification said what was waiting; its Allow let the Write run")


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    notifications = Notifications()
    try:
        with ui.cairn_running(cairn, tmp, SCRIPT, project) as (cairn_proc, log):
            app, view = ui.wait_composer(cairn_proc, "cairn's composer over AT-SPI")

            send(app, view, "allow this")
            dialog = wait_dialog(app, "allowed.txt", press_return_on)
            nothing_allowed(app, project)
            ui.screenshot("ui-approval-dialog.png")
            click(dialog, "Allow")
            wait_for_text(app, "Written.")
            if not os.path.exists(os.path.join(project, "allowed.txt")):
                raise Failure("Allow was clicked but allowed.txt was not written")
            progress("Allow wrote the file")

            send(app, view, "deny this")
            dialog = wait_dialog(app, "denied.txt")
            entry = wait_for("the reason field", lambda: next(
                (e for e in find(dialog, "text", "Reason for denying") if ui.has_size(e)), None), 10)
            entry.queryEditableText().insertText(0, REASON, -1)
            click(dialog, "Deny")
            wait_for_text(app, "Understood.")
            if os.path.exists(os.path.join(project, "denied.txt")):
                raise Failure("Deny was clicked but denied.txt was written")
            with open(log) as f:
                if REASON not in f.read():
                    raise Failure("the model never received the reason for denying")
            progress("Deny kept the file from being written and the model got the reason")
            ui.screenshot("ui-approval-done.png")
            allow_from_notification(app, view, project, notifications)
            long_command_notification(app, view, notifications)
    finally:
        ui.stop(notifications.process)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-approval-test-"))
