#!/usr/bin/env bash
# Run a command on a virtual screen with its own session bus, as the UI
# tests need (README.md "Tests"):
#
#   tests/run-headless.sh CMD [ARGS...]
#
# CMD runs under Xvfb (1280x800x24) and dbus-run-session, with a fresh
# private XDG_RUNTIME_DIR, GSK_RENDERER=cairo unless set, and accessibility
# on (NO_AT_BRIDGE unset). Its stdout (TAP) and exit status pass through.
#
# The bus starts services for the app (the accessibility bus, portals) and
# they are re-parented to init, so they are found afterwards by the
# XDG_RUNTIME_DIR they inherited, which is unique to this run, and stopped:
# nothing outlives the run or holds its output open.
# shellcheck disable=SC2317  # the functions run from traps
set -u

if [ $# -eq 0 ]; then
    echo "usage: $0 CMD [ARGS...]" >&2
    exit 2
fi
for tool in Xvfb dbus-run-session; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run-headless.sh: $tool not found; install xvfb and dbus" \
             "(README.md \"Tests\")" >&2
        exit 1
    fi
done

# CAIRN_HEADLESS_RUNTIME_DIR: a runtime dir that must not exist yet, made
# and removed here. The Flatpak checks use /run/user/UID: the document
# portal hands the sandbox paths under the host's runtime dir, which the
# sandbox has at /run/user/UID only.
if [ -n "${CAIRN_HEADLESS_RUNTIME_DIR:-}" ]; then
    runtime_dir="$CAIRN_HEADLESS_RUNTIME_DIR"
    mkdir -m 0700 "$runtime_dir" || exit 1
else
    runtime_dir="$(mktemp -d "${TMPDIR:-/tmp}/cairn-runtime-XXXXXX")" || exit 1
fi
chmod 0700 "$runtime_dir"

# Processes other than this script that still run with our runtime dir.
leftovers() {
    grep -lzxF "XDG_RUNTIME_DIR=$runtime_dir" /proc/[0-9]*/environ 2>/dev/null \
        | cut -d/ -f3 | grep -vx "$$"
}

# Those of the given pids still running: zombies don't count (init may be
# slow to reap them, or here never does).
running() {
    local pid state
    for pid in "$@"; do
        state="$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" || continue
        case "$state" in ''|Z|X) ;; *) echo "$pid" ;; esac
    done
}

stop_pids() {
    [ $# -gt 0 ] || return 0
    kill -TERM "$@" 2>/dev/null
    for _ in $(seq 20); do
        # shellcheck disable=SC2046
        set -- $(running "$@")
        [ $# -gt 0 ] || return 0
        sleep 0.1
    done
    kill -KILL "$@" 2>/dev/null
    return 0
}

cleanup() {
    # shellcheck disable=SC2046
    stop_pids $(leftovers)
    # xdg-document-portal mounts a FUSE file system here.
    if mountpoint -q "$runtime_dir/doc" 2>/dev/null; then
        fusermount3 -u -z "$runtime_dir/doc" 2>/dev/null ||
            fusermount -u -z "$runtime_dir/doc" 2>/dev/null
    fi
    rm -rf "$runtime_dir"
}
trap cleanup EXIT

export XDG_RUNTIME_DIR="$runtime_dir"
export GSK_RENDERER="${GSK_RENDERER:-cairo}"
unset NO_AT_BRIDGE

# The bus passes its environment to the services it starts: keep the
# test's G_DEBUG=fatal-warnings for CMD only, or a portal's harmless warning
# kills the portal.
cmd=("$@")
if [ -n "${G_DEBUG+set}" ]; then
    cmd=(env "G_DEBUG=$G_DEBUG" "$@")
fi
# The bus and the services it starts write to their stdout, which must not
# end up in CMD's (TAP): they get our stderr, CMD gets our stdout via fd 3.
stopping=
trap 'stopping=1; stop_pids $(leftovers)' TERM INT HUP

# Xvfb picks a free display itself and writes its number once it accepts
# connections (-displayfd). xvfb-run -a instead guesses a number and, if
# the X server then fails (its last user still shutting down), runs the
# command anyway without a display.
display_file="$runtime_dir/.display"
Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp -noreset \
    5>"$display_file" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do
    [ -s "$display_file" ] && break
    kill -0 "$xvfb" 2>/dev/null || break
    sleep 0.05
done
if [ ! -s "$display_file" ]; then
    echo "run-headless.sh: Xvfb did not start" >&2
    exit 1
fi
export DISPLAY=":$(tr -dc 0-9 < "$display_file")"

env -u G_DEBUG dbus-run-session -- sh -c 'exec "$@" >&3 3>&-' \
    run-headless "${cmd[@]}" 3>&1 >&2 <&0 &
child=$!
while true; do
    wait "$child"
    rc=$?
    kill -0 "$child" 2>/dev/null || break
done
exit "$rc"
