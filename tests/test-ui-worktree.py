#!/usr/bin/env python3
"""A conversation in its own git worktree, over AT-SPI, with the real CLI.

    tests/run-headless.sh python3 tests/test-ui-worktree.py _build/src/cairn

In a git repository the test makes (and trusts, as the CLI records it):
New Conversation in Worktree, a first prompt that names it, the model's
writes landing in the worktree and not in the main checkout, the Changes
pane listing them with a diff and per-hunk buttons, one hunk undone, then
Merge (squash) and Remove: main has the work, the worktree is gone.
Saves ui-worktree-dialog.png and ui-worktree-changes.png.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import subprocess
import sys

from cairn_atspi import Failure, find, label_texts, progress, shown_button, wait_for

PROMPT = "Edit the file"
SUBJECT = "Shout the first and last lines"
SCRIPT = {"rules": [{"match": "Write a git commit message", "replies": [
    {"blocks": [{"type": "text", "text": SUBJECT + "\n\nONE and TWELVE are upper case now."}]}]},
    {"match": "Edit the file", "replies": [
    {"blocks": [{"type": "tool_use", "id": "toolu_read", "name": "Read",
                 "input": {"file_path": "{{CWD}}/a.txt"}}]},
    {"blocks": [{"type": "tool_use", "id": "toolu_write", "name": "Write",
                 "input": {"file_path": "{{CWD}}/a.txt",
                           "content": "ONE\n" + "".join(f"{i}\n" for i in range(2, 12)) + "TWELVE\n"}}]},
    {"blocks": [{"type": "tool_use", "id": "toolu_new", "name": "Write",
                 "input": {"file_path": "{{CWD}}/model.txt", "content": "from the model\n"}}]},
    {"blocks": [{"type": "text", "text": "Edited."}]}]}],
    "default": {"blocks": [{"type": "text", "text": "Noted."}]}}
GIT_ENV = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
           "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
           "GIT_CONFIG_NOSYSTEM": "1"}


def make_repo(tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    env = dict(os.environ, **GIT_ENV)
    for command in (["git", "init", "-q", "-b", "main", "."], ["git", "add", "a.txt"],
                    ["git", "commit", "-qm", "init"]):
        if command[1] == "add":
            with open(os.path.join(project, "a.txt"), "w") as f:
                f.write("".join(f"{i}\n" for i in range(1, 13)))
        subprocess.run(command, cwd=project, env=env, check=True)
    config = os.path.join(tmp, "home", ".claude")
    os.makedirs(config)
    with open(os.path.join(config, ".claude.json"), "w") as f:
        json.dump({"projects": {os.path.realpath(project): {"hasTrustDialogAccepted": True}}}, f)
    return project


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def enabled(app, name):
    return ui.enabled_button(app, name)


def press(button):
    """Through AT-SPI: a dialog is a window of its own."""
    button.queryAction().doAction(0)


def start_worktree(app):
    button = wait_for("New Conversation in Worktree on", lambda: enabled(app, "New Conversation in Worktree"), 30)
    press(button)
    prompt = wait_for("the first prompt", lambda: next(
        (v for v in find(app, "text", "First prompt") if ui.has_size(v)), None), 10)
    prompt.queryEditableText().insertText(0, PROMPT, -1)
    wait_for("the name made from it", lambda: any("worktree-edit-the-file" in t for t in label_texts(app)) or None, 10)
    ui.screenshot("ui-worktree-dialog.png")
    press(wait_for("Create", lambda: enabled(app, "Create"), 10))


def comment(app, cairn_proc, api_log):
    """A note on the hunk left: into the composer as "`a.txt:12` — note", then sent."""
    wait_for("the diff again", lambda: "Hunk 1 of 1" in label_texts(app) or None, 20)
    # the menu button's own toggle (the menu button itself has no action)
    press(wait_for("Comment", lambda: next(
        (b for b in find(app, "push button", "Comment") if ui.has_size(b) and ui.is_enabled(b)), None), 5))
    entry = wait_for("the note's entry", lambda: next(
        (e for e in find(app, "text", "Comment") if ui.has_size(e)), None), 5)
    entry.queryEditableText().insertText(0, "keep this lower case", -1)
    # to the focused surface: the popover's, not the window's
    subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)
    composer = next(v for v in find(app, "text", "Message to Claude") if ui.has_size(v))
    note = "`a.txt:12` — keep this lower case"
    wait_for("the note in the composer", lambda: note in ui.text_of(composer) or None, 10)
    press(wait_for("Send", lambda: enabled(app, "Send"), 10))
    wait_for("the note at the model", lambda: any(note in line for line in open(api_log, encoding="utf-8")) or None, 30)
    progress("the comment reached the model")


def ask_message(app, api_log):
    """Claude writes the squash message in a run of its own: it fills the
    field, and the conversation gets no turn (the API saw the diff)."""
    press(wait_for("Ask Claude to Write It", lambda: enabled(app, "Ask Claude to Write It"), 10))
    wait_for("the message written", lambda: any(
        t.startswith("Written by Claude") for t in label_texts(app)) or None, 60)
    asked = [line for line in open(api_log, encoding="utf-8") if "Write a git commit message" in line]
    if not asked or "+TWELVE" not in asked[-1]:
        raise Failure("the model was not given the worktree's diff")
    ui.screenshot("ui-worktree-merge.png")
    progress("Claude wrote the squash message")


def reopened(app, api_log):
    """The conversation opens again from history and goes on in main."""
    wait_for("the toast saying where it goes on", lambda: any(
        "goes on in the project's main checkout" in t for t in label_texts(app)) or None, 20)
    composer = wait_for("the composer", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)), None), 20)
    ui.send(app, composer, "after the removal")
    wait_for("the prompt at the model, with the history",
             lambda: any("after the removal" in line and "Edit the file" in line
                         for line in open(api_log, encoding="utf-8")) or None, 60)
    progress("reopened after the removal, it goes on with its history")


def run(cairn, tmp):
    # a turn that ends while the dialog had the focus is notified
    notifications = ui.Notifications()
    try:
        check(cairn, tmp)
    finally:
        ui.stop(notifications.process)


def check(cairn, tmp):
    project = make_repo(tmp)
    worktree = os.path.join(project, ".claude", "worktrees", "edit-the-file")
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot=os.environ.get("CAIRN_TEST_SHOT"),
                          extra_env=GIT_ENV) as (cairn_proc, api_log):
        app = wait_for("cairn", lambda: ui.find_app(), 30)
        start_worktree(app)
        press(wait_for("the approval of the Write", lambda: enabled(app, "Allow All Edits (This Session)"), 60))
        wait_for("the model's write in the worktree",
                 lambda: (read(os.path.join(worktree, "model.txt")) == "from the model\n") or None, 60)
        if read(os.path.join(project, "model.txt")) is not None or read(os.path.join(project, "a.txt")).startswith("ONE"):
            raise Failure("the model wrote into the main checkout")
        progress("the model's writes are in the worktree only")

        press(wait_for("the Changes button", lambda: shown_button(app, "Changes"), 10))
        files = wait_for("the changed files", lambda: next(
            (l for l in find(app, "list", "Changed files") if ui.has_size(l)), None), 10)
        wait_for("a.txt and model.txt listed",
                 lambda: {"a.txt", "model.txt"} <= set(label_texts(files)) or None, 20)
        wait_for("the hunk bar", lambda: "Hunk 1 of 2" in label_texts(app) or None, 20)
        press(wait_for("Next hunk", lambda: enabled(app, "Next hunk"), 5))
        wait_for("the second hunk", lambda: "Hunk 2 of 2" in label_texts(app) or None, 5)
        press(wait_for("Previous hunk", lambda: enabled(app, "Previous hunk"), 5))
        # GTK 4.8 adds the shown label to the accessible one: "Undo hunk 1 Undo Hunk"
        undo = wait_for("Undo hunk 1", lambda: next(
            (b for b in find(app, "push button")
             if b.name.startswith("Undo hunk 1") and ui.has_size(b) and ui.is_enabled(b)), None), 5)
        ui.screenshot("ui-worktree-changes.png")
        press(undo)
        wait_for("the first hunk undone",
                 lambda: read(os.path.join(worktree, "a.txt")).startswith("1\n2\n") or None, 20)
        if not read(os.path.join(worktree, "a.txt")).endswith("11\nTWELVE\n"):
            raise Failure("Undo took the other hunk with it")
        progress("hunk 1 undone, hunk 2 kept")
        comment(app, cairn_proc, api_log)

        press(wait_for("Merge…", lambda: enabled(app, "Merge…"), 20))
        ask_message(app, api_log)
        press(wait_for("Merge", lambda: enabled(app, "Merge"), 10))
        press(wait_for("Remove", lambda: enabled(app, "Remove"), 30))
        wait_for("the worktree removed", lambda: not os.path.exists(worktree) or None, 30)
        main_text = read(os.path.join(project, "a.txt"))
        if not main_text.endswith("TWELVE\n") or read(os.path.join(project, "model.txt")) != "from the model\n":
            raise Failure(f"main after the squash: {main_text!r}")
        log = subprocess.run(["git", "log", "--format=%s", "-1"], cwd=project, check=True,
                             stdout=subprocess.PIPE, text=True).stdout.strip()
        if log != SUBJECT:
            raise Failure(f"the squash commit says “{log}”, not Claude's message")
        progress(f"squashed into main as “{log}”, worktree and branch removed")
        reopened(app, api_log)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-worktree-"))
