#!/usr/bin/env python3
"""Checks that a walkbump replay of hex_board.scenario.json carries the hex grid in its header's
board and a non-empty "hexes" overlay for every unit.   hex_header.py REPLAY.json"""
import json
import sys


def find(j, key):
    if isinstance(j, dict):
        if key in j:
            return j[key]
        j = list(j.values())
    if isinstance(j, list):
        for v in j:
            r = find(v, key)
            if r is not None:
                return r
    return None


header = json.load(open(sys.argv[1]))
board = find(header, "board")
assert board and board["hex"]["size_mm"] == 40 and len(board["hex"]["hexes"]) == 30, board
units = find(header, "units")
hexes = [o for u in units for o in u.get("overlays", []) if o["kind"] == "hexes"]
assert len(hexes) == len(units) and all(o["hexes"] for o in hexes), units
print("hex header ok")
