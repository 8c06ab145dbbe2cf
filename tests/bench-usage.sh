#!/usr/bin/env bash
# The usage figures against ccusage on one corpus: `cairn --usage daily
# --json` on a first run (no index: a fresh XDG_CACHE_HOME) and once the
# index is there, beside `ccusage daily --json --offline` (20.x, npm,
# tests/install-ccusage.sh); wall time and peak RSS (median of RUNS), the
# ratios, and the totals compared (tokens exactly, cost within 0.5 %). ccusage
# runs its Claude report (`claude daily`): plain `daily` also looks for other
# agents' folders, and names the day `period`.
#
#   python3 tests/history-corpus.py --usage /work/corpus-usage     # once
#   tests/bench-usage.sh [CAIRN] [CORPUS] [RUNS]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CAIRN="${1:-$HERE/../_build/src/cairn}"
CORPUS="${2:-${CAIRN_USAGE_CORPUS:-/work/corpus-usage}}"
RUNS="${3:-3}"
CCUSAGE="$("$HERE/install-ccusage.sh")"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

[ -d "$CORPUS/projects" ] || { echo "bench-usage.sh: no corpus at $CORPUS (see above)" >&2; exit 77; }
export CLAUDE_CONFIG_DIR="$CORPUS" TZ=UTC

# one run: "seconds peak-KB", its stdout in $WORK/out.json
measure() {
    /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" >"$WORK/out.json" 2>"$WORK/err" ||
        { cat "$WORK/err" >&2; exit 1; }
    cat "$WORK/time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

run_series() {   # name command…: prints "name seconds peak-KB"
    local name="$1"; shift
    : >"$WORK/series"
    for _ in $(seq "$RUNS"); do
        [ "$name" = cairn-cold ] && rm -rf "$WORK/cache"
        measure "$@" >>"$WORK/series"
    done
    echo "$name $(cut -d' ' -f1 "$WORK/series" | median) $(cut -d' ' -f2 "$WORK/series" | median)"
}

export XDG_CACHE_HOME="$WORK/cache"
du -sh "$CORPUS/projects" | sed 's/^/corpus: /'
echo "corpus files: $(find "$CORPUS/projects" -name '*.jsonl' | wc -l)"
run_series ccusage "$CCUSAGE" claude daily --json --offline | tee "$WORK/figures"
cp "$WORK/out.json" "$WORK/ccusage.json"
run_series cairn-cold "$CAIRN" --usage daily --json | tee -a "$WORK/figures"
run_series cairn-warm "$CAIRN" --usage daily --json | tee -a "$WORK/figures"
cp "$WORK/out.json" "$WORK/cairn.json"
awk '{ t[$1] = $2; m[$1] = $3 }
     END { printf "cold: %.1f%% of ccusage'"'"'s time, %.1f%% of its peak RSS\n", 100 * t["cairn-cold"] / t["ccusage"], 100 * m["cairn-cold"] / m["ccusage"];
           printf "warm: %.1f%% of ccusage'"'"'s time, %.1f%% of its peak RSS\n", 100 * t["cairn-warm"] / t["ccusage"], 100 * m["cairn-warm"] / m["ccusage"] }' "$WORK/figures"
python3 "$HERE/compare-usage.py" "$WORK/ccusage.json" "$WORK/cairn.json"
