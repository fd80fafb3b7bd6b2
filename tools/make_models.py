#!/usr/bin/env python3
"""Writes Vedette's own low-poly figure models to assets/models/*.gltf (glTF 2.0, embedded
buffers) and the default mapping assets/models.json. Run after changing this file; commit the
output. Each model is a handful of coloured boxes; parts coloured white are tinted with the
nation's uniform colour when drawn, other colours are drawn as they are.

    python3 tools/make_models.py

Axes follow glTF: +Y up, +Z the way the figure faces; sizes in millimetres of a 15mm figure."""
import base64
import json
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")

WHITE = (1.0, 1.0, 1.0)        # uniform: tinted by nation
SKIN = (0.85, 0.68, 0.55)
BLACK = (0.08, 0.08, 0.08)
BROWN = (0.42, 0.27, 0.14)
BAY = (0.45, 0.28, 0.16)
STEEL = (0.72, 0.72, 0.75)
BRONZE = (0.55, 0.42, 0.18)
WOOD = (0.48, 0.34, 0.18)
GOLD = (0.85, 0.7, 0.2)


def box(cx, cy, cz, sx, sy, sz, colour):
    return (cx, cy, cz, sx, sy, sz, colour)


FACES = [  # normal, four corners as signs of (x, y, z)
    ((0, 1, 0), [(-1, 1, -1), (-1, 1, 1), (1, 1, 1), (1, 1, -1)]),
    ((0, -1, 0), [(-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1)]),
    ((0, 0, 1), [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]),
    ((0, 0, -1), [(1, -1, -1), (-1, -1, -1), (-1, 1, -1), (1, 1, -1)]),
    ((1, 0, 0), [(1, -1, 1), (1, -1, -1), (1, 1, -1), (1, 1, 1)]),
    ((-1, 0, 0), [(-1, -1, -1), (-1, -1, 1), (-1, 1, 1), (-1, 1, -1)]),
]


def mesh_of(boxes):
    pos, nor, col, idx = [], [], [], []
    for (cx, cy, cz, sx, sy, sz, c) in boxes:
        for normal, corners in FACES:
            base = len(pos)
            for (a, b, d) in corners:
                pos.append((cx + a * sx / 2, cy + b * sy / 2, cz + d * sz / 2))
                nor.append(normal)
                col.append(c)
            idx += [base, base + 1, base + 2, base, base + 2, base + 3]
    return pos, nor, col, idx


