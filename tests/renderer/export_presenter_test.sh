#!/usr/bin/env bash
# The presenter video (issue 16's acceptance): `export --overlay presenter --hold melee=2` keeps
# the melee's caption on screen at least 2 s of video (read from the frames themselves: the
# caption's text pixels stay the same while it is up), shows a result card during the melee,
# and comes out playable as .webm and .gif (ffprobe). A control run without the hold shows the
# melee for less than 2 s at the same speed, so the hold is what keeps it up. Notes are shown and
# held 3 s each; a GIF's length limit counts those holds.
#   export_presenter_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
REPLAY="$SRC/replays/seed000/02_dragoons_vs_square.replay.json"
fail() { echo "FAIL: $*"; exit 1; }
probe() { ffprobe -v error -select_streams v:0 -show_entries "stream=$2" -of default=nw=1:nk=1 "$1"; }
# Speed 4 plays the 2.5 s melee in 0.6 s; no minimum caption time, so only --hold can keep it up.
RANGE=(--from event:8 --to event:12 --speed 4 --min-caption 0 --size 640x360 --quiet)

# The melee's cue in the subtitles: start and end in seconds.
melee_cue() {  # melee_cue SRT
  python3 - "$REPLAY" "$1" <<'PY'
import json, re, sys
replay = json.load(open(sys.argv[1]))
melee = next(e for e in replay["events"] if e["category"] == "melee")
cues = open(sys.argv[2]).read().strip().split("\n\n")
def secs(t):
    h, m, s = t.replace(",", ".").split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)
for cue in cues:
    lines = cue.split("\n")
    if len(lines) >= 3 and lines[2] == melee["text"]:
        a, b = lines[1].split(" --> ")
        print(secs(a), secs(b))
        sys.exit(0)
sys.exit("no cue for the melee")
PY
}

