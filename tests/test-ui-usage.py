#!/usr/bin/env python3
"""The usage popover, over AT-SPI, with the real CLI.

    tests/run-headless.sh python3 tests/test-ui-usage.py _build/src/cairn

After a turn, the header's context meter and cost open a popover: what
fills the context window, asked from the CLI (get_context_usage: the
system prompt, tools, free space…), and the conversation's cost per
model (from the results' modelUsage). Saves ui-usage.png with it open.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import os
import sys

from cairn_atspi import (Failure, click, find, label_texts, progress, shown_button, wait_for,
                         window_id)

PROMPT = "How full is the context?"
SCRIPT = {"default": {"blocks": [{"type": "text", "text": "Not very."}]}}


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    with ui.cairn_running(cairn, tmp, SCRIPT, project) as (cairn_proc, _):
        app, conversation = ui.send_first_prompt(cairn_proc, PROMPT)
        wait_for("the reply", lambda: "Done" in label_texts(conversation) or None, 60)

        click(window_id(cairn_proc), wait_for("the usage button", lambda: shown_button(app, "Usage"), 10))
        breakdown = wait_for("the context breakdown",
                             lambda: next((l for l in find(app, "list", "What fills the context")
                                           if ui.has_size(l)), None), 30)
        rows = wait_for("its categories", lambda: [t for t in label_texts(breakdown) if t] or None, 30)
        for needed in ("System prompt", "Free space"):
            if needed not in rows:
                raise Failure(f"the breakdown lists {rows!r}, without {needed!r}")
        progress(f"the context breakdown: {rows[:6]!r}")
        models = next((l for l in find(app, "list", "Cost per model") if ui.has_size(l)), None)
        model_rows = label_texts(models) if models else []
        if not any(t and t.startswith("claude-") for t in model_rows):
            raise Failure(f"the cost per model lists {model_rows!r}")
        progress(f"the cost per model: {model_rows!r}")
        ui.screenshot("ui-usage.png")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-usage-"))
