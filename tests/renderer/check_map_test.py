#!/usr/bin/env python3
"""`vedette check --png`: the map a scenario writer measures on.

  check_map_test.py VEDETTE SOURCE_DIR OUT_DIR

On tests/data/check_map/grid_rings_turns.scenario.json (a flat, empty table) the map must show
  - the centimetre grid: a darker line at every centimetre of both edges, stronger every 10 cm;
  - each general's command radius: a circle of the radius and centre the replay's header records;
  - a turn-2 order: the arrow along the path the replay's turn-2 event records;
and a map of a Borodino and a dice-pool scenario is written too (a PNG of the map's size).
Where the table lies in the picture is read from the picture (the table against the sky), and
what should be drawn from the replay, so the test does not repeat the map's layout.
"""
import json
import math
import os
import struct
import subprocess
import sys
import zlib


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def read_png(path):
    """Width, height and rows of (r, g, b) tuples of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + ": not a PNG")
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                fail(path + ": expected 8-bit RGB or RGBA")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def luma(p):
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]


def distance(p, q):
    return math.sqrt(sum((a - b) ** 2 for a, b in zip(p, q)))


def main():
    vedette, src, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    scenario = os.path.join(src, "tests/data/check_map/grid_rings_turns.scenario.json")
    png = os.path.join(out, "grid_rings_turns.png")
    replay = os.path.join(out, "grid_rings_turns.replay.json")
    for args in (["check", scenario, "--png", png], ["simulate", scenario, "-o", replay]):
        run = subprocess.run([vedette] + args, capture_output=True, text=True)
        if run.returncode != 0:
            fail(" ".join(args) + ": exit %d: %s" % (run.returncode, run.stderr))
    record = json.load(open(replay))
    width, height, rows = read_png(png)
    table_w_mm, table_d_mm = 1200.0, 800.0  # the scenario's table

    # The table: the green against the sky-blue clear colour and the brown wooden edge round
    # it, along the picture's middle lines.
    def green(p):
        return p[1] > p[2] + 10 and p[1] > p[0]

    mid_row, mid_col = rows[height // 2 - 60], [rows[y][width // 2] for y in range(height)]
    xs = [x for x in range(width) if green(mid_row[x])]
    ys = [y for y in range(height) if green(mid_col[y])]
    if not xs or not ys:
        fail("no table found in the map")
    left, right, top, bottom = xs[0], xs[-1] + 1, ys[0], ys[-1] + 1
    k = (right - left) / table_w_mm
    if abs((bottom - top) / table_d_mm - k) > 0.02 * k:
        fail("the table is not drawn to one scale: %d x %d px" % (right - left, bottom - top))

    def at(x_mm, y_mm):  # the table's y runs up from its bottom edge
        return left + x_mm * k, bottom - y_mm * k

    def px(x, y):
        return rows[int(y)][int(x)]

    # The grid: every centimetre line darker than the middle of its square, on a strip of the
    # table where nothing else is drawn (y 40-44 cm for the lines across x, x 2-8 cm for the
    # lines across y).
    def line_contrast(n, axis):
        on, off = [], []
        for s in range(9):
            if axis == 0:
                (x, y), (mx, _) = at(n * 10, 405 + s * 4), at(n * 10 + 5, 0)
                on.append(min(luma(px(x + d, y)) for d in (-1, 0, 1)))
                off.append(luma(px(mx, y)))
            else:
                (x, y), (_, my) = at(25 + s * 6, n * 10), at(0, n * 10 + 5)
                on.append(min(luma(px(x, y + d)) for d in (-1, 0, 1)))
                off.append(luma(px(x, my)))
        return sum(off) / len(off) - sum(on) / len(on)

    for axis, count in ((0, 119), (1, 79)):
        weak = [n for n in range(1, count + 1) if line_contrast(n, axis) < 3]
        if len(weak) > count // 20:
            fail("grid lines across %s missing at %s cm" % ("xy"[axis], weak[:12]))
        faint = [n for n in range(10, count + 1, 10) if line_contrast(n, axis) < 12]
        if faint:
            fail("the 10 cm lines across %s are not stronger at %s cm" % ("xy"[axis], faint))
    print("ok: a grid line every cm, stronger every 10 cm")

    # The generals' circles: at their recorded centre and radius, most of the way round the
    # pixel on the circle stands out from the ground just outside it; a circle that is not
    # drawn (half the radius) does not.
    def ring_hits(cx, cy, radius_mm):
        hits = 0
        for i in range(72):
            a = 2 * math.pi * i / 72
            x, y = at(cx + radius_mm * math.cos(a), cy + radius_mm * math.sin(a))
            ox, oy = at(cx + (radius_mm + 14 / k) * math.cos(a),
                        cy + (radius_mm + 14 / k) * math.sin(a))
            ground = px(ox, oy)
            near = [px(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            hits += max(distance(p, ground) for p in near) > 45
        return hits / 72.0

    rings = {}
    for unit in record["header"]["units"]:
        for o in unit.get("overlays", []):
            if o["kind"] == "ring" and "centre" in o:
                rings[o["label"]] = (o["centre"][0], o["centre"][1], o["radius_mm"])
    if len(rings) != 2:
        fail("expected two generals' rings in the replay, found %s" % list(rings))
    for name, (cx, cy, r) in sorted(rings.items()):
        drawn, control = ring_hits(cx, cy, r), ring_hits(cx, cy, r / 2)
        if drawn < 0.6:
            fail("%s: only %.0f%% of the circle is drawn" % (name, drawn * 100))
        if control > 0.3:
            fail("%s: the circle test sees a circle where none is (%.0f%%)" % (name, control * 100))
        print("ok: %s drawn round (%d, %d) mm, %d mm (%.0f%% of it seen)" % (name, cx, cy, r,
                                                                               drawn * 100))

    # The turn-2 order: its arrow along the path the replay records (its middle, clear of the
    # unit's name tag and of the head's label), brighter than the ground beside it.
    later = [e for e in record["events"] if e["turn"] == 2 and e.get("motion")]
    if not later:
        fail("the scenario's turn-2 order made no move in the replay")
    path = later[0]["motion"]["path"]
    (x0, y0), (x1, y1) = path[0], path[-1]
    missing = []
    for i in range(8):
        t = 0.4 + 0.3 * i / 7
        x, y = at(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        beside = px(x + 14, y)
        if max(distance(px(x + d, y), beside) for d in (-1, 0, 1)) < 60:
            missing.append(round(t, 2))
    if missing:
        fail("the turn-2 arrow is missing along its path at %s of it" % missing)
    print("ok: the turn-2 order's arrow is drawn along its path")

    # The other two rule systems: a map of the map's size.
    for scenario in ("replays/borodino/shevardino_demo.scenario.json",
                     "replays/dicepool/01_charge_reaches.scenario.json"):
        other = os.path.join(out, os.path.basename(scenario).replace(".scenario.json", ".png"))
        run = subprocess.run([vedette, "check", os.path.join(src, scenario), "--png", other],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail("check %s: exit %d: %s" % (scenario, run.returncode, run.stderr))
        head = open(other, "rb").read(24)
        if head[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", head[16:24]) != (width,
                                                                                     height):
            fail(scenario + ": the map is not a %dx%d PNG" % (width, height))
        print("ok: " + scenario + " map written")
    print("check map tests passed")


if __name__ == "__main__":
    main()
