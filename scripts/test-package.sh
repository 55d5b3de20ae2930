#!/usr/bin/env bash
# The package's slow tests (`make test-package`; CI runs them after `make test`), as a user
# meets the package on Debian 12:
#   1. lintian reports no errors (and no warnings: README, "Install", names any kept);
#   2. `apt install ./touchpainter_….deb` installs it, the MIME database knows .scribble
#      files, and `touchpainter` runs from the PATH;
#   3. the desktop's thumbnail service (tumbler, over D-Bus, in a session of its own) writes
#      a preview with ink into ~/.cache/thumbnails for a scribble far from the origin;
#   4. `apt remove` leaves no file of the package behind.
# It installs into the real system (root or sudo), so it refuses to run when TouchPainter is
# already installed by other means, and removes what it installed however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

deb="$PWD/$(bash scripts/deb.sh | tail -n 1)"
echo "== lintian $deb"
# Root runs lintian with a warning about it; the tags are what count.
tags="$(lintian --no-tag-display-limit "$deb" 2>/dev/null || true)"
if [ -n "$tags" ]; then
  echo "$tags"
  if echo "$tags" | grep -q '^[EW]:'; then echo "FAIL: lintian reports errors or warnings" >&2; exit 1; fi
fi

if dpkg-query -W -f='${Status}' touchpainter 2>/dev/null | grep -q 'ok installed'; then
  echo "FAIL: a touchpainter package is already installed; remove it first" >&2
  exit 1
fi
files="$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\./, "", $NF); print $NF }')"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/touchpainter-package.XXXXXX")"
chmod 755 "$scratch"
cleanup() {
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq touchpainter >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT

echo "== apt install"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null
[ "$(command -v touchpainter)" = /usr/bin/touchpainter ] || { echo "FAIL: touchpainter is not on the PATH" >&2; exit 1; }
touchpainter --version

echo "== MIME type"
mime="$(gio info -a standard::content-type Tests/Corpus/v1-sample.scribble | sed -n 's/.*standard::content-type: //p')"
[ "$mime" = application/x-touchpainter-scribble ] || { echo "FAIL: .scribble is $mime" >&2; exit 1; }

echo "== thumbnail service"
# A drawing whose marks lie far from the origin, around (50000, -40000).
/usr/bin/python3 - "$scratch/far.scribble" <<'PY'
import sys
sys.path.insert(0, "Tests/Corpus")
from scribble_file import run, scribble, stroke
points = [(50000 + 3 * i, -40000 + (i % 20) * 4) for i in range(60)]
open(sys.argv[1], "wb").write(scribble(stroke(8.0, [run(points)]), title="Far"))
PY
HOME="$scratch" XDG_CACHE_HOME="$scratch/cache" dbus-run-session -- \
  /usr/bin/python3 scripts/thumbnail-service.py "$scratch/far.scribble" application/x-touchpainter-scribble "$scratch/cache"

echo "== apt remove"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq touchpainter >/dev/null
left=""
for f in $files; do [ -e "$f" ] && left="$left $f"; done
[ -z "$left" ] || { echo "FAIL: apt remove left$left" >&2; exit 1; }
[ ! -e /usr/share/doc/touchpainter ] || { echo "FAIL: apt remove left /usr/share/doc/touchpainter" >&2; exit 1; }
echo "package tests passed"
