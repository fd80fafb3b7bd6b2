#!/usr/bin/env bash
# The main job of ./run.sh, kept apart so it can grow with the subcommands: it runs the most
# complete thing the program can do today. Arguments: the vedette binary and an output folder.
set -euo pipefail
VEDETTE=$1
OUT=$2

echo "== melee example A of seed 004 (GdB 12.18), explained"
"$VEDETTE" melee replays/examples/melee_example_a.json --odds

echo "== the demo battle: simulated, verified, and its event log"
"$VEDETTE" simulate replays/demo/demo_battle.scenario.json -o "$OUT/demo_battle.replay.json"
"$VEDETTE" verify "$OUT/demo_battle.replay.json"
"$VEDETTE" events "$OUT/demo_battle.replay.json" > "$OUT/demo_battle.events.txt"
echo "wrote $OUT/demo_battle.events.txt"

# With a display, the main job opens the viewer on the demo battle; without one it exports the
# battle as a video (at 3x speed to keep ./run.sh quick) and a still.
if [ -n "${DISPLAY:-}" ] && [ -z "${VEDETTE_NO_VIEWER:-}" ]; then
  echo "== the viewer (Space plays, Left/Right step events, Shift phases, Ctrl turns; close the window to end)"
  "$VEDETTE" view "$OUT/demo_battle.replay.json"
  exit 0
fi
"$VEDETTE" export "$OUT/demo_battle.replay.json" -o "$OUT/demo_battle.mp4" --size 1280x720 --speed 3 --overlay viewer
"$VEDETTE" render "$OUT/demo_battle.replay.json" --event 60 --size 1280x720 -o "$OUT/demo_battle.png"
echo "$OUT/demo_battle.mp4"
