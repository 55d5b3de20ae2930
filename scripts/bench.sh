#!/usr/bin/env bash
# Runs the benchmark suite (README, "Performance"): builds the app and touchpainter-bench in
# release mode, then runs the bench, which prints one JSON object per metric and a table of
# the figures against their goals. The app metrics (start-up, gallery, opening a big file, a
# drag of real X motion events) launch the real app and the floor program (a minimal C GTK 3
# scribble, bench/floor/scribble_floor.c, compiled here) a few dozen times, so they need an
# X server: like the tests, they get a private Xvfb (comparable figures, no windows flashing
# on your screen) unless TOUCHPAINTER_BENCH_DISPLAY=1 asks for your own DISPLAY. Arguments go
# to touchpainter-bench (e.g. `--only canvas` or `--only app,motion`); SWIFT_BUILD_FLAGS goes
# to `swift build` (e.g. `--scratch-path /tmp/b`).
set -euo pipefail
cd "$(dirname "$0")/.."

# The app as it ships (Makefile, RELEASE_FLAGS): the Swift runtime linked in. The bench is
# built with the same flags, so it shares that build (other flags compile ScribbleKit again:
# 70 s), and so does `make test`'s package.
release=(-c release --static-swift-stdlib --disable-local-rpath)
# shellcheck disable=SC2086  # SWIFT_BUILD_FLAGS holds several words on purpose
swift build "${release[@]}" ${SWIFT_BUILD_FLAGS:-} --product touchpainter
# shellcheck disable=SC2086
swift build "${release[@]}" ${SWIFT_BUILD_FLAGS:-} --product touchpainter-bench
# shellcheck disable=SC2086
bin="$(swift build "${release[@]}" ${SWIFT_BUILD_FLAGS:-} --show-bin-path)"
# The floor program, next to the app, where touchpainter-bench looks for it.
# shellcheck disable=SC2046  # pkg-config prints several flags on purpose
cc -O2 -Wall -o "$bin/scribble-floor" bench/floor/scribble_floor.c $(pkg-config --cflags --libs gtk+-3.0)
# The drags' sender (real X input through XTest at a rate it holds), where the bench looks for it.
cc -O2 -Wall -o "$bin/pointer-drag" bench/drag/pointer_drag.c -lXtst -lX11 -lm
# The PDF metrics' eye on the screen and sender of wheel notches and keys, beside it too.
cc -O2 -Wall -o "$bin/screen-watch" bench/screen/screen_watch.c -lXtst -lX11
# The Wayland tests' input client, for the motion metrics on a headless sway (skipped, with a
# note, when the Wayland tools are missing: scripts/setup.sh test installs them).
if command -v wayland-scanner >/dev/null && pkg-config --exists wayland-client xkbcommon; then
  bash Tests/Wayland/build.sh "$bin/wayland-input"
fi

# A D-Bus session of its own: TouchPainter is single-instance on the session bus, so the
# bench's launches must not join a TouchPainter the user has open (or each other).
if [ -z "${DISPLAY:-}" ] || [ "${TOUCHPAINTER_BENCH_DISPLAY:-}" != 1 ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- "$bin/touchpainter-bench" "$@"
else
  exec dbus-run-session -- "$bin/touchpainter-bench" "$@"
fi
