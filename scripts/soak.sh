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
mkdir -p "$scratch"/{home,data,config,state,cache,gallery,runtime}
chmod 700 "$scratch/runtime"
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config"
export XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache" XDG_RUNTIME_DIR="$scratch/runtime"
export TOUCHPAINTER_DATA_DIR="$scratch/gallery" GTK_A11Y=atk GSETTINGS_BACKEND=memory
export TOUCHPAINTER_SOAK_SECONDS="${TOUCHPAINTER_SOAK_SECONDS:-600}"
export TOUCHPAINTER_BIN="${TOUCHPAINTER_BIN:-$(swift build --show-bin-path)/touchpainter}"
unset NO_AT_BRIDGE
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- \
  timeout --kill-after=10 "$((${TOUCHPAINTER_SOAK_SECONDS%.*} + 300))" \
  /usr/bin/python3 -m pytest -p no:cacheprovider -q -s Tests/EndToEnd/test_sync_soak.py