# Raw frames of the paced video, its subtitles beside.
"$VEDETTE" export "$REPLAY" --overlay presenter --hold melee=2 "${RANGE[@]}" --raw "$OUT/held.raw" > "$OUT/held.txt"
"$VEDETTE" export "$REPLAY" --overlay presenter --hold melee=2 "${RANGE[@]}" -o "$OUT/held.webm" --srt "$OUT/held.srt" > /dev/null
read -r start end < <(melee_cue "$OUT/held.srt")
python3 - "$OUT/held.raw" "$start" "$end" <<'PY' || fail "the melee's caption is not on screen for 2 s"
import sys
raw, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
W, H, FPS = 640, 360, 30
data = open(raw, "rb").read()
frames = [data[i:i + W * H * 4] for i in range(0, len(data), W * H * 4)]
def caption_text(f):
    # Caption letters: near-white pixels in the lower third's band (the band darkens the table).
    band = range(H - H * 2 // 9, H)
    return frozenset((x, y) for y in band for x in range(W)
                     if min(f[(y * W + x) * 4:(y * W + x) * 4 + 3]) > 215)
def card_pixels(f):
    # The result card's outcome line and luck bar: gold, in the top half.
    n = 0
    for y in range(0, H // 2):
        for x in range(W):
            r, g, b = f[(y * W + x) * 4:(y * W + x) * 4 + 3]
            n += r > 230 and 190 < g < 235 and b < 130
    return n
first, last = int(start * FPS + 0.999), int(end * FPS) - 1
shown = [caption_text(frames[i]) for i in range(first, last + 1)]
assert shown[0], "no caption text during the melee"
assert all(s == shown[0] for s in shown), "the caption changed while the melee's cue was up"
seconds = (last - first + 1) / FPS
assert seconds >= 2.0 - 1 / FPS, f"melee caption up {seconds:.2f} s"
# Before the cue, another caption was up.
assert caption_text(frames[first - 2]) != shown[0], "the caption before the melee is the same"
assert card_pixels(frames[last]) > 20, "no result card during the melee"
print(f"ok: melee caption up {seconds:.2f} s ({last - first + 1} frames), result card shown")
PY
[ "$(probe "$OUT/held.webm" codec_name)" = vp9 ] || fail "webm codec is $(probe "$OUT/held.webm" codec_name)"

# The control: without the hold (and without reading time) the melee is up for less than 2 s.
"$VEDETTE" export "$REPLAY" --overlay presenter --hold melee=0 --reading-rate 0 "${RANGE[@]}" -o "$OUT/plain.webm" --srt "$OUT/plain.srt" > /dev/null
read -r pstart pend < <(melee_cue "$OUT/plain.srt")
python3 -c "import sys; sys.exit(0 if $pend - $pstart < 2.0 else 1)" || fail "the melee is up 2 s without any hold: the test proves nothing"

# The same video as a palette GIF.
"$VEDETTE" export "$REPLAY" --overlay presenter --hold melee=2 "${RANGE[@]}" -o "$OUT/held.gif" > /dev/null
[ "$(probe "$OUT/held.gif" codec_name)" = gif ] || fail "gif codec is $(probe "$OUT/held.gif" codec_name)"
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of default=nw=1:nk=1 "$OUT/held.gif")
[ "$frames" -gt 10 ] || fail "the gif has $frames frames"

# A teacher's note in the range is shown and held for reading: 3 s more of video.
cat > "$OUT/notes.json" <<'JSON'
{"format": "vedette-notes", "version": 1, "notes": [
  {"name": "the melee", "event": 10, "text": "Watch the dragoons bounce off the square.",
   "drawings": [{"kind": "circle", "centre": [600, 400], "radius_mm": 60}]}]}
JSON
frames_of() { sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$1"; }
"$VEDETTE" export "$REPLAY" --overlay presenter "${RANGE[@]}" --raw - > "$OUT/plain_count.txt"
"$VEDETTE" export "$REPLAY" --overlay presenter --notes "$OUT/notes.json" "${RANGE[@]}" --raw - > "$OUT/noted_count.txt"
plain=$(frames_of "$OUT/plain_count.txt"); noted=$(frames_of "$OUT/noted_count.txt")
[ -n "$plain" ] && [ $((noted - plain)) -ge 85 ] && [ $((noted - plain)) -le 95 ] ||
  fail "a note should hold 3 s (90 frames): $plain frames without it, $noted with it"

# A GIF's 60 s limit counts the notes' holds: the GIF made above (the same range, no notes) is
# refused once 21 notes hold it 63 s more, before anything is rendered or written.
python3 - "$OUT/many_notes.json" <<'PY'
import json, sys
notes = [{"name": f"note {i}", "event": 10, "text": "hold"} for i in range(21)]
json.dump({"format": "vedette-notes", "version": 1, "notes": notes}, open(sys.argv[1], "w"))
PY
set +e; "$VEDETTE" export "$REPLAY" --overlay presenter --hold melee=2 --notes "$OUT/many_notes.json" "${RANGE[@]}" -o "$OUT/noted.gif" 2> "$OUT/err.txt"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "a GIF is for a short clip.*with its holds and notes" "$OUT/err.txt" || fail "a GIF held past 60 s by notes: exit $rc, $(cat "$OUT/err.txt")"
[ ! -e "$OUT/noted.gif" ] || fail "the refused GIF was written"

# --notes: a missing file and a video without the presenter overlay are refused (exit 2).
set +e; "$VEDETTE" export "$REPLAY" --overlay presenter --notes "$OUT/none.json" "${RANGE[@]}" --raw - 2> "$OUT/err.txt"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "no such notes file" "$OUT/err.txt" || fail "--notes missing: exit $rc, $(cat "$OUT/err.txt")"
set +e; "$VEDETTE" export "$REPLAY" --overlay captions --notes "$OUT/notes.json" "${RANGE[@]}" --raw - 2> "$OUT/err.txt"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "goes with --overlay presenter" "$OUT/err.txt" || fail "--notes without presenter: exit $rc, $(cat "$OUT/err.txt")"

# --luck: the luck strip over a presenter frame once a melee's luck counts (the frame differs from
# the one without, above the caption band only), and nothing for it without the presenter overlay.
DEMO="$SRC/replays/demo/demo_battle.replay.json"
"$VEDETTE" render "$DEMO" --event 91 --overlay presenter --size 640x360 -o "$OUT/plain.png" > /dev/null
"$VEDETTE" render "$DEMO" --event 91 --overlay presenter --luck --size 640x360 -o "$OUT/luck.png" > /dev/null
python3 - "$OUT/plain.png" "$OUT/luck.png" <<'PY' || fail "--luck drew no strip above the caption band"
import subprocess, sys
def rows(path):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    return [raw[y * 640 * 3:(y + 1) * 640 * 3] for y in range(360)]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
changed = [y for y in range(360) if a[y] != b[y]]
print(f"--luck changed rows {changed[0] if changed else '-'}..{changed[-1] if changed else '-'}")
# The strip stands in the lower half, above the caption band; the top of the frame is untouched.
sys.exit(0 if changed and min(changed) > 140 and max(changed) < 330 else 1)
PY
set +e; "$VEDETTE" export "$REPLAY" --overlay captions --luck "${RANGE[@]}" --raw - 2> "$OUT/err.txt"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "luck goes with --overlay presenter" "$OUT/err.txt" || fail "--luck without presenter: exit $rc, $(cat "$OUT/err.txt")"

# A bad --hold is refused with what was expected.
set +e; "$VEDETTE" export "$REPLAY" --hold melee "${RANGE[@]}" -o "$OUT/x.mp4" 2> "$OUT/err.txt"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "KIND=SECONDS" "$OUT/err.txt" || fail "--hold melee: exit $rc, $(cat "$OUT/err.txt")"
echo "export presenter tests passed"
