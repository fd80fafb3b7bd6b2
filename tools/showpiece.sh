#!/usr/bin/env bash
# The main job's video (./run.sh without a display): the demo battle's first charge as a video
# worth publishing. A title card over the table while the camera takes in the whole action, then
# the 1er cuirassiers' story from the charge declared to the pursuit test (only the events that
# name them, cut together: the charge, the battery's volley, the tests, the melee's card read part
# by part), then an end card with the melee's result. About 73 s of video; the camera never rests.
#   tools/showpiece.sh VEDETTE REPLAY OUT.mp4 [WxH] [more export flags]
set -euo pipefail
VEDETTE=$1
REPLAY=$2
OUT=$3
SIZE=${4:-1280x720}
shift $(( $# < 4 ? $# : 4 ))
exec "$VEDETTE" export "$REPLAY" -o "$OUT" --size "$SIZE" --overlay presenter \
  --from event:10 --to event:58 --story f_cuir_1 --title-card 3 --end-card 4 --max-caption 6 \
  --srt "${OUT%.*}.srt" "$@"
