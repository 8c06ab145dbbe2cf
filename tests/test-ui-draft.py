#!/usr/bin/env python3
"""Nothing typed is lost, over AT-SPI: a prompt half written when Cairn is
killed (SIGKILL, as in a crash) is back in the composer of the next run.

    tests/run-headless.sh python3 tests/test-ui-draft.py _build/src/cairn

Types into the composer of a new conversation, waits past the typing pause
after which drafts are written, kills cairn's process group, starts it again
on the same project with the same state folder, and reads the composer.
Then empties the composer, restarts cleanly, and checks the draft is gone.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import os
import signal
import sys
import time

from cairn_atspi import Failure, cairn_running, find_app, progress, text_of, wait_for

DRAFT = "Half a thought about why the cairn on the ridge"
SCRIPT = {"default": {"blocks": [{"type": "text", "text": "OK"}]}}


def composer_of(cairn_proc):
    return ui.wait_composer(cairn_proc, "the composer over AT-SPI")[1]


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    env = {"XDG_STATE_HOME": os.path.join(tmp, "state")}

    with cairn_running(cairn, tmp, SCRIPT, project, extra_env=env) as (proc, _):
        view = composer_of(proc)
        view.queryEditableText().insertText(0, DRAFT, -1)
        time.sleep(1.0)   # past the typing pause (300 ms)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        progress("typed a draft and killed cairn")
    wait_for("the killed cairn to leave AT-SPI", lambda: find_app() is None, 10)

    with cairn_running(cairn, tmp, SCRIPT, project, extra_env=env) as (proc, _):
        view = composer_of(proc)
        wait_for(f"the draft back in the composer (it holds {text_of(view)!r})",
                 lambda: text_of(view) == DRAFT, 10)
        progress("the draft is back after the kill")
        ui.screenshot("ui-draft.png")
        view.queryEditableText().deleteText(0, len(DRAFT))
        wait_for("the composer to empty", lambda: text_of(view) == "", 5)
        time.sleep(1.0)
    wait_for("cairn to leave AT-SPI", lambda: find_app() is None, 10)

    with cairn_running(cairn, tmp, SCRIPT, project, extra_env=env) as (proc, _):
        view = composer_of(proc)
        time.sleep(1.0)
        if text_of(view) != "":
            raise Failure(f"an emptied draft came back: {text_of(view)!r}")
        progress("an emptied draft stays gone")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-draft-"))
