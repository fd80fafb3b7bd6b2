"""Writes a model's arrays as a one-mesh glTF 2.0 file with an embedded buffer, and reads the file
back to check it keeps the contract the C++ loader relies on (docs/MODELS.md)."""
import base64
import json
import math
import struct

GENERATOR = "Vedette tools/make_models.py"
ATTRIBUTES = [("POSITION", "VEC3"), ("NORMAL", "VEC3"), ("COLOR_0", "VEC3"),
              ("_PAINT", "SCALAR"), ("_PART", "SCALAR"), ("_SWING", "SCALAR")]
URI = "data:application/octet-stream;base64,"


def write(path, name, arrays):
    n = len(arrays["POSITION"])
    idx = arrays["indices"]
    index_type, index_fmt = (5123, "H") if n <= 65535 else (5125, "I")
    blob, views, accessors = b"", [], []
    for k, (attr, kind) in enumerate(ATTRIBUTES):
        values = arrays[attr]
        flat = [c for v in values for c in v] if kind == "VEC3" else list(values)
        data = struct.pack("<%df" % len(flat), *flat)
        views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": len(data), "target": 34962})
        acc = {"bufferView": k, "componentType": 5126, "count": n, "type": kind}
        if attr == "POSITION":
            acc["min"] = [min(p[i] for p in values) for i in range(3)]
            acc["max"] = [max(p[i] for p in values) for i in range(3)]
        accessors.append(acc)
        blob += data
    data = struct.pack("<%d%s" % (len(idx), index_fmt), *idx)
    views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": len(data), "target": 34963})
    accessors.append({"bufferView": len(ATTRIBUTES), "componentType": index_type, "count": len(idx),
                      "type": "SCALAR"})
    blob += data
    doc = {
        "asset": {"version": "2.0", "generator": GENERATOR},
        "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0, "name": name}],
        "meshes": [{"name": name, "primitives": [{
            "attributes": {attr: k for k, (attr, _) in enumerate(ATTRIBUTES)},
            "indices": len(ATTRIBUTES), "mode": 4}]}],
        "buffers": [{"byteLength": len(blob), "uri": URI + base64.b64encode(blob).decode()}],
        "bufferViews": views, "accessors": accessors,
    }
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def read(path):
    """The file's attribute arrays (floats, 3-tuples for VEC3) and its index list."""
    with open(path) as f:
        doc = json.load(f)
    assert doc["asset"]["generator"] == GENERATOR
    assert len(doc["nodes"]) == 1 and len(doc["meshes"]) == 1 and len(doc["meshes"][0]["primitives"]) == 1
    prim = doc["meshes"][0]["primitives"][0]
    assert prim["mode"] == 4
    uri = doc["buffers"][0]["uri"]
    assert uri.startswith(URI)
    blob = base64.b64decode(uri[len(URI):])
    assert len(blob) == doc["buffers"][0]["byteLength"]

    def fetch(k):
        acc = doc["accessors"][k]
        view = doc["bufferViews"][acc["bufferView"]]
        width = {"VEC3": 3, "SCALAR": 1}[acc["type"]]
        fmt, size = {5126: ("f", 4), 5123: ("H", 2), 5125: ("I", 4)}[acc["componentType"]]
        assert view["byteLength"] == acc["count"] * width * size, "accessor count disagrees with its view"
        assert view["byteOffset"] + view["byteLength"] <= len(blob)
        vals = struct.unpack_from("<%d%s" % (acc["count"] * width, fmt), blob, view["byteOffset"])
        return acc, (list(zip(*[iter(vals)] * 3)) if width == 3 else list(vals))

    out = {}
    for attr, kind in ATTRIBUTES:
        acc, out[attr] = fetch(prim["attributes"][attr])
        assert acc["componentType"] == 5126 and acc["type"] == kind, attr
        if attr == "POSITION":
            for i in range(3):
                assert math.isclose(acc["min"][i], min(p[i] for p in out[attr]), abs_tol=1e-4)
                assert math.isclose(acc["max"][i], max(p[i] for p in out[attr]), abs_tol=1e-4)
    _, out["indices"] = fetch(prim["indices"])
    return out


def verify(path):
    """Checks one written model; returns (triangles, parts present, paints present)."""
    a = read(path)
    n = len(a["POSITION"])
    for attr, _ in ATTRIBUTES:
        assert len(a[attr]) == n, attr + ": count differs from POSITION's"
        vals = a[attr] if isinstance(a[attr][0], float) else [c for v in a[attr] for c in v]
        assert all(math.isfinite(x) for x in vals), attr + ": a float is not finite"
    idx = a["indices"]
    assert len(idx) % 3 == 0 and max(idx) < n
    for k in range(n):
        nrm, col = a["NORMAL"][k], a["COLOR_0"][k]
        paint, part, swing = a["_PAINT"][k], a["_PART"][k], a["_SWING"][k]
        assert abs(math.sqrt(sum(c * c for c in nrm)) - 1) < 1e-3, "normal not unit length"
        assert all(0 <= c <= 1 for c in col)
        assert paint in (0, 1, 2, 3, 4, 5, 6) and part in (0, 1, 2, 3, 4, 5, 6, 7, 8)
        assert 0 <= swing <= 1 and (part != 0 or swing == 0)
        if paint:       # painted: a grey wash factor the renderer multiplies with the data colour
            assert col[0] == col[1] == col[2] and 0.55 - 1e-6 <= col[0] <= 1 + 1e-6
    pos, nrm = a["POSITION"], a["NORMAL"]
    for t in range(0, len(idx), 3):
        i, j, k = idx[t:t + 3]
        e1 = [pos[j][c] - pos[i][c] for c in range(3)]
        e2 = [pos[k][c] - pos[i][c] for c in range(3)]
        g = (e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0])
        assert sum(c * c for c in g) > 1e-14, "degenerate triangle %d in %s" % (t // 3, path)
        for v in (i, j, k):
            assert sum(g[c] * nrm[v][c] for c in range(3)) > 0, \
                "triangle %d wound against its normals in %s" % (t // 3, path)
    return len(idx) // 3, sorted({int(p) for p in a["_PART"]}), sorted({int(p) for p in a["_PAINT"]})
