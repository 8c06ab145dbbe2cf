#!/usr/bin/env python3
"""An API error, over AT-SPI, with the real CLI: said once, and Retry works.

    tests/run-headless.sh python3 tests/test-ui-error.py _build/src/cairn

The fake API answers the prompt's first request with a 400; the CLI
reports it twice (a made-up assistant message and an error result), and
the window must show its text once, in the failed turn's row, with a
Retry button. Clicking Retry sends the same prompt again, which the fake
API then answers: the reply and "Done" show, and Retry is gone. Saves
ui-error.png.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import json
import os
import sys

from cairn_atspi import Failure, label_texts, progress, shown_button, wait_for

PROMPT = "Please summarise the project"
ERROR = "prompt is not acceptable"
REPLY = "The project is a desktop chat window."
# CLI 2.1.330 answers a 400 by asking again without some of its betas, six
# requests in all, before it reports the error (docs/protocol-changes.md).
REFUSED = {"status": 400, "error": {"message": ERROR}, "headers": {"x-should-retry": "false"}}
SCRIPT = {"rules": [{"match": PROMPT, "replies": [{
    "blocks": [{"type": "text", "text": REPLY}],
    "attempts": [REFUSED] * 6}]}],
          "default": {"blocks": [{"type": "text", "text": "OK"}]}}


def row_says(app, words):
    """Whether the conversation's row in the sidebar says words."""
    row = next((r for r in ui.find(app, "list item") if r.name == PROMPT and ui.has_size(r)), None)
    return row is not None and words in (row.description or "")


def mentions(texts, words):
    return sum(1 for t in texts if t and words in t)


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-error.png") as (cairn_proc, api_log):
        app, conversation = ui.send_first_prompt(cairn_proc, PROMPT)
        retry = wait_for("Retry on the failed turn", lambda: shown_button(app, "Retry"), 60)
        texts = label_texts(conversation)
        if mentions(texts, ERROR) != 1:
            raise Failure(f"the error shows {mentions(texts, ERROR)} times, not once: {texts!r}")
        progress("the error shows once, with Retry")
        wait_for("the sidebar row to say it failed", lambda: row_says(app, "Failed"), 20)
        progress("its row in the sidebar is marked as failed")
        ui.screenshot("ui-error-failed.png")

        retry.queryAction().doAction(0)
        wait_for("the reply after Retry", lambda: REPLY in label_texts(conversation) or None, 60)
        wait_for("Retry to go", lambda: shown_button(app, "Retry") is None, 10)
        texts = label_texts(conversation)
        if texts.count(PROMPT) != 2:
            raise Failure(f"the prompt shows {texts.count(PROMPT)} times after Retry, not twice")
        with open(api_log) as f:
            sent = [json.loads(l) for l in f if l.strip()]
        asked = sum(1 for body in sent if PROMPT in json.dumps(body))
        if asked < 2:
            raise Failure(f"the fake API got the prompt {asked} times, not twice or more")
        progress("Retry sent the prompt again and the reply came")
        wait_for("the failed mark to go", lambda: not row_says(app, "Failed"), 10)
        progress("the row's failed mark went with the reply")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-error-"))
