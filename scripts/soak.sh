#!/usr/bin/env bash
# The shared-gallery soak: two instances and a simulated sync tool on one folder for
# TOUCHPAINTER_SOAK_SECONDS (ten minutes unless set), checking that no saved mark is lost
# (Tests/EndToEnd/test_sync_soak.py; `make test` runs it for 20 seconds). Hermetic, like
# test.sh: every folder the app uses is a fresh temporary one.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product touchpainter
scratch="$(mktemp -d "${TMPDIR:-/tmp}/touchpainter-soak.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{home,data,config,state,cache,gallery}
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config"
export XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache" TOUCHPAINTER_DATA_DIR="$scratch/gallery"
export TOUCHPAINTER_SOAK_SECONDS="${TOUCHPAINTER_SOAK_SECONDS:-600}"
export TOUCHPAINTER_BIN="${TOUCHPAINTER_BIN:-$(swift build --show-bin-path)/touchpainter}"
# The test makes its own private desktop (Xvfb and D-Bus session: Tests/EndToEnd/conftest.py).
timeout --kill-after=10 "$((${TOUCHPAINTER_SOAK_SECONDS%.*} + 300))" \
  /usr/bin/python3 -m pytest -p no:cacheprovider -q -s Tests/EndToEnd/test_sync_soak.py