def write_gltf(name, boxes):
    pos, nor, col, idx = mesh_of(boxes)
    blob = b"".join(struct.pack("<3f", *p) for p in pos)
    blob += b"".join(struct.pack("<3f", *n) for n in nor)
    blob += b"".join(struct.pack("<3f", *c) for c in col)
    blob += b"".join(struct.pack("<H", i) for i in idx)
    n = len(pos)
    mins = [min(p[k] for p in pos) for k in range(3)]
    maxs = [max(p[k] for p in pos) for k in range(3)]
    doc = {
        "asset": {"version": "2.0", "generator": "Vedette tools/make_models.py"},
        "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0, "name": name}],
        "meshes": [{"name": name, "primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "COLOR_0": 2},
                                                  "indices": 3, "mode": 4}]}],
        "buffers": [{"byteLength": len(blob),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(blob).decode()}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 12 * n, "target": 34962},
            {"buffer": 0, "byteOffset": 12 * n, "byteLength": 12 * n, "target": 34962},
            {"buffer": 0, "byteOffset": 24 * n, "byteLength": 12 * n, "target": 34962},
            {"buffer": 0, "byteOffset": 36 * n, "byteLength": 2 * len(idx), "target": 34963}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": n, "type": "VEC3", "min": mins, "max": maxs},
            {"bufferView": 1, "componentType": 5126, "count": n, "type": "VEC3"},
            {"bufferView": 2, "componentType": 5126, "count": n, "type": "VEC3"},
            {"bufferView": 3, "componentType": 5123, "count": len(idx), "type": "SCALAR"}],
    }
    os.makedirs(os.path.join(OUT, "models"), exist_ok=True)
    with open(os.path.join(OUT, "models", name + ".gltf"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def soldier(kneel=False):
    legs = 2.5 if kneel else 5.0
    b = [box(0, legs / 2, 0, 2.6, legs, 1.6, (0.85, 0.85, 0.8)),          # trousers
         box(0, legs + 2.5, 0, 3.0, 5.0, 2.0, WHITE),                       # coat
         box(0, legs + 5.6, 0, 1.6, 1.4, 1.6, SKIN),                        # head
         box(0, legs + 7.0, 0, 1.8, 1.8, 1.8, BLACK),                       # shako
         box(1.9, legs + 3.5, 0.6, 0.4, 9.0, 0.4, WOOD)]                    # musket
    return b


def horse_and_rider(helmet=STEEL, lance=False):
    b = [box(0, 6.0, 0, 3.2, 3.6, 9.0, BAY),                                # horse body
         box(0, 8.5, 5.5, 1.8, 4.0, 2.4, BAY),                              # neck and head
         box(-1.1, 2.1, 3.2, 0.9, 4.2, 0.9, BAY), box(1.1, 2.1, 3.2, 0.9, 4.2, 0.9, BAY),
         box(-1.1, 2.1, -3.2, 0.9, 4.2, 0.9, BAY), box(1.1, 2.1, -3.2, 0.9, 4.2, 0.9, BAY),
         box(0, 10.0, -0.5, 2.8, 4.5, 2.0, WHITE),                          # rider
         box(0, 13.0, -0.5, 1.5, 1.4, 1.5, SKIN),
         box(0, 14.4, -0.5, 1.8, 1.6, 2.0, helmet)]
    if lance:
        b.append(box(1.8, 12.0, 1.5, 0.3, 14.0, 0.3, WOOD))
    return b


def gun():
    return [box(0, 3.2, 1.0, 1.6, 1.6, 11.0, BRONZE),                        # barrel
            box(-2.6, 3.0, -0.5, 0.6, 6.0, 6.0, WOOD), box(2.6, 3.0, -0.5, 0.6, 6.0, 6.0, WOOD),  # wheels
            box(0, 1.2, -5.5, 1.6, 1.2, 8.0, WOOD)]                            # trail


def limber():
    return [box(0, 3.5, 0, 5.0, 3.0, 5.0, WOOD),
            box(-2.8, 2.5, 0, 0.6, 5.0, 5.0, WOOD), box(2.8, 2.5, 0, 0.6, 5.0, 5.0, WOOD),
            box(0, 2.0, 5.0, 0.6, 0.6, 6.0, WOOD)]


def general():
    return horse_and_rider(helmet=BLACK) + [box(0, 16.0, -0.5, 3.4, 0.8, 1.2, GOLD)]  # bicorne


def flag():
    return [box(0, 10.0, 0, 0.4, 20.0, 0.4, WOOD), box(0, 17.5, 3.0, 0.2, 5.0, 6.0, WHITE)]


LEAF = (0.20, 0.38, 0.16)
LEAF_DARK = (0.15, 0.30, 0.12)
ROOF = (0.52, 0.22, 0.16)


def tree():
    """A deciduous tree in three tiers of foliage over a trunk (about 45 mm tall at 15mm)."""
    return [box(0, 6.0, 0, 3.0, 12.0, 3.0, BROWN),
            box(0, 17.0, 0, 22.0, 12.0, 22.0, LEAF_DARK),
            box(0, 27.0, 0, 16.0, 10.0, 16.0, LEAF),
            box(0, 35.0, 0, 9.0, 8.0, 9.0, LEAF)]


def house():
    """A farmhouse: white walls (tinted: plaster for villages, grey stone for fortified
    buildings), a stepped roof, a door and a chimney."""
    return [box(0, 8.0, 0, 30.0, 16.0, 22.0, WHITE),
            box(0, 18.0, 0, 32.0, 4.0, 24.0, ROOF),
            box(0, 22.0, 0, 26.0, 4.0, 16.0, ROOF),
            box(0, 25.5, 0, 18.0, 3.0, 8.0, ROOF),
            box(9.0, 26.0, 4.0, 3.0, 8.0, 3.0, (0.45, 0.42, 0.40)),
            box(0, 4.0, 11.1, 5.0, 8.0, 0.4, WOOD)]


def base():
    return [box(0, 0.5, 0, 30.0, 1.0, 15.0, (0.35, 0.45, 0.25))]


if __name__ == "__main__":
    models = {"infantry": soldier(), "skirmisher": soldier(kneel=True), "cavalry": horse_and_rider(),
              "lancer": horse_and_rider(helmet=BLACK, lance=True), "cossack": horse_and_rider(helmet=BLACK, lance=True),
              "gun": gun(), "limber": limber(), "general": general(), "flag": flag(), "base": base(),
              "tree": tree(), "house": house()}
    for name, boxes in models.items():
        write_gltf(name, boxes)
    mapping = {
        "about": "Which glTF model draws each troop type. Paths are relative to this file; put your own glTF 2.0 models in their place. Heights are the figure's height on the table in mm (the model is scaled to it).",
        "infantry": {"model": "models/infantry.gltf", "height_mm": 11},
        "open_order": {"model": "models/infantry.gltf", "height_mm": 11},
        "skirmishers": {"model": "models/skirmisher.gltf", "height_mm": 8},
        "cuirassiers": {"model": "models/cavalry.gltf", "height_mm": 15},
        "heavy_cavalry": {"model": "models/cavalry.gltf", "height_mm": 15},
        "dragoons": {"model": "models/cavalry.gltf", "height_mm": 15},
        "lancers": {"model": "models/lancer.gltf", "height_mm": 15},
        "light_cavalry": {"model": "models/cavalry.gltf", "height_mm": 14},
        "cossacks": {"model": "models/cossack.gltf", "height_mm": 14},
        "artillery_crew": {"model": "models/infantry.gltf", "height_mm": 11},
        "gun": {"model": "models/gun.gltf", "height_mm": 7},
        "limber": {"model": "models/limber.gltf", "height_mm": 7},
        "general": {"model": "models/general.gltf", "height_mm": 16},
        "flag": {"model": "models/flag.gltf", "height_mm": 20},
        "tree": {"model": "models/tree.gltf", "height_mm": 45},
        "house": {"model": "models/house.gltf", "height_mm": 30},
    }
    with open(os.path.join(OUT, "models.json"), "w") as f:
        json.dump(mapping, f, indent=1)
        f.write("\n")
    print("wrote", len(models), "models and assets/models.json")
