#!/usr/bin/env bash
# Installs what TouchPainter needs on a Debian-like machine, only when it is missing.
#   scripts/setup.sh build   GTK 3, Cairo, GStreamer, poppler-glib and QPDF development packages,
#                            GStreamer's base and good plugins, gettext (for `make run`)
#   scripts/setup.sh test    the above plus Xvfb, xdotool, ImageMagick, AT-SPI, Xournal++,
#                            dpkg-dev, GStreamer's tools (gst-launch-1.0, gst-discoverer-1.0)
#                            (for `make test` and `make bench`), and for the Wayland
#                            leg a headless sway, grim, wl-clipboard and what builds its input
#                            client (wayland-scanner, libwayland-dev, libxkbcommon-dev), and
#                            libxtst-dev for the bench's drag sender (bench/drag), and qpdf
#                            (PdfKitTests encrypt and turn PDFs and read their streams with it)
#   scripts/setup.sh package the above plus lintian and tumbler (for `make deb`, `make test-package`)
set -euo pipefail

# GStreamer encodes time-lapse videos (appsrc -> videoconvert -> vp8enc -> webmmux): the
# libraries to build against, and the base and good plugins that hold those elements.
# poppler-glib renders PDF pages and finds their text (CPoppler loads libpoppler-glib.so.8
# the first time a PDF is opened, and builds against its headers). QPDF stamps ink onto a
# PDF's own pages (CQpdf loads libqpdf.so.29 the first time one is exported, and builds
# against its C API's header). librsvg draws SVG pictures (CPictures loads librsvg-2.so.2 the
# first time an SVG is met; it declares the few functions it calls, so no -dev package).
need=(libgtk-3-dev libcairo2-dev libpango1.0-dev zlib1g-dev pkg-config gettext
      libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good
      libpoppler-glib-dev libpoppler-glib8 libqpdf-dev libqpdf29 librsvg2-2)
if [ "${1:-build}" = test ] || [ "${1:-build}" = package ]; then
  need+=(xvfb xauth xdotool imagemagick x11-utils dbus dbus-x11 at-spi2-core
         python3 python3-gi python3-pyatspi gir1.2-atspi-2.0 gir1.2-gtk-3.0 fonts-dejavu-core
         adwaita-icon-theme librsvg2-common python3-pytest python3-pytest-timeout python3-pil
         appstream desktop-file-utils groff-base librsvg2-bin poppler-utils xclip time xournalpp
         dpkg-dev fakeroot libglib2.0-bin gstreamer1.0-tools gstreamer1.0-plugins-base-apps
         sway grim wl-clipboard libwayland-bin libwayland-dev libxkbcommon-dev gcc libc6-dev passwd util-linux
         python3-pytest-xdist stress-ng bc
         libxtst-dev qpdf)
fi
# `make deb` and `make test-package`: Debian's packaging tools and a thumbnail service.
if [ "${1:-build}" = package ]; then
  need+=(lintian tumbler libglib2.0-bin)
fi

missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
