#!/usr/bin/env python3
"""Stands in for the claude CLI in bench-soak: a long day's conversation,
fast. Every user message read from stdin plays the turn the real CLI
recorded in tests/data/tool-write.jsonl (thinking, text, a tool call that
asks for approval, the tool's result, a reply and the result line), with
its ids made unique per turn and the tool's result replaced by
CAIRN_SOAK_OUTPUT_KB (50) KB of build output. Like the real CLI, the turn
waits at the approval (can_use_tool) until Cairn answers it. Its request
ids are "<CAIRN_SOAK_REQUEST_PREFIX>-<turn>" (the prefix "soak" by default),
so that several of it tell their requests apart; CAIRN_SOAK_FILE_PATH, when
set, is the file the Write asks about.

Cairn starts it as it starts claude; arguments are ignored. Other control
requests (initialize, set_model ...) get a success control_response.
"""
import json
import os
import queue
import sys
import threading
import uuid

RECORDING = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "data", "tool-write.jsonl")
lock = threading.Lock()
answers = {}      # request_id -> threading.Event
answers_lock = threading.Lock()


def write(obj):
    with lock:
        sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
        sys.stdout.flush()


def load_turn():
    with open(RECORDING, encoding="utf-8") as f:
        lines = [json.loads(l) for l in f if l.strip()]
    return [l for l in lines if l.get("type") != "control_response"]


def build_output(turn, size):
    out, n = [], 0
    while sum(len(l) for l in out) < size:
        n += 1
        out.append("turn %d step %05d: compiled src/module_%03d.c in %d ms\n"
                   % (turn, n, n % 997, (n * 37) % 1000))
    return "".join(out)[:size]


def renamed(obj, turn):
    text = json.dumps(obj, separators=(",", ":"))
    text = text.replace("toolu_rec_write", "toolu_soak_%d" % turn)
    text = text.replace("msg_fake_00", "msg_soak_%d_" % turn)
    obj = json.loads(text)
    if "uuid" in obj:
        obj["uuid"] = str(uuid.uuid5(uuid.NAMESPACE_OID, "%s/%d" % (obj["uuid"], turn)))
    return obj


def wait_answer(request_id):
    with answers_lock:
        event = answers.setdefault(request_id, threading.Event())
    event.wait()


def play_turn(template, turn, output):
    for line in template:
        kind = line.get("type")
        if kind == "system" and line.get("subtype") == "init" and turn > 1:
            continue
        line = renamed(line, turn)
        if kind == "control_request":
            line["request_id"] = "%s-%d" % (os.environ.get("CAIRN_SOAK_REQUEST_PREFIX", "soak"), turn)
            if os.environ.get("CAIRN_SOAK_FILE_PATH"):
                line["request"]["input"]["file_path"] = os.environ["CAIRN_SOAK_FILE_PATH"]
            write(line)
            wait_answer(line["request_id"])
            continue
        if kind == "user":
            for block in line["message"]["content"]:
                if block.get("type") == "tool_result":
                    block["content"] = output
            line.pop("tool_use_result", None)
        write(line)


def turns_worker(prompts, template, size):
    turn = 0
    while prompts.get() is not None:
        turn += 1
        play_turn(template, turn, build_output(turn, size))


def main():
    template = load_turn()
    size = int(os.environ.get("CAIRN_SOAK_OUTPUT_KB", "50")) * 1024
    prompts = queue.Queue()
    worker = threading.Thread(target=turns_worker, args=(prompts, template, size), daemon=True)
    worker.start()
    for raw in sys.stdin:
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "user":
            prompts.put(message)
        elif kind == "control_response":
            request_id = message.get("response", {}).get("request_id")
            with answers_lock:
                answers.setdefault(request_id, threading.Event()).set()
        elif kind == "control_request":
            write({"type": "control_response",
                   "response": {"subtype": "success", "request_id": message.get("request_id"),
                                "response": {}}})
    prompts.put(None)
    worker.join(timeout=5)


if __name__ == "__main__":
    main()
