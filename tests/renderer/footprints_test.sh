#!/usr/bin/env bash
# A table, not a diagram (issue 41, item 5): `export --footprints FILE.jsonl` writes every frame's
# unit bases as drawn (a block changing formation at its size of the moment), and in no frame of
# the three shipped battles do two bases overlap (contact is edge to edge: 2 mm of slack for the
# written rounding). The checker is first shown two bases that do overlap, and must say so. A bad
# output is refused (exit 2).
#   footprints_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
fail() { echo "FAIL: $*"; exit 1; }

overlaps() {  # overlaps FILE.jsonl NAME: exit 1 when two bases overlap in some frame
  python3 - "$1" "$2" <<'PY'
import json, sys
path, name = sys.argv[1], sys.argv[2]
def axes(u):
    fx, fy = u["facing"]
    return [(fy, -fx), (fx, fy)]
def half(u, ax, ay):
    (rx, ry), (fx, fy) = axes(u)
    return u["width"] / 2 * abs(rx * ax + ry * ay) + u["depth"] / 2 * abs(fx * ax + fy * ay)
def depth(a, b):
    best = 1e9
    for u in (a, b):
        for ax, ay in axes(u):
            d = abs((b["x"] - a["x"]) * ax + (b["y"] - a["y"]) * ay)
            best = min(best, half(a, ax, ay) + half(b, ax, ay) - d)
    return best
frames = bad = 0
worst = (0, "")
for line in open(path):
    f = json.loads(line)
    frames += 1
    us = [u for u in f["units"] if u["width"] > 0 and u["depth"] > 0]
    hit = False
    for i in range(len(us)):
        for j in range(i + 1, len(us)):
            d = depth(us[i], us[j])
            if d > 2.0:
                hit = True
                if d > worst[0]:
                    worst = (d, f"{us[i]['id']} / {us[j]['id']} at {f['time_ms']} ms")
    bad += hit
print(f"{name}: {bad} of {frames} frames with two bases overlapping; worst {worst[0]:.1f} mm {worst[1]}")
sys.exit(0 if bad == 0 else 1)
PY
}
# The checker sees an overlap: two 100 x 40 mm bases 30 mm apart, face to face.
echo '{"frame": 0, "time_ms": 0, "units": [{"id": "a", "x": 100.0, "y": 100.0, "facing": [0.0, 1.0], "width": 100.0, "depth": 40.0}, {"id": "b", "x": 100.0, "y": 130.0, "facing": [0.0, -1.0], "width": 100.0, "depth": 40.0}]}' > "$OUT/control.jsonl"
! overlaps "$OUT/control.jsonl" control > /dev/null || fail "the checker missed two bases overlapping by 10 mm"

check() {  # check NAME REPLAY
  "$VEDETTE" export "$2" --raw - --size 160x90 --speed 8 --quiet --footprints "$OUT/$1.jsonl" > /dev/null
  [ "$(wc -l < "$OUT/$1.jsonl")" -gt 400 ] || fail "$1: only $(wc -l < "$OUT/$1.jsonl") frames"
  overlaps "$OUT/$1.jsonl" "$1"
}
check demo "$SRC/replays/demo/demo_battle.replay.json" || fail "bases overlap in the GdB demo"
check shevardino "$SRC/replays/borodino/shevardino_battle.replay.json" || fail "bases overlap at Shevardino"
check dicepool "$SRC/replays/dicepool/14_action.replay.json" || fail "bases overlap in the dice-pool action"

set +e
"$VEDETTE" export "$SRC/replays/demo/demo_battle.replay.json" --raw - --footprints "$SRC/replays/demo/demo_battle.replay.json" 2> "$OUT/err.txt"
rc=$?
set -e
[ $rc -eq 2 ] || fail "--footprints over the replay itself: exit $rc, $(cat "$OUT/err.txt")"
echo "footprints tests passed"
