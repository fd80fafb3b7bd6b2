#!/usr/bin/env python3
"""Checks a top-down render of hex_board.scenario.json: two hexes of different terrain differ in
colour, and a hex edge is darker than the hex middle. Reads the PNG with zlib only.
   hex_pixels.py RENDER.png SCENARIO.json"""
import json
import math
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    assert depth == 8 and colour in (2, 6), "expected 8-bit RGB or RGBA"
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def main():
    w, h, bpp, rows = read_png(sys.argv[1])
    s = json.load(open(sys.argv[2]))
    grid = s["hex"]
    table_w = float(s["table"]["width"].rstrip("cm")) * 10
    table_d = float(s["table"]["depth"].rstrip("cm")) * 10
    # renderer/scene/camera.cpp, camera top: straight down, the table centred, half the picture's
    # height showing 0.55 * max(depth, width / aspect) mm.
    half = 0.55 * max(table_d, table_w / (w / h))
    scale = (h / 2) / half

    def pixel(x_mm, y_mm):
        px = int(round(w / 2 + (x_mm - table_w / 2) * scale))
        py = int(round(h / 2 - (y_mm - table_d / 2) * scale))
        return [rows[py][px * bpp + k] for k in range(3)]

    def centre(q, r):  # pointy hexes, as docs/SCENARIO_AND_REPLAY.md lays them out
        size = grid["size_mm"]
        return (grid["origin"][0] + size * math.sqrt(3) * (q + r / 2),
                grid["origin"][1] + size * 1.5 * r)

    terrain = {(x["q"], x["r"]): x["terrain"] for x in grid["hexes"]}
    woods, village = (-1, 4), (0, 4)
    assert terrain[woods] == "woods" and terrain[village] == "village", "the scenario changed"
    a, b = pixel(*centre(*woods)), pixel(*centre(*village))
    print("woods centre", a, "village centre", b)
    assert sum(abs(x - y) for x, y in zip(a, b)) > 40, "woods and village look alike"
    # The edge between two clear hexes, against the middle of one of them; the darkest pixel a
    # few pixels around the edge point, so rounding cannot miss the line.
    lower, upper = (1, 3), (1, 4)
    assert terrain[lower] == terrain[upper] == "clear", "the scenario changed"
    (x0, y0), (x1, y1) = centre(*lower), centre(*upper)
    mid = pixel(x1, y1)
    ex, ey = (x0 + x1) / 2, (y0 + y1) / 2
    edge = min((pixel(ex + dx / scale, ey + dy / scale) for dx in range(-2, 3)
                for dy in range(-2, 3)), key=sum)
    print("clear centre", mid, "edge", edge)
    assert sum(edge) < 0.9 * sum(mid), "the hex edge is not darker than the hex middle"
    print("hex pixels ok")


main()
