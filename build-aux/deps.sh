# Sourced by run.sh and test.sh: installs the Debian/Ubuntu packages Cairn
# needs to build, run and test, but only those that are missing.

CAIRN_BUILD_PACKAGES="build-essential meson ninja-build pkg-config gettext \
  libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libepoxy-dev libadwaita-1-dev \
  libgtksourceview-5-dev libvte-2.91-gtk4-dev libjson-glib-dev libmd4c-dev libgdk-pixbuf-2.0-dev webp-pixbuf-loader \
  desktop-file-utils appstream"
CAIRN_TEST_PACKAGES="xvfb dbus at-spi2-core python3 python3-pyatspi python3-gi \
  gir1.2-atspi-2.0 imagemagick xdotool git adwaita-icon-theme fonts-cantarell nodejs npm flatpak-builder \
  xdg-desktop-portal xdg-desktop-portal-gtk libglib2.0-bin"

cairn_install_missing () {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  # node and npm may come from elsewhere (nvm, NodeSource): don't fight them
  if command -v node >/dev/null && command -v npm >/dev/null; then
    missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
  fi
  read -r -a missing <<< "${missing[*]}"
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

cairn_build () {
  local top="$1"
  if [ ! -f "$top/_build/build.ninja" ]; then
    meson setup "$top/_build" "$top"
  fi
  meson compile -C "$top/_build"
}

# Only for build-aux/flatpak-test.sh (not in .ci/run): a stand-in runtime
# made from Debian packages, the app built and run in the sandbox with the
# portals on the session bus.
CAIRN_FLATPAK_TEST_PACKAGES="flatpak flatpak-builder ostree bubblewrap mmdebstrap elfutils \
  xdg-desktop-portal xdg-desktop-portal-gtk xvfb dbus at-spi2-core python3-pyatspi xdotool xclip x11-utils \
  libglib2.0-bin"
