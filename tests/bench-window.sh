#!/usr/bin/env bash
# Benchmark (prints figures, asserts nothing): what a user sees of a big
# history, from launch, through the real window under Xvfb:
#
#   tests/bench-window.sh [path/to/cairn] [runs]
#
# For each corpus in $CAIRN_CORPORA (CLAUDE_CONFIG_DIRs made by
# tests/history-corpus.py; default tests/.corpus), every conversation of it
# is put in one project (tests/bench-corpus-project.sh), so the sidebar
# lists them all. Cairn runs with
# CAIRN_REPORT_FIRST_FRAME=all and prints when the frame that shows each
# event was painted; this prints them minus the launch time (ms):
#   first-frame      the window's first frame
#   title-shown      the newest conversation's title drawn in the sidebar
#                    (and title-after-items: from the first conversations
#                    given to the sidebar to then, the sidebar's own part)
#   list-complete    the whole list read
#   search-first-hit Ctrl+K and a word (typed once the list is complete):
#   search-complete  its first result, and the search done (both also
#                    from the moment the search started)
# and the peak RSS. A fresh $XDG_CACHE_HOME each run: no list cache is warm
# (the files themselves are in the page cache after the first run).
# CAIRN_BENCH_WORD is the word searched (default "linker"; empty: no
# search, so the peak RSS is the list's alone).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cairn="$(realpath "${1:-$here/../_build/src/cairn}")"
runs="${2:-3}"
if [ -z "${DISPLAY:-}" ]; then
  exec "$here/run-headless.sh" "$0" "$cairn" "$runs"
fi
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="${GSETTINGS_SCHEMA_DIR:-$here/../_build/data}"
export CAIRN_REPORT_FIRST_FRAME=all CAIRN_CLAUDE=/bin/true GSK_RENDERER="${GSK_RENDERER:-cairo}"
word="${CAIRN_BENCH_WORD-linker}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/bench-corpus-project.sh
. "$here/bench-corpus-project.sh"

# The figure named $2 in Cairn's output $1, minus $3, in ms ("-": none).
since() {
  local t
  t=$(sed -n "s/^$2-realtime-us //p" "$1" | head -n1)
  if [ -n "$t" ]; then echo $(( (t - $3) / 1000 )); else echo "-"; fi
}

# Waits up to $2 s for a line starting with $3 in file $1, while $timer runs.
wait_line() {
  for _ in $(seq $(( $2 * 10 ))); do
    grep -q "^$3" "$1" && return 0
    kill -0 "$timer" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

median() { printf '%s\n' "$@" | grep -v '^-$' | sort -n | awk '{a[NR]=$1} END {print (NR ? a[int((NR+1)/2)] : "-")}'; }

for corpus in ${CAIRN_CORPORA:-$here/.corpus}; do
  project="$(corpus_project "$corpus" "$work")"
  n=$(find "$work/config/projects" -name '*.jsonl' | wc -l)
  declare -A fig=()
  for run in $(seq "$runs"); do
    out="$work/out" rss="$work/rss"
    rm -rf "$work/cache" && mkdir -p "$work/cache"
    start=$(date +%s%6N)
    CLAUDE_CONFIG_DIR="$work/config" XDG_CACHE_HOME="$work/cache" \
      /usr/bin/time -f "%M" -o "$rss" "$cairn" --standalone "$project" > "$out" 2>/dev/null &
    timer=$!
    if wait_line "$out" 60 list-complete && [ -n "$word" ]; then
      sleep 0.5
      xdotool key ctrl+k && xdotool type --delay 0 "$word"
      wait_line "$out" 60 search-complete || true
    fi
    sleep 0.3
    kill "$(pgrep -P "$timer")" 2>/dev/null || true
    wait "$timer" || true
    search=$(sed -n 's/^search-start-realtime-us //p' "$out" | head -n1)
    items=$(sed -n 's/^list-items-realtime-us //p' "$out" | head -n1)
    fig[title-after-items]+=" $(if [ -n "$items" ]; then since "$out" title-shown "$items"; else echo -; fi)"
    for event in first-frame title-shown list-complete search-first-hit search-complete; do
      fig[$event]+=" $(since "$out" "$event" "$start")"
    done
    for event in search-first-hit search-complete; do
      fig[$event-after-start]+=" $(if [ -n "$search" ]; then since "$out" "$event" "$search"; else echo -; fi)"
    done
    fig[peak-rss-mb]+=" $(( $(tail -n1 "$rss" | grep -o '[0-9]*$' || echo 0) / 1024 ))"
  done
  echo "# $corpus: $n conversations in one project, $runs runs, ms from launch (search: also from its start)"
  for key in first-frame title-shown title-after-items list-complete search-first-hit search-first-hit-after-start \
             search-complete search-complete-after-start peak-rss-mb; do
    # shellcheck disable=SC2086
    echo "window $(basename "$corpus") $key median $(median ${fig[$key]}) all${fig[$key]}"
  done
  unset fig
done
