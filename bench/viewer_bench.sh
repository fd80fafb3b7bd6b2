#!/usr/bin/env bash
# Viewer benchmarks on lavapipe in a real (Xvfb) window at 1280x720 with every panel open on the
# demo battle: frames per second while playing, and the time from a step to its finished frame.
#   bench/viewer_bench.sh [build/vedette] [seconds of play, default 10]
# Prints one summary line per run; the JSON figures go to out/bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
VEDETTE=${1:-build/vedette}
SECONDS_OF_PLAY=${2:-10}
OUT=out/bench
mkdir -p "$OUT"
ICD=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
export VK_DRIVER_FILES=$ICD VK_ICD_FILENAMES=$ICD
REPLAY=replays/demo/demo_battle.replay.json

cat > "$OUT/viewer_play.tour" <<TOUR
panel all on
seek turn:1
wait 10 frames
play
wait $SECONDS_OF_PLAY
quit
TOUR
# (No seek first: the first frame's set-up would count as a step.)
{
  echo "panel all on"
  echo "wait 10 frames"
  for i in $(seq 1 40); do echo "step event"; echo "wait 2 frames"; done
  for i in $(seq 1 5); do echo "step phase"; echo "wait 2 frames"; done
  for i in $(seq 1 5); do echo "back turn"; echo "wait 2 frames"; done
  echo "quit"
} > "$OUT/viewer_steps.tour"

echo "== playing at 1x with every panel open (no vsync)"
xvfb-run -a -s "-screen 0 1600x1000x24" "$VEDETTE" view "$REPLAY" --no-vsync --all-panels \
  --script "$OUT/viewer_play.tour" --stats "$OUT/viewer_play.json" | tail -1
echo "== stepping: events, phases, turns back"
xvfb-run -a -s "-screen 0 1600x1000x24" "$VEDETTE" view "$REPLAY" --no-vsync --all-panels \
  --script "$OUT/viewer_steps.tour" --stats "$OUT/viewer_steps.json" | tail -1
