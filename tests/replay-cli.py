#!/usr/bin/env python3
"""Stands in for the claude CLI in the core's unit tests by replaying what
the real CLI printed (a recording in tests/data/).

Cairn starts it exactly as it starts claude (the arguments are ignored).
Environment:
  CAIRN_REPLAY_FILE      the recording (JSONL). It is split into turns after
                         each "result" line; each user message read from
                         stdin plays the next turn. When the recording has
                         more results than its .stdin.jsonl has prompts, the
                         CLI started the extra turns itself: they play on. The recording's own
                         control_response lines are skipped (they answered
                         the recorder, not Cairn).
  CAIRN_REPLAY_CRASH_AFTER=N   after N lines of a turn, print "boom" on
                         stderr and exit with status 3
  CAIRN_REPLAY_KILL_AFTER=N    after N lines of a turn, SIGKILL itself
  CAIRN_REPLAY_STALL_AFTER=N   after N lines of a turn, hang: answer nothing
                         more (not even an interrupt) until killed
  CAIRN_REPLAY_STDERR    a line to print on stderr before each turn
  CAIRN_REPLAY_ARGS_LOG  append the argument list (one JSON line per start)
  CAIRN_REPLAY_PID_LOG   append the process id (one line per start)
Control requests on stdin get a success control_response; "initialize"
gets a small "commands" list.
"""
import json
import os
import signal
import sys


def line_type(line):
    """The line's "type", wherever it is among the keys (2.1.330 prints a
    result's "type" near the end); None for a line that isn't an object."""
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    return obj.get("type") if isinstance(obj, dict) else None


def load_turns(path):
    with open(path, "rb") as f:
        lines = [l for l in f.read().split(b"\n") if l]
    turns, turn = [], []
    for line in lines:
        kind = line_type(line)
        if kind == "control_response":
            continue
        turn.append(line)
        if kind == "result":
            turns.append(turn)
            turn = []
    if turn:
        turns.append(turn)
    return merge_unprompted(turns, count_prompts(path))


def count_prompts(path):
    """How many user messages the recorder sent (NAME.stdin.jsonl beside
    NAME.jsonl), or None when that file isn't there."""
    stdin = path[:-len(".jsonl")] + ".stdin.jsonl"
    if not path.endswith(".jsonl") or not os.path.exists(stdin):
        return None
    with open(stdin, "rb") as f:
        return sum(1 for line in f if line_type(line) == "user")


def merge_unprompted(turns, prompts):
    """A turn the CLI started by itself (after a background agent ended)
    plays right after the prompted turn before it, as it did when recorded."""
    while prompts and len(turns) > prompts:
        turns[-2].extend(turns.pop())
    return turns


def write(line):
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


def answer_control(request):
    payload = {}
    if request.get("request", {}).get("subtype") == "initialize":
        payload = {"commands": [{"name": "compact", "description": "Compact"},
                                {"name": "review", "description": "Review"}]}
    write(json.dumps({"type": "control_response",
                      "response": {"subtype": "success",
                                   "request_id": request.get("request_id"),
                                   "response": payload}}).encode())


def play(turn):
    if os.environ.get("CAIRN_REPLAY_STDERR"):
        sys.stderr.write(os.environ["CAIRN_REPLAY_STDERR"] + "\n")
        sys.stderr.flush()
    crash = int(os.environ.get("CAIRN_REPLAY_CRASH_AFTER", "0"))
    kill = int(os.environ.get("CAIRN_REPLAY_KILL_AFTER", "0"))
    stall = int(os.environ.get("CAIRN_REPLAY_STALL_AFTER", "0"))
    for n, line in enumerate(turn, 1):
        write(line)
        if crash and n >= crash:
            sys.stderr.write("boom\n")
            sys.stderr.flush()
            os._exit(3)
        if kill and n >= kill:
            os.kill(os.getpid(), signal.SIGKILL)
        if stall and n >= stall:
            signal.pause()


def main():
    log = os.environ.get("CAIRN_REPLAY_ARGS_LOG")
    if log:
        with open(log, "a") as f:
            f.write(json.dumps(sys.argv[1:]) + "\n")
    pid_log = os.environ.get("CAIRN_REPLAY_PID_LOG")
    if pid_log:
        with open(pid_log, "a") as f:
            f.write("%d\n" % os.getpid())
    turns = load_turns(os.environ["CAIRN_REPLAY_FILE"])
    for raw in sys.stdin.buffer:
        message = json.loads(raw)
        if message.get("type") == "control_request":
            answer_control(message)
        elif message.get("type") == "user" and turns:
            play(turns.pop(0))


if __name__ == "__main__":
    main()
