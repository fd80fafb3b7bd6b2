#!/usr/bin/env bash
# A table, not a diagram (issue 41, item 5): `export --footprints FILE.jsonl` writes every frame's
# unit bases as drawn (a block changing formation at its size of the moment), and in no frame of
# the three shipped battles do two bases overlap (contact is edge to edge: 2 mm of slack for the
# written rounding). On a hex board every block standing still lies inside its hex (a Borodino
# line, a square, a stack's two lines). Each checker is first shown a case it must catch. A bad
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
outside_hexes() {  # outside_hexes FILE.jsonl REPLAY NAME: exit 1 when a block at rest leaves its hex
  python3 - "$1" "$2" "$3" <<'PY'
import json, math, sys
path, replay, name = sys.argv[1:4]
hexes = json.load(open(replay))["board"]["hex"]
assert hexes["orientation"] == "pointy", "the checker knows pointy hexes only"
ox, oy = hexes["origin"]
size = hexes["size_mm"]
apothem = size * math.sqrt(3) / 2
def centre_of(x, y):  # the nearest hex centre (axial rounding)
    r = (y - oy) / (1.5 * size)
    q = (x - ox) / (math.sqrt(3) * size) - r / 2
    best = None
    for qq in (math.floor(q), math.ceil(q)):
        for rr in (math.floor(r), math.ceil(r)):
            cx, cy = ox + math.sqrt(3) * size * (qq + rr / 2), oy + 1.5 * size * rr
            d = math.hypot(x - cx, y - cy)
            if best is None or d < best[0]:
                best = (d, cx, cy)
    return best[1], best[2]
def corners(u):
    fx, fy = u["facing"]
    rx, ry = fy, -fx
    for sw in (-1, 1):
        for sd in (-1, 1):
            yield (u["x"] + rx * sw * u["width"] / 2 + fx * sd * u["depth"] / 2,
                   u["y"] + ry * sw * u["width"] / 2 + fy * sd * u["depth"] / 2)
def inside(px, py, cx, cy):  # a pointy hex: upright sides, corners up and down; 1 mm of slack
    dx, dy = abs(px - cx), abs(py - cy)
    return dx <= apothem + 1 and dx / 2 + dy * math.sqrt(3) / 2 <= apothem + 1
frames = [json.loads(line) for line in open(path)]
def at(f, uid):
    return next(((u["x"], u["y"]) for u in f["units"] if u["id"] == uid), None)
bad = checked = 0
worst = ""
for i, f in enumerate(frames):
    for u in f["units"]:
        if u["width"] <= 0 or u["depth"] <= 0:
            continue
        here = (u["x"], u["y"])
        if any(at(frames[j], u["id"]) != here for j in (i - 1, i + 1) if 0 <= j < len(frames)):
            continue  # moving: it crosses hex edges on its way
        checked += 1
        cx, cy = centre_of(*here)
        if not all(inside(px, py, cx, cy) for px, py in corners(u)):
            bad += 1
            worst = f"{u['id']} ({u['width']} x {u['depth']} mm) at {f['time_ms']} ms"
print(f"{name}: {bad} of {checked} blocks at rest outside their hex {worst}")
sys.exit(0 if bad == 0 and checked > 0 else 1)
PY
}
# The hex checker sees a block wider than its hex: a 120 mm line in a 58 mm hex (100 mm across).
sq="$SRC/replays/borodino/rulings_charge_limits_and_square.replay.json"
printf '{"frame": 0, "time_ms": 0, "units": [{"id": "a", "x": 221.0, "y": 165.0, "facing": [0.0, 1.0], "width": 120.0, "depth": 38.0}]}\n' > "$OUT/wide.jsonl"
! outside_hexes "$OUT/wide.jsonl" "$sq" wide > /dev/null || fail "the hex checker missed a block wider than its hex"

# The checker sees an overlap: two 100 x 40 mm bases 30 mm apart, face to face.
echo '{"frame": 0, "time_ms": 0, "units": [{"id": "a", "x": 100.0, "y": 100.0, "facing": [0.0, 1.0], "width": 100.0, "depth": 40.0}, {"id": "b", "x": 100.0, "y": 130.0, "facing": [0.0, -1.0], "width": 100.0, "depth": 40.0}]}' > "$OUT/control.jsonl"
! overlaps "$OUT/control.jsonl" control > /dev/null || fail "the checker missed two bases overlapping by 10 mm"

check() {  # check NAME REPLAY [LEAST_FRAMES]
  "$VEDETTE" export "$2" --raw - --size 160x90 --speed 8 --quiet --footprints "$OUT/$1.jsonl" > /dev/null
  [ "$(wc -l < "$OUT/$1.jsonl")" -gt "${3:-400}" ] || fail "$1: only $(wc -l < "$OUT/$1.jsonl") frames"
  overlaps "$OUT/$1.jsonl" "$1"
}
check demo "$SRC/replays/demo/demo_battle.replay.json" || fail "bases overlap in the GdB demo"
check shevardino "$SRC/replays/borodino/shevardino_battle.replay.json" || fail "bases overlap at Shevardino"
check dicepool "$SRC/replays/dicepool/14_action.replay.json" || fail "bases overlap in the dice-pool action"
check squares "$sq" 50 || fail "bases overlap in the Borodino square ruling"
outside_hexes "$OUT/shevardino.jsonl" "$SRC/replays/borodino/shevardino_battle.replay.json" shevardino ||
  fail "a block spills over its hex at Shevardino"
outside_hexes "$OUT/squares.jsonl" "$sq" squares || fail "a block spills over its hex in the square ruling"

set +e
"$VEDETTE" export "$SRC/replays/demo/demo_battle.replay.json" --raw - --footprints "$SRC/replays/demo/demo_battle.replay.json" 2> "$OUT/err.txt"
rc=$?
set -e
[ $rc -eq 2 ] || fail "--footprints over the replay itself: exit $rc, $(cat "$OUT/err.txt")"
echo "footprints tests passed"
