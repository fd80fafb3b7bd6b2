#!/usr/bin/env bash
# The before-and-after stills of docs/images (issue 16): three moments of the demo battle (the
# first charge, the cuirassiers' melee with Sandham's battery, the hussars' pursuit) at 1920x1080,
# in the viewer (a tour under Xvfb) and as a video frame (`vedette render`).
#   tools/make_stills.sh after  [build/vedette]
#   tools/make_stills.sh before OLD_VEDETTE OLD_REPLAY
# "after" uses this tree's viewer in the presenter layout and --overlay presenter; "before" an
# older build (docs/images/README.md: commit 0720fae, built with `cmake --build B --target
# vedette`) on that commit's demo replay, in its standard layout and with --overlay captions.
# Needs xvfb-run and ffmpeg (tools/setup.sh installs both); writes JPEGs into docs/images.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WHEN=${1:?before or after}
VEDETTE=$(realpath "${2:-build/vedette}")
REPLAY=$(realpath "${3:-replays/demo/demo_battle.replay.json}")
OUT=$ROOT/docs/images
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}
MOMENTS=("event:4 --event 4 charge" "event:55 --event 55 melee" "97.0 --time 97.0 pursuit")
{
  echo "size 1920x1080"
  [ "$WHEN" = after ] && echo "layout presenter"
  echo "pause"
  echo "camera director"
  for m in "${MOMENTS[@]}"; do
    set -- $m
    echo "seek $1"
    echo "wait 40 frames"
    echo "screenshot ${WHEN}_viewer_$4.png"
  done
  echo "quit"
} > "$WORK/stills.tour"
xvfb-run -a -s "-screen 0 1920x1080x24" "$VEDETTE" view "$REPLAY" --script "$WORK/stills.tour" \
  --size 1920x1080 > /dev/null
overlay=presenter
[ "$WHEN" = before ] && overlay=captions
for m in "${MOMENTS[@]}"; do
  set -- $m
  "$VEDETTE" render "$REPLAY" "$2" "$3" --overlay $overlay --size 1920x1080 \
    -o "$WORK/${WHEN}_video_$4.png" > /dev/null
done
mkdir -p "$OUT"
for f in "$WORK"/*.png; do
  ffmpeg -v error -y -i "$f" -q:v 3 "$OUT/$(basename "${f%.png}").jpg"
done
echo "wrote $(ls "$WORK"/*.png | wc -l) stills into docs/images"
