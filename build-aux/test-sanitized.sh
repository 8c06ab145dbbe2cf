#!/usr/bin/env bash
# Builds Cairn with AddressSanitizer and UndefinedBehaviorSanitizer into
# _asan/ and runs the core suite (leak checking on) and the integration
# suite (with the real CLI) under them. Run build-aux/test.sh first: it
# installs the packages and the pinned CLI this needs. Extra arguments go
# to `meson test`.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ ! -f "$top/_asan/build.ninja" ]; then
    meson setup "$top/_asan" "$top" -Db_sanitize=address,undefined -Db_lundef=false
fi
meson compile -C "$top/_asan"

export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# GLib hands out memory from slices that LeakSanitizer can't follow
export G_SLICE=always-malloc
# Full stacks in leak reports: GLib is built without frame pointers, so the
# fast unwinder stops at g_malloc and a report names no culprit.
ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0" \
    meson test -C "$top/_asan" --print-errorlogs --num-processes 2 --suite core "$@"
# The CLI and the UI libraries keep one-time allocations for the life of
# the process: leaks are checked in the core suite only.
ASAN_OPTIONS="detect_leaks=0" \
    meson test -C "$top/_asan" --print-errorlogs --num-processes 2 --suite integration "$@"
