#!/usr/bin/env bash
# Install the pinned Claude Code CLI into tests/.cli (git-ignored), idempotently.
# Works from any cwd. The last line on stdout is the absolute path of the binary.
#
#   tests/install-cli.sh            # install the pin (tests/cli-version), print path
#   CAIRN_CLI_VERSION=x.y.z tests/install-cli.sh   # (override the pin; not for CI)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The pin is in tests/cli-version, where the test suite reads it too.
VERSION="${CAIRN_CLI_VERSION:-$(cat "$HERE/cli-version")}"
PREFIX="$HERE/.cli"
BIN="$PREFIX/node_modules/.bin/claude"

installed_version() {
    [ -x "$BIN" ] || return 1
    # `claude --version` prints e.g. "2.1.330 (Claude Code)"
    "$BIN" --version 2>/dev/null | head -n1 | awk '{print $1}'
}

if [ "$(installed_version || true)" != "$VERSION" ]; then
    command -v npm >/dev/null || { echo "install-cli.sh: npm not found" >&2; exit 1; }
    mkdir -p "$PREFIX"
    echo "install-cli.sh: installing @anthropic-ai/claude-code@$VERSION into $PREFIX" >&2
    # Keep npm's own chatter off stdout: the caller reads our last stdout line.
    npm install --prefix "$PREFIX" --no-audit --no-fund --no-save \
        "@anthropic-ai/claude-code@$VERSION" >&2
    got="$(installed_version || true)"
    pkgdir="$PREFIX/node_modules/@anthropic-ai/claude-code"
    if [ "$got" != "$VERSION" ] && [ -f "$pkgdir/install.cjs" ]; then
        # npm ran with ignore-scripts: the postinstall that copies the native
        # binary over the bin/claude.exe placeholder did not run. Run it now.
        echo "install-cli.sh: running the package's postinstall by hand" >&2
        (cd "$pkgdir" && node install.cjs) >&2
        got="$(installed_version || true)"
    fi
    if [ "$got" != "$VERSION" ]; then
        echo "install-cli.sh: $BIN --version gave '${got}', expected $VERSION" >&2
        exit 1
    fi
fi

echo "$BIN"
