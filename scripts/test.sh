#!/usr/bin/env bash
# Runs every test: Swift unit and rendering tests, GtkKit and app tests, then the end-to-end
# tests on the real binary. GUI tests need an X server: they get a private Xvfb (also when
# DISPLAY is set, so a window manager cannot move or refocus windows under the tests; set
# TOUCHPAINTER_TEST_DISPLAY=1 to watch them on your own display instead), and everything
# runs inside its own D-Bus session so AT-SPI (the accessibility bus) is ours.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift build --product touchpainter

if [ -z "${DISPLAY:-}" ] || [ "${TOUCHPAINTER_TEST_DISPLAY:-}" != 1 ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- bash scripts/test-inside-x.sh
else
  exec dbus-run-session -- bash scripts/test-inside-x.sh
fi
