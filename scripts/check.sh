#!/usr/bin/env bash
# `make check N=20`: proves the suite is stable. Clones the repository's committed HEAD
# into a temporary folder (a fresh clone: nothing untracked, no build products), builds it
# once, then runs the whole test suite N times and reports each run's result and time.
# Exits non-zero unless every run passed. Logs stay in the printed folder.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
work="$(mktemp -d "${TMPDIR:-/tmp}/touchpainter-check.XXXXXX")"
git clone -q . "$work/clone" || exit 1
echo "checking $(git rev-parse --short HEAD) $runs times in $work"

passed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if (cd "$work/clone" && make test) >"$work/run-$i.log" 2>&1; then
    result=pass; passed=$((passed + 1))
  else
    result=FAIL
  fi
  printf 'run %2d/%d: %s (%ds, log %s)\n' "$i" "$runs" "$result" $(( $(date +%s) - start )) "$work/run-$i.log"
done
echo "$passed passed, $((runs - passed)) failed"
[ "$passed" -eq "$runs" ]
