#!/usr/bin/env bash
# What a user sees of a big history, through Cairn's window, beside the
# official Agent SDK on the same corpus, in one run (figures and ratios;
# asserts nothing):
#
#   tests/bench-history.sh [path/to/cairn] [runs]
#
# For each corpus in $CAIRN_CORPORA (CLAUDE_CONFIG_DIRs made by
# tests/history-corpus.py; default tests/.corpus):
#   - tests/bench-window.sh, every conversation in one project, medians of
#     the runs: the first frame, the newest title on screen, the whole
#     list read, Ctrl+K's first result and its end (from launch and from
#     the search's start), and the peak RSS of one more run without the
#     search (the list's own);
#   - tests/bench-reopen.sh on the corpus's biggest conversation,
#     `cairn --resume ID`: its last screen from launch and after the first
#     frame, the whole conversation read, the peak RSS;
#   - the SDK (tests/install-sdk.sh): listSessions (every conversation,
#     as the list) and getSessionMessages on the biggest one, with their
#     peak RSS; and the ratios SDK / Cairn (time) and Cairn / SDK (RSS).
# One line a figure: "history CORPUS FIGURE cairn N sdk N ratio N" ("-":
# none). Without a corpus it says so and exits 77 (skipped); without the
# SDK, Cairn's figures only.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cairn="$(realpath "${1:-$here/../_build/src/cairn}")"
runs="${2:-3}"
export GSETTINGS_SCHEMA_DIR="${GSETTINGS_SCHEMA_DIR:-$(dirname "$cairn")/../data}"
corpora="${CAIRN_CORPORA:-$here/.corpus}"
for corpus in $corpora; do
  if [ ! -d "$corpus/projects" ]; then
    echo "no corpus in $corpus: run python3 tests/history-corpus.py $corpus first"
    exit 77
  fi
done
sdk="$("$here/install-sdk.sh" 2>/dev/null | tail -n1)" || sdk=""
command -v node > /dev/null || sdk=""
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The value of figure $2 ("NAME VALUE" lines) in file $1, "-" when none.
figure() { awk -v k="$2" '$1 == k { print $2; found = 1; exit } END { if (!found) print "-" }' "$1"; }
# $1 / $2, "-" when either is missing.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a != "-" && b != "-" && b > 0) printf "%.2f", a / b; else print "-" }'
}
s_to_ms() { awk -v s="$1" 'BEGIN { if (s == "-") print "-"; else printf "%d", s * 1000 }'; }
# line CORPUS FIGURE CAIRN [SDK RATIO]
line() { echo "history $1 $2 cairn $3 sdk ${4:--} ratio ${5:--}"; }

# runs the SDK's command $2… with CLAUDE_CONFIG_DIR=$1; figures and
# peak-rss-mb on stdout
sdk_measure() {
  local config="$1"; shift
  CLAUDE_CONFIG_DIR="$config" /usr/bin/time -f "%M" -o "$work/sdk.rss" \
    node "$here/bench-sdk.mjs" "$sdk" "$@" 2>/dev/null
  echo "peak-rss-mb $(( $(tail -n1 "$work/sdk.rss") / 1024 ))"
}

for corpus in $corpora; do
  name="$(basename "$corpus")"
  big="$(ls -S "$corpus"/projects/*/*.jsonl | head -n1)"
  echo "# $name: $(find "$corpus/projects" -name '*.jsonl' | wc -l) conversations, $(du -sh "$corpus" | cut -f1)," \
       "the biggest $(du -h "$big" | cut -f1); Cairn: medians of $runs runs"
  # the window: "window NAME FIGURE median N all …" → "FIGURE N"
  CAIRN_CORPORA="$corpus" "$here/bench-window.sh" "$cairn" "$runs" 2>/dev/null \
    | awk '$1 == "window" { print $3, $5 }' > "$work/window"
  CAIRN_BENCH_WORD='' CAIRN_CORPORA="$corpus" "$here/bench-window.sh" "$cairn" 1 2>/dev/null \
    | awk '$1 == "window" && $3 == "peak-rss-mb" { print "list-peak-rss-mb", $5 }' >> "$work/window"
  # the reopen: "reopen resume first-frame-ms M (a–b) last-screen-ms M …" → "FIGURE M"
  CAIRN_CORPUS="$corpus" "$here/bench-reopen.sh" "$cairn" "$runs" 2>/dev/null \
    | awk '$2 == "resume" { for (i = 3; i < NF; i++) if ($i ~ /-(ms|mb)$/) print $i, $(i + 1) }' > "$work/reopen"
  : > "$work/sdk-list"; : > "$work/sdk-open"
  if [ -n "$sdk" ]; then
    sdk_measure "$corpus" list > "$work/sdk-list"
    sdk_measure "$corpus" open "$(basename "$big" .jsonl)" > "$work/sdk-open"
  fi
  sdk_list_ms="$(s_to_ms "$(figure "$work/sdk-list" list-cold-s)")"
  sdk_open_ms="$(s_to_ms "$(figure "$work/sdk-open" open-whole-s)")"
  sdk_list_rss="$(figure "$work/sdk-list" peak-rss-mb)"
  sdk_open_rss="$(figure "$work/sdk-open" peak-rss-mb)"

  line "$name" first-frame-ms "$(figure "$work/window" first-frame)"
  for event in title-shown list-complete; do
    value="$(figure "$work/window" "$event")"
    line "$name" "$event-ms" "$value" "$sdk_list_ms" "$(ratio "$sdk_list_ms" "$value")"
  done
  for event in search-first-hit search-complete; do
    line "$name" "$event-ms" "$(figure "$work/window" "$event")"
    line "$name" "$event-after-start-ms" "$(figure "$work/window" "$event-after-start")"
  done
  value="$(figure "$work/window" list-peak-rss-mb)"
  line "$name" list-peak-rss-mb "$value" "$sdk_list_rss" "$(ratio "$value" "$sdk_list_rss")"
  line "$name" search-peak-rss-mb "$(figure "$work/window" peak-rss-mb)"
  line "$name" reopen-first-frame-ms "$(figure "$work/reopen" first-frame-ms)"
  value="$(figure "$work/reopen" last-screen-ms)"
  line "$name" reopen-last-screen-ms "$value" "$sdk_open_ms" "$(ratio "$sdk_open_ms" "$value")"
  line "$name" reopen-last-screen-after-first-frame-ms "$(figure "$work/reopen" last-screen-after-first-frame-ms)"
  value="$(figure "$work/reopen" complete-ms)"
  line "$name" reopen-complete-ms "$value" "$sdk_open_ms" "$(ratio "$sdk_open_ms" "$value")"
  value="$(figure "$work/reopen" peak-rss-mb)"
  line "$name" reopen-peak-rss-mb "$value" "$sdk_open_rss" "$(ratio "$value" "$sdk_open_rss")"
  [ -n "$sdk" ] || echo "# the official SDK is not installed (tests/install-sdk.sh): Cairn's figures only"
done
