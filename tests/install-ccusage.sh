#!/usr/bin/env bash
# Install ccusage (npm) into tests/.ccusage (git-ignored), for the usage
# benchmark and its comparison of totals only: Cairn never uses it.
# Prints the path of its command.
#
#   tests/install-ccusage.sh
set -euo pipefail

# 20.0.24: the newest whose native linux-x64 build (@ccusage/ccusage-linux-x64, an
# optional dependency: without it the command only says so) is on npm
VERSION="${CAIRN_CCUSAGE_VERSION:-20.0.24}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX="$HERE/.ccusage"
PKG="$PREFIX/node_modules/ccusage"

installed_version() {
    [ -f "$PKG/package.json" ] || return 1
    [ -d "$PREFIX/node_modules/@ccusage" ] || return 1   # the native build
    node -e 'console.log(require(process.argv[1]).version)' "$PKG/package.json"
}

if [ "$(installed_version 2>/dev/null || true)" != "$VERSION" ]; then
    command -v npm >/dev/null || { echo "install-ccusage.sh: npm not found" >&2; exit 1; }
    mkdir -p "$PREFIX"
    npm install --prefix "$PREFIX" --no-audit --no-fund --no-save "ccusage@$VERSION" >&2
fi
echo "$PREFIX/node_modules/.bin/ccusage"
