#!/usr/bin/env bash
# Motion in every second (issue 41, item 2): a presenter video holds for reading, and its camera
# keeps drifting through the holds, so ffmpeg's freezedetect (-60 dB, 1.5 s) finds no freeze. The
# control, the same export with --still-holds, must freeze somewhere (else the test proves
# nothing); --still-holds without the presenter overlay is a usage error. Two drifting exports
# give the same frames (the drift follows video time, never the wall clock).
#   export_motion_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
REPLAY="$SRC/replays/seed000/02_dragoons_vs_square.replay.json"
fail() { echo "FAIL: $*"; exit 1; }
RANGE=(--overlay presenter --from event:8 --size 320x180 --quiet)

freezes() {  # freezes VIDEO: one line per freeze of 1.5 s or more
  ffmpeg -hide_banner -nostats -i "$1" -vf freezedetect=n=-60dB:d=1.5 -map 0:v -f null - 2>&1 |
    grep -o "freeze_duration: [0-9.]*" || true
}

"$VEDETTE" export "$REPLAY" "${RANGE[@]}" --to event:12 -o "$OUT/drift.mp4" > /dev/null
"$VEDETTE" export "$REPLAY" "${RANGE[@]}" --to event:12 --still-holds -o "$OUT/still.mp4" > /dev/null
seconds=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$OUT/drift.mp4")
python3 -c "import sys; sys.exit(0 if float('$seconds') > 6 else 1)" ||
  fail "the clip is $seconds s: too short to hold anywhere, the test proves nothing"
drift=$(freezes "$OUT/drift.mp4")
[ -z "$drift" ] || fail "the presenter video freezes: $drift"
still=$(freezes "$OUT/still.mp4")
[ -n "$still" ] || fail "--still-holds never freezes: the control proves nothing"
echo "ok: $seconds s of video, no freeze; with --still-holds: $(echo "$still" | wc -l) freezes"

# The same drift twice: the same frames.
a=$("$VEDETTE" export "$REPLAY" "${RANGE[@]}" --to event:10 --raw - --hash | sed -n 's/.*hash \([0-9a-f]*\).*/\1/p')
b=$("$VEDETTE" export "$REPLAY" "${RANGE[@]}" --to event:10 --raw - --hash | sed -n 's/.*hash \([0-9a-f]*\).*/\1/p')
[ -n "$a" ] && [ "$a" = "$b" ] || fail "two drifting exports differ: '$a' and '$b'"

set +e
"$VEDETTE" export "$REPLAY" --overlay captions --still-holds --raw - 2> "$OUT/err.txt"
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "goes with --overlay presenter" "$OUT/err.txt" ||
  fail "--still-holds without presenter: exit $rc, $(cat "$OUT/err.txt")"
echo "export motion tests passed"
