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

--usage writes realistic usage on top (the default corpus stays as it is,
byte for byte, for the other benchmarks' figures): each API reply gets
its own message id and request id (shared by the lines of its content
blocks, as the CLI writes them), one of several models (and now and
then one the pricing table doesn't know, and a <synthetic> reply),
input, output and cache tokens (cache writes split 5-minute/1-hour), and
timestamps spread over three months with pauses longer than 5 hours.
Requests repeat the way they do in a real history, so that counting
each once is exercised: a conversation resumed from another starts with
the other's first turns, copied with their ids, and each conversation
has a subagent file (<session>/subagents/agent-*.jsonl) holding its
subagent's replies and one reply of the main file again.
"""
import argparse
import json
import os
import random
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "data", "history", "rows", "47c0592a-2c45-496d-86b9-83bc29cb1971.jsonl")
SUBAGENT = os.path.join(HERE, "data", "history", "rows", "47c0592a-2c45-496d-86b9-83bc29cb1971", "subagents",
                        "agent-a4def05f790b67d78.jsonl")
# model, weight: the last one has no price in Cairn's table (nor ccusage's)
MODELS = [("claude-opus-4-8", 40), ("claude-sonnet-5", 30), ("claude-haiku-4-5-20251001", 20),
          ("claude-opus-4-5-20251101", 8), ("claude-unreleased-test", 2)]
START = 1_756_684_800  # 2025-09-01T00:00:00Z


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


class Usage:
    """The --usage state: its own random numbers, so that the default
    corpus doesn't change; the clock; the turns to repeat."""

    def __init__(self):
        self.rng = random.Random(4242)
        self.subagent = [json.loads(l) for l in open(SUBAGENT) if l.strip()]
        self.previous = []   # the last conversation's first turns, as written
        self.clock = START

    def new_conversation(self):
        self.clock = START + self.rng.uniform(0, 90 * 86400)
        self.repeat = self.previous if self.rng.random() < 0.15 else []
        self.first_turns = []

    def reply_usage(self):
        r = self.rng
        write = r.choice([0, 0, r.randint(500, 30000)])
        one_hour = r.choice([0, 0, write // 2, write])
        return {"input_tokens": r.randint(1, 60), "cache_creation_input_tokens": write,
                "cache_read_input_tokens": r.randint(0, 160000), "output_tokens": r.randint(10, 4000),
                "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
                "service_tier": "standard",
                "cache_creation": {"ephemeral_1h_input_tokens": one_hour,
                                   "ephemeral_5m_input_tokens": write - one_hour}}

    def stamp(self, lines):
        """New ids, a model, usage and times for one turn's lines."""
        r = self.rng
        self.clock += r.choice([r.uniform(30, 1800), r.uniform(30, 1800), r.uniform(6 * 3600, 30 * 3600)]) \
            if r.random() < 0.08 else r.uniform(20, 600)
        model = r.choices([m for m, _ in MODELS], [w for _, w in MODELS])[0]
        replies = {}
        for i, line in enumerate(lines):
            t = self.clock + i * 0.05
            if "timestamp" in line:
                line["timestamp"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + \
                    ".%03dZ" % int((t % 1) * 1000)
            msg = line.get("message")
            if line.get("type") != "assistant" or not isinstance(msg, dict) or "usage" not in msg:
                continue
            if msg["id"] not in replies:
                replies[msg["id"]] = ("msg_%024x" % r.getrandbits(96), "req_%024x" % r.getrandbits(96),
                                      self.reply_usage())
            msg["id"], line["requestId"], msg["usage"] = replies[msg["id"]]
            msg["model"] = model
        if r.random() < 0.02:
            synthetic = json.loads(json.dumps(next(l for l in lines if l.get("type") == "assistant")))
            synthetic["message"].update(model="<synthetic>", id=str(uuid.UUID(int=r.getrandbits(128))))
            synthetic["uuid"] = str(uuid.UUID(int=r.getrandbits(128)))
            synthetic["message"]["usage"] = {"input_tokens": 0, "output_tokens": 0,
                                             "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
            lines.append(synthetic)
        return lines

    def subagent_lines(self, session_id, cwd, written):
        """The subagent's lines, stamped, and one main-file reply again."""
        lines = []
        for line in self.subagent:
            line = json.loads(json.dumps(line))
            line["sessionId"], line["cwd"] = session_id, cwd
            lines.append(line)
        lines = self.stamp(lines)
        replies = [l for l in written if l.get("type") == "assistant" and "usage" in l.get("message", {})]
        if replies:
            lines.append(replies[0])
        return lines


def write_conversation(path, turn, rng, cwd, target_bytes, words, big_result=None, every=0, usage=None):
    session_id = str(uuid.UUID(int=rng.getrandbits(128)))
    folder = path
    path = os.path.join(path, session_id + ".jsonl")
    size, prev, n = 0, None, 0
    if usage:
        usage.new_conversation()
    with open(path, "w") as f:
        for line in usage.repeat if usage else []:
            f.write(json.dumps(dict(line, sessionId=session_id), separators=(",", ":")) + "\n")
        while size < target_bytes:
            big = big_result if every and n % every == 0 else None
            lines, prev = remap(turn, rng, session_id, cwd, prev, words, big)
            if usage:
                lines = usage.stamp(lines)
                if n < 3:
                    usage.first_turns += lines
            text = "".join(json.dumps(l, separators=(",", ":")) + "\n" for l in lines)
            f.write(text)
            size += len(text)
            n += 1
        f.write(json.dumps({"type": "last-prompt", "lastPrompt": "continue the work",
                            "leafUuid": prev, "sessionId": session_id}) + "\n")
    if usage:
        usage.previous = usage.first_turns
        agents = os.path.join(folder, session_id, "subagents")
        os.makedirs(agents, exist_ok=True)
        with open(os.path.join(agents, "agent-a%016x.jsonl" % usage.rng.getrandbits(64)), "w") as f:
            for line in usage.subagent_lines(session_id, cwd, usage.first_turns):
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
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
    parser.add_argument("--usage", action="store_true", help="realistic usage (see above)")
    args = parser.parse_args()
    usage = Usage() if args.usage else None
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
        total += write_conversation(folder, turn, rng, cwd, max(target, 20000), words, usage=usage)
    folder = os.path.join(args.out, "projects", "-home-user-src-project-00")
    big = write_conversation(folder, turn, rng, "/home/user/src/project-00", int(200e6 * args.scale), words,
                             big_result=big_result, every=6, usage=usage)
    total += big
    print(f"{n_conversations + 1} conversations, {total / 1e6:.0f} MB "
          f"(the big one {big / 1e6:.0f} MB) in {args.out}")


if __name__ == "__main__":
    main()
