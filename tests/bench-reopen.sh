#!/usr/bin/env bash
# Benchmark (prints figures, asserts nothing): the conversation reopened at
# launch, the biggest of the corpus (200 MB in tests/history-corpus.py's),
# through the real window under Xvfb. For each way it reopens, the time
# from launch to the first frame and to the frame that shows its last
# screen (its last message, scrolled to the end: Cairn's
# `last-screen-realtime-us`), the last screen minus the first frame, to
# the conversation read whole (`reopen-complete-realtime-us`), and the
# peak RSS until then; medians of the runs.
#   resume   `cairn --resume ID`
#   project  `cairn FOLDER`, whose last conversation it was
# Usage: tests/bench-reopen.sh [path/to/cairn] [runs]; the corpus is
# CAIRN_CORPUS (default tests/.corpus), left as it is.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cairn="$(realpath "${1:-$here/../_build/src/cairn}")"
runs="${2:-5}"
corpus="$(realpath "${CAIRN_CORPUS:-$here/.corpus}")"
if [ ! -d "$corpus/projects" ]; then
  echo "no corpus in $corpus: run python3 tests/history-corpus.py $corpus first"
  exit 77
fi
if [ -z "${DISPLAY:-}" ]; then
  exec "$here/run-headless.sh" "$0" "$cairn" "$runs"
fi
export GSETTINGS_SCHEMA_DIR="${GSETTINGS_SCHEMA_DIR:-$(dirname "$cairn")/../data}"
export CAIRN_REPORT_FIRST_FRAME=reopen-complete CAIRN_CLAUDE=/bin/true
big="$(ls -S "$corpus"/projects/*/*.jsonl | sed -n 1p)"
id="$(basename "$big" .jsonl)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The project reopen needs a folder that exists: one of ours, whose history
# folder (in a config folder of ours) is the big conversation's, and
# settings that name it as the project's last conversation.
project="$work/project"
mkdir -p "$project" "$work/config/projects" "$work/xdg/glib-2.0/settings"
ln -s "$(dirname "$big")" "$work/config/projects/$(sed 's/[^A-Za-z0-9]/-/g' <<< "$project")"
printf "[io/github/cairnapp/Cairn]\nlast-conversations={'%s': '%s'}\n" "$project" "$id" \
  > "$work/xdg/glib-2.0/settings/keyfile"

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run WAY: one launch; prints "first-frame-ms last-screen-ms complete-ms rss-kb"
run() {
  local out start frame last complete
  start=$(date +%s%6N)
  if [ "$1" = resume ]; then
    out=$(GSETTINGS_BACKEND=memory CLAUDE_CONFIG_DIR="$corpus" \
          timeout 120 /usr/bin/time -f "maxrss-kb %M" "$cairn" --resume "$id" 2>&1)
  else
    out=$(GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$work/xdg" CLAUDE_CONFIG_DIR="$work/config" \
          timeout 120 /usr/bin/time -f "maxrss-kb %M" "$cairn" "$project" 2>&1)
  fi
  frame=$(sed -n 's/^first-frame-realtime-us //p' <<< "$out")
  last=$(sed -n 's/^last-screen-realtime-us //p' <<< "$out")
  complete=$(sed -n 's/^reopen-complete-realtime-us //p' <<< "$out")
  if [ -z "$frame" ] || [ -z "$last" ] || [ -z "$complete" ]; then
    echo "reopen $1: no figures; Cairn said:" >&2
    echo "$out" >&2
    return 1
  fi
  echo "$(( (frame - start) / 1000 )) $(( (last - start) / 1000 )) $(( (complete - start) / 1000 ))" \
       "$(sed -n 's/^maxrss-kb //p' <<< "$out")"
}

echo "# $big: $(du -h "$big" | cut -f1), $runs runs each, medians (min–max)"
for way in resume project; do
  frames=() lasts=() afters=() completes=() rss=()
  for _ in $(seq "$runs"); do
    read -r frame last complete kb < <(run "$way")
    frames+=("$frame") lasts+=("$last") afters+=($((last - frame))) completes+=("$complete") rss+=("$kb")
  done
  range() { printf '%s (%s–%s)' "$(median "$@")" "$(printf '%s\n' "$@" | sort -n | head -n1)" \
                  "$(printf '%s\n' "$@" | sort -n | tail -n1)"; }
  echo "reopen $way first-frame-ms $(range "${frames[@]}")" \
       "last-screen-ms $(range "${lasts[@]}")" \
       "last-screen-after-first-frame-ms $(range "${afters[@]}")" \
       "complete-ms $(range "${completes[@]}")" \
       "peak-rss-mb $(( $(median "${rss[@]}") / 1024 ))"
done
