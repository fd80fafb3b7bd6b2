#!/usr/bin/env bash
# The before-and-after stills of docs/images/presentation (the presentation issue): two moments of
# each rule system at 1920x1080 (a charge or shock declared, then its melee or shock result), in
# the viewer's presenter layout (a tour under Xvfb) and as a presenter video frame
# (`vedette render --overlay presenter --camera director`).
#   tools/make_presentation_stills.sh after  [build/vedette]
#   tools/make_presentation_stills.sh before OLD_VEDETTE OLD_REPLAYS_DIR
# "before" is an older build on that commit's replays (docs/images/presentation/README.md names
# the commit). Needs xvfb-run and ffmpeg (tools/setup.sh installs both); writes JPEGs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WHEN=${1:?before or after}
VEDETTE=$(realpath "${2:-build/vedette}")
REPLAYS=$(realpath "${3:-replays}")
OUT=$ROOT/docs/images/presentation
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}
# name, replay, event of the declaration, event of the result
MOMENTS=("gdb demo/demo_battle 2 55" "borodino borodino/shevardino_battle 29 34"
         "dicepool dicepool/14_action 10 17")
for m in "${MOMENTS[@]}"; do
  set -- $m
  name=$1 replay="$REPLAYS/$2.replay.json"
  {
    echo "size 1920x1080"
    echo "layout presenter"
    echo "pause"
    echo "camera director"
    for event in "$3" "$4"; do
      echo "seek event:$event"
      echo "wait 40 frames"
      echo "screenshot ${WHEN}_viewer_${name}_${event}.png"
    done
    echo "quit"
  } > "$WORK/$name.tour"
  xvfb-run -a -s "-screen 0 1920x1080x24" "$VEDETTE" view "$replay" --script "$WORK/$name.tour" \
    --size 1920x1080 > /dev/null
  for event in "$3" "$4"; do
    "$VEDETTE" render "$replay" --event "$event" --overlay presenter --camera director \
      --size 1920x1080 -o "$WORK/${WHEN}_video_${name}_${event}.png" > /dev/null
  done
done
mkdir -p "$OUT"
for f in "$WORK"/*.png; do
  ffmpeg -v error -y -i "$f" -q:v 3 "$OUT/$(basename "${f%.png}").jpg"
done
echo "wrote $(ls "$WORK"/*.png | wc -l) stills into docs/images/presentation"
