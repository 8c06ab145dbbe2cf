#!/usr/bin/env python3
"""Cairn in German, over AT-SPI: the translation works end to end.

    tests/run-headless.sh python3 tests/test-ui-i18n.py _build/src/cairn

Runs the built cairn with LANGUAGE=de and the build's compiled catalogue
(CAIRN_LOCALEDIR), against the real CLI and the fake API. Finds the
composer by its German accessible name, sends a prompt with the German Send
button, and reads the German result row and sidebar heading; no English
label of those may show. Saves ui-i18n.png.
"""

import cairn_atspi as ui  # first: it may re-exec with /usr/bin/python3

import os
import sys

from cairn_atspi import (Failure, find, find_app, is_enabled, label_texts, progress, shown_button,
                         wait_for)

PROMPT = "Erzähl mir von Steinmännchen"
REPLY = "Steinmännchen markieren Wege."
SCRIPT = {"rules": [{"match": PROMPT, "replies": [{"blocks": [{"type": "text", "text": REPLY}]}]}],
          "default": {"blocks": [{"type": "text", "text": "OK"}]}}


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    locale_dir = os.path.join(os.path.dirname(os.path.dirname(cairn)), "po")
    if not os.path.exists(os.path.join(locale_dir, "de", "LC_MESSAGES", "cairn.mo")):
        raise Failure(f"no German catalogue in {locale_dir}: is de in po/LINGUAS?")
    extra = {"LANGUAGE": "de", "CAIRN_LOCALEDIR": locale_dir}
    with ui.cairn_running(cairn, tmp, SCRIPT, project, shot="ui-i18n.png",
                          extra_env=extra) as (cairn_proc, _):
        def composer():
            if cairn_proc.poll() is not None:
                raise Failure(f"cairn exited with status {cairn_proc.returncode}")
            app = find_app()
            views = find(app, "text", "Nachricht an Claude") if app else []
            return (app, views[0]) if views else None
        app, view = wait_for("the composer by its German name “Nachricht an Claude”", composer, 30)
        if shown_button(app, "Send") is not None:
            raise Failure("an English “Send” button shows")
        send = wait_for("the German “Senden” button", lambda: shown_button(app, "Senden"), 10)
        view.queryEditableText().insertText(0, PROMPT, -1)
        wait_for("Senden to become enabled", lambda: is_enabled(send), 5)
        send.queryAction().doAction(0)
        progress("sent the prompt with “Senden”")
        conversation = wait_for("the conversation list",
                                lambda: next(iter(find(app, "list", "Gespräch")), None), 20)
        texts = wait_for("the German result row “Fertig”",
                         lambda: (lambda t: t if "Fertig" in t else None)(label_texts(conversation)), 60)
        if REPLY not in texts or "Done" in texts:
            raise Failure(f"expected the reply and no “Done”; labels: {texts!r}")
        wait_for("the sidebar heading “Heute”",
                 lambda: "Heute" in label_texts(app) or None, 20)
        progress("German labels: composer, Senden, Fertig, Heute")


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-ui-i18n-"))
