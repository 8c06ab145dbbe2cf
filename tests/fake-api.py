#!/usr/bin/env python3
"""A fake Anthropic Messages API for running the real `claude` CLI offline.

Python 3 standard library only. Binds 127.0.0.1 on an ephemeral port.

Usage:
    python3 tests/fake-api.py [--script SCRIPT.json] [--log LOG.jsonl] [--exit-on-stdin-eof]

On startup it prints exactly one line "PORT <n>" to stdout (flushed), then
serves until killed (SIGTERM), or until stdin reaches EOF when
--exit-on-stdin-eof is given. Point the CLI at it with
ANTHROPIC_BASE_URL=http://127.0.0.1:<n>.

Every request is appended to LOG as one JSON line, flushed before the reply:
    {"method": "POST", "path": "/v1/messages?beta=true",
     "headers": {<lower-cased names>: value}, "body": <parsed JSON or null>}

Endpoints: HEAD/GET / (200, empty), POST /v1/messages/count_tokens
({"input_tokens": N}), POST /v1/messages[?beta=true] (streaming SSE when the
body has "stream": true, otherwise one JSON message). Anything else: 404.

Script format (JSON; every key optional):
    {"rules": [{"match": "substring", "replies": [REPLY, REPLY, ...]}, ...],
     "default": REPLY}

A /v1/messages request is matched by its *prompt*: the latest user message
that has a text block (string content counts), skipping tool_result messages
whose only text is <system-reminder> blocks. A rule matches when "match" is a substring of any text
block of that message (the CLI prepends <system-reminder> blocks; they count
too). The first matching rule wins; without one, "default" is used, and
without a "default" the reply is the text "You said: {{PROMPT}}".
The reply index is the number of assistant messages after the prompt message
in the request (0 answers the prompt, 1 answers after the first tool_result,
...), clamped to the last reply. Replies are thus stateless, except "attempts".

REPLY:
    {"blocks": [BLOCK, ...],        # default: [] (an empty end_turn message)
     "stop_reason": "end_turn",     # default: "tool_use" if a tool_use block, else "end_turn"
     "chunk_delay_ms": 0,           # sleep before each streamed delta
     "status": 200,                 # != 200: an API error with this HTTP status
     "error": {"type": "...", "message": "..."},   # error body (defaults by status)
     "headers": {"x-should-retry": "false"},       # extra response headers
     "cut_after_deltas": N,         # streaming only: drop the connection after N deltas
     "usage": {"input_tokens": 50}, # overrides merged into the reported usage
     "attempts": [REPLY, ...]}      # the first len(attempts) times this reply is
                                    # due, serve attempts[i] instead (counted per
                                    # rule and index; e.g. [{"status": 500}])
BLOCK:
    {"type": "text", "text": "...", "chunks": K}          # K text_delta events (default 1)
    {"type": "thinking", "thinking": "...", "chunks": K}  # + a signature_delta
    {"type": "tool_use", "id": "toolu_x", "name": "Write", "input": {...}}
                                                          # input streamed in 2+ pieces
    any other block is sent whole in its content_block_start (no deltas)
Messages get ids msg_fake_NNN, responses a request-id header req_fake_NNN;
usage is input_tokens 50 (override with "usage"), output_tokens ~ size/4.
Placeholders in any string of a reply: {{PROMPT}} (the prompt text, i.e. the
last text block of the prompt message that is not a <system-reminder>) and
{{PLAN_FILE}} (in plan mode, the plan file the CLI's reminder names) and
{{CWD}} (the "Primary working directory" named in the request's system
prompt; tests can use it for a Write file_path).
"""
import argparse
import itertools
import json
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCRIPT = {}
LOG = None
LOCK = threading.Lock()
MSG_IDS, REQ_IDS = itertools.count(1), itertools.count(1)
ATTEMPTS = {}


def log_request(entry):
    if LOG is None:
        return
    with LOCK:
        LOG.write(json.dumps(entry, ensure_ascii=False) + "\n")
        LOG.flush()


def text_blocks(message):
    content = message.get("content")
    if isinstance(content, str):
        return [content]
    if not isinstance(content, list):
        return []
    return [b.get("text", "") for b in content
            if isinstance(b, dict) and b.get("type") == "text"]


def is_reminder(text):
    return text.lstrip().startswith("<system-reminder>")


def find_prompt(messages):
    """Return (index of the prompt message, its text blocks).

    The prompt is the latest user message with text in it; a message holding
    tool_result blocks counts only if it also has text that is not a
    <system-reminder> (the CLI may attach reminders to tool results)."""
    for i in range(len(messages) - 1, -1, -1):
        m, texts = messages[i], text_blocks(messages[i])
        if m.get("role") != "user" or not texts:
            continue
        content = m.get("content")
        results = isinstance(content, list) and any(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in content)
        if not results or not all(is_reminder(t) for t in texts):
            return i, texts
    return len(messages), []


