#!/usr/bin/env python3
"""A subagent running in the background, over AT-SPI, with the real CLI.

    tests/run-headless.sh python3 tests/test-ui-background.py _build/src/cairn

CLI 2.1.330 runs an Agent call in the background: the turn ends while
the subagent works. The header's task button then says "1 running"; its
popover lists the agent with a Stop button (stop_task). Stop ends it: the
agent's card says stopped and the button goes. Saves
ui-background-popover.png with the popover open.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import os
import sys

from cairn_atspi import (Failure, click, label_texts, progress, shown_button, wait_for,
                         window_id)

PROMPT = "Use an agent to wait."
SCRIPT = {"rules": [
    {"match": "SUBAGENT: wait", "replies": [
        {"blocks": [{"type": "tool_use", "id": "toolu_sub_sleep", "name": "Bash",
                     "input": {"command": "sleep 20", "description": "Wait"}}]},
        {"blocks": [{"type": "text", "text": "Waited."}]}]},
    {"match": PROMPT, "replies": [
        {"blocks": [{"type": "tool_use", "id": "toolu_agent", "name": "Agent",
                     "input": {"description": "Wait a while", "prompt": "SUBAGENT: wait",
                               "subagent_type": "general-purpose"}}]},
        {"blocks": [{"type": "text", "text": "The agent is on it."}]}]}],
    "default": {"blocks": [{"type": "text", "text": "Noted."}]}}


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-background.png") as (cairn_proc, _):
        app, conversation = ui.send_first_prompt(cairn_proc, PROMPT)
        wait_for("the turn to end while the agent works",
                 lambda: "The agent is on it." in label_texts(conversation) or None, 60)

        tasks = wait_for("the task button", lambda: shown_button(app, "Tasks"), 30)
        if not any("1 running" in t for t in label_texts(tasks) if t):
            raise Failure(f"the task button says {label_texts(tasks)!r}, not '1 running'")
        # a menu button offers no action over AT-SPI in GTK 4.8: a real click
        click(window_id(cairn_proc), tasks)
        stop = wait_for("Stop in the popover", lambda: shown_button(app, "Stop “Wait a while”"), 10)
        popover_texts = label_texts(stop.parent.parent)
        if "Agent: Wait a while" not in popover_texts:
            raise Failure(f"the popover says {popover_texts!r}")
        progress("the popover lists the agent with Stop")
        ui.screenshot("ui-background-popover.png")

        stop.queryAction().doAction(0)
        wait_for("the agent's card to say stopped",
                 lambda: next((n for n in ui.walk(conversation)
                               if n.name == "Tool call: Agent, stopped"), None), 30)
        wait_for("the task button to go", lambda: shown_button(app, "Tasks") is None, 10)
        progress("Stop ended the agent: its card says stopped, the button is gone")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-background-"))
