#!/usr/bin/env bash
# The main job of ./run.sh, kept apart so it can grow with the subcommands: it runs the most
# complete thing the program can do today. Arguments: the vedette binary and an output folder.
set -euo pipefail
VEDETTE=$1
OUT=$2

if "$VEDETTE" --help | grep -q '^  melee '; then
  echo "== melee example A of seed 004 (GdB 12.18), explained"
  "$VEDETTE" melee replays/examples/melee_example_a.json --odds
  "$VEDETTE" melee replays/examples/melee_example_a.json --odds --json > "$OUT/melee_example_a.json.tmp"
  mv "$OUT/melee_example_a.json.tmp" "$OUT/melee_example_a.json"
  echo "wrote $OUT/melee_example_a.json"
fi

# Until `vedette view` and `vedette export` exist, the renderer's smoke image is the picture.
"$VEDETTE" triangle -o "$OUT/triangle.png" --size 640x480
echo "$OUT/triangle.png"
