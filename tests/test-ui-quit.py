#!/usr/bin/env python3
"""Quitting ends every CLI (issue 21), over AT-SPI.

    tests/run-headless.sh python3 tests/test-ui-quit.py _build/src/cairn

Cairn runs tests/fault-cli.py with CAIRN_FAULT_STUCK: a CLI that ignores
SIGTERM and outlives its stdin, as a stuck one would. After a turn, Ctrl+Q:
Cairn must SIGKILL it after its 3 s of grace and exit itself, within about
3.5 s, leaving no process behind: its sign-in probe (`auth status`) hangs
too, ignoring SIGTERM, and must go with Cairn.
"""
import cairn_atspi as ui  # first: sets up pyatspi and the environment

import os
import sys
import time

from cairn_atspi import Failure, progress, wait_for


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"   # a zombie is gone
    except FileNotFoundError:
        return False


def run(cairn, tmp):
    project = os.path.join(tmp, "project")
    os.makedirs(project)
    pid_file = os.path.join(tmp, "cli.pid")
    fault = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fault-cli.py")
    probe_pid_file = os.path.join(tmp, "probe.pid")
    env = {"CAIRN_FAULT_STUCK": "1", "CAIRN_FAULT_PID_FILE": pid_file,
           "CAIRN_FAULT_AUTH_HANG_PID_FILE": probe_pid_file}
    cairn_proc = ui.start_cairn(cairn, tmp, 9, fault, project, env)
    try:
        app, _ = ui.send_first_prompt(cairn_proc, "ping")
        wait_for("the reply", lambda: any("pong" in t for t in ui.label_texts(app)), 30)
        pid = int(open(pid_file).read())
        progress(f"the CLI {pid} answered; Ctrl+Q")
        start = time.monotonic()
        ui.key(ui.window_id(cairn_proc), "ctrl+q")
        try:
            cairn_proc.wait(timeout=10)
        except Exception:
            raise Failure("Cairn did not exit within 10 s of Ctrl+Q")
        took = time.monotonic() - start
        progress(f"Cairn exited with {cairn_proc.returncode} after {took:.2f} s")
        if alive(pid):
            raise Failure(f"the CLI {pid} outlived Cairn")
        # the sign-in probe hung, ignoring SIGTERM: it goes with Cairn
        probe = int(open(probe_pid_file).read())
        wait_for("the hung sign-in probe gone", lambda: not alive(probe), 2)
        if took < 2.5:
            raise Failure(f"Cairn exited after {took:.2f} s: the CLI was not given its grace")
        if took > 3.5 + 1.0:   # the grace, and xdotool's and a loaded machine's slack
            raise Failure(f"Cairn took {took:.2f} s to exit")
        if cairn_proc.returncode != 0:
            raise Failure(f"Cairn exited with status {cairn_proc.returncode}")
    except Exception:
        ui.print_cairn_log(tmp, cairn_proc)
        raise
    finally:
        ui.stop(cairn_proc, group=True)
        if os.path.exists(pid_file):
            pid = int(open(pid_file).read())
            if alive(pid):
                os.kill(pid, 9)


if __name__ == "__main__":
    sys.exit(ui.main(run, "cairn-quit-"))
