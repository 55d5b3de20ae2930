#!/usr/bin/env bash
# `make check-load`: the whole suite (scripts/test.sh) while stress-ng keeps every core busy
# at the tests' own priority, as a machine building something else is. The builds come first,
# unloaded (they are no-ops for test.sh then); the load runs through every test leg.
# TOUCHPAINTER_LOAD_WORKERS sets stress-ng's CPU workers (default: one a core).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
bash scripts/deb.sh >/dev/null
stress-ng --cpu "${TOUCHPAINTER_LOAD_WORKERS:-$(nproc)}" --quiet &
stress=$!
trap 'kill $stress 2>/dev/null; wait $stress 2>/dev/null || true' EXIT
echo "check-load: stress-ng --cpu ${TOUCHPAINTER_LOAD_WORKERS:-$(nproc)} running (pid $stress)"
bash scripts/test.sh
