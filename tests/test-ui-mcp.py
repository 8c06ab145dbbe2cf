#!/usr/bin/env python3
"""MCP servers, over AT-SPI, with the real CLI.

    tests/run-headless.sh python3 tests/test-ui-mcp.py _build/src/cairn

The user's Claude Code config has two MCP servers: tests/mini-mcp.py,
which works, and one whose command is missing. After the first turn the
transcript has one notice that it could not start, with a button that
opens the header's MCP popover: both servers, the working one with its
tool, the failed one with its error and Reconnect, each with a switch.
Switching the working one off says so. Saves ui-mcp.png with the popover
open.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import sys

from cairn_atspi import Failure, find, label_texts, progress, shown_button, wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
PROMPT = "Which servers are there?"
SCRIPT = {"default": {"blocks": [{"type": "text", "text": "Two."}]}}


def write_config(tmp):
    config = os.path.join(tmp, "home", ".claude")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, ".claude.json"), "w") as f:
        json.dump({"mcpServers": {
            "mini": {"type": "stdio", "command": "python3", "args": [os.path.join(HERE, "mini-mcp.py")]},
            "broken": {"type": "stdio", "command": "/nonexistent/mcp-server"}}}, f)


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    write_config(tmp)
    with ui.cairn_running(cairn, tmp, SCRIPT, project) as (cairn_proc, _):
        app, conversation = ui.send_first_prompt(cairn_proc, PROMPT)
        wait_for("the reply", lambda: "Done" in label_texts(conversation) or None, 60)
        texts = label_texts(conversation)
        notices = [t for t in texts if t and "could not start" in t]
        if notices != ["The MCP server “broken” could not start"]:
            raise Failure(f"the notices of failed servers are {notices!r}")

        show = wait_for("Show MCP Servers", lambda: shown_button(conversation, "Show MCP Servers"), 10)
        show.queryAction().doAction(0)
        servers = wait_for("the MCP popover", lambda: next((l for l in find(app, "list", "MCP servers")
                                                            if ui.has_size(l)), None), 10)
        wait_for("the details from mcp_status",
                 lambda: "connected · 1 tool" in label_texts(servers) or None, 30)
        texts = label_texts(servers)
        if not any(t and t.startswith("failed: ") for t in texts):
            raise Failure(f"the failed server says {texts!r}")
        if shown_button(servers, "Reconnect “broken”") is None:
            raise Failure("the failed server has no Reconnect")
        progress(f"the popover lists {texts!r}")
        ui.screenshot("ui-mcp.png")

        toggle = next((n for n in ui.walk(servers) if n.name == "Use “mini”"), None)
        if toggle is None:
            raise Failure(f"no switch for the working server: {ui.dump(servers)}")
        # the popover is a surface of its own: no click in the main window's
        # coordinates; the switch's own action
        actions = toggle.queryAction()
        progress(f"the switch's actions: {[actions.getName(i) for i in range(actions.nActions)]!r}")
        actions.doAction(0)
        wait_for("the server to be switched off",
                 lambda: "switched off" in label_texts(servers) or None, 30)
        progress("switching the server off is shown")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-mcp-"))
