#!/usr/bin/env bash
# Formats for every screen (issue 41, item 8): a vertical presenter video (--size 1080x1920 and
# smaller portrait sizes) at --fps 60 plays at its size and rate; its still lays the table out
# above and the card below (the card's gold edge only in the lower part, none over the table);
# a 3840x2160 still is written at its size.
#   export_vertical_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
REPLAY="$OUT/demo.replay.json"
cp "$SRC/replays/demo/demo_battle.replay.json" "$REPLAY"  # without the notes beside the shipped one
fail() { echo "FAIL: $*"; exit 1; }
probe() { ffprobe -v error -select_streams v:0 -show_entries "stream=$2" -of default=nw=1:nk=1 "$1"; }

"$VEDETTE" export "$REPLAY" -o "$OUT/vertical.mp4" --size 360x640 --fps 60 --overlay presenter \
  --from event:54 --to event:56 --quiet > /dev/null
[ "$(probe "$OUT/vertical.mp4" width)x$(probe "$OUT/vertical.mp4" height)" = 360x640 ] ||
  fail "vertical video is $(probe "$OUT/vertical.mp4" width)x$(probe "$OUT/vertical.mp4" height)"
[ "$(probe "$OUT/vertical.mp4" r_frame_rate)" = 60/1 ] || fail "rate $(probe "$OUT/vertical.mp4" r_frame_rate)"

"$VEDETTE" render "$REPLAY" --event 55 --overlay presenter --camera director --size 1080x1920 \
  -o "$OUT/vertical.png" > /dev/null
ffmpeg -hide_banner -loglevel error -i "$OUT/vertical.png" -f rawvideo -pix_fmt rgb24 "$OUT/vertical.rgb"
python3 - "$OUT/vertical.rgb" <<'PY' || fail "the vertical still's card is not under the table"
import sys
W, H = 1080, 1920
d = open(sys.argv[1], "rb").read()
def gold(x, y):
    i = (y * W + x) * 3
    return d[i] == 255 and d[i + 1] == 214 and d[i + 2] == 90
# The card's edge: a gold stripe down its left side, 20 px from the frame's edge.
rows = [y for y in range(H) if any(gold(x, y) for x in range(16, 28))]
assert rows, "no card edge found"
assert min(rows) > H * 0.40, f"the card starts at row {min(rows)}, over the table"
assert max(rows) < H * 0.85, f"the card runs to row {max(rows)}, into the caption"
print(f"ok: the card from row {min(rows)} to {max(rows)} of {H}")
PY

"$VEDETTE" render "$REPLAY" --event 55 --overlay presenter --camera director --size 3840x2160 \
  -o "$OUT/uhd.png" > /dev/null
[ "$(ffprobe -v error -show_entries stream=width,height -of csv=p=0 "$OUT/uhd.png")" = "3840,2160" ] ||
  fail "the 4K still is $(ffprobe -v error -show_entries stream=width,height -of csv=p=0 "$OUT/uhd.png")"
echo "export vertical tests passed"
