#!/usr/bin/env python3
"""Stands in for a claude CLI that misbehaves (the fault matrix: test-faults
and bench-faults). Cairn starts it as it starts claude; arguments are
ignored.

Each user message read from stdin gets one turn: the fault first, then a
normal reply (an assistant text "pong N" and a result), so a test can see
that the conversation goes on after the fault. Control requests get a
success control_response.

CAIRN_FAULT names the fault, played on the first turn only:
  deep         one line nested CAIRN_FAULT_DEPTH (100000) levels deep
  empty        empty and blank lines
  huge-exit    one line of CAIRN_FAULT_MB (100) MB, then exit (status 0)
  huge-reply   an assistant text of CAIRN_FAULT_MB MB, then the reply
  flood        CAIRN_FAULT_LINES (1000000) short stream_event text deltas
               while stdin is still read (a prompt typed meanwhile counts)
  silent       stdout closed, stdin never read again: a hang that says
               nothing
  hang         mid-turn (a text block begun, "Let me think"), stops: writes
               nothing more (not even control responses), stdin never read
               again, stdout left open, SIGTERM ignored (as a CLI whose
               event loop is stuck); only SIGKILL ends it (or its
               parent's end)
  open-block   a text block left open, then an assistant tool_use
  huge-numbers "pong 1" ending in a result with "input_tokens": 1e400 and
               two INT64_MAX counts (the turn's only result)
CAIRN_FAULT_STUCK  SIGTERM (and SIGHUP) ignored from the start, and the
                 process stays 30 s after stdin closes: a CLI that only
                 SIGKILL ends, and that its parent's exit does not end
CAIRN_FAULT_WRITE_ON_TERM  a file: on SIGTERM, after 0.5 s, a line is
                 appended to it (made if missing) before exiting, as the
                 CLI writes its session file on the way out
CAIRN_FAULT_LOG  append each user message's text read from stdin, one per
                 line, as soon as it is read (also during a flood)
CAIRN_FAULT_ONCE a file: the fault plays only if it does not exist, and
                 creates it, so a restarted CLI behaves
CAIRN_FAULT_PID_FILE  a file to write the process id to on start
CAIRN_FAULT_PIPE_KB   the flood's stdout pipe is made this deep (Linux; at
                 most /proc/sys/fs/pipe-max-size, 1024 by default), so that
                 lines are always waiting for the reader
"""
import fcntl
import json
import os
import signal
import sys
import threading
import time

INT64_MAX = 9223372036854775807
lock = threading.Lock()
turns = 0


def write(line):
    with lock:
        sys.stdout.buffer.write(line + b"\n")
        sys.stdout.buffer.flush()


def write_json(obj):
    write(json.dumps(obj, separators=(",", ":")).encode())


def init():
    write_json({"type": "system", "subtype": "init", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
                "model": "claude-fault", "permissionMode": "default", "cwd": os.getcwd(),
                "tools": [], "slash_commands": []})


def assistant(content, msg_id):
    return {"type": "assistant", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
            "message": {"id": msg_id, "role": "assistant", "model": "claude-fault",
                        "content": content, "usage": {"input_tokens": 1, "output_tokens": 1}}}


def result(usage=None):
    return {"type": "result", "subtype": "success", "is_error": False, "duration_ms": 1,
            "num_turns": 1, "result": "", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
            "total_cost_usd": 0.001,
            "usage": usage or {"input_tokens": 1, "output_tokens": 1}}


def reply(n):
    write_json(assistant([{"type": "text", "text": "pong %d" % n}], "msg_pong_%d" % n))
    write_json(result())


def delta(index, text):
    return {"type": "stream_event", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
            "event": {"type": "content_block_delta", "index": index,
                      "delta": {"type": "text_delta", "text": text}}}


def message_start(msg_id):
    return {"type": "stream_event", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
            "event": {"type": "message_start",
                      "message": {"id": msg_id, "role": "assistant",
                                  "model": "claude-fault", "content": []}}}


