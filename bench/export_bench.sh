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

# The presenter video beside a bare one: 1280x720 at 30 fps, the same 20 s of replay. A presenter
# video is paced for reading (holds, reading time, a title card), so it has more frames than the
# replay has seconds; "real time" means its frames are made at least as fast as they play (30 a
# second of wall time).
for overlay in none presenter; do
  t0=$(now)
  "$VEDETTE" export "$REPLAY" -o "$TMP/$overlay.mp4" --size 1280x720 --fps 30 --to 20 \
    --overlay "$overlay" --quiet > "$TMP/$overlay.txt"
  t1=$(now)
  frames=$(sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$TMP/$overlay.txt")
  python3 - "$overlay" "$frames" "$t0" "$t1" <<'PY'
import sys
overlay, frames, t0, t1 = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
wall, video = t1 - t0, frames / 30
print(f"--overlay {overlay} 1280x720 30 fps: {frames} frames ({video:.1f} s of video) in "
      f"{wall:.1f} s = {frames / wall:.1f} fps, {video / wall:.2f}x real time")
PY
done
