#!/usr/bin/env bash
# `vedette odds` speed (issue 30): 10,000 runs of Shevardino (Borodino) and of the dice-pool action,
# and 1,000 of the General de Brigade demo, each with --jobs 1 and --jobs 2, and the speed-up.
# Also checks that both outputs are the same bytes. Goal: each under 30 s on 2 cores, and --jobs 2
# at least 1.6 times as fast as --jobs 1 (docs/BENCHMARKS.md).
#   bench/odds_bench.sh [build/vedette] [SCALE]   (SCALE divides the run counts, for a quick look)
set -euo pipefail
cd "$(dirname "$0")/.."
VEDETTE=${1:-build/vedette}
SCALE=${2:-1}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
now() { date +%s.%N; }
bench() {
  local scenario=$1 runs=$(( $2 / SCALE )) name
  name=$(basename "$scenario" .scenario.json)
  local t0 t1 t2
  t0=$(now); "$VEDETTE" odds "$scenario" --runs "$runs" --jobs 1 > "$TMP/$name.1.txt"
  t1=$(now); "$VEDETTE" odds "$scenario" --runs "$runs" --jobs 2 > "$TMP/$name.2.txt"
  t2=$(now)
  cmp -s "$TMP/$name.1.txt" "$TMP/$name.2.txt" || { echo "$name: --jobs 1 and 2 differ"; exit 1; }
  python3 - "$name" "$runs" "$t0" "$t1" "$t2" <<'PY'
import sys
name, runs, t0, t1, t2 = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:])
one, two = t1 - t0, t2 - t1
print(f"{name}: {runs} runs; --jobs 1 {one:.1f} s ({1000 * one / runs:.2f} ms a run), "
      f"--jobs 2 {two:.1f} s; speed-up {one / two:.2f}")
PY
}
bench replays/borodino/shevardino_battle.scenario.json 10000
bench replays/dicepool/14_action.scenario.json 10000
bench replays/demo/demo_battle.scenario.json 1000
