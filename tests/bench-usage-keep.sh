#!/usr/bin/env bash
# What the usage window's reloads write while a conversation runs: a
# minute of `cairn --usage daily --json` every 5 s (as the window reloads)
# on a copy of a corpus, one session file growing by a real reply line
# before each. Prints each load's bytes written (write_bytes of /proc/PID/io,
# this shell's, which gathers its children's), whether the index (usage-1)
# and the kept result (usage-1-result) were written, and the totals. The copy is hard links
# but for the file that grows (a copy of its own): the corpus is left as
# it is. The index and the result are made first and dated two minutes
# back, as a window opened on a history that was quiet finds them.
#
#   tests/bench-usage-keep.sh [CAIRN] [CORPUS]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CAIRN="${1:-$HERE/../_build/src/cairn}"
CORPUS="${2:-/work/corpus-usage-16k}"
LOADS=12
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

[ -d "$CORPUS/projects" ] || { echo "bench-usage-keep.sh: no corpus at $CORPUS" >&2; exit 77; }
cp -al "$CORPUS" "$WORK/corpus"
GROWN="$(find "$WORK/corpus/projects" -name '*.jsonl' -size +20k | sort | sed -n 1p)"
cp --remove-destination "$CORPUS/projects/${GROWN#"$WORK/corpus/projects/"}" "$GROWN"
LINE="$(grep -m 1 '"type":"assistant"' "$GROWN")"
export CLAUDE_CONFIG_DIR="$WORK/corpus" XDG_CACHE_HOME="$WORK/cache" TZ=UTC
INDEX="$XDG_CACHE_HOME/cairn/usage-1"
RESULT="$INDEX-result"

written() { awk '/^write_bytes/ { print $2 }' /proc/$$/io; }

"$CAIRN" --usage daily --json >/dev/null
touch -d '2 minutes ago' "$INDEX" "$RESULT"
echo "corpus: $(find "$WORK/corpus/projects" -name '*.jsonl' | wc -l) files; index $(stat -c %s "$INDEX") bytes, result $(stat -c %s "$RESULT") bytes"
total=0 results=0 indexes=0 start=$SECONDS
for i in $(seq "$LOADS"); do
    # a new request each time: the line's message id made unique
    echo "${LINE/\"id\":\"msg_/\"id\":\"msg_keep${i}_}" >>"$GROWN"
    before_inode="$(stat -c %i "$RESULT")" before_index="$(stat -c %i "$INDEX")" before="$(written)"
    "$CAIRN" --usage daily --json >"$WORK/out.json"
    bytes=$(($(written) - before))
    kept=no indexed=no
    [ "$(stat -c %i "$RESULT")" != "$before_inode" ] && kept=yes results=$((results + 1))
    [ "$(stat -c %i "$INDEX")" != "$before_index" ] && indexed=yes indexes=$((indexes + 1))
    total=$((total + bytes))
    echo "load $i at $((SECONDS - start)) s: $bytes bytes written, index written: $indexed, result written: $kept"
    [ "$i" -lt "$LOADS" ] && sleep 5
done
echo "a minute, $LOADS loads: $total bytes written, the index written $indexes times, the result $results times"
python3 -c 'import json, sys; t = json.load(open(sys.argv[1]))["totals"]; print("totals:", t)' "$WORK/out.json"
