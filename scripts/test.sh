#!/usr/bin/env bash
# Runs every test: Swift unit and rendering tests, GtkKit and app tests, then the end-to-end
# tests on the real binary. GUI tests need an X server: they get a private Xvfb (also when
# DISPLAY is set, so a window manager cannot move or refocus windows under the tests; set
# TOUCHPAINTER_TEST_DISPLAY=1 to watch them on your own display instead), and everything
# runs inside its own D-Bus session so AT-SPI (the accessibility bus) is ours.
#
# The run is hermetic: HOME, the XDG data, config, state and cache folders and
# TOUCHPAINTER_DATA_DIR point into a fresh temporary folder, removed afterwards; and the run
# fails if anything appeared in the real user's TouchPainter folders meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift build --product touchpainter
# The package as users get it (release build, Swift runtime linked in): Tests/Package runs it
# unpacked, with the toolchain hidden.
TOUCHPAINTER_DEB="$PWD/$(bash scripts/deb.sh | tail -n 1)"
# The optimised binary the package holds: the end-to-end tests of a million marks run it.
TOUCHPAINTER_RELEASE_BIN="$PWD/.build/release/touchpainter"
export TOUCHPAINTER_DEB TOUCHPAINTER_RELEASE_BIN

real_home="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
guarded=("$real_home/.local/share/touchpainter" "$real_home/.config/touchpainter"
         "$real_home/.local/state/touchpainter")
snapshot() {
  for d in "${guarded[@]}"; do
    if [ -e "$d" ]; then find "$d" -printf '%p %s %T@\n'; fi
  done | sort
}
before="$(snapshot)"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/touchpainter-test.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{home,data,config,state,cache,gallery,runtime,tmp}
chmod 700 "$scratch/runtime"
# The Swift toolchain keeps its module caches under HOME; the fresh HOME only hides the user's.
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config"
export XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache"
export XDG_RUNTIME_DIR="$scratch/runtime" TOUCHPAINTER_DATA_DIR="$scratch/gallery"
# Temporary files too: Foundation's atomic writes (FileManager.createFile) leave a
# TemporaryDirectory.* folder behind each time; here they go with the scratch folder.
export TMPDIR="$scratch/tmp"

status=0
if [ -z "${DISPLAY:-}" ] || [ "${TOUCHPAINTER_TEST_DISPLAY:-}" != 1 ]; then
  xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- bash scripts/test-inside-x.sh || status=$?
else
  dbus-run-session -- bash scripts/test-inside-x.sh || status=$?
fi

after="$(snapshot)"
if [ "$before" != "$after" ]; then
  echo "FAIL: the tests touched the real user's TouchPainter folders:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  status=1
fi
exit $status
