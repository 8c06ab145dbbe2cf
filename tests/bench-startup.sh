#!/usr/bin/env bash
# Benchmark (prints figures, asserts nothing): time from launching Cairn to
# its first painted frame, and its peak RSS, under Xvfb, for both GTK
# renderers and for Cairn's own choice (GSK_RENDERER unset: "default"). Usage: tests/bench-startup.sh [path/to/cairn] [runs]
# With CAIRN_CORPORA="DIR..." (CLAUDE_CONFIG_DIRs made by
# tests/history-corpus.py), also on a project holding every conversation of
# each (tests/bench-corpus-project.sh), cairo and default: the window must not
# wait for the list (issue 27).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cairn="${1:-$here/../_build/src/cairn}"
runs="${2:-5}"
if [ -z "${DISPLAY:-}" ]; then
  exec "$here/run-headless.sh" "$0" "$cairn" "$runs"
fi
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="${GSETTINGS_SCHEMA_DIR:-$here/../_build/data}"
export CAIRN_REPORT_FIRST_FRAME=1 CAIRN_CLAUDE=/bin/true
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/bench-corpus-project.sh
. "$here/bench-corpus-project.sh"

# measure RENDERER PROJECT LABEL [env...]: runs Cairn on PROJECT, prints a line
measure() {
  local renderer="$1" project="$2" label="$3" times=() rss=() start out frame sorted choose
  shift 3
  # default: GSK_RENDERER unset, Cairn's own choice (cairo on software GL,
  # its verdict kept after the first launch on this display)
  if [ "$renderer" = default ]; then choose=(-u GSK_RENDERER); else choose=(GSK_RENDERER="$renderer"); fi
  for _ in $(seq "$runs"); do
    start=$(date +%s%6N)
    out=$(env "${choose[@]}" "$@" /usr/bin/time -f "maxrss-kb %M" "$cairn" --standalone "$project" 2>&1)
    frame=$(sed -n 's/^first-frame-realtime-us //p' <<< "$out")
    times+=($(( (frame - start) / 1000 )))
    rss+=($(sed -n 's/^maxrss-kb //p' <<< "$out"))
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  echo "startup renderer=$renderer$label runs=$runs first-frame-ms median=${sorted[$((runs / 2))]} min=${sorted[0]} max=${sorted[-1]} peak-rss-kb max=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)"
}

mkdir -p "$work/empty"
for renderer in cairo gl default; do
  measure "$renderer" "$work/empty" ""
done
for corpus in ${CAIRN_CORPORA:-}; do
  project="$(corpus_project "$corpus" "$work")"
  for renderer in cairo default; do
    measure "$renderer" "$project" " corpus=$(basename "$corpus")($(find "$work/config/projects" -name '*.jsonl' | wc -l))" \
      CLAUDE_CONFIG_DIR="$work/config" XDG_CACHE_HOME="$work/cache"
  done
done
