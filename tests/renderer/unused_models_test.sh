#!/usr/bin/env bash
# Issue 48, "Bounded": a render reads only the figure models its scene's units draw. A visuals
# file listing 16 troop types the battle does not have, each with a 1,000,000-vertex model of its
# own (8 as visuals.json `model` files, 8 as models.json kinds they name as `mesh`), made
# `vedette render` peak at 1.67 GB; now none of them is opened and the render peaks well under
# 1 GB. A model the scene does draw is still read (a broken one exits 2 naming the figure), and a
# kind no mapping names is still refused even where no unit draws it. The models drawn hold at
# most 4,000,000 vertices together (refused past it), and at that total a render stays under 1 GB.
# Peak memory is the process's own (getrusage), printed by `VEDETTE_PEAK_RSS=1 vedette ...`.
# The models are made here, at run time, in OUT_DIR (one 12 MB file and hard links to it, and one
# of 47 MB), and removed at the end.
#   unused_models_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT/assets"
cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
peak_kib() { sed -n 's/^peak RSS: \([0-9]*\) KiB$/\1/p' "$1" | tail -n 1; }

REPLAY=$SRC/replays/demo/demo_battle.replay.json
VERTICES=1000000

# One GLB of $VERTICES vertices (a triangle list of one small triangle, again and again), and 15
# hard links to it: 16 files the loader would read one by one.
python3 - "$VERTICES" assets/big_0.glb <<'EOF' || fail "could not write the model"
import json, struct, sys
n = int(sys.argv[1]) // 3 * 3
bin_ = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0) * (n // 3)
doc = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
       "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": n, "type": "VEC3",
                      "min": [0, 0, 0], "max": [1, 1, 0]}],
       "bufferViews": [{"buffer": 0, "byteLength": len(bin_)}],
       "buffers": [{"byteLength": len(bin_)}]}
js = json.dumps(doc).encode()
js += b" " * (-len(js) % 4)
body = struct.pack("<II", len(js), 0x4E4F534A) + js + struct.pack("<II", len(bin_), 0x004E4942) + bin_
open(sys.argv[2], "wb").write(b"glTF" + struct.pack("<II", 2, 12 + len(body)) + body)
EOF
for k in $(seq 1 15); do ln assets/big_0.glb "assets/big_$k.glb" || fail "ln"; done
echo "made 16 models of $VERTICES vertices: $(du -sh assets | cut -f1) on disk"

# The visuals and mapping: the shipped ones, and 16 troop types no unit of the demo has.
# $1: the folder; $2: Python run on the visuals `v` and the mapping `m` before they are written.
assets() {
  python3 - "$SRC" "$1" "$2" <<'EOF' || fail "could not write the visuals"
import json, sys
src, out, extra = sys.argv[1], sys.argv[2], sys.argv[3]
v = json.load(open(src + "/assets/visuals.json"))
m = {"about": "issue 48: figure models no unit of the demo draws"}
for k in range(8):
    v["figures"]["unused_own_%d" % k] = {"model": "big_%d.glb" % k, "height_mm": 10 + k,
                                          "spacing_mm": 7}
    m["unused_kind_%d" % k] = {"model": "big_%d.glb" % (8 + k), "height_mm": 10}
    v["figures"]["unused_kind_%d" % k] = {"mesh": "unused_kind_%d" % k, "spacing_mm": 7}
exec(extra)
json.dump(v, open(out + "/visuals.json", "w"), indent=1)
json.dump(m, open(out + "/models.json", "w"), indent=1)
EOF
}

# render ASSETS LOG: the demo at event 40, 160x90.
render() {
  VEDETTE_ASSETS_DIR=$1 VEDETTE_PEAK_RSS=1 "$VEDETTE" render "$REPLAY" --event 40 --size 160x90 \
    -o "$OUT/frame.png" > "$2" 2>&1
}

render "$SRC/assets" shipped.txt || fail "render with the shipped assets: $(cat shipped.txt)"
shipped=$(peak_kib shipped.txt)

assets assets ""
rm -f frame.png
render "$OUT/assets" unused.txt || fail "render with 16 unused models: $(cat unused.txt)"
[ -s frame.png ] || fail "render with 16 unused models wrote no picture"
peak=$(peak_kib unused.txt)
[ -n "$shipped" ] && [ -n "$peak" ] || fail "no peak RSS printed"
echo "render: peak RSS $shipped KiB with the shipped assets, $peak KiB with 16 unused models"
[ "$peak" -lt 1048576 ] || fail "peak RSS $peak KiB with 16 unused models: 1 GB or more"
# Reading even one of them costs 100 MB or so: none was read.
[ "$peak" -lt $((shipped + 51200)) ] ||
  fail "peak RSS $peak KiB, more than 50 MB over the shipped assets' $shipped KiB"
echo "ok: 16 unused 1,000,000-vertex models are not read"

