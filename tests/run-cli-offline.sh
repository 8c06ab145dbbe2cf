#!/usr/bin/env bash
# Run the real (pinned) claude CLI against tests/fake-api.py, offline.
#
#   tests/run-cli-offline.sh SCRIPT.json PROJECT_DIR STDIN.jsonl OUT.jsonl [extra claude args...]
#
# SCRIPT.json  reply script for the fake API ("-" = none: echo replies)
# PROJECT_DIR  the CLI's cwd (created if missing)
# STDIN.jsonl  stream-json lines fed to the CLI's stdin through a pipe (the CLI
#              silently does nothing and exits 0 when stdin is a regular file!);
#              the CLI finishes the current turn at EOF and exits, so a
#              can_use_tool cannot be answered this way: use tests/record.py for
#              interactive scenarios
# OUT.jsonl    the CLI's stdout; stderr goes to OUT.jsonl.stderr and the
#              fake API's request log to OUT.jsonl.api.jsonl
#
# HOME and CLAUDE_CONFIG_DIR are a throwaway dir under tests/.tmp (kept if
# KEEP_HOME=1 is set, its path is printed on stderr). Exit code = the CLI's.
set -euo pipefail
[ $# -ge 4 ] || { sed -n "2,18p" "$0" >&2; exit 2; }
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRIPT="$1" PROJECT="$2" STDIN="$3" OUT="$4"
shift 4

CLAUDE="$("$HERE/install-cli.sh" | tail -n1)"
mkdir -p "$PROJECT" "$HERE/.tmp"
PROJECT="$(cd "$PROJECT" && pwd)"
TMPHOME="$(mktemp -d "$HERE/.tmp/home.XXXXXX")"
: > "$OUT.api.jsonl"

script_args=()
[ "$SCRIPT" = "-" ] || script_args=(--script "$SCRIPT")
# The fake exits when our end of its stdin closes, i.e. when this script ends.
coproc FAKE { exec python3 "$HERE/fake-api.py" "${script_args[@]}" --log "$OUT.api.jsonl" --exit-on-stdin-eof; }
FAKE_PID=$FAKE_PID
cleanup() {
    kill "$FAKE_PID" 2>/dev/null || true
    if [ "${KEEP_HOME:-0}" = 1 ]; then echo "home kept: $TMPHOME" >&2; else rm -rf "$TMPHOME"; fi
}
trap cleanup EXIT
read -r word PORT <&"${FAKE[0]}"
[ "$word" = PORT ] || { echo "fake-api did not start" >&2; exit 1; }

rc=0
# Feed stdin through a pipe: with a regular file as stdin the CLI exits at once.
cat "$STDIN" | (
    cd "$PROJECT"
    exec env HOME="$TMPHOME" CLAUDE_CONFIG_DIR="$TMPHOME/.claude" \
        ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" ANTHROPIC_API_KEY=sk-test \
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 \
        "$CLAUDE" -p --input-format stream-json --output-format stream-json --verbose \
        --permission-prompt-tool stdio --include-partial-messages "$@"
) > "$OUT" 2> "$OUT.stderr" || rc=$?
exit $rc
