#!/usr/bin/env python3
"""End-to-end UI test of the conversation history, over AT-SPI.

    tests/run-headless.sh python3 tests/test-ui-history.py _build/src/cairn

A throwaway HOME holds history: the session file the real CLI 2.1.197
wrote for test-rows' every-row turn (tests/data/history/rows) and a short
conversation, both moved into a fresh project folder. Then, as a user:
start Cairn from the home folder -> the start page lists the project ->
open it -> the sidebar shows both titles -> open the short conversation ->
its rows show -> send a prompt: the real CLI resumes it (the fake API gets
the old conversation) -> Ctrl+K finds a word of a tool's output in the
other one -> Enter opens it -> rename it from the context menu -> restart
Cairn: the new name is still there -> delete it: it goes to the Trash, and
Undo brings it back. Saves ui-history-test.png at the end.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import shutil
import subprocess
import sys

from cairn_atspi import (Failure, click, find, find_app, label_texts, progress, shown_button, text_of,
                         wait_for, window_id)

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS_ID = "47c0592a-2c45-496d-86b9-83bc29cb1971"
SHORT_ID = "5b1e7a52-0000-4000-8000-00000000a11c"
SCRIPT = {"rules": [], "default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]}}
NEW_NAME = "Tools tour, renamed"


def folder_name(path):
    return "".join(c if c.isalnum() else "-" for c in os.path.realpath(path))


def make_history(home, project):
    """The recorded conversation and a short one, moved into project."""
    folder = os.path.join(home, ".claude", "projects", folder_name(project))
    os.makedirs(folder)
    source = os.path.join(HERE, "data", "history", "rows")
    shutil.copytree(os.path.join(source, ROWS_ID), os.path.join(folder, ROWS_ID))
    with open(os.path.join(source, ROWS_ID + ".jsonl")) as f:
        rows = f.read().replace("/tmp/rowsproj", project)
    with open(os.path.join(folder, ROWS_ID + ".jsonl"), "w") as f:
        f.write(rows)
    short = [
        {"parentUuid": None, "isSidechain": False, "type": "user", "uuid": "s-u1", "sessionId": SHORT_ID,
         "timestamp": "2026-11-20T10:00:00.000Z", "cwd": project, "permissionMode": "default",
         "gitBranch": "main", "message": {"role": "user", "content": "Remember the word MANGO"}},
        {"parentUuid": "s-u1", "isSidechain": False, "type": "assistant", "uuid": "s-a1", "sessionId": SHORT_ID,
         "timestamp": "2026-11-20T10:00:01.000Z", "cwd": project, "gitBranch": "main",
         "message": {"id": "msg_s1", "model": "claude-opus-4-8", "role": "assistant",
                     "content": [{"type": "text", "text": "I will remember MANGO."}]}},
    ]
    with open(os.path.join(folder, SHORT_ID + ".jsonl"), "w") as f:
        f.write("".join(json.dumps(line) + "\n" for line in short))
    return folder


def start(cairn, tmp, port, cli, args, cwd):
    home = os.path.join(tmp, "home")
    env = dict(os.environ,
               ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}", ANTHROPIC_API_KEY="sk-test",
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_AUTOUPDATER="1",
               HOME=home, CLAUDE_CONFIG_DIR=os.path.join(home, ".claude"), CAIRN_CLAUDE=cli,
               XDG_DATA_HOME=os.path.join(tmp, "data"),
               GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=os.path.join(tmp, "config"))
    if ui.APP_G_DEBUG is not None:
        env["G_DEBUG"] = ui.APP_G_DEBUG
    log = open(os.path.join(tmp, "cairn.log"), "a")
    return subprocess.Popen([cairn, "--standalone", *args], env=env, cwd=cwd,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def row_named(app, name):
    return next((r for r in find(app, "list item") if r.name == name and ui.has_size(r)), None)


def app_of(proc):
    def probe():
        if proc.poll() is not None:
            raise Failure(f"cairn exited with status {proc.returncode}")
        return find_app()
    return wait_for("cairn over AT-SPI", probe, 30)


def open_project_from_start_page(app, window, project):
    name = os.path.basename(project)
    row = wait_for(f"the start page's row for {name}",
                   lambda: next((r for r in find(app, "list item") if r.name == name or
                                 name in r.name), None) or next(
                       (r for r in ui.walk(app) if getattr(r, "name", "") == name and ui.has_size(r)), None), 20)
    progress(f"start page lists {name}")
    click(window, row)


def check_sidebar(app):
    wait_for("both titles in the sidebar",
             lambda: row_named(app, "Please do everything") and row_named(app, "Remember the word MANGO"), 20)
    progress("the sidebar shows both conversations by their titles")


def open_and_resume(app, window, api_log):
    click(window, row_named(app, "Remember the word MANGO"))
    conversation = wait_for("the conversation list", lambda: next(iter(find(app, "list", "Conversation")), None), 10)
    wait_for("the stored reply", lambda: "I will remember MANGO." in label_texts(conversation), 20)
    progress("opened: the stored rows show")
    view = wait_for("the composer", lambda: next(iter(find(app, "text", "Message to Claude")), None), 10)
    view.queryEditableText().insertText(0, "What was the word?", -1)
    send = wait_for("Send", lambda: shown_button(app, "Send"), 5)
    send.queryAction().doAction(0)
    wait_for("the resumed reply", lambda: "You said: What was the word?" in label_texts(conversation), 90)
    with open(api_log) as f:
        last = [json.loads(l) for l in f if '"/v1/messages' in l][-1]
    if "MANGO" not in json.dumps(last):
        raise Failure("the resumed CLI did not send the stored conversation to the model")
    progress("sending resumed it: the model got the stored conversation")


def search(app, window):
    ui.key(window, "ctrl+k")
    entry = wait_for("the search field", lambda: next(iter(find(app, "text", "Search conversations")), None)
                     or next((n for n in ui.walk(app) if n.name == "Search conversations"
                              and n.getRoleName() in ("entry", "text", "search")), None), 10)
    entry.queryEditableText().insertText(0, "needle two", -1)
    results = wait_for("a search result", lambda: next(
        (r for r in find(app, "list item") if "needle two" in (r.description or "")), None), 20)
    progress(f"search found: {results.description!r}")
    ui.key(window, "Return")
    conversation = wait_for("the conversation list", lambda: next(iter(find(app, "list", "Conversation")), None), 10)
    wait_for("the found conversation's rows", lambda: "All done." in label_texts(conversation), 20)
    progress("Enter opened the conversation the words are in")
    # back to the list: clear the search
    entry.queryEditableText().deleteText(0, len(text_of(entry)))
    wait_for("the conversations again", lambda: not any(
        "needle two" in (r.description or "") for r in find(app, "list item") if ui.has_size(r)), 10)


def rename(app, window):
    click(window, row_named(app, "Please do everything"), button=3)
    wait_for("Rename… in the context menu", lambda: next(
        (m for m in find(app, "menu item") if "Rename" in m.name and ui.has_size(m)), None), 10)
    # the menu is a popover with the keyboard: Rename… is its first item
    subprocess.run(["xdotool", "key", "Return"], check=True, timeout=10)
    entry = wait_for("the name field", lambda: next((n for n in ui.walk(app)
                                                     if n.name == "Name" and ui.has_size(n)), None), 10)
    text = entry.queryEditableText()
    text.deleteText(0, len(text_of(entry)))
    text.insertText(0, NEW_NAME, -1)
    button = wait_for("the dialog's Rename", lambda: shown_button(app, "Rename"), 5)
    button.queryAction().doAction(0)
    wait_for("the new name in the sidebar", lambda: row_named(app, NEW_NAME), 10)
    progress("renamed in the sidebar")


def delete_and_undo(app, window, folder, tmp):
    path = os.path.join(folder, ROWS_ID + ".jsonl")
    click(window, row_named(app, NEW_NAME), button=3)
    wait_for("Delete in the context menu", lambda: next(
        (m for m in find(app, "menu item") if "Delete" in m.name and ui.has_size(m)), None), 10)
    # Rename, Export…, Delete: the third
    subprocess.run(["xdotool", "key", "Down", "Down", "Return"], check=True, timeout=10)
    wait_for("the file to leave", lambda: not os.path.exists(path), 10)
    trash = os.path.join(tmp, "data", "Trash", "files")
    if not any(n.startswith(ROWS_ID) for n in os.listdir(trash)):
        raise Failure(f"the conversation is not in the Trash ({trash})")
    progress("deleted: the conversation is in the Trash")
    undo = wait_for("Undo in the toast", lambda: shown_button(app, "Undo"), 10)
    undo.queryAction().doAction(0)
    wait_for("the file to come back", lambda: os.path.exists(path), 10)
    wait_for("the conversation back in the sidebar", lambda: row_named(app, NEW_NAME), 10)
    progress("Undo brought it back")


def run(cairn, tmp):
    home = os.path.join(tmp, "home")
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    os.makedirs(home)
    folder = make_history(home, project)
    cli = ui.find_cli()
    fake, port, api_log = ui.start_fake_api(tmp, SCRIPT)
    proc = None
    try:
        proc = start(cairn, tmp, port, cli, [], home)
        app = app_of(proc)
        window = window_id(proc)
        open_project_from_start_page(app, window, project)
        check_sidebar(app)
        open_and_resume(app, window, api_log)
        search(app, window)
        rename(app, window)
        ui.stop(proc, group=True)
        progress("restarted Cairn on the project")
        proc = start(cairn, tmp, port, cli, [project], project)
        app = app_of(proc)
        window = window_id(proc)
        wait_for("the rename to survive the restart", lambda: row_named(app, NEW_NAME), 20)
        progress("the new name survived the restart")
        delete_and_undo(app, window, folder, tmp)
        ui.screenshot("ui-history-test.png")
    except Exception:
        ui.screenshot("ui-history-test.png")
        ui.print_cairn_log(tmp, proc)
        raise
    finally:
        ui.stop(proc, group=True)
        ui.stop_fake_api(fake)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-history-"))
