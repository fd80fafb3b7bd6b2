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

# The two other rule systems, through the same core: each battle simulated, verified, its log
# written, and (without a display) a still of its busiest moment.
echo "== the Borodino hex game's shock rules (seed 002): Shevardino, 5 September 1812"
"$VEDETTE" melee replays/examples/borodino_shock_two_hexes.json --odds
"$VEDETTE" simulate replays/borodino/shevardino_battle.scenario.json -o "$OUT/shevardino.replay.json"
"$VEDETTE" verify "$OUT/shevardino.replay.json"
"$VEDETTE" events "$OUT/shevardino.replay.json" > "$OUT/shevardino.events.txt"
echo "== the dice-pool rules (seed 003): a 16-a-side action"
"$VEDETTE" melee replays/examples/dicepool_melee_charge.json --odds
"$VEDETTE" simulate replays/dicepool/14_action.scenario.json -o "$OUT/dicepool_action.replay.json"
"$VEDETTE" verify "$OUT/dicepool_action.replay.json"
"$VEDETTE" events "$OUT/dicepool_action.replay.json" > "$OUT/dicepool_action.events.txt"

# With a display, the main job opens the viewer on the demo battle; without one it exports the
# battle as a video (at 3x speed to keep ./run.sh quick) and a still.
if [ -n "${DISPLAY:-}" ] && [ -z "${VEDETTE_NO_VIEWER:-}" ]; then
  echo "== the viewer (Space plays, Left/Right step events, Shift phases, Ctrl turns; close the window to end)"
  echo "   the other systems' battles: $VEDETTE view $OUT/shevardino.replay.json (or dicepool_action)"
  "$VEDETTE" view "$OUT/demo_battle.replay.json"
  exit 0
fi
# The video a viewer would publish (tools/showpiece.sh): a title card, the camera taking in the
# action, the 1er cuirassiers' charge from its declaration to the pursuit with each card read part
# by part, and an end card; about 73 s of video, its captions beside it as subtitles. Stills of
# one moment of each system with their labels and caption.
./tools/showpiece.sh "$VEDETTE" "$OUT/demo_battle.replay.json" "$OUT/demo_battle.mp4" 1280x720
for still in "demo_battle 60" "shevardino 150" "dicepool_action 106"; do
  set -- $still
  "$VEDETTE" render "$OUT/$1.replay.json" --event "$2" --size 1280x720 --overlay presenter \
    --labels name --camera director -o "$OUT/$1.png"
done
echo "$OUT/demo_battle.mp4"
