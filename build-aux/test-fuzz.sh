#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/) with clang into _fuzz/ and runs
# each for 60 s, two at a time, seeded from the recordings in
# tests/data. A crash, a sanitizer report or a CRITICAL fails the run and
# leaves the input that caused it in _fuzz/ (crash-*). Installs clang if
# it is missing. Longer runs: README "Fuzzing".
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/build-aux/deps.sh"

cairn_install_missing clang
if [ ! -f "$top/_fuzz/build.ninja" ]; then
    CC=clang meson setup "$top/_fuzz" "$top" -Dfuzzing=true \
        -Db_sanitize=address,undefined -Db_lundef=false
fi
meson compile -C "$top/_fuzz"
# Two cores: two targets at a time (each fuzzes on one).
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    meson test -C "$top/_fuzz" --print-errorlogs --num-processes 2 --suite fuzz "$@"
