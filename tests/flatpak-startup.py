#!/usr/bin/env python3
"""Startup in the sandbox against outside it (a figure; asserts nothing).

    tests/run-headless.sh /usr/bin/python3 tests/flatpak-startup.py APP_ID [RUNS]

Run by build-aux/flatpak-test.sh. The same release binary, the installed
Flatpak's, runs RUNS times (default 15: the sandbox's set-up alone
swings by 50 ms between launches) with `flatpak run` and straight from
its files folder on the host (Debian 12's own libraries, the ones the
stand-in runtime holds), with CAIRN_REPORT_FIRST_FRAME=1: the time from the
launch to the first frame it prints. Also `flatpak run --command=true`:
what the sandbox's own set-up costs.
"""
import os
import statistics
import subprocess
import sys
import time

APP = sys.argv[1] if len(sys.argv) > 1 else "io.github.cairnapp.Cairn"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 15


def files_dir():
    out = subprocess.run(["flatpak", "info", "--user", "--show-location", APP],
                         stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return os.path.join(out, "files")


def first_frame_ms(argv, env):
    start = time.time()
    out = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, timeout=60).stdout
    for line in out.splitlines():
        if line.startswith("first-frame-realtime-us "):
            return (int(line.split()[1]) / 1e6 - start) * 1000
    return None


def wall_ms(argv):
    start = time.monotonic()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    return (time.monotonic() - start) * 1000


def main():
    files = files_dir()
    project = os.path.join(os.environ["HOME"], "startup-project")
    os.makedirs(project, exist_ok=True)
    env = dict(os.environ, GSETTINGS_BACKEND="memory", CAIRN_REPORT_FIRST_FRAME="1",
               CAIRN_CLAUDE="/bin/true")
    outside_env = dict(env, GSETTINGS_SCHEMA_DIR=os.path.join(files, "share", "glib-2.0", "schemas"))
    figures = {"inside": [], "outside": [], "sandbox-setup": []}
    for _ in range(RUNS):   # interleaved: the machine's load hits both alike
        figures["outside"].append(first_frame_ms([os.path.join(files, "bin", "cairn"), "--standalone",
                                                  project], outside_env))
        figures["inside"].append(first_frame_ms(["flatpak", "run", "--user", APP, "--standalone",
                                                 project], env))
        figures["sandbox-setup"].append(wall_ms(["flatpak", "run", "--user", "--command=true", APP]))
    medians = {k: statistics.median([x for x in v if x is not None]) for k, v in figures.items()}
    for name, values in figures.items():
        shown = " ".join(f"{x:.0f}" if x is not None else "-" for x in values)
        print(f"startup-{name}-ms median {medians[name]:.0f} ({shown})")
    print(f"startup-inside-over-outside {medians['inside'] / medians['outside']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
