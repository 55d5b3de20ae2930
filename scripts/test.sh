#!/usr/bin/env bash
# `make test`: sets up what is missing, builds once per configuration, then runs every test,
# its legs side by side:
#   unit      the Swift unit, rendering, GtkKit and app tests (`swift test`; Swift Testing
#             runs the suites not marked .serialized in parallel)
#   x11       the end-to-end tests on the real binary (Tests/EndToEnd), in pytest-xdist
#             workers, each on a desktop of its own (Xvfb, D-Bus session, home: see
#             Tests/EndToEnd/private_desktop.py)
#   wayland   the same app on a headless sway (Tests/Wayland)
#   package   the .deb unpacked and run with the toolchain hidden (Tests/Package)
# and prints, at its end, each phase's wall time and the ten slowest tests.
#
# Options (environment): TOUCHPAINTER_TEST_LEGS=x11,unit runs only those legs;
# TOUCHPAINTER_TEST_WORKERS=N sets the end-to-end workers (default: the cores and one more);
# TOUCHPAINTER_TEST_DISPLAY=1 shows the end-to-end tests on your own DISPLAY, one at a time.
#
# The run is hermetic: HOME, the XDG data, config, state and cache folders and
# TOUCHPAINTER_DATA_DIR point into a fresh temporary folder, removed afterwards; and the run
# fails if anything appeared in the real user's TouchPainter folders meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
legs="${TOUCHPAINTER_TEST_LEGS:-unit,x11,wayland,package}"
run_start=$(date +%s.%N)
phases=()  # "name seconds" lines, in order

# Times one phase: `timed NAME COMMAND...`.
timed() {
  local name=$1 start status=0
  shift
  start=$(date +%s.%N)
  "$@" || status=$?
  phases+=("$name $(echo "$(date +%s.%N) - $start" | bc)")
  return $status
}

timed set-up bash scripts/setup.sh test
timed set-up-catalogues make --no-print-directory locale
timed lint make --no-print-directory lint

# One build of each configuration: debug (the tests, and the app the end-to-end tests run)
# and release (the package, whose optimised binary also runs the end-to-end tests of a
# million marks; `make bench` and `make test-package` reuse it).
timed build-debug swift build --build-tests
timed build-release-package bash scripts/deb.sh >/dev/null
TOUCHPAINTER_DEB="$PWD/$(ls -t .build/touchpainter_*.deb | head -n 1)"
TOUCHPAINTER_RELEASE_BIN="$PWD/.build/release/touchpainter"
TOUCHPAINTER_BIN="$(swift build --show-bin-path)/touchpainter"
export TOUCHPAINTER_DEB TOUCHPAINTER_RELEASE_BIN TOUCHPAINTER_BIN

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
mkdir -p "$scratch"/{home,data,config,state,cache,gallery,tmp,reports,logs}
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config"
export XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache"
export TOUCHPAINTER_DATA_DIR="$scratch/gallery"
# Temporary files too: Foundation's atomic writes (FileManager.createFile) leave a
# TemporaryDirectory.* folder behind each time; here they go with the scratch folder.
export TMPDIR="$scratch/tmp"
reports="$scratch/reports"
desktop=(/usr/bin/python3 Tests/EndToEnd/private_desktop.py)
# The end-to-end tests use Debian's Python, where python3-pyatspi and python3-pil live.
pytest=(/usr/bin/python3 -m pytest -p no:cacheprovider -q)
# One worker more than the cores: a worker spends much of its time waiting for the app and
# the X server (2 workers: 255 s, 3: 169 s for the leg here).
workers="${TOUCHPAINTER_TEST_WORKERS:-$(( $(nproc) + 1 ))}"
[ "${TOUCHPAINTER_TEST_DISPLAY:-}" = 1 ] && workers=0

# Each leg has an overall time limit, so a test stuck on a modal dialog fails the run in
# minutes instead of hanging CI; single tests have their own, shorter limits.
leg_unit() {
  timeout --kill-after=10 15m "${desktop[@]}" swift test --skip-build --xunit-output "$reports/unit.xml"
}
leg_x11() {
  timeout --kill-after=10 30m "${pytest[@]}" -n "$workers" --durations=25 --junitxml="$reports/x11.xml" Tests/EndToEnd
}
# The Wayland leg: the app on a headless sway, driven through the virtual pointer and
# keyboard protocols (Tests/Wayland starts the compositor and builds its input client); the
# private desktop gives it a D-Bus session of its own.
leg_wayland() {
  timeout --kill-after=10 5m "${desktop[@]}" "${pytest[@]}" --junitxml="$reports/wayland.xml" Tests/Wayland
}
leg_package() {
  timeout --kill-after=10 5m "${desktop[@]}" "${pytest[@]}" --junitxml="$reports/package.xml" Tests/Package
}

# The legs side by side; each one's output is shown whole when it ends.
declare -A pids starts
tests_start=$(date +%s.%N)
for leg in ${legs//,/ }; do
  declare -F "leg_$leg" >/dev/null || { echo "test.sh: no leg named $leg (unit, x11, wayland, package)" >&2; exit 2; }
  "leg_$leg" >"$scratch/logs/$leg.log" 2>&1 &
  pids[$leg]=$!
  starts[$leg]=$(date +%s.%N)
done
status=0
failed=()
while [ ${#pids[@]} -gt 0 ]; do
  leg_status=0
  wait -n -p done_pid "${pids[@]}" || leg_status=$?
  for leg in "${!pids[@]}"; do
    [ "${pids[$leg]}" = "$done_pid" ] || continue
    unset "pids[$leg]"
    phases+=("test-$leg $(echo "$(date +%s.%N) - ${starts[$leg]}" | bc)")
    echo "==================== $leg: $([ $leg_status -eq 0 ] && echo passed || echo "FAILED (exit $leg_status)")"
    cat "$scratch/logs/$leg.log"
    if [ $leg_status -ne 0 ]; then status=1; failed+=("$leg"); fi
  done
done
phases+=("tests-all-legs $(echo "$(date +%s.%N) - $tests_start" | bc)")

after="$(snapshot)"
if [ "$before" != "$after" ]; then
  echo "FAIL: the tests touched the real user's TouchPainter folders:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  status=1
fi
phases+=("total $(echo "$(date +%s.%N) - $run_start" | bc)")
printf '%s\n' "${phases[@]}" >"$reports/phases.txt"
/usr/bin/python3 scripts/test-report.py "$reports" ${failed[@]+"${failed[@]}"}
exit $status