def all_texts(body):
    system = body.get("system")
    if isinstance(system, list):
        system = "\n".join(b.get("text", "") for b in system if isinstance(b, dict))
    texts = [system or ""]
    for m in body.get("messages", []):
        texts += text_blocks(m)
    return texts


def find_in_texts(body, pattern):
    for t in all_texts(body):
        found = re.search(pattern, t)
        if found:
            return found.group(1).strip()
    return ""


def find_cwd(body):
    return find_in_texts(body, r"Primary working directory: *(\S[^\n]*)")


def find_plan_file(body):
    """In plan mode the CLI's reminder names the plan file to write."""
    return find_in_texts(body, r"(/\S+/plans/[A-Za-z0-9_.-]+\.md)")


def substitute(value, subs):
    if isinstance(value, str):
        for k, v in subs.items():
            value = value.replace(k, v)
        return value
    if isinstance(value, list):
        return [substitute(v, subs) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, subs) for k, v in value.items()}
    return value


def choose_reply(body):
    messages = body.get("messages") or []
    idx, texts = find_prompt(messages)
    n_assistant = sum(1 for m in messages[idx + 1:] if m.get("role") == "assistant")
    plain = [t for t in texts if not is_reminder(t)]
    prompt = plain[-1] if plain else (texts[-1] if texts else "")
    reply, key = None, None
    for r_i, rule in enumerate(SCRIPT.get("rules", [])):
        if any(rule.get("match", "") in t for t in texts):
            replies = rule.get("replies") or [{}]
            n = min(n_assistant, len(replies) - 1)
            reply, key = replies[n], (r_i, n)
            break
    if reply is None:
        reply = SCRIPT.get("default",
                           {"blocks": [{"type": "text", "text": "You said: {{PROMPT}}"}]})
        key = ("default", n_assistant)
    attempts = reply.get("attempts") or []
    with LOCK:
        seen = ATTEMPTS.get(key, 0)
        ATTEMPTS[key] = seen + 1
    if seen < len(attempts):
        reply = attempts[seen]
    return substitute(reply, {"{{PROMPT}}": prompt, "{{CWD}}": find_cwd(body),
                              "{{PLAN_FILE}}": find_plan_file(body)})


def split(s, k):
    k = max(1, min(int(k), len(s))) if s else 1
    size, rest = divmod(len(s), k)
    out, pos = [], 0
    for i in range(k):
        n = size + (1 if i < rest else 0)
        out.append(s[pos:pos + n])
        pos += n
    return out


def usage(reply, output_tokens):
    u = {"input_tokens": 50, "cache_creation_input_tokens": 0,
         "cache_read_input_tokens": 0, "output_tokens": output_tokens,
         "service_tier": "standard"}
    u.update(reply.get("usage") or {})
    return u


def full_blocks(reply):
    out = []
    for b in reply.get("blocks", []):
        if b.get("type") == "text":
            out.append({"type": "text", "text": b.get("text", "")})
        elif b.get("type") == "thinking":
            out.append({"type": "thinking", "thinking": b.get("thinking", ""),
                        "signature": b.get("signature", "sig_fake_0001")})
        elif b.get("type") == "tool_use":
            out.append({"type": "tool_use", "id": b.get("id", "toolu_fake"),
                        "name": b["name"], "input": b.get("input", {})})
        else:  # any other block (redacted_thinking, server tools...) as is
            out.append({k: v for k, v in b.items() if k != "chunks"})
    return out


def stop_reason(reply):
    if reply.get("stop_reason"):
        return reply["stop_reason"]
    tool = any(b.get("type") == "tool_use" for b in reply.get("blocks", []))
    return "tool_use" if tool else "end_turn"


