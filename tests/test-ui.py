#!/usr/bin/env python3
"""End-to-end UI test: a user's first prompt, over AT-SPI.

    tests/run-headless.sh python3 tests/test-ui.py _build/src/cairn

Runs the built cairn with the real (pinned) Claude Code CLI, pointed at the
project's fake Anthropic API, in a throwaway HOME and project folder. Finds
the composer by its accessible name, types a prompt, clicks Send, and reads
the transcript the way a screen reader would. Asserts that the reply
streams in (a strict prefix shows before the whole text), that the whole
reply shows exactly once, that a "Done" result row follows, and that Stop
shows during the turn and goes away after it. Saves a screenshot of the
screen at the end (ui-test.png in G_TEST_BUILDDIR, else the temp folder).

Needs a display and a session bus with AT-SPI (run-headless.sh gives both)
and Debian's /usr/bin/python3, which has pyatspi: another python3 re-execs
itself with it. Exits 0 on success, 1 with a message on failure.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import os
import sys
import time

from cairn_atspi import (Failure, find, is_enabled, label_texts, progress, remaining,
                         shown_button, text_of, wait_for)

PROMPT = "Tell me about cairns, please"
REPLY = ("Cairns are stacks of stones that mark a trail across open ground; "
         "each walker who passes adds one more stone to the pile.")
CHUNKS = 15
CHUNK_DELAY_MS = 80
POLL_S = 0.03

# Side requests the CLI may make get a short answer of their own.
SCRIPT = {"rules": [{"match": PROMPT, "replies": [
    {"blocks": [{"type": "text", "text": REPLY, "chunks": CHUNKS}],
     "chunk_delay_ms": CHUNK_DELAY_MS}]}],
          "default": {"blocks": [{"type": "text", "text": "OK"}]}}


# The steps

def open_window(cairn_proc):
    app, view = ui.wait_composer(cairn_proc, "the composer (“Message to Claude”) over AT-SPI")
    progress("found cairn and its composer")
    return app, view


def send_prompt(app, view):
    send = wait_for("a shown Send button", lambda: shown_button(app, "Send"), 10)
    if is_enabled(send):
        raise Failure("Send is enabled while the composer is empty")
    view.queryEditableText().insertText(0, PROMPT, -1)
    wait_for("Send to become enabled", lambda: is_enabled(send), 5)
    if text_of(view) != PROMPT:
        raise Failure(f"the composer holds {text_of(view)!r}, not the prompt")
    send.queryAction().doAction(0)
    progress("typed the prompt and clicked Send")
    wait_for("the composer to clear", lambda: text_of(view) == "", 5)


def watch_reply(app):
    """Polls the conversation until "Done"; returns what it saw."""
    seen = {"partials": set(), "stop_while_streaming": False, "polls": 0}
    conversation = wait_for("the conversation list",
                            lambda: next(iter(find(app, "list", "Conversation")), None), 20)
    end = time.monotonic() + remaining()
    while time.monotonic() < end:
        # Stop first: under load a poll of the labels takes long enough for
        # the turn to end meanwhile, and Stop counts while the turn runs.
        if not seen["stop_while_streaming"]:
            seen["stop_while_streaming"] = shown_button(app, "Stop") is not None
        texts = label_texts(conversation)
        seen["polls"] += 1
        partial = [t for t in texts if t and t != REPLY and REPLY.startswith(t)]
        if partial and not seen["partials"]:
            progress(f"streaming: {partial[0]!r}")
        if REPLY not in texts:
            seen["partials"].update(partial)
        if "Done" in texts:
            seen["texts"] = texts
            return seen
        time.sleep(POLL_S)
    raise Failure("no “Done” row in time; "
                  f"last labels: {label_texts(conversation)!r}")


def check_reply(app, seen, api_log):
    texts = seen["texts"]
    progress(f"turn done after {seen['polls']} polls; labels: {texts!r}")
    if not seen["partials"]:
        raise Failure("the reply never showed partially: no streaming was visible")
    if texts.count(REPLY) != 1:
        raise Failure(f"the whole reply shows {texts.count(REPLY)} times, not once")
    if texts.count(PROMPT) != 1:
        raise Failure(f"the prompt shows {texts.count(PROMPT)} times, not once")
    if not seen["stop_while_streaming"]:
        raise Failure("no shown Stop button during the turn")
    wait_for("Stop to go away after the turn", lambda: shown_button(app, "Stop") is None, 5)
    with open(api_log) as f:
        if not any(PROMPT in line for line in f):
            raise Failure("the prompt never reached the fake API")
    progress(f"saw {len(seen['partials'])} partial versions of the reply before the whole")


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-test.png") as (cairn_proc, api_log):
        app, view = open_window(cairn_proc)
        send_prompt(app, view)
        seen = watch_reply(app)
        check_reply(app, seen, api_log)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-test-"))
