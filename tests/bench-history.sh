#!/usr/bin/env bash
# Cairn's history core beside the official Agent SDK, on the same corpus,
# in one run (figures and ratios; asserts nothing):
#
#   tests/bench-history.sh BENCH-HISTORY-BINARY [BENCH-UI-BINARY]
#
# With bench-ui, it also opens the biggest conversation in a window and
# scrolls it (under Xvfb, through run-headless.sh).
#
# The corpus is tests/.corpus (make it with tests/history-corpus.py, about
# 2 GB, once); the SDK is installed by tests/install-sdk.sh. Without either
# it says so and exits 77 (skipped).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH="${1:?usage: $0 BENCH-HISTORY-BINARY [BENCH-UI-BINARY]}"
BENCH_UI="${2:-}"
CORPUS="${CAIRN_CORPUS:-$HERE/.corpus}"

if [ ! -d "$CORPUS/projects" ]; then
    echo "no corpus in $CORPUS: run python3 tests/history-corpus.py $CORPUS first"
    exit 77
fi
SDK="$("$HERE/install-sdk.sh" 2>/dev/null | tail -n1)" || SDK=""
export CLAUDE_CONFIG_DIR="$CORPUS"
BIG="$(ls -S "$CORPUS"/projects/*/*.jsonl | head -n1)"
BIG_ID="$(basename "$BIG" .jsonl)"

# runs a command, prints its figures and its peak RSS (MB) as PREFIX-peak-rss-mb
measure() {
    local prefix="$1"; shift
    local out rss
    out="$(mktemp)"
    /usr/bin/time -f "%M" -o "$out.rss" "$@" > "$out" 2>/dev/null
    cat "$out"
    rss="$(tail -n1 "$out.rss")"
    echo "$prefix-process-peak-rss-mb $((rss / 1024))"
    rm -f "$out" "$out.rss"
}

figure() { grep "^$2 " "$1" | awk '{print $2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

cairn="$(mktemp)"; sdk="$(mktemp)"
echo "# corpus: $(du -sh "$CORPUS" | cut -f1), $(ls "$CORPUS"/projects/*/*.jsonl | wc -l) conversations;" \
     "the big one: $(du -h "$BIG" | cut -f1)"
{
    measure list "$BENCH" list
    measure open "$BENCH" open "$BIG"
    measure search "$BENCH" search "needle two"
} > "$cairn"
sed 's/^/cairn /' "$cairn"
if [ -n "$BENCH_UI" ]; then
    echo "# scrolling the opened conversation (bench-ui's scroll, on its rows):"
    CAIRN_BENCH_HISTORY="$BIG" "$HERE/run-headless.sh" "$BENCH_UI" 2>/dev/null \
        | grep -E "^bench-ui (first-frame|scroll)" | sed 's/^/cairn /'
fi
if [ -n "$SDK" ] && command -v node >/dev/null; then
    {
        measure list node "$HERE/bench-sdk.mjs" "$SDK" list
        measure open node "$HERE/bench-sdk.mjs" "$SDK" open "$BIG_ID"
    } > "$sdk"
    sed 's/^/sdk   /' "$sdk"
    echo "ratio list-cold (sdk/cairn time)     $(ratio "$(figure "$sdk" list-cold-s)" "$(figure "$cairn" list-cold-s)")"
    echo "ratio list-warm (sdk/cairn time)     $(ratio "$(figure "$sdk" list-warm-s)" "$(figure "$cairn" list-warm-s)")"
    echo "ratio list RSS (cairn/sdk)           $(ratio "$(figure "$cairn" list-process-peak-rss-mb)" "$(figure "$sdk" list-process-peak-rss-mb)")"
    echo "ratio open messages/s (cairn/sdk)    $(ratio "$(figure "$cairn" open-messages-per-s)" "$(figure "$sdk" open-messages-per-s)")"
    echo "ratio open peak RSS (cairn/sdk)      $(ratio "$(figure "$cairn" open-process-peak-rss-mb)" "$(figure "$sdk" open-process-peak-rss-mb)")"
else
    echo "# the official SDK is not installed (tests/install-sdk.sh): Cairn's figures only"
fi
rm -f "$cairn" "$sdk"
