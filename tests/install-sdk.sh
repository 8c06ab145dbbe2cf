#!/usr/bin/env bash
# Install the official Claude Agent SDK into tests/.sdk (git-ignored), for
# the history benchmarks only: Cairn never uses it. Prints the package dir.
#
#   tests/install-sdk.sh
set -euo pipefail

VERSION="${CAIRN_SDK_VERSION:-0.3.330}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX="$HERE/.sdk"
PKG="$PREFIX/node_modules/@anthropic-ai/claude-agent-sdk"

installed_version() {
    [ -f "$PKG/package.json" ] || return 1
    node -e 'console.log(require(process.argv[1]).version)' "$PKG/package.json"
}

if [ "$(installed_version 2>/dev/null || true)" != "$VERSION" ]; then
    command -v npm >/dev/null || { echo "install-sdk.sh: npm not found" >&2; exit 1; }
    mkdir -p "$PREFIX"
    npm install --prefix "$PREFIX" --no-audit --no-fund --no-save --ignore-scripts \
        "@anthropic-ai/claude-agent-sdk@$VERSION" >&2
fi
echo "$PKG"
