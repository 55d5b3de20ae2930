#!/usr/bin/env bash
# The part of the test run that needs an X server and a D-Bus session (see test.sh).
# Each runner has an overall time limit, so a test stuck on a modal dialog fails the run in
# minutes instead of hanging CI; single tests have their own, shorter limits.
set -euo pipefail
cd "$(dirname "$0")/.."
export GTK_A11Y=atk GSETTINGS_BACKEND=memory
unset NO_AT_BRIDGE

status=0
timeout --kill-after=10 15m swift test --skip-build || status=$?

# The end-to-end tests use Debian's Python, where python3-pyatspi and python3-pil live.
TOUCHPAINTER_BIN="$(swift build --show-bin-path)/touchpainter" \
  timeout --kill-after=10 30m /usr/bin/python3 -m pytest -p no:cacheprovider -q --durations=15 Tests/EndToEnd || status=$?
# The Wayland leg: the app on a headless sway, driven through the virtual pointer and
# keyboard protocols (Tests/Wayland starts the compositor and builds its input client).
TOUCHPAINTER_BIN="$(swift build --show-bin-path)/touchpainter" \
  timeout --kill-after=10 5m /usr/bin/python3 -m pytest -p no:cacheprovider -q Tests/Wayland || status=$?
timeout --kill-after=10 5m /usr/bin/python3 -m pytest -p no:cacheprovider -q Tests/Package || status=$?
exit $status
