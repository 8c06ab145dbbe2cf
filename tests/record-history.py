#!/usr/bin/env python3
"""Record real session files for the history tests (stdlib only).

    python3 tests/record-history.py [NAME ...]     # default: all

Runs the pinned CLI (tests/install-cli.sh) against tests/fake-api.py in a
throwaway HOME, with the project folder /tmp/cairn-rec-history/<name>, and
copies the session file(s) it wrote into tests/data/history/<name>/.
Scenarios: image (a prompt with a PNG), rename (the CLI's own
rename_session), compact (/compact between two turns), rewind (a second
process with --resume-session-at, which starts a branch).
"""
import base64
import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "/tmp/cairn-rec-history"
ARGS = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]
# a 2x2 red PNG
PNG = base64.b64encode(bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73"
    "0000001049444154789c63f8cfc000440c100a001fee03fd8b5f14d40000000049"
    "454e44ae426082")).decode()


def cli():
    out = subprocess.run([os.path.join(HERE, "install-cli.sh")], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def user(content):
    return {"type": "user", "message": {"role": "user", "content": content},
            "parent_tool_use_id": None, "session_id": ""}


class Run:
    def __init__(self, name):
        self.name = name
        self.project = os.path.join(ROOT, name)
        self.home = os.path.join(ROOT, name + ".home")
        for d in (self.project, self.home):
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
        self.api = subprocess.Popen([sys.executable, os.path.join(HERE, "fake-api.py"),
                                     "--exit-on-stdin-eof"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = self.api.stdout.readline().split()[1]
        self.env = dict(os.environ, ANTHROPIC_BASE_URL=f"http://127.0.0.1:{self.port}",
                        ANTHROPIC_API_KEY="sk-test", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
                        DISABLE_AUTOUPDATER="1", HOME=self.home,
                        CLAUDE_CONFIG_DIR=os.path.join(self.home, ".claude"))

    def session(self, lines, extra=()):
        """Runs one CLI process: each line, then waits for its turn's result
        (or a control response); returns the session id."""
        p = subprocess.Popen([cli(), *ARGS, *extra], cwd=self.project, env=self.env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        session_id = None
        for line in lines:
            p.stdin.write(json.dumps(line) + "\n")
            p.stdin.flush()
            want = "control_response" if line["type"] == "control_request" else "result"
            for out in p.stdout:
                message = json.loads(out)
                session_id = message.get("session_id") or session_id
                if message.get("type") == want:
                    break
        p.stdin.close()
        p.wait(timeout=60)
        return session_id

    def files(self):
        return glob.glob(os.path.join(self.home, ".claude", "projects", "*", "*.jsonl"))

    def keep(self):
        out = os.path.join(HERE, "data", "history", self.name)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        for f in self.files():
            shutil.copy(f, out)
        self.api.stdin.close()
        self.api.wait(timeout=10)
        print(f"{self.name}: {', '.join(os.path.basename(f) for f in self.files())}")


def image():
    r = Run("image")
    r.session([user([{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
                     {"type": "text", "text": "What is in this picture?"}])])
    r.keep()


def rename():
    r = Run("rename")
    r.session([user("Start a conversation to rename"),
               {"type": "control_request", "request_id": "r1",
                "request": {"subtype": "rename_session", "title": "Renamed by the CLI"}}])
    r.keep()


def compact():
    r = Run("compact")
    r.session([user("Remember the word KIWI")] + [user(f"Turn {i} before the compaction") for i in range(2, 7)]
              + [user("/compact"), user("After the compaction")])
    r.keep()


def rewind():
    r = Run("rewind")
    sid = r.session([user("First prompt"), user("Second prompt, later abandoned")])
    path = r.files()[0]
    lines = [json.loads(l) for l in open(path) if l.strip()]
    first_reply = next(l["uuid"] for l in lines if l.get("type") == "assistant")
    r.session([user("Second prompt, edited")], ["--resume", sid, "--resume-session-at", first_reply])
    r.keep()


SCENARIOS = {"image": image, "rename": rename, "compact": compact, "rewind": rewind}

if __name__ == "__main__":
    for name in sys.argv[1:] or SCENARIOS:
        SCENARIOS[name]()
