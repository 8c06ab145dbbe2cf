#!/usr/bin/env python3
"""Hooks, over AT-SPI, with the real CLI.

    tests/run-headless.sh python3 tests/test-ui-hooks.py _build/src/cairn

The project is a git repository with a changed file and a new one, and
its .claude/settings.json holds hooks (trusted the way the CLI records it
in the CLI's .claude.json): SessionStart and UserPromptSubmit print, PreToolUse
refuses every Bash call with exit 2. One prompt makes the model run a
command. The conversation shows a row for each hook run with its exit
code (accessible names "Hook <name>, exit N"), the Bash card says which
hook refused it and why, and after the turn Cairn's Stop hook lists the
two uncommitted files; one opens its diff. The Supervised toggle in the
mode menu has its name, and switching it shows on the mode button. Saves
ui-hooks.png (the conversation), ui-hooks-diff.png (the diff) and
ui-hooks-menu.png (the mode menu with Supervised).
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import subprocess
import sys

from cairn_atspi import Failure, find, label_texts, progress, shown_button, wait_for

PROMPT = "Run the checks"
SCRIPT = {"rules": [{"match": "Run the checks", "replies": [
    {"blocks": [{"type": "tool_use", "id": "toolu_bash", "name": "Bash",
                 "input": {"command": "touch ran.txt", "description": "Touch a file"}}]},
    {"blocks": [{"type": "text", "text": "The hook refused the command."}]}]}]}
HOOKS = {"hooks": {
    "SessionStart": [{"hooks": [{"type": "command", "command": "echo session-hook-ran"}]}],
    "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo prompt-hook-ran"}]}],
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
                                                  "command": "echo 'no shell commands here' >&2; exit 2"}]}]}}


def git(project, *args):
    subprocess.run(["git", "-C", project, "-c", "user.name=t", "-c", "user.email=t@t", *args],
                   check=True, stdout=subprocess.DEVNULL)


def make_project(tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(os.path.join(project, ".claude"))
    with open(os.path.join(project, "README"), "w") as f:
        f.write("first line\n")
    git(project, "init", "-q")
    git(project, "add", "README")
    git(project, "commit", "-q", "-m", "start")
    with open(os.path.join(project, "README"), "a") as f:
        f.write("a line not committed\n")
    with open(os.path.join(project, "draft.txt"), "w") as f:
        f.write("draft\n")
    with open(os.path.join(project, ".claude", "settings.json"), "w") as f:
        json.dump(HOOKS, f)
    # .claude/ is new too: ignored, so the list is the two files
    with open(os.path.join(project, ".git", "info", "exclude"), "a") as f:
        f.write(".claude/\n")
    # where the CLI keeps its config: $CLAUDE_CONFIG_DIR (cairn_atspi sets
    # it to home/.claude), so the gate and the CLI read the same record
    config = os.path.join(tmp, "home", ".claude")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, ".claude.json"), "w") as f:
        json.dump({"projects": {os.path.realpath(project): {"hasTrustDialogAccepted": True}}}, f)
    return project


def named(root, prefix):
    return [n.name for n in ui.walk(root) if n.name and n.name.startswith(prefix)]


def check_rows(conversation):
    # each with the command the settings give it (the CLI's lines don't)
    expected_rows = ("Hook SessionStart:startup, exit 0, runs echo session-hook-ran",
                     "Hook UserPromptSubmit, exit 0, runs echo prompt-hook-ran",
                     "Hook PreToolUse:Bash, exit 2, runs echo 'no shell commands here' >&2; exit 2")
    hooks = wait_for("the hook rows", lambda: (lambda h: h if all(e in h for e in expected_rows) else None)(
        named(conversation, "Hook ")), 30)
    progress(f"hook rows: {hooks!r}")
    for expected in expected_rows:
        if expected not in hooks:
            raise Failure(f"no row called {expected!r} in {hooks!r}")
    texts = label_texts(conversation)
    if not any(t and t.startswith("Refused by the hook PreToolUse:Bash: [") and
               t.endswith("no shell commands here") for t in texts):
        raise Failure(f"the Bash card does not say which hook refused it: {texts!r}")
    wait_for("the uncommitted files",
             lambda: "2 files changed and not committed" in label_texts(conversation) or None, 30)
    for name in ("Show the changes to README", "Show the changes to draft.txt"):
        if shown_button(conversation, name) is None:
            raise Failure(f"no button {name!r}")


def check_diff(app, conversation):
    shown_button(conversation, "Show the changes to README").queryAction().doAction(0)
    view = wait_for("the diff", lambda: next(iter(find(app, "text", "Changes to README")), None), 10)
    wait_for("the diff's text", lambda: "+a line not committed" in ui.text_of(view) or None, 15)
    progress("the diff shows the uncommitted line")
    ui.screenshot("ui-hooks-diff.png")
    frame = next(n for n in find(app, "frame") if n.name == "README")
    wait_for("Close", lambda: shown_button(frame, "Close"), 5).queryAction().doAction(0)
    wait_for("the diff window to close", lambda: not find(app, "text", "Changes to README") or None, 10)


def check_supervised(cairn_proc, app):
    window = ui.window_id(cairn_proc)
    # a menu button offers no action over AT-SPI in GTK 4.8: a real click
    mode = wait_for("the mode button", lambda: shown_button(app, "Permission mode"), 10)
    ui.click(window, mode)
    item = wait_for("the Supervised item", lambda: next(
        (n for n in ui.walk(app) if n.name == "Supervised: Ask for Every Change" and ui.has_size(n)), None), 10)
    progress(f"the Supervised item is a {item.getRoleName()}")
    ui.screenshot("ui-hooks-menu.png")
    item.queryAction().doAction(0)
    wait_for("the mode button to say Supervised",
             lambda: "Ask Before Edits, Supervised" in label_texts(app) or None, 10)
    ui.click(window, wait_for("the mode button", lambda: shown_button(app, "Permission mode"), 10))
    item = wait_for("the Supervised item", lambda: next(
        (n for n in ui.walk(app) if n.name == "Supervised: Ask for Every Change" and ui.has_size(n)), None), 10)
    if not item.getState().contains(ui.pyatspi.STATE_CHECKED):
        raise Failure("the Supervised item is not checked once Supervised is on")
    ui.screenshot("ui-hooks-menu-on.png")


def run(cairn, tmp):
    project = make_project(tmp)
    with ui.cairn_running(cairn, tmp, SCRIPT, project) as (cairn_proc, _):
        app, conversation = ui.send_first_prompt(cairn_proc, PROMPT)
        wait_for("the reply", lambda: "The hook refused the command." in label_texts(conversation) or None, 60)
        check_rows(conversation)
        if os.path.exists(os.path.join(project, "ran.txt")):
            raise Failure("the refused command ran")
        # the refusing hook's output, on expand (the last of the three rows)
        outputs = [n for n in ui.walk(conversation) if n.name == "Show the hook’s output" and ui.has_size(n)]
        outputs[-1].queryAction().doAction(0)
        wait_for("the hook's output", lambda: "no shell commands here" in label_texts(conversation) or None, 10)
        ui.screenshot("ui-hooks.png")
        check_diff(app, conversation)
        check_supervised(cairn_proc, app)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-hooks-"))