def start_block(index, block):
    return {"type": "stream_event", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
            "event": {"type": "content_block_start", "index": index, "content_block": block}}


def fault_deep():
    depth = int(os.environ.get("CAIRN_FAULT_DEPTH", "100000"))
    write(b'{"type":"assistant","message":' + b"[" * depth + b"]" * depth + b"}")


def fault_empty():
    write(b"")
    write(b"   ")
    write(b"")


def fault_huge_exit():
    size = int(os.environ.get("CAIRN_FAULT_MB", "100")) * 1024 * 1024
    with lock:
        out = sys.stdout.buffer
        out.write(b'{"type":"mystery","payload":"')
        chunk = b"x" * (1024 * 1024)
        for _ in range(size // len(chunk)):
            out.write(chunk)
        out.write(b'"}\n')
        out.flush()
    os._exit(0)


def fault_huge_reply():
    size = int(os.environ.get("CAIRN_FAULT_MB", "100")) * 1024 * 1024
    with lock:
        out = sys.stdout.buffer
        out.write(b'{"type":"assistant","session_id":"fa0170f0-0000-4000-8000-00000000fa17","message":{"id":"msg_huge",'
                  b'"role":"assistant","model":"claude-fault","content":[{"type":"text","text":"BEGIN ')
        chunk = b"y" * (1024 * 1024)
        for _ in range(size // len(chunk)):
            out.write(chunk)
        out.write(b'"}]}}\n')
        out.flush()


def fault_flood():
    lines = int(os.environ.get("CAIRN_FAULT_LINES", "1000000"))
    if os.environ.get("CAIRN_FAULT_PIPE_KB"):
        try:  # Linux's F_SETPIPE_SZ (1031); up to /proc/sys/fs/pipe-max-size
            fcntl.fcntl(1, getattr(fcntl, "F_SETPIPE_SZ", 1031), int(os.environ["CAIRN_FAULT_PIPE_KB"]) * 1024)
        except OSError:
            pass  # a shallower flood, still one
    write_json(message_start("msg_flood"))
    write_json(start_block(0, {"type": "text", "text": ""}))
    line = json.dumps(delta(0, "flood "), separators=(",", ":")).encode() + b"\n"
    batch = line * 1000
    with lock:
        out = sys.stdout.buffer
        for _ in range(lines // 1000):  # lines is a multiple of 1000
            out.write(batch)
        out.flush()
    write_json({"type": "stream_event", "session_id": "fa0170f0-0000-4000-8000-00000000fa17",
                "event": {"type": "content_block_stop", "index": 0}})
    write_json(assistant([{"type": "text", "text": "flood " * lines}], "msg_flood"))


def fault_silent():
    os.close(1)
    time.sleep(3600)


def fault_hang():
    # played in the main thread (see main): stdin is not read any more
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    write_json(message_start("msg_hang"))
    write_json(start_block(0, {"type": "text", "text": ""}))
    write_json(delta(0, "Let me think"))
    lock.acquire()  # and nothing more is written, from any thread
    parent = os.getppid()
    while os.getppid() == parent:  # not left behind by a test that died
        time.sleep(0.5)
    os._exit(1)


def fault_open_block():
    write_json(message_start("msg_open"))
    write_json(start_block(0, {"type": "text", "text": ""}))
    write_json(delta(0, "Let me look"))
    write_json(assistant([{"type": "tool_use", "id": "toolu_fault", "name": "Bash",
                           "input": {"command": "true"}}], "msg_open"))


def fault_huge_numbers():
    # The turn's own result: a second one would end the next turn early.
    write_json(assistant([{"type": "text", "text": "pong 1"}], "msg_pong_1"))
    write(b'{"type":"result","subtype":"success","is_error":false,"duration_ms":1,'
          b'"num_turns":1,"result":"","session_id":"fa0170f0-0000-4000-8000-00000000fa17","total_cost_usd":1e400,'
          b'"usage":{"input_tokens":1e400,"output_tokens":%d,'
          b'"cache_read_input_tokens":%d}}' % (INT64_MAX, INT64_MAX))
    return True


FAULTS = {
    "deep": fault_deep,
    "empty": fault_empty,
    "huge-exit": fault_huge_exit,
    "huge-reply": fault_huge_reply,
    "flood": fault_flood,
    "silent": fault_silent,
    "hang": fault_hang,
    "open-block": fault_open_block,
    "huge-numbers": fault_huge_numbers,
}


def answer_control(request):
    write_json({"type": "control_response",
                "response": {"subtype": "success", "request_id": request.get("request_id"),
                             "response": {}}})


def text_of(message):
    content = message.get("message", {}).get("content")
    if isinstance(content, str):
        return content
    return " ".join(block.get("text", "") for block in content or [] if isinstance(block, dict))


def play_turn():
    global turns
    turns += 1
    if turns == 1:
        init()
        once = os.environ.get("CAIRN_FAULT_ONCE")
        if not once or not os.path.exists(once):
            if once:
                open(once, "w").close()
            if FAULTS[os.environ.get("CAIRN_FAULT", "empty")]():
                return  # the fault answered the turn itself
    reply(turns)


def exit_writing(path):
    time.sleep(0.5)
    with open(path, "a") as f:
        f.write('{"type":"summary","summary":"written on exit"}\n')
    os._exit(0)


def main():
    if "--version" in sys.argv[1:]:
        # Cairn asks this beside the conversation's process: answer it at
        # once, so a fault meant for the conversation (a CLI stuck on
        # SIGTERM, the pid file) is never the version probe's
        print(os.environ.get("CAIRN_TEST_CLI_VERSION", "2.1.330") + " (Claude Code)")
        return
    if sys.argv[1:3] == ["auth", "status"]:
        hang_pid_file = os.environ.get("CAIRN_FAULT_AUTH_HANG_PID_FILE")
        if hang_pid_file:
            # a probe that hangs and ignores SIGTERM: it must not outlive Cairn
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            with open(hang_pid_file, "w") as f:
                f.write(str(os.getpid()))
            while True:
                time.sleep(60)
        # the sign-in probe, likewise: signed in with the key the tests set
        print('{"loggedIn": true, "authMethod": "api_key", "apiProvider": "firstParty"}')
        return
    log = os.environ.get("CAIRN_FAULT_LOG")
    stuck = os.environ.get("CAIRN_FAULT_STUCK")
    if stuck:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    write_on_term = os.environ.get("CAIRN_FAULT_WRITE_ON_TERM")
    if write_on_term:
        signal.signal(signal.SIGTERM, lambda *_: exit_writing(write_on_term))
    pid_file = os.environ.get("CAIRN_FAULT_PID_FILE")
    if pid_file:
        with open(pid_file, "w") as f:
            f.write("%d\n" % os.getpid())
    worker = None
    for raw in sys.stdin.buffer:
        message = json.loads(raw)
        if message.get("type") == "control_request":
            # in a thread too: a flood holds stdout for long, and stdin
            # must go on being read meanwhile (Cairn asks get_settings
            # right after initialize)
            threading.Thread(target=answer_control, args=(message,), daemon=True).start()
        elif message.get("type") == "user":
            if log:
                with open(log, "a") as f:
                    f.write(text_of(message) + "\n")
            # Turns play in their own thread so stdin is read during a flood.
            if worker:
                worker.join()
            if turns == 0 and os.environ.get("CAIRN_FAULT") == "hang":
                play_turn()  # here: a hang stops reading stdin too
                continue
            worker = threading.Thread(target=play_turn)
            worker.start()
    if stuck:
        time.sleep(30)


if __name__ == "__main__":
    main()
