#!/usr/bin/env bash
# The painted table's cost (issue 29), 1280x720 on lavapipe, this build beside a previous one in
# the same run: bench_render's empty frame (the fixed cost of every frame: clear, shadow map,
# ground, sky, readback), the demo battle's frame and 10,000 figures; then the miniature look's
# export (tilt-shift, contact shadows) at 720p30 against real time.
#   bench/look_bench.sh [PREVIOUS_BUILD_DIR] [THIS_BUILD_DIR]
# A previous build: e.g. `git worktree add /tmp/prev REV && tools/configure_main.sh /tmp/prev/build
# && cmake --build /tmp/prev/build --target bench_render` (it reads its own tree's replays and
# assets, so it draws what that revision drew).
set -euo pipefail
cd "$(dirname "$0")/.."
PREV=${1:-}
THIS=${2:-build}
FILTER='BM_EmptyFrame|BM_DemoBattleFrame|BM_Figures/10000/'
run_bench() {  # run_bench LABEL BINARY
  echo "== $1"
  # (`|| true`: an older bench_render aborts at exit, after its results, destroying its renderers
  # after the Vulkan context.)
  { "$2" --benchmark_filter="$FILTER" --benchmark_repetitions=3 \
      --benchmark_report_aggregates_only=true 2>&1 || true; } | awk '/^BM_.*_median/ { printf "%-52s %8s ms (median of 3)\n", $1, $2 }'
}
# Each build twice, in turn: a 2-core machine's speed drifts within a run.
for round in 1 2; do
  [ -n "$PREV" ] && run_bench "previous ($PREV), round $round" "$PREV/bench/bench_render"
  run_bench "this build ($THIS), round $round" "$THIS/bench/bench_render"
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
now() { date +%s.%N; }
for overlay in none presenter; do
  t0=$(now)
  "$THIS/vedette" export replays/demo/demo_battle.replay.json -o "$TMP/mini.mp4" --size 1280x720 \
    --fps 30 --to 20 --overlay "$overlay" --look miniature --quiet > "$TMP/mini.txt"
  t1=$(now)
  frames=$(sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$TMP/mini.txt")
  python3 - "$overlay" "$frames" "$t0" "$t1" <<'PY'
import sys
overlay, frames, t0, t1 = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
wall, video = t1 - t0, frames / 30
print(f"--look miniature --overlay {overlay} 1280x720 30 fps: {frames} frames ({video:.1f} s of "
      f"video) in {wall:.1f} s = {frames / wall:.1f} fps, {video / wall:.2f}x real time")
PY
done
