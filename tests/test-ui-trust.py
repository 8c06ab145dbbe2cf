#!/usr/bin/env python3
"""Issue 21's UI test: the trust page, answered over AT-SPI.

Cairn opens a folder whose settings run a
SessionStart hook, allow a rule, set a variable, and whose .mcp.json has a
server. The conversation shows the trust page instead of the transcript:
it names each thing with its exact text; nothing runs, not even after a
prompt is typed and sent. Cancel starts nothing and shows the conversation
again; the next prompt asks again, and Trust Folder starts the CLI: the
hook runs and the prompt waiting gets its reply.

Usage: test-ui-trust.py PATH-TO-CAIRN (under tests/run-headless.sh).
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import json
import os
import sys
import time

from cairn_atspi import Failure, find, progress, send, wait_for

HOOK = "touch started.marker && echo '<i>hi</i>'"
SETTINGS = {
    "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": HOOK}]}]},
    "permissions": {"allow": ["Bash(make check)"]},
    "env": {"GREETING": "a <b>bold</b> & plain value"},
}
MCP = {"mcpServers": {"files & <b>": {"command": "npx", "args": ["-y", "files-server"]}}}


def make_project(tmp):
    # the markup characters are in what the folder runs; a path with them
    # is the start page's to show right (the empty conversation's status
    # page reads its description as markup)
    project = os.path.join(tmp, "trust project")
    os.makedirs(os.path.join(project, ".claude"))
    with open(os.path.join(project, ".claude", "settings.json"), "w") as f:
        json.dump(SETTINGS, f)
    with open(os.path.join(project, ".mcp.json"), "w") as f:
        json.dump(MCP, f)
    return project


def run(cairn, tmp):
    project = make_project(tmp)
    marker = os.path.join(project, "started.marker")
    with ui.cairn_running(cairn, tmp, {}, project, shot="ui-trust-done.png") as (cairn_proc, log):
        app = wait_for("cairn over AT-SPI", ui.find_app, 30)
        trust = wait_for("the Trust Folder button", lambda: ui.shown_button(app, "Trust Folder"), 30)
        texts = ui.label_texts(app)
        for expected in (HOOK, "Bash(make check)", "a <b>bold</b> & plain value", "npx -y files-server",
                         os.path.realpath(project)):
            if not any(expected in t for t in texts):
                raise Failure(f"the trust page does not show {expected!r}: {texts!r}")
        progress("the trust page names the hook, the rule, the variable and the server as they are")
        ui.screenshot("ui-trust-page.png")

        view = wait_for("the composer", lambda: next(iter(find(app, "text", "Message to Claude")), None), 10)
        send(app, view, "hello while untrusted")
        time.sleep(1.5)
        if os.path.exists(marker):
            raise Failure("the folder's hook ran before Trust")
        progress("nothing ran before Trust, not even after a prompt")

        ui.shown_button(app, "Cancel").queryAction().doAction(0)
        wait_for("the notice that nothing started",
                 lambda: any("Nothing was started" in t for t in ui.label_texts(app)), 10)
        # the page's buttons answer only while it asks
        if os.path.exists(marker) or ui.is_enabled(trust):
            raise Failure("Cancel left Trust Folder to click, or something ran")
        progress("Cancel started nothing and showed the conversation again")

        send(app, view, "hello after cancel")
        wait_for("the trust page to ask again", lambda: ui.is_enabled(trust), 30)
        trust.queryAction().doAction(0)
        progress("clicked Trust Folder")
        wait_for("the held prompt's reply", lambda: any(
            "You said: hello after cancel" in t for t in ui.label_texts(app)), 60, interval=0.2)
        if not os.path.exists(marker):
            raise Failure("Trust Folder was clicked but the folder's hook never ran")
        progress("after Trust the hook ran and the prompt got its reply")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-trust-test-"))