# A model the demo draws is read: the first unit's troop type drawn by a file that is no glTF.
VISUAL=$(python3 -c "import json, sys
print(json.load(open(sys.argv[1]))['header']['units'][0]['visual'])" "$REPLAY") ||
  fail "no visual in the demo's roster"
mkdir -p used
printf 'not a model' > used/broken.glb
assets used "v['figures']['$VISUAL'] = {'model': 'broken.glb', 'height_mm': 10, 'spacing_mm': 7}"
render "$OUT/used" used.txt
rc=$?
[ $rc -eq 2 ] || fail "a broken model the demo draws: exit $rc, expected 2: $(cat used.txt)"
grep -qF "used/visuals.json: \$.figures.$VISUAL.model" used.txt ||
  fail "a broken model the demo draws: $(cat used.txt)"
echo "ok: a model the scene draws is read: $(grep error used.txt | head -c 200)"

# A kind no mapping names is refused though no unit draws it (the kinds are checked, not read).
mkdir -p misspelt
assets misspelt "v['figures']['unused_typo'] = {'mesh': 'elephants', 'spacing_mm': 7}"
render "$OUT/misspelt" misspelt.txt
rc=$?
[ $rc -eq 2 ] || fail "an unused misspelt kind: exit $rc, expected 2: $(cat misspelt.txt)"
grep -qF '$.figures.unused_typo.mesh: "elephants" is not a model kind' misspelt.txt ||
  fail "an unused misspelt kind: $(cat misspelt.txt)"
echo "ok: an unused figure's kind is still checked"

# What the scene does draw is bounded too: 4,000,000 vertices all its models together. Five of
# the demo's troop types drawn by 1,000,000-vertex models are refused, naming the figure that
# passes the total, before the memory goes.
mkdir -p total
for k in 0 1 2 3 4; do ln assets/big_0.glb "total/big_$k.glb" || fail "ln"; done
assets total "
units = json.load(open(src + '/replays/demo/demo_battle.replay.json'))['header']['units']
for k, key in enumerate(sorted({u['visual'] for u in units})[:5]):
    v['figures'][key] = {'model': 'big_%d.glb' % k, 'height_mm': 10, 'spacing_mm': 7}"
render "$OUT/total" total.txt
rc=$?
[ $rc -eq 2 ] || fail "five drawn models of 1,000,000 vertices: exit $rc, expected 2: $(cat total.txt)"
grep -q 'total/visuals.json: [$][.]figures[.][a-z_]*[.]model: the models drawn hold more than 4000000 vertices together' \
  total.txt || fail "five drawn models of 1,000,000 vertices: $(cat total.txt)"
peak=$(peak_kib total.txt)
[ -n "$peak" ] && [ "$peak" -lt 1048576 ] || fail "five drawn models: peak RSS $peak KiB"
echo "ok: five drawn models of 1,000,000 vertices are refused, peak RSS $peak KiB"

# One model of 3,900,000 vertices, all different, drawn beside the shipped ones (about 77,000):
# within the total, and the render peaks under 1 GB (one of 4,000,000 peaked at 1.07 GB while the
# renderer found equal vertices with a map of them all).
mkdir -p near_limit
python3 - 3900000 near_limit/big.glb <<'MODEL' || fail "could not write the model"
import array, json, struct, sys
n = int(sys.argv[1]) // 3 * 3
a = array.array("f", bytes(12 * n))
for i in range(n):
    a[3 * i], a[3 * i + 1], a[3 * i + 2] = (i % 2000) / 2000, (i // 2000) / 2000, (i * 7 % 13) / 13
bin_ = a.tobytes()
doc = {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
       "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": n, "type": "VEC3"}],
       "bufferViews": [{"buffer": 0, "byteLength": len(bin_)}],
       "buffers": [{"byteLength": len(bin_)}]}
js = json.dumps(doc).encode()
js += b" " * (-len(js) % 4)
body = struct.pack("<II", len(js), 0x4E4F534A) + js + struct.pack("<II", len(bin_), 0x004E4942) + bin_
open(sys.argv[2], "wb").write(b"glTF" + struct.pack("<II", 2, 12 + len(body)) + body)
MODEL
assets near_limit "v['figures']['$VISUAL'] = {'model': 'big.glb', 'height_mm': 10, 'spacing_mm': 7}"
rm -f frame.png
render "$OUT/near_limit" near_limit.txt ||
  fail "one drawn model of 3,900,000 vertices: $(cat near_limit.txt)"
[ -s frame.png ] || fail "one drawn model of 3,900,000 vertices: no picture"
peak=$(peak_kib near_limit.txt)
[ -n "$peak" ] && [ "$peak" -lt 1048576 ] ||
  fail "one drawn model of 3,900,000 vertices: peak RSS $peak KiB, 1 GB or more"
echo "ok: one drawn model of 3,900,000 vertices renders, peak RSS $peak KiB"
# The big files go; the logs stay.
rm -f assets/big_*.glb total/big_*.glb near_limit/big.glb
echo "unused models tests passed"
