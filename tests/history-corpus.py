#!/usr/bin/env python3
"""Build a history corpus for the benchmarks from a real session file.

    python3 tests/history-corpus.py OUT_DIR [--scale 1.0] [--conversations N]

OUT_DIR becomes a CLAUDE_CONFIG_DIR: OUT_DIR/projects/<folder>/<id>.jsonl.
Every conversation is made of turns copied from the session file the real
CLI 2.1.197 wrote (tests/data/history/rows: prompts, thinking, parallel
tool calls, a subagent, task tools), each copy with new uuids and a new
session id so the trees stay valid. About 1,000 conversations over 30
projects with a long tail of sizes, 1.5-2 GB in all, one of them 200 MB
with 400 KB tool results (--scale shrinks everything, for a quick run).
--conversations N makes N conversations instead of 1,000 with sizes shrunk
by 1,000/N, so the total stays about the same (10,000 make about 1.6 GB:
many small conversations, the way a long-time user's history looks, and
project 00 holds about half of them).
Deterministic: the same arguments give the same corpus.
"""
import argparse
import json
import os
import random
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "data", "history", "rows", "47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl")


def load_turn():
    lines = [json.loads(l) for l in open(SOURCE) if l.strip()]
    # the turn: every line with a uuid on the main conversation, plus the
    # metadata lines that follow a turn
    return [l for l in lines if l.get("type") not in ("last-prompt",)]


def remap(turn, rng, session_id, cwd, prev_last, words, big_result):
    """One copy of the turn, chained after prev_last."""
    mapping = {}

    def new_id(old):
        if old not in mapping:
            mapping[old] = str(uuid.UUID(int=rng.getrandbits(128)))
        return mapping[old]

    out = []
    first_uuid = None
    for line in turn:
        line = json.loads(json.dumps(line))
        if "uuid" in line:
            line["uuid"] = new_id(line["uuid"])
            if first_uuid is None:
                first_uuid = line["uuid"]
        if line.get("parentUuid"):
            line["parentUuid"] = new_id(line["parentUuid"])
        elif "parentUuid" in line:
            line["parentUuid"] = prev_last
        if line.get("sourceToolAssistantUUID"):
            line["sourceToolAssistantUUID"] = new_id(line["sourceToolAssistantUUID"])
        if "sessionId" in line:
            line["sessionId"] = session_id
        if "cwd" in line:
            line["cwd"] = cwd
        msg = line.get("message")
        if isinstance(msg, dict) and isinstance(msg.get("content"), str) and line.get("type") == "user":
            msg["content"] = " ".join(rng.choice(words) for _ in range(12))
        if big_result and line.get("type") == "user" and isinstance(msg, dict) \
                and isinstance(msg.get("content"), list) and msg["content"] \
                and msg["content"][0].get("tool_use_id") == "toolu_read":
            msg["content"][0]["content"] = big_result
        out.append(line)
    last = next(l["uuid"] for l in reversed(out) if "uuid" in l)
    return out, last


def write_conversation(path, turn, rng, cwd, target_bytes, words, big_result=None, every=0):
    session_id = str(uuid.UUID(int=rng.getrandbits(128)))
    path = os.path.join(path, session_id + ".jsonl")
    size, prev, n = 0, None, 0
    with open(path, "w") as f:
        while size < target_bytes:
            big = big_result if every and n % every == 0 else None
            lines, prev = remap(turn, rng, session_id, cwd, prev, words, big)
            text = "".join(json.dumps(l, separators=(",", ":")) + "\n" for l in lines)
            f.write(text)
            size += len(text)
            n += 1
        f.write(json.dumps({"type": "last-prompt", "lastPrompt": "continue the work",
                            "leafUuid": prev, "sessionId": session_id}) + "\n")
    return size


def zipf_project(rng):
    """Project 00 gets about a quarter of the conversations, the tail a few
    each: one main project holding thousands is what stresses a sidebar."""
    return min(29, int(rng.paretovariate(1.0)) - 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--conversations", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(42)
    turn = load_turn()
    words = ("build test parser cache arm64 linker refactor sidebar release flag window "
             "history search render stream approval image prompt session").split()
    big_result = "".join(f"{i}\tline of a very long file read by a tool\n" for i in range(9000))[:400 * 1024]
    total = 0
    n_conversations = int(args.conversations * min(1.0, max(args.scale, 0.05)))
    spread = 1000 / args.conversations
    for i in range(n_conversations):
        project = i % 30 if args.conversations == 1000 else zipf_project(rng)
        cwd = f"/home/user/src/project-{project:02d}"
        folder = os.path.join(args.out, "projects", "".join(c if c.isalnum() else "-" for c in cwd))
        os.makedirs(folder, exist_ok=True)
        # a long tail: most are small, a few are big
        target = int(min(60e6, 150e3 * rng.paretovariate(0.9)) * args.scale * spread)
        total += write_conversation(folder, turn, rng, cwd, max(target, 20000), words)
    folder = os.path.join(args.out, "projects", "-home-user-src-project-00")
    big = write_conversation(folder, turn, rng, "/home/user/src/project-00", int(200e6 * args.scale), words,
                             big_result=big_result, every=6)
    total += big
    print(f"{n_conversations + 1} conversations, {total / 1e6:.0f} MB "
          f"(the big one {big / 1e6:.0f} MB) in {args.out}")


if __name__ == "__main__":
    main()
