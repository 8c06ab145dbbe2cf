#!/usr/bin/env python3
"""Record real `claude` CLI stdout transcripts into tests/data/ (stdlib only).

    python3 tests/record.py [--out DIR] [NAME ...]      # default: all scenarios

For each scenario it installs/locates the pinned CLI (tests/install-cli.sh),
starts tests/fake-api.py with the scenario's reply script, runs the CLI in
stream-json mode, writes the stdin lines (reacting to control_requests where
the scenario needs it), and saves:
    DIR/<name>.jsonl        the CLI's stdout, verbatim
    DIR/<name>.stdin.jsonl  every line written to the CLI's stdin, in order

Nothing is normalised: the CLI runs with HOME=/tmp/cairn-rec/home and the
project dir /tmp/cairn-rec/<name> (wiped first), so the paths in the
recordings are stable. Run one recorder at a time.
"""
import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "/tmp/cairn-rec"
ARGS = ["-p", "--input-format", "stream-json", "--output-format", "stream-json",
        "--verbose", "--permission-prompt-tool", "stdio", "--include-partial-messages"]


def user(text):
    return {"type": "user", "message": {"role": "user", "content": text},
            "parent_tool_use_id": None, "session_id": ""}


def control(request_id, subtype, **fields):
    return {"type": "control_request", "request_id": request_id,
            "request": dict(subtype=subtype, **fields)}


def is_result(line):
    return line.get("type") == "result"


def nth_result(n):
    """Predicate: the n-th result line (a CLI that starts a turn of its own,
    as when a background agent is done, prints more than one)."""
    seen = {"results": 0}

    def pred(line):
        seen["results"] += is_result(line)
        return seen["results"] >= n
    return pred


def prompt(text, uuid):
    """A user message with the uuid its command_lifecycle lines name."""
    message = user(text)
    message["uuid"] = uuid
    return message


def command_done(uuid):
    return lambda line: (line.get("type") == "command_lifecycle" and line.get("command_uuid") == uuid
                         and line.get("state") in ("completed", "cancelled", "discarded", "refused"))


def queue_then_interrupt(line, seen={"deltas": 0}):
    """Reaction: on the second text delta, queue two prompts and interrupt."""
    if is_text_delta(line):
        seen["deltas"] += 1
        if seen["deltas"] == 2:
            return [prompt("second while busy", UUIDS[1]), prompt("third while busy", UUIDS[2]),
                    control("interrupt-1", "interrupt")]
    return []


UUIDS = ["%d%d%d%d%d%d%d%d-0000-4000-8000-000000000000" % ((i,) * 8) for i in range(1, 6)]


def is_control_response(line):
    return line.get("type") == "control_response"


def is_text_delta(line):
    ev = line.get("event") or {}
    return (line.get("type") == "stream_event" and ev.get("type") == "content_block_delta"
            and ev.get("delta", {}).get("type") == "text_delta")


def allow_tools(line):
    """Reaction: answer every can_use_tool with allow (docs/protocol.md,
    "Answering can_use_tool")."""
    req = line.get("request") or {}
    if line.get("type") == "control_request" and req.get("subtype") == "can_use_tool":
        return [{"type": "control_response", "response": {
            "subtype": "success", "request_id": line["request_id"],
            "response": {"behavior": "allow", "updatedInput": req["input"]}}}]
    return []


def interrupt_after(n):
    """Reaction: send one interrupt after the n-th text delta."""
    seen = {"deltas": 0}

    def react(line):
        if is_text_delta(line):
            seen["deltas"] += 1
            if seen["deltas"] == n:
                return [control("interrupt-1", "interrupt")]
        return []
    return react


def stop_first_task():
    """Reaction: allow tools, and stop the first background task with
    stop_task once it reports progress."""
    state = {"task": None, "stopped": False}

    def react(line):
        answers = allow_tools(line)
        if line.get("subtype") == "background_tasks_changed" and line.get("tasks"):
            state["task"] = state["task"] or line["tasks"][0]["task_id"]
        if line.get("subtype") == "task_progress" and state["task"] and not state["stopped"]:
            state["stopped"] = True
            answers.append(control("stop-1", "stop_task", task_id=state["task"]))
        return answers
    return react


