#!/usr/bin/env bash
# Memory stays flat however long Vedette runs (issue 25): a 1,000-frame export and a viewer left
# open for 3,000 frames hold at their peak at most 1.3 times what a 250-frame run holds. Mesa
# 22.3's lavapipe once leaked about a megabyte a frame on a branching fragment shader
# (shaders/hex_board.glsl), so a long export or an open viewer ran the machine out of memory.
# Peak memory is the process's own (getrusage), printed by `VEDETTE_PEAK_RSS=1 vedette ...`.
# Not run in the sanitizer build: AddressSanitizer's quarantine holds freed memory on purpose.
#   memory_test.sh VEDETTE SOURCE_DIR OUT_DIR [export|viewer]
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
WHAT=${4:-export viewer}
mkdir -p "$OUT"
fail() { echo "FAIL: $*"; exit 1; }

peak_of() { sed -n 's/^peak RSS: \([0-9]*\) KiB$/\1/p' "$1" | tail -n 1; }

# Checks that the long run's peak is within 1.3 times the short run's.
compare() {
    local what=$1 short=$2 long=$3
    [ -n "$short" ] && [ -n "$long" ] || fail "$what: no peak RSS printed"
    echo "$what: peak RSS $short KiB after the short run, $long KiB after the long one"
    [ $((long * 10)) -le $((short * 13)) ] ||
        fail "$what: peak memory grew from $short KiB to $long KiB (more than 1.3 times)"
}

# The demo on the Borodino hex board too: its terrain shader draws the grid.
export_frames() {
    local replay=$1 to=$2 log=$3
    VEDETTE_PEAK_RSS=1 "$VEDETTE" export "$replay" -o "$OUT/memory.mp4" --size 160x90 \
        --overlay presenter --speed 2 --from 0 --to "$to" --quiet > "$log" 2>&1 ||
        { cat "$log"; fail "export failed"; }
    sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$log"
}

if [[ " $WHAT " == *" export "* ]]; then
    for replay in demo/demo_battle borodino/shevardino_demo; do
        short_frames=$(export_frames "$SRC/replays/$replay.replay.json" 3 "$OUT/export_short.txt")
        long_frames=$(export_frames "$SRC/replays/$replay.replay.json" 16 "$OUT/export_long.txt")
        echo "export $replay: $short_frames frames, then $long_frames frames"
        # The presenter's holds add frames: some hundreds, then about four times as many.
        [ "$long_frames" -ge 1000 ] && [ $((long_frames * 10)) -ge $((short_frames * 35)) ] ||
            fail "expected at least 1,000 frames and 3.5 times the short run's in the long one"
        compare "export $replay" "$(peak_of "$OUT/export_short.txt")" \
            "$(peak_of "$OUT/export_long.txt")"
    done
fi

# The viewer, open on the demo with the presenter layout, playing, for N frames.
viewer_frames() {
    local frames=$1 log=$2
    printf 'layout presenter\nplay\nwait %s frames\nquit\n' "$frames" > "$OUT/memory.tour"
    VEDETTE_PEAK_RSS=1 xvfb-run -a -s '-screen 0 640x400x24' "$VEDETTE" view \
        "$SRC/replays/demo/demo_battle.replay.json" --script "$OUT/memory.tour" --no-vsync \
        --size 320x200 > "$log" 2>&1 || { cat "$log"; fail "the viewer failed"; }
}

if [[ " $WHAT " == *" viewer "* ]]; then
    viewer_frames 250 "$OUT/viewer_short.txt"
    viewer_frames 3000 "$OUT/viewer_long.txt"
    compare "viewer" "$(peak_of "$OUT/viewer_short.txt")" "$(peak_of "$OUT/viewer_long.txt")"
fi
echo "memory: flat"
