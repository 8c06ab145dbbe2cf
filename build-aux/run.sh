#!/usr/bin/env bash
# Installs what is missing, builds Cairn and runs it on FOLDER (default: the
# current folder) without installing it. Extra arguments go to cairn.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/build-aux/deps.sh"

cairn_install_missing $CAIRN_BUILD_PACKAGES
cairn_build "$top"
# The schema lives in the build tree until Cairn is installed.
export GSETTINGS_SCHEMA_DIR="$top/_build/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
exec "$top/_build/src/cairn" --standalone "$@"