# Settings-file command hooks (docs/protocol.md, "Hooks"): a SessionStart
# and a Stop hook that print, a UserPromptSubmit hook that refuses a prompt
# holding BLOCKME (exit 2), a PreToolUse hook that refuses every Bash call
# (exit 2 with a message, or a JSON deny when the command says deny-json),
# and a slow PostToolUse hook on Write (its output arrives in pieces).
HOOK_SETTINGS = {"hooks": {
    "SessionStart": [{"hooks": [{"type": "command", "command": "echo session-start-ran"}]}],
    "UserPromptSubmit": [{"hooks": [{"type": "command", "command":
        "if grep -q BLOCKME; then echo 'prompt refused by policy' >&2; exit 2; fi; echo prompt-ok"}]}],
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command":
        "if grep -q deny-json; then echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
        "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"json says no\"}}'; exit 0; fi; "
        "echo 'no shell commands here' >&2; exit 2"}]}],
    "PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command":
        "echo first; sleep 2; echo second"}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "echo stop-ran"}]}]}}


def trust_with_hooks(proj, home):
    """The project holds settings hooks, and is trusted as the CLI records it."""
    os.makedirs(os.path.join(proj, ".claude"))
    with open(os.path.join(proj, ".claude", "settings.json"), "w") as f:
        json.dump(HOOK_SETTINGS, f, indent=1)
    with open(os.path.join(home, ".claude.json"), "w") as f:
        json.dump({"projects": {os.path.realpath(proj): {"hasTrustDialogAccepted": True}}}, f)


def supervise(line):
    """Reaction: Cairn's own hooks as registered in "hooks-callback": the
    PreToolUse callback asks, Stop has no opinion, can_use_tool is allowed."""
    req = line.get("request") or {}
    if line.get("type") != "control_request" or req.get("subtype") != "hook_callback":
        return allow_tools(line)
    answer = {}
    if req.get("callback_id") == "cairn_pre_tool_use":
        answer = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                         "permissionDecisionReason": "Supervised: every change is asked for"}}
    return [{"type": "control_response", "response": {
        "subtype": "success", "request_id": line["request_id"], "response": answer}}]


SETUP = {"hooks-settings": trust_with_hooks}


STORY = ("Cairn is a native GNOME app for Claude Code. It talks to the CLI "
         "over pipes, one JSON line at a time, and draws every token as it arrives.")

CUT_TEXT = {"type": "text", "chunks": 6,
            "text": "This reply is cut after two deltas and then repeated."}

