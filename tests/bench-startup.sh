#!/usr/bin/env bash
# Benchmark (prints figures, asserts nothing): time from launching Cairn to
# its first painted frame, and its peak RSS, under Xvfb, for both GTK
# renderers. Usage: tests/bench-startup.sh [path/to/cairn] [runs]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cairn="${1:-$here/../_build/src/cairn}"
runs="${2:-5}"
if [ -z "${DISPLAY:-}" ]; then
  exec "$here/run-headless.sh" "$0" "$cairn" "$runs"
fi
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="${GSETTINGS_SCHEMA_DIR:-$here/../_build/data}"
export CAIRN_REPORT_FIRST_FRAME=1 CAIRN_CLAUDE=/bin/true
project="$(mktemp -d)"
trap 'rm -rf "$project"' EXIT

for renderer in cairo gl; do
  times=() rss=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%6N)
    out=$(GSK_RENDERER=$renderer /usr/bin/time -f "maxrss-kb %M" "$cairn" --standalone "$project" 2>&1)
    frame=$(sed -n 's/^first-frame-realtime-us //p' <<< "$out")
    times+=($(( (frame - start) / 1000 )))
    rss+=($(sed -n 's/^maxrss-kb //p' <<< "$out"))
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  echo "startup renderer=$renderer runs=$runs first-frame-ms median=${sorted[$((runs / 2))]} min=${sorted[0]} max=${sorted[-1]} peak-rss-kb max=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)"
done
