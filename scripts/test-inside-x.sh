#!/usr/bin/env bash
# The part of the test run that needs an X server and a D-Bus session (see test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export GTK_A11Y=atk NO_AT_BRIDGE=0 GSETTINGS_BACKEND=memory
unset NO_AT_BRIDGE

status=0
swift test --skip-build || status=$?

# The end-to-end tests use Debian's Python, where python3-pyatspi and python3-pil live.
TOUCHPAINTER_BIN="$(swift build --show-bin-path)/touchpainter" \
  /usr/bin/python3 -m pytest -p no:cacheprovider -q Tests/EndToEnd || status=$?
exit $status
