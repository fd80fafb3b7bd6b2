#!/usr/bin/env bash
# The walk-and-bump test ruleset end to end: simulate, verify, events, render a PNG and run a
# viewer tour under Xvfb, with the program built from app/ unchanged plus walkbump.cpp; and a
# scenario on a hex board: the grid in the replay, "hexes" overlays, the hex terrain and edges in
# a top-down render (hex_pixels.py) and the overlay in the viewer.
#   walkbump_test.sh VEDETTE_WALKBUMP SCENARIO_DIR OUT_DIR SIM_ONLY
set -euo pipefail
V=$1
SRC=$2
OUT=$3
SIM_ONLY=${4:-OFF}
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$OUT"
mkdir -p "$OUT"

"$V" simulate "$SRC/two_files.scenario.json" -o "$OUT/two_files.replay.json" | tee "$OUT/simulate.txt"
grep -q '"ruleset":"walkbump"' "$OUT/two_files.replay.json" || fail "the replay does not name its ruleset"
"$V" verify "$OUT/two_files.replay.json" | grep -q "identical" || fail "verify"
"$V" events "$OUT/two_files.replay.json" > "$OUT/events.txt"
grep -q "bump: " "$OUT/events.txt" || fail "no bump in the events"
# The same replay twice: the same bytes.
"$V" simulate "$SRC/two_files.scenario.json" -o "$OUT/again.replay.json" > /dev/null
cmp -s "$OUT/two_files.replay.json" "$OUT/again.replay.json" || fail "not deterministic"
# An edited event: the events hash catches it (exit 2, naming events_hash).
python3 - "$OUT/two_files.replay.json" "$OUT/edited.replay.json" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = next(n for n, l in enumerate(lines) if '"kind":"bump"' in l)
lines[i] = lines[i].replace('"text":"bump: ', '"text":"edited bump: ', 1)
open(sys.argv[2], "w").write("\n".join(lines))
PY
rc=0; "$V" verify "$OUT/edited.replay.json" > "$OUT/edited.txt" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "an edited replay gave exit $rc"
grep -q "events_hash" "$OUT/edited.txt" || fail "the edit was not caught: $(cat "$OUT/edited.txt")"

# A hex board: the grid travels in the replay's board, the units carry "hexes" overlays.
"$V" simulate "$SRC/hex_board.scenario.json" -o "$OUT/hex_board.replay.json" > "$OUT/hex_simulate.txt"
"$V" verify "$OUT/hex_board.replay.json" | grep -q "identical" || fail "verify (hex board)"
python3 "$SRC/hex_header.py" "$OUT/hex_board.replay.json" || fail "the hex board is not in the replay"

if [ "$SIM_ONLY" != "ON" ]; then
  "$V" render "$OUT/two_files.replay.json" --event 6 --size 320x180 --camera top -o "$OUT/render.png" > /dev/null
  [ -s "$OUT/render.png" ] || fail "render wrote no PNG"
  cp "$SRC/look.tour" "$OUT/look.tour"
  xvfb-run -a -s '-screen 0 1280x800x24' "$V" view "$OUT/two_files.replay.json" --script "$OUT/look.tour" \
    > "$OUT/view.txt" 2>&1 || { cat "$OUT/view.txt"; fail "the viewer tour failed"; }
  grep -q "Validation Error" "$OUT/view.txt" && fail "validation errors: $(cat "$OUT/view.txt")"
  [ -s "$OUT/bump.png" ] && [ -s "$OUT/walk.png" ] || fail "the tour took no screenshots"
  grep -q "A bump" "$OUT/bump.txt" || fail "the explanation panel does not show the bump: $(cat "$OUT/bump.txt")"
  grep -q "Who gives way" "$OUT/bump.txt" || fail "the result table is not shown"
  # The hex board drawn: a colour per hex terrain, darker edges (the mesh the viewer shows too).
  "$V" render "$OUT/hex_board.replay.json" --event 0 --size 960x540 --camera top -o "$OUT/hex_board.png" > /dev/null
  python3 "$SRC/hex_pixels.py" "$OUT/hex_board.png" "$SRC/hex_board.scenario.json" \
    || fail "the hex board is not drawn as expected"
  cp "$SRC/hexes.tour" "$OUT/hexes.tour"
  xvfb-run -a -s '-screen 0 1280x800x24' "$V" view "$OUT/hex_board.replay.json" --script "$OUT/hexes.tour" \
    > "$OUT/hex_view.txt" 2>&1 || { cat "$OUT/hex_view.txt"; fail "the hex viewer tour failed"; }
  grep -q "Validation Error" "$OUT/hex_view.txt" && fail "validation errors: $(cat "$OUT/hex_view.txt")"
  grep -q "hexes: start (6 hexes)" "$OUT/hexes.txt" \
    || fail "red_1 shows no hexes overlay: $(cat "$OUT/hexes.txt")"
fi
echo "walkbump tests passed"