# name -> (reply script, steps, reaction[, extra CLI arguments]). A step is a
# line to send followed by a predicate: read stdout until it holds (None:
# don't wait).
SCENARIOS = {
    "stream-text": (
        {"default": {"blocks": [{"type": "text", "text": STORY, "chunks": 10}]}},
        [(user("Tell me about Cairn."), is_result)], None),
    "stream-two-turns": (
        {"default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}",
                                 "chunks": 3}]}},
        [(user("First question"), is_result), (user("Second question"), is_result)], None),
    "tool-write": (
        {"rules": [{"match": "hello.txt", "replies": [
            {"blocks": [
                {"type": "thinking", "thinking": "The user wants a file with a greeting.",
                 "chunks": 2},
                {"type": "text", "text": "I'll write the file.", "chunks": 2},
                {"type": "tool_use", "id": "toolu_rec_write", "name": "Write",
                 "input": {"file_path": "{{CWD}}/hello.txt",
                           "content": "Hello from Cairn\n"}}]},
            {"blocks": [{"type": "text", "text": "Done: hello.txt is written.",
                         "chunks": 3}]}]}]},
        [(user("Please create hello.txt with a greeting."), is_result)], allow_tools),
    "interrupt": (
        {"default": {"chunk_delay_ms": 150, "blocks": [
            {"type": "text", "text": STORY + " " + STORY, "chunks": 40}]}},
        [(user("Tell me a long story."), is_result)], interrupt_after(3)),
    "api-error": (
        {"default": {"status": 400, "headers": {"x-should-retry": "false"},
                     "error": {"type": "invalid_request_error",
                               "message": "fake: prompt is not acceptable"}}},
        [(user("This request will fail."), is_result)], None),
    # 2.1.197 answered a cut stream with one request without streaming;
    # 2.1.330 retries the stream (with a growing delay), so only the first
    # attempt is cut.
    "cut-stream": (
        {"default": {"blocks": [CUT_TEXT], "attempts": [
            {"cut_after_deltas": 2, "blocks": [CUT_TEXT]}]}},
        [(user("Cut the stream, please."), is_result)], None),
    # 2.1.330: an Agent call runs in the background by default; the turn
    # ends, the subagent's steps follow, then a task notification and a
    # turn the CLI starts by itself.
    "agent-background": (
        {"rules": [
            {"match": "SUBAGENT: check the needle", "replies": [
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_sub_bash", "name": "Bash",
                             "input": {"command": "echo needle two",
                                       "description": "Print the needle"}}]},
                {"blocks": [{"type": "text", "text": "The needle is two."}]}]},
            {"match": "Use an agent", "replies": [
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_agent", "name": "Agent",
                             "input": {"description": "Check the needle",
                                       "prompt": "SUBAGENT: check the needle",
                                       "subagent_type": "general-purpose"}}]},
                {"blocks": [{"type": "text", "text": "The agent is on it."}]}]}],
         "default": {"blocks": [{"type": "text", "text": "The agent said the needle is two."}]}},
        [(user("Use an agent to check the needle."), nth_result(2))], allow_tools),
    # 2.1.330: the subagent runs a long command; the recorder stops it with
    # stop_task as soon as it reports progress.
    "agent-stopped": (
        {"rules": [
            {"match": "SUBAGENT: wait", "replies": [
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_sub_sleep", "name": "Bash",
                             "input": {"command": "sleep 20", "description": "Wait"}}]},
                {"blocks": [{"type": "text", "text": "Waited."}]}]},
            {"match": "Use an agent", "replies": [
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_agent", "name": "Agent",
                             "input": {"description": "Wait a while", "prompt": "SUBAGENT: wait",
                                       "subagent_type": "general-purpose"}}]},
                {"blocks": [{"type": "text", "text": "The agent is on it."}]}]}],
         "default": {"blocks": [{"type": "text", "text": "Noted."}]}},
        [(user("Use an agent to wait."), nth_result(2))], stop_first_task()),
    # MCP servers given with --mcp-config: one that works (tests/mini-mcp.py),
    # one whose command is missing, one entry the CLI skips. Their status is
    # asked for, the working one switched off and on, the failed one
    # reconnected (it fails again).
    "mcp": (
        {},
        [(control("st-0", "mcp_status"), is_control_response),
         (user("hello"), is_result),
         (control("st-1", "mcp_status"), is_control_response),
         (control("tg-1", "mcp_toggle", serverName="mini", enabled=False), is_control_response),
         (control("st-2", "mcp_status"), is_control_response),
         (control("tg-2", "mcp_toggle", serverName="mini", enabled=True), is_control_response),
         (control("rc-1", "mcp_reconnect", serverName="broken"), is_control_response),
         (control("st-3", "mcp_status"), is_control_response)],
        None, ["--mcp-config", json.dumps({"mcpServers": {
            "mini": {"type": "stdio", "command": "python3",
                     "args": [os.path.join(HERE, "mini-mcp.py")]},
            "broken": {"type": "stdio", "command": "/nonexistent/mcp-server"},
            "badconf": {"url": "http://127.0.0.1:1/mcp"}}}), "--strict-mcp-config"]),
    # 2.1.330 with uuids on the prompts: command_lifecycle for each; two
    # prompts queued during a slow turn, then an interrupt (its receipt
    # lists them in still_queued; the turn ends without a result, the two
    # run as one turn); /clear (conversation_reset, no result).
    "queue-and-clear": (
        {"rules": [{"match": "slow", "replies": [{"chunk_delay_ms": 150, "blocks": [
            {"type": "text", "text": STORY, "chunks": 20}]}]}],
         "default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]}},
        [(prompt("slow story please", UUIDS[0]), command_done(UUIDS[2])),
         (prompt("/clear", UUIDS[3]), command_done(UUIDS[3])),
         (prompt("after clear", UUIDS[4]), command_done(UUIDS[4]))], queue_then_interrupt),
    # 2.1.330 started with --effort: init says it.
    "effort": (
        {"default": {"blocks": [{"type": "text", "text": "Thinking hard.", "chunks": 2}]}},
        [(user("How hard do you think?"), is_result)], None, ["--effort", "high"]),
    # 2.1.330 with --include-hook-events and the hooks of HOOK_SETTINGS: a
    # Bash call refused with exit 2, a Write (its slow PostToolUse hook), a
    # Bash call refused by a JSON deny, a prompt refused by UserPromptSubmit.
    "hooks-settings": (
        {"rules": [
            {"match": "run the command", "replies": [
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_bash", "name": "Bash",
                             "input": {"command": "echo hi", "description": "Say hi"}}]},
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_write", "name": "Write",
                             "input": {"file_path": "{{CWD}}/note.txt", "content": "note\n"}}]},
                {"blocks": [{"type": "text", "text": "The command was refused; the note is written."}]}]},
            {"match": "json deny", "replies": [
                {"blocks": [{"type": "tool_use", "id": "toolu_rec_deny", "name": "Bash",
                             "input": {"command": "echo deny-json", "description": "Say deny"}}]},
                {"blocks": [{"type": "text", "text": "Refused again."}]}]}],
         "default": {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]}},
        [(user("Please run the command."), is_result), (user("Now the json deny."), is_result),
         (user("BLOCKME if you can"), is_result)],
        allow_tools, ["--include-hook-events"]),
    # 2.1.330 in acceptEdits with Cairn's own hooks registered in initialize
    # (the Supervised PreToolUse and the Stop callback): the Write is asked
    # for (can_use_tool, decision_reason_type "hook").
    "hooks-callback": (
        {"rules": [{"match": "supervised", "replies": [
            {"blocks": [{"type": "tool_use", "id": "toolu_rec_write", "name": "Write",
                         "input": {"file_path": "{{CWD}}/sup.txt", "content": "sup\n"}}]},
            {"blocks": [{"type": "text", "text": "Written after asking."}]}]}]},
        [(control("init-1", "initialize", hooks={
            "PreToolUse": [{"hookCallbackIds": ["cairn_pre_tool_use"], "timeout": 60}],
            "Stop": [{"hookCallbackIds": ["cairn_stop"], "timeout": 60}]}), is_control_response),
         (user("Write sup.txt, supervised."), is_result)],
        supervise, ["--permission-mode", "acceptEdits", "--include-hook-events"]),
    "initialize": (
        {},
        [(control("init-1", "initialize"),
          lambda l: l.get("type") == "control_response")], None),
}


