#!/usr/bin/env python3
"""Benchmark (prints figures, asserts nothing): what waiting costs (issue 27).

Cairn runs through its real window with the pinned CLI against the fake
API, and this prints the share of a core its own process takes (user +
system time from /proc/PID/stat over CAIRN_BENCH_IDLE_S seconds, 10 by
default), and beside it its X server's, in each state where it only waits:

- idle: a fresh window, nothing sent, 12 s after it opened (GTK blinks the
  composer's cursor for 10 s after the focus comes or a key is pressed);
- running: a turn whose reply has started but says nothing yet (the fake
  API holds its only delta back);
- approval: a Write waits for Allow or Deny, its dialog up (the dialog is
  the active window, as it is for a user);
- question: an AskUserQuestion waits, its dialog up (as the approval);
- background: conversation A runs (as in "running") while a new one, B,
  is shown; A's row in the sidebar says it works.

Each state is measured with the main window made the active one first
(xdotool windowfocus: there is no window manager), except the approval,
and the question, whose dialogs have the focus. Nothing talks to Cairn over AT-SPI while a
state is measured. Renderers: GTK's default (GSK_RENDERER unset; under
Xvfb OpenGL is llvmpipe), GSK_RENDERER=cairo and GSK_RENDERER=gl (GL
forced: what the indicator costs where GL is software and GSK_RENDERER
asks for it); CAIRN_BENCH_RENDERERS="default cairo" picks some.

CAIRN_BENCH_IDLE_SHOTS=1 saves a screenshot of each state (after measuring it).

Usage: bench-idle.py PATH-TO-CAIRN (under tests/run-headless.sh, which sets
GSK_RENDERER=cairo: taken out here, per renderer).
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import os
import subprocess
import sys
import time

from cairn_atspi import Failure, dialogs, find, progress, send, wait_for

SECONDS = float(os.environ.get("CAIRN_BENCH_IDLE_S", "10"))
SHOTS = os.environ.get("CAIRN_BENCH_IDLE_SHOTS")   # set: a screenshot of each state, after it
RENDERERS = os.environ.get("CAIRN_BENCH_RENDERERS", "default cairo gl").split()
HOLD_MS = int((SECONDS + 30) * 1000)   # the quiet turn outlasts its measurement

SCRIPT = {"rules": [
    # the quiet prompt last: a prompt sent after an interrupted one can
    # share its message with it (the fake API matches the whole message)
    {"match": "write it", "replies": [
        {"blocks": [{"type": "tool_use", "id": "toolu_idle", "name": "Write",
                     "input": {"file_path": "{{CWD}}/idle.txt", "content": "hello\n"}}]},
        {"blocks": [{"type": "text", "text": "Not written."}]}]},
    {"match": "ask me", "replies": [
        {"blocks": [{"type": "tool_use", "id": "toolu_ask", "name": "AskUserQuestion",
                     "input": {"questions": [{
                         "question": "Which colour?", "header": "Colour", "multiSelect": False,
                         "options": [{"label": "Red", "description": ""},
                                     {"label": "Blue", "description": ""}]}]}}]},
        {"blocks": [{"type": "text", "text": "No answer, then."}]}]},
    {"match": "wait quietly", "replies": [
        {"chunk_delay_ms": HOLD_MS, "blocks": [{"type": "text", "text": "Done waiting."}]}]},
]}

CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])   # utime, stime


def xvfb_pid():
    """Our X server: the Xvfb that run-headless.sh started with our
    XDG_RUNTIME_DIR (others may run beside it). It draws what Cairn sends."""
    mine = ("XDG_RUNTIME_DIR=" + os.environ.get("XDG_RUNTIME_DIR", "")).encode()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().split(b"\0")[0]
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        if os.path.basename(command) == b"Xvfb" and mine in env:
            return int(pid)
    return None


def cpu_share(pid, state):
    """Percent of a core pid, and our X server, take over SECONDS."""
    xvfb = xvfb_pid()
    ticks, x_ticks, start = cpu_ticks(pid), cpu_ticks(xvfb) if xvfb else 0, time.monotonic()
    time.sleep(SECONDS)
    took = time.monotonic() - start
    share = 100.0 * (cpu_ticks(pid) - ticks) / CLK_TCK / took
    x_share = 100.0 * (cpu_ticks(xvfb) - x_ticks) / CLK_TCK / took if xvfb else float("nan")
    progress(f"{state}: Cairn {share:.1f}%, the X server {x_share:.1f}% of a core")
    return share, x_share


def shot(renderer, state):
    if SHOTS:
        ui.screenshot(f"idle-{renderer}-{state}.png")


def focus(window):
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=False, timeout=10)


def composer(app):
    return wait_for("the composer", lambda: next(
        (v for v in find(app, "text", "Message to Claude") if ui.has_size(v)), None), 30)


def turn_running(app):
    wait_for("the turn to run (Stop shown)", lambda: ui.shown_button(app, "Stop"), 300)


def turn_over(app):
    wait_for("the turn to end (Send shown)", lambda: ui.shown_button(app, "Send"), 300)


def stop_turn(app):
    ui.shown_button(app, "Stop").queryAction().doAction(0)
    turn_over(app)


def question_dialog(app):
    """A window of its own (not a dialog to AT-SPI), named by its title."""
    windows = [app.getChildAtIndex(i) for i in range(app.childCount)]
    return next((w for w in windows if w is not None and w.name == "Claude Has Questions"), None)


def measure(renderer, cairn, tmp):
    env = {} if renderer == "default" else {"GSK_RENDERER": renderer}
    project = os.path.join(tmp, renderer)
    os.makedirs(project)
    figures = {}
    with ui.cairn_running(cairn, tmp, SCRIPT, project, extra_env=env,
                          shot=f"idle-{renderer}-end.png" if SHOTS else None) as (proc, _):
        app = wait_for("cairn over AT-SPI", ui.find_app, 30)
        view = composer(app)
        window = ui.window_id(proc)
        focus(window)
        time.sleep(12)   # past the start, and GTK's cursor blinks for 10 s after focus
        figures["idle"] = cpu_share(proc.pid, "idle")

        send(app, view, "wait quietly")
        turn_running(app)
        time.sleep(3)   # the CLI has sent its request; the reply has started
        focus(window)
        figures["running"] = cpu_share(proc.pid, "running")
        shot(renderer, "running")
        stop_turn(app)

        send(app, composer(app), "write it")
        wait_for("the approval dialog", lambda: next(
            (d for d in dialogs(app) if "Allow Write?" in ui.label_texts(d)), None), 300)
        time.sleep(1)
        figures["approval"] = cpu_share(proc.pid, "approval")
        shot(renderer, "approval")
        dialog = next(d for d in dialogs(app) if "Allow Write?" in ui.label_texts(d))
        wait_for("Deny", lambda: ui.enabled_button(dialog, "Deny"), 10).queryAction().doAction(0)
        turn_over(app)

        send(app, composer(app), "ask me")
        wait_for("the question dialog", lambda: question_dialog(app), 300)
        time.sleep(1)
        figures["question"] = cpu_share(proc.pid, "question")
        dialog = question_dialog(app)
        wait_for("Dismiss", lambda: ui.enabled_button(dialog, "Dismiss"), 10).queryAction().doAction(0)
        turn_over(app)

        send(app, composer(app), "wait quietly")
        turn_running(app)
        wait_for("New Conversation", lambda: ui.shown_button(app, "New Conversation"),
                 10).queryAction().doAction(0)
        wait_for("B shown", lambda: ui.shown_button(app, "Stop") is None, 20)
        time.sleep(2)
        focus(window)
        figures["background"] = cpu_share(proc.pid, "background")
        shot(renderer, "background")
    return figures


def run(cairn, tmp):
    ui.DEADLINE_S = 1800.0   # the states take their time; meson's timeout bounds the run
    os.environ.pop("GSK_RENDERER", None)   # run-headless.sh's; set per renderer below
    for renderer in RENDERERS:
        figures = measure(renderer, cairn, tmp)
        for i, process in enumerate(("cairn", "xvfb")):
            print(f"idle-cpu renderer={renderer} process={process} seconds={SECONDS:g} "
                  + " ".join(f"{state}={shares[i]:.1f}%" for state, shares in figures.items()),
                  flush=True)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-bench-idle-"))