def out_tokens(blocks):
    return max(1, len(json.dumps(blocks)) // 4)


ERRORS = {400: "invalid_request_error", 401: "authentication_error",
          403: "permission_error", 404: "not_found_error", 413: "request_too_large",
          429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-anthropic/1"

    def log_message(self, *args):  # keep stderr quiet
        pass

    def read_body(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return None

    def log_it(self, body):
        log_request({"method": self.command, "path": self.path,
                     "headers": {k.lower(): v for k, v in self.headers.items()},
                     "body": body})

    def send(self, status, obj=None, headers=None):
        data = b"" if obj is None else json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("request-id", "req_fake_%03d" % next(REQ_IDS))
        for k, v in (headers or {}).items():
            self.send_header(k, str(v))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def do_HEAD(self):
        self.log_it(None)
        self.send(200)

    def not_found(self):
        self.send(404, {"type": "error", "error": {
            "type": "not_found_error", "message": "fake-api: no " + self.path}})

    def do_GET(self):
        self.log_it(None)
        self.send(200) if self.path.split("?")[0] == "/" else self.not_found()

    def do_POST(self):
        body = self.read_body()
        self.log_it(body)
        path = self.path.split("?")[0]
        if path == "/v1/messages/count_tokens":
            self.send(200, {"input_tokens": max(1, len(json.dumps(body)) // 4)})
        elif path == "/v1/messages" and isinstance(body, dict):
            self.messages(body)
        else:
            self.not_found()

    def messages(self, body):
        reply = choose_reply(body)
        status = int(reply.get("status", 200))
        headers = reply.get("headers") or {}
        if status != 200:
            err = {"type": ERRORS.get(status, "api_error"), "message": "fake error %d" % status}
            err.update(reply.get("error") or {})
            self.send(status, {"type": "error", "error": err,
                               "request_id": "req_fake_err"}, headers)
            return
        blocks = full_blocks(reply)
        msg = {"id": "msg_fake_%03d" % next(MSG_IDS), "type": "message",
               "role": "assistant", "model": body.get("model", "claude-fake"),
               "content": blocks, "stop_reason": stop_reason(reply),
               "stop_sequence": None, "usage": usage(reply, out_tokens(blocks))}
        if body.get("stream"):
            self.stream(reply, msg, headers)
        else:
            self.send(200, msg, headers)

    def stream(self, reply, msg, headers):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("request-id", "req_fake_%03d" % next(REQ_IDS))
        for k, v in headers.items():
            self.send_header(k, str(v))
        self.end_headers()
        delay = reply.get("chunk_delay_ms", 0) / 1000.0
        cut = reply.get("cut_after_deltas")
        deltas = 0

        def event(obj):
            data = "event: %s\ndata: %s\n\n" % (obj["type"], json.dumps(obj, separators=(",", ":")))
            data = data.encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        def delta(index, d):
            nonlocal deltas
            if cut is not None and deltas >= cut:
                raise ConnectionAbortedError
            if delay:
                time.sleep(delay)
            event({"type": "content_block_delta", "index": index, "delta": d})
            deltas += 1

        start = dict(msg, content=[], stop_reason=None, usage=usage(reply, 1))
        try:
            event({"type": "message_start", "message": start})
            for i, (src, b) in enumerate(zip(reply.get("blocks", []), msg["content"])):
                if b["type"] == "text":
                    event({"type": "content_block_start", "index": i,
                           "content_block": {"type": "text", "text": ""}})
                    for piece in split(b["text"], src.get("chunks", 1)):
                        delta(i, {"type": "text_delta", "text": piece})
                elif b["type"] == "thinking":
                    event({"type": "content_block_start", "index": i, "content_block":
                           {"type": "thinking", "thinking": "", "signature": ""}})
                    for piece in split(b["thinking"], src.get("chunks", 1)):
                        delta(i, {"type": "thinking_delta", "thinking": piece})
                    delta(i, {"type": "signature_delta", "signature": b["signature"]})
                elif b["type"] == "tool_use":
                    event({"type": "content_block_start", "index": i, "content_block":
                           {"type": "tool_use", "id": b["id"], "name": b["name"], "input": {}}})
                    js = json.dumps(b["input"])
                    for piece in split(js, max(2, src.get("chunks", 2))):
                        delta(i, {"type": "input_json_delta", "partial_json": piece})
                else:
                    event({"type": "content_block_start", "index": i, "content_block": b})
                event({"type": "content_block_stop", "index": i})
            event({"type": "message_delta",
                   "delta": {"stop_reason": msg["stop_reason"], "stop_sequence": None},
                   "usage": {"output_tokens": msg["usage"]["output_tokens"]}})
            event({"type": "message_stop"})
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except ConnectionAbortedError:
            # Drop the connection without the terminating chunk.
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client went away (e.g. interrupt)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # client went away
            super().handle_error(request, client_address)


def main():
    global SCRIPT, LOG
    ap = argparse.ArgumentParser(description="Fake Anthropic Messages API")
    ap.add_argument("--script", help="reply script (JSON)")
    ap.add_argument("--log", help="append one JSON line per request here")
    ap.add_argument("--exit-on-stdin-eof", action="store_true")
    args = ap.parse_args()
    if args.script:
        with open(args.script, encoding="utf-8") as f:
            SCRIPT = json.load(f)
    if args.log:
        LOG = open(args.log, "a", encoding="utf-8")
    server = Server(("127.0.0.1", 0), Handler)
    if args.exit_on_stdin_eof:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            server.shutdown()
        threading.Thread(target=watch, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