class Cli:
    def __init__(self, claude, port, cwd, home, extra_args=()):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
               "SHELL": "/bin/bash", "HOME": home,
               "CLAUDE_CONFIG_DIR": os.path.join(home, ".claude"),
               "ANTHROPIC_BASE_URL": "http://127.0.0.1:%d" % port,
               "ANTHROPIC_API_KEY": "sk-test",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
               "DISABLE_AUTOUPDATER": "1"}
        self.proc = subprocess.Popen([claude] + ARGS + list(extra_args), cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.raw, self.sent = [], []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for raw in self.proc.stdout:
            self.lines.put(raw)
        self.lines.put(None)

    def send(self, obj):
        data = json.dumps(obj, separators=(",", ":")) + "\n"
        self.sent.append(data)
        self.proc.stdin.write(data.encode())
        self.proc.stdin.flush()

    def read_until(self, pred, react, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            raw = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if raw is None:
                return False
            self.raw.append(raw)
            line = json.loads(raw)
            for answer in (react(line) if react else []):
                self.send(answer)
            if pred and pred(line):
                return True


def record(name, claude, out_dir):
    script, steps, react, *extra = SCENARIOS[name]
    proj, home = os.path.join(ROOT, name), os.path.join(ROOT, "home")
    for d in (proj, home):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    if name in SETUP:
        SETUP[name](proj, home)
    script_path = os.path.join(ROOT, name + ".script.json")
    with open(script_path, "w") as f:
        json.dump(script, f)
    fake = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "fake-api.py"), "--script", script_path,
         "--log", os.path.join(ROOT, name + ".api.jsonl"), "--exit-on-stdin-eof"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        word, port = fake.stdout.readline().split()
        assert word == "PORT"
        t0 = time.monotonic()
        cli = Cli(claude, int(port), proj, home, *extra)
        for obj, pred in steps:
            cli.send(obj)
            if pred and not cli.read_until(pred, react):
                raise RuntimeError("%s: CLI stdout ended early" % name)
        cli.proc.stdin.close()
        cli.read_until(None, react)
        rc = cli.proc.wait(timeout=60)
        err = cli.proc.stderr.read().decode()
    finally:
        fake.stdin.close()
        fake.wait(timeout=10)
    with open(os.path.join(out_dir, name + ".jsonl"), "wb") as f:
        f.writelines(cli.raw)
    with open(os.path.join(out_dir, name + ".stdin.jsonl"), "w") as f:
        f.writelines(cli.sent)
    print("%-18s %3d lines, exit %d, %.1f s%s" % (
        name, len(cli.raw), rc, time.monotonic() - t0,
        ("\n  stderr: " + err.strip()) if err.strip() else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "data"))
    ap.add_argument("names", nargs="*", metavar="NAME",
                    help="one of: " + ", ".join(SCENARIOS))
    args = ap.parse_args()
    for name in args.names:
        if name not in SCENARIOS:
            ap.error("unknown scenario %r" % name)
    claude = subprocess.run([os.path.join(HERE, "install-cli.sh")], check=True,
                            stdout=subprocess.PIPE, text=True).stdout.splitlines()[-1]
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(ROOT, exist_ok=True)
    for name in args.names or list(SCENARIOS):
        record(name, claude, args.out)


if __name__ == "__main__":
    main()
