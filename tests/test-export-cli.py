#!/usr/bin/env python3
"""`cairn --export ID --format md|html|jsonl [--output FILE]`, as a script
runs it: no display, no session bus, no running Cairn.

    tests/test-export-cli.py _build/src/cairn

A throwaway CLAUDE_CONFIG_DIR holds the recorded conversations of
tests/data/history. Markdown goes to standard output with the prompts and
replies in order; html to a file; jsonl is the session file byte for byte;
Markdown to a file writes its image beside it; an unknown id, an unknown
format and the conversation's own file as output fail with a message.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = "47c0592a-2c45-496d-86b9-83bc29cb1971"
IMAGE = "6afb02ce-6f21-49ff-9682-857e3b738ab9"
REWIND = "a93094b3-7abe-4fd0-b7c7-c08cea4c6339"
checks = 0


def ok(condition, what):
    global checks
    checks += 1
    print(f"{'ok' if condition else 'not ok'} {checks} - {what}", flush=True)
    if not condition:
        sys.exit(1)


def main():
    cairn = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="cairn-export-cli-")
    try:
        config = os.path.join(tmp, "config")
        folder = os.path.join(config, "projects", "-tmp-rowsproj")
        os.makedirs(folder)
        for name, ident in (("rows", ROWS), ("image", IMAGE), ("rewind", REWIND)):
            shutil.copy(os.path.join(HERE, "data", "history", name, ident + ".jsonl"), folder)
        shutil.copytree(os.path.join(HERE, "data", "history", "rows", ROWS), os.path.join(folder, ROWS))
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS")}
        env.update(CLAUDE_CONFIG_DIR=config, HOME=tmp, LANG="C.UTF-8", LC_ALL="C.UTF-8")

        def run(*args):
            return subprocess.run([cairn, *args], env=env, cwd=tmp, capture_output=True, timeout=60)

        md = run("--export", REWIND)
        text = md.stdout.decode()
        ok(md.returncode == 0, "Markdown to standard output, no display")
        ok(text.index("> First prompt") < text.index("You said: First prompt")
           < text.index("> Second prompt, edited") < text.index("You said: Second prompt, edited"),
           "the prompts and replies in order")
        ok("later abandoned" not in text, "the branch not shown is not exported")

        html_path = os.path.join(tmp, "out", "rows.html")
        os.makedirs(os.path.dirname(html_path))
        html = run("--export", ROWS, "--format", "html", "--output", html_path)
        ok(html.returncode == 0 and html.stdout == b"", "HTML to a file, nothing on standard output")
        with open(html_path, encoding="utf-8") as f:
            page = f.read()
        ok(page.startswith("<!DOCTYPE html>") and "Please do everything" in page and "All done." in page,
           "the HTML file holds the conversation")

        raw = run("--export", ROWS, "--format", "jsonl", "-o", "rows.jsonl")
        with open(os.path.join(folder, ROWS + ".jsonl"), "rb") as f:
            original = f.read()
        with open(os.path.join(tmp, "rows.jsonl"), "rb") as f:
            ok(raw.returncode == 0 and f.read() == original, "jsonl is the session file byte for byte")

        pic = run("--export", IMAGE, "--output", "pic.md")
        with open(os.path.join(tmp, "pic.md"), encoding="utf-8") as f:
            ok(pic.returncode == 0 and "](pic-images/image-1.png)" in f.read(), "Markdown names its image")
        with open(os.path.join(tmp, "pic-images", "image-1.png"), "rb") as f:
            ok(f.read(8) == b"\x89PNG\r\n\x1a\n", "the image is written beside it")

        missing = run("--export", "00000000-0000-4000-8000-000000000000")
        ok(missing.returncode == 1 and b"No conversation with the id" in missing.stderr, "an unknown id fails")
        bad = run("--export", ROWS, "--format", "pdf")
        ok(bad.returncode == 1 and b"Unknown format" in bad.stderr, "an unknown format fails")
        own = run("--export", ROWS, "--format", "jsonl", "--output", os.path.join(folder, ROWS + ".jsonl"))
        with open(os.path.join(folder, ROWS + ".jsonl"), "rb") as f:
            ok(own.returncode == 1 and f.read() == original, "its own file is never written")
        print(f"1..{checks}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
