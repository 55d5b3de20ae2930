#!/usr/bin/env bash
# Builds .build/touchpainter_<version>_amd64.deb with Debian's own tools: `make install`
# staged in a DESTDIR with PREFIX=/usr (the same install rule users run), the binary
# stripped, the man page and changelog compressed, the copyright file, md5sums, and Depends
# worked out by dpkg-shlibdeps from the libraries the binary really links (plus GStreamer and
# its plugins, which the video export loads by name, and poppler-glib and QPDF when the binary
# loads them by name). No maintainer
# scripts: the MIME, icon and desktop-file caches are rebuilt by the triggers of the packages
# that own them (shared-mime-info, hicolor-icon-theme, desktop-file-utils).
set -euo pipefail
cd "$(dirname "$0")/.."

version="$(sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/TouchPainter/App/AppInfo.swift)"
[ -n "$version" ] || { echo "deb.sh: no version in AppInfo.swift" >&2; exit 1; }
architecture="$(dpkg --print-architecture)"
package=".build/touchpainter_${version}_${architecture}.deb"

stage="$(mktemp -d "${TMPDIR:-/tmp}/touchpainter-deb.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"

make --no-print-directory install PREFIX=/usr DESTDIR="$root"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$root/usr/bin/touchpainter"
gzip -9n "$root/usr/share/man/man1/touchpainter.1"
doc="$root/usr/share/doc/touchpainter"
install -d "$doc"
install -m644 packaging/copyright "$doc/copyright"
gzip -9nc packaging/changelog > "$doc/changelog.gz"

# dpkg-shlibdeps reads the package's name from debian/control in the folder it runs in.
mkdir -p "$stage/debian"
printf 'Source: touchpainter\n\nPackage: touchpainter\nArchitecture: any\n' > "$stage/debian/control"
depends="$(cd "$stage" && dpkg-shlibdeps -O --warnings=0 root/usr/bin/touchpainter | sed -n 's/^shlibs:Depends=//p')"
# The time-lapse export loads GStreamer itself (libgstreamer and libgstapp, on first use: see
# Sources/CGStreamer) and its elements at run time, which no link shows: appsrc and
# videoconvert (base), vp8enc and webmmux (good).
depends="$depends, libgstreamer1.0-0, libgstreamer-plugins-base1.0-0, gstreamer1.0-plugins-base, gstreamer1.0-plugins-good"
# poppler-glib and QPDF are loaded the same way (Sources/CPoppler, Sources/CQpdf), and librsvg
# for SVG pictures (Sources/CPictures), by the soname each loader names: a binary that holds
# that name loads that library.
for library in "libpoppler-glib.so.8:libpoppler-glib8" "libqpdf.so.29:libqpdf29" "librsvg-2.so.2:librsvg2-2"; do
  if grep -qF "${library%%:*}" "$root/usr/bin/touchpainter"; then depends="$depends, ${library#*:}"; fi
done

mkdir -p "$root/DEBIAN"
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCHITECTURE@/$architecture/" -e "s/@DEPENDS@/$depends/" \
    -e "s/@SIZE@/$size/" packaging/control > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +

mkdir -p .build
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
