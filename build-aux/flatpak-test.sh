#!/usr/bin/env bash
# The Flatpak built and run for real (README.md "The Flatpak, for real"):
#
#   build-aux/flatpak-test.sh [--no-build | --build-only]
#
# 1. Makes once, cached, a stand-in runtime and SDK from Debian 12 packages
#    (io.github.cairnapp.Stand.Platform and .Sdk, branch 12: a test stand-in
#    for org.gnome.Platform, which can't be downloaded here), committed to a
#    local repo and installed with `flatpak --user`.
# 2. Builds flatpak/io.github.cairnapp.Cairn.json against it with
#    flatpak-builder (a test variant: only the runtime swapped, and md4c and
#    VTE taken from the stand-in runtime instead of downloaded) and installs
#    the app with `flatpak --user` (--no-build: use the one installed;
#    --build-only: stop here). Two runs on one machine take turns (the
#    document portal's mount, /run/user/UID), and a build too: the end of
#    a run ends every process with XDG_RUNTIME_DIR=/run/user/UID, which
#    flatpak-builder's build sandbox has (README.md "The Flatpak, for real").
# 3. Runs tests/flatpak-checks.py: the sandbox checks, under Xvfb with a
#    private session bus where xdg-desktop-portal and its GTK backend run,
#    with the real pinned CLI on the host and tests/fake-api.py; then, if
#    they pass, tests/flatpak-startup.py prints the first frame's time in
#    the sandbox and outside it (not after only some checks:
#    CAIRN_FLATPAK_ONLY=name,name).
#
# Caches (outside the tree): $CAIRN_FLATPAK_CACHE, by default
# ~/.cache/cairn-flatpak-test: the Debian trees, the ostree repo, the .debs,
# flatpak-builder's state and build folder, the checks' throwaway HOME.
set -euo pipefail
TOP="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${CAIRN_FLATPAK_CACHE:-$HOME/.cache/cairn-flatpak-test}"
STAND=io.github.cairnapp.Stand
BRANCH=12
APP=io.github.cairnapp.Cairn
REMOTE=cairn-stand
build=1
checks=1
[ "${1:-}" = --no-build ] && build=0
[ "${1:-}" = --build-only ] && checks=0

# shellcheck source=deps.sh
. "$TOP/build-aux/deps.sh"
cairn_install_missing $CAIRN_FLATPAK_TEST_PACKAGES
mkdir -p "$CACHE"
say () { echo "flatpak-test: [$(date -u +%T)] $*" >&2; }

# What Cairn links (GTK 4.8, libadwaita 1.2, GtkSourceView 5.6, json-glib,
# md4c, VTE for GTK 4), what it draws with (fonts, icons, pixbuf loaders,
# schemas) and flatpak-spawn (flatpak-xdg-utils).
PLATFORM_PACKAGES="libgtk-4-1 libadwaita-1-0 libgtksourceview-5-0 libjson-glib-1.0-0 libmd4c0 \
  libvte-2.91-gtk4-0 libepoxy0 libgdk-pixbuf-2.0-0 librsvg2-common webp-pixbuf-loader \
  flatpak-xdg-utils fonts-cantarell fonts-dejavu-core adwaita-icon-theme hicolor-icon-theme \
  gsettings-desktop-schemas shared-mime-info libglib2.0-bin"
# flatpak-builder runs appstream-compose (appstream-util) after the build.
SDK_PACKAGES="$PLATFORM_PACKAGES build-essential meson ninja-build pkg-config gettext cmake \
  libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev \
  libvte-2.91-gtk4-dev libjson-glib-dev libmd4c-dev libgdk-pixbuf-2.0-dev libepoxy-dev \
  desktop-file-utils appstream appstream-util python3"

