#!/usr/bin/env bash
# The before-and-after pictures of docs/images/table (the painted table, issue 29): three moments
# of each rule system (a charge or a shock declared, the melee or shock, a pursuit or retreat) at
# 1920x1080 as the director frames them, the table alone (`vedette render --overlay none`), and
# after also in the miniature look; and a 10 s clip of each system (`vedette export`, 1280x720).
#   tools/make_table_stills.sh after  [build/vedette]
#   tools/make_table_stills.sh before OLD_VEDETTE
# "before" is a build of the commit before the painted table (docs/images/table/README.md names
# it); the replays are the same. Needs ffmpeg (tools/setup.sh installs it); writes JPEGs and MP4s.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WHEN=${1:?before or after}
VEDETTE=$(realpath "${2:-build/vedette}")
OUT=$ROOT/docs/images/table
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}
# name, replay, the three events, and the event the clip starts at
MOMENTS=("gdb demo/demo_battle 2 55 68 54" "borodino borodino/shevardino_battle 29 34 37 28"
         "dicepool dicepool/14_action 10 17 21 9")
jpeg() { ffmpeg -v error -y -i "$1" -q:v 3 "$2"; }
for m in "${MOMENTS[@]}"; do
  set -- $m
  name=$1 replay="$ROOT/replays/$2.replay.json" clip_from=$6
  for event in "$3" "$4" "$5"; do
    "$VEDETTE" render "$replay" --event "$event" --overlay none --camera director \
      --size 1920x1080 -o "$WORK/still.png" > /dev/null
    jpeg "$WORK/still.png" "$OUT/${WHEN}_${name}_${event}.jpg"
    if [ "$WHEN" = after ]; then
      "$VEDETTE" render "$replay" --event "$event" --overlay none --camera director \
        --look miniature --size 1920x1080 -o "$WORK/still.png" > /dev/null
      jpeg "$WORK/still.png" "$OUT/${WHEN}_${name}_${event}_miniature.jpg"
    fi
  done
  # Ten seconds of replay from the clip's event, at 1x, the director's camera.
  from=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['events'][int(sys.argv[2])]['t0'] / 1000)" "$replay" "$clip_from")
  to=$(python3 -c "print($from + 10)")
  look=(); [ "$WHEN" = after ] && look=(--look miniature)
  "$VEDETTE" export "$replay" -o "$OUT/${WHEN}_${name}.mp4" --size 1280x720 --from "$from" \
    --to "$to" --camera director --quality 30 "${look[@]}" --quiet > /dev/null
  echo "$name: stills of events $3 $4 $5 and a clip from $from s"
done
