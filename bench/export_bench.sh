#!/usr/bin/env bash
# Export speed on this machine (lavapipe): the demo battle's first 20 s of replay at 30 fps,
# exported to MP4, beside the render-only time (--raw, frames discarded) and the encode-only time
# (ffmpeg on the same raw frames) of the same frames, in the same run.
#   bench/export_bench.sh [build/vedette]
set -euo pipefail
cd "$(dirname "$0")/.."
VEDETTE=${1:-build/vedette}
REPLAY=replays/demo/demo_battle.replay.json
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
now() { date +%s.%N; }
for size in 1280x720 1920x1080; do
  t0=$(now); "$VEDETTE" export "$REPLAY" -o "$TMP/out.mp4" --size "$size" --to 20 --quiet > "$TMP/export.txt"; t1=$(now)
  frames=$(sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$TMP/export.txt")
  "$VEDETTE" export "$REPLAY" --raw - --size "$size" --to 20 --quiet > /dev/null; t2=$(now)
  "$VEDETTE" export "$REPLAY" --raw "$TMP/frames.raw" --size "$size" --to 20 --quiet > /dev/null
  t3=$(now)
  ffmpeg -v error -y -f rawvideo -pix_fmt rgba -s "$size" -r 30 -i "$TMP/frames.raw" -c:v libx264 -preset veryfast \
         -crf 20 -pix_fmt yuv420p -threads 2 "$TMP/encode.mp4"
  t4=$(now)
  python3 - "$size" "$frames" "$t0" "$t1" "$t2" "$t3" "$t4" <<'PY'
import sys
size, frames, t0, t1, t2, t3, t4 = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:])
export, render, encode = t1 - t0, t2 - t1, t4 - t3
print(f"{size}: {frames} frames; export {export:.1f} s = {frames/export:.1f} fps; "
      f"render only {render:.1f} s ({frames/render:.1f} fps); encode only {encode:.1f} s; "
      f"render + encode {render + encode:.1f} s")
PY
done

# A presenter video (issue 41, item 9): paced for reading and never at rest (the camera drifts
# through every hold, so every frame is rendered), the demo's melee and its aftermath (events 54
# to 58) at 720p and 1080p, 30 fps. "Real time" means its frames are made at least as fast as they
# play: the ratio is seconds of video per second of wall time (goals: 1080p at least 1x, 720p at
# least 2x). Beside it, encode only: ffmpeg re-encoding the same video's frames with the export's
# settings (decoding them costs a little, so this is an upper bound of the encoder's share).
for size in 1280x720 1920x1080; do
  t0=$(now)
  "$VEDETTE" export "$REPLAY" -o "$TMP/presenter.mp4" --size "$size" --fps 30 --overlay presenter \
    --from event:54 --to event:58 --quiet > "$TMP/presenter.txt"
  t1=$(now)
  ffmpeg -v error -y -i "$TMP/presenter.mp4" -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p \
    -threads 2 "$TMP/reencoded.mp4"
  t2=$(now)
  frames=$(sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$TMP/presenter.txt")
  python3 - "$size" "$frames" "$t0" "$t1" "$t2" <<'PY'
import sys
size, frames, t0, t1, t2 = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:])
wall, encode, video = t1 - t0, t2 - t1, frames / 30
print(f"presenter {size} 30 fps: {frames} frames ({video:.1f} s of video) in {wall:.1f} s = "
      f"{video / wall:.2f}x real time; encode only {encode:.1f} s = {video / encode:.2f}x")
PY
done