# A Debian 12 tree made into a runtime: its /usr is the runtime's files,
# /etc goes to /usr/etc, which flatpak shows as the sandbox's /etc.
make_tree () {
    local name="$1" packages="$2" dir="$CACHE/$1"
    rm -rf "$dir"
    mkdir -p "$dir" "$CACHE/debs"
    say "mmdebstrap $name"
    mmdebstrap --variant=essential --mode=root --format=directory \
        --include="$(echo $packages | tr ' ' ',')" \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
        --dpkgopt='path-exclude=/usr/share/gtk-doc/*' \
        --skip=essential/unlink \
        --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
        --setup-hook="sync-in $CACHE/debs /var/cache/apt/archives/" \
        --customize-hook="sync-out /var/cache/apt/archives $CACHE/debs" \
        bookworm "$dir/files" >"$CACHE/$name.log" 2>&1 \
        || { tail -20 "$CACHE/$name.log" >&2; exit 1; }
    # not merged-usr: then the loader and /bin would be lost with the rest
    for top in bin sbin lib lib64; do
        if [ -d "$dir/files/$top" ] && [ ! -L "$dir/files/$top" ]; then
            cp -a "$dir/files/$top/." "$dir/files/usr/$top/"
        fi
    done
    # GNOME's runtime has flatpak-spawn on PATH; Debian keeps it in libexec
    ln -sf ../libexec/flatpak-xdg-utils/flatpak-spawn "$dir/files/usr/bin/flatpak-spawn"
    rm -rf "$dir/files/usr/etc"
    cp -a "$dir/files/etc" "$dir/files/usr/etc"
    cat > "$dir/metadata" <<EOF
[Runtime]
name=$STAND.$name
runtime=$STAND.Platform/x86_64/$BRANCH
sdk=$STAND.Sdk/x86_64/$BRANCH
EOF
    say "exporting $name"
    flatpak build-export --runtime --files=files/usr "$CACHE/repo" "$dir" "$BRANCH" \
        >>"$CACHE/$name.log" 2>&1
}

# Each of the two once: installed, it is not made again.
make_runtime () {
    local name packages
    for name in Platform Sdk; do
        if flatpak --user info "$STAND.$name//$BRANCH" >/dev/null 2>&1; then
            say "stand-in $name installed already"
            continue
        fi
        packages="$PLATFORM_PACKAGES"
        [ $name = Sdk ] && packages="$SDK_PACKAGES"
        make_tree $name "$packages"
        flatpak build-update-repo "$CACHE/repo" >/dev/null
        flatpak --user remote-add --if-not-exists --no-gpg-verify "$REMOTE" "$CACHE/repo"
        say "installing the stand-in $name"
        flatpak --user install -y --noninteractive "$REMOTE" "$STAND.$name//$BRANCH" >/dev/null
        # in the repo and installed: only the .debs are kept
        rm -rf "${CACHE:?}/$name"
    done
}

build_app () {
    local manifest="$CACHE/$APP.json"
    python3 "$TOP/build-aux/flatpak-test-manifest.py" "$TOP/flatpak/$APP.json" "$TOP" > "$manifest"
    say "flatpak-builder (log: $CACHE/builder.log)"
    local start=$SECONDS
    flatpak-builder --user --install --force-clean --disable-rofiles-fuse \
        --state-dir="$CACHE/builder-state" "$CACHE/build-dir" "$manifest" \
        >"$CACHE/builder.log" 2>&1 || { tail -40 "$CACHE/builder.log" >&2; exit 1; }
    say "built and installed $APP in $((SECONDS - start)) s"
}

run_checks () {
    local home="$CACHE/run/home"
    local user_dir="${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}"
    rm -rf "$CACHE/run"
    mkdir -p "$home" "$CACHE/run/hostbin"
    # The user installation stays where it is while HOME changes.
    FLATPAK_USER_DIR="$user_dir" \
    HOME="$home" XDG_CURRENT_DESKTOP=GNOME \
    PATH="$CACHE/run/hostbin:$PATH" \
    CAIRN_FLATPAK_HOSTBIN="$CACHE/run/hostbin" G_TEST_BUILDDIR="$CACHE/run" \
    CAIRN_HEADLESS_RUNTIME_DIR="/run/user/$(id -u)" \
        "$TOP/tests/run-headless.sh" sh -c '/usr/bin/python3 "$1/tests/flatpak-checks.py" "$2" &&
            { [ -n "${CAIRN_FLATPAK_ONLY:-}" ] || /usr/bin/python3 "$1/tests/flatpak-startup.py" "$2"; }' \
            checks "$TOP" "$APP"
}

start=$SECONDS
make_runtime
[ $build = 1 ] && build_app
if [ $checks = 1 ]; then
    say "sandbox checks"
    run_checks
fi
say "done in $((SECONDS - start)) s"
