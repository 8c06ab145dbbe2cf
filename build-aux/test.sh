#!/usr/bin/env bash
# Installs what is missing (packages and the pinned Claude Code CLI), builds
# Cairn and runs the whole test suite headless (Xvfb). Extra arguments go to
# `meson test` (for example `--suite core`).
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/build-aux/deps.sh"

cairn_install_missing $CAIRN_BUILD_PACKAGES $CAIRN_TEST_PACKAGES
"$top/tests/install-cli.sh" >/dev/null
cairn_build "$top"
meson test -C "$top/_build" --print-errorlogs --num-processes 2 "$@"
