#!/usr/bin/env bash
# Export formats and options for video makers, on lavapipe: .webm (VP9) and .gif come out
# playable (ffprobe), any other extension is refused naming the ones accepted, --quality reaches
# the encoder (a lower quality gives a smaller file) and is refused out of range or for a GIF, a
# GIF is for a short clip, --srt writes one cue per event with the caption's text, --labels
# paints name tags (the frames change, and differ between names and ids) and --look miniature
# gives another picture.
#   export_formats_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
REPLAY="$SRC/replays/seed000/01_young_guard_vs_landwehr.replay.json"
fail() { echo "FAIL: $*"; exit 1; }
probe() { ffprobe -v error -select_streams v:0 -show_entries "stream=$2" -of default=nw=1:nk=1 "$1"; }
count() { ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of default=nw=1:nk=1 "$1"; }

# VP9 in WebM, and a palette GIF (at most 15 frames a second).
"$VEDETTE" export "$REPLAY" -o "$OUT/clip.webm" --size 160x90 --from event:3 --to event:5 --quiet > "$OUT/webm.txt"
frames=$(sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$OUT/webm.txt")
[ "$(probe "$OUT/clip.webm" codec_name)" = vp9 ] || fail "webm codec is $(probe "$OUT/clip.webm" codec_name)"
[ "$(count "$OUT/clip.webm")" = "$frames" ] || fail "webm has $(count "$OUT/clip.webm") frames, the export said $frames"
"$VEDETTE" export "$REPLAY" -o "$OUT/clip.gif" --size 160x90 --from event:3 --to event:5 --quiet > /dev/null
[ "$(probe "$OUT/clip.gif" codec_name)" = gif ] || fail "gif codec is $(probe "$OUT/clip.gif" codec_name)"
gif_frames=$(count "$OUT/clip.gif")
[ "$gif_frames" -gt 1 ] && [ "$gif_frames" -le $(( frames / 2 + 1 )) ] || fail "gif has $gif_frames frames for $frames at 30 fps"
echo "ok: webm ($frames frames) and gif ($gif_frames frames) play"

# Other extensions, bad qualities, a GIF too long: exit 2 with the reason, nothing written.
for target in "$OUT/x.avi" "$OUT/x" "$OUT/x.mp4.txt"; do
  set +e; "$VEDETTE" export "$REPLAY" -o "$target" --size 160x90 --quiet 2> "$OUT/err.txt"; rc=$?; set -e
  [ $rc -eq 2 ] || fail "-o $target: exit $rc"
  grep -q ".mp4 (H.264), .webm (VP9) or .gif" "$OUT/err.txt" || fail "-o $target: $(cat "$OUT/err.txt")"
  [ ! -e "$target" ] || fail "$target was written"
done
expect_refused() {  # expect_refused WHAT ARGS...
  local what=$1; shift
  set +e; "$VEDETTE" export "$REPLAY" "$@" --size 160x90 --quiet 2> "$OUT/err.txt"; local rc=$?; set -e
  [ $rc -eq 2 ] || fail "$what: exit $rc"
  grep -q -- "$what" "$OUT/err.txt" || fail "$what: $(cat "$OUT/err.txt")"
}
expect_refused "--quality" -o "$OUT/q.mp4" --quality 52
expect_refused "--quality" -o "$OUT/q.webm" --quality 64
expect_refused "--quality: a GIF has no quality" -o "$OUT/q.gif" --quality 10
expect_refused "a GIF is for a short clip" -o "$OUT/long.gif" --speed 0.1
expect_refused "--srt goes with -o" --raw - --srt "$OUT/x.srt"
ls "$OUT" | grep -q "^q\.\|^long\.gif\|^x\.srt" && fail "a refused export left a file"
echo "ok: bad formats and qualities refused"

# --quality reaches the encoder: CRF 45 is smaller than CRF 5.
"$VEDETTE" export "$REPLAY" -o "$OUT/good.mp4" --size 320x180 --from event:3 --to event:5 --quality 5 --quiet > /dev/null
"$VEDETTE" export "$REPLAY" -o "$OUT/poor.mp4" --size 320x180 --from event:3 --to event:5 --quality 45 --quiet > /dev/null
good=$(stat -c %s "$OUT/good.mp4"); poor=$(stat -c %s "$OUT/poor.mp4")
[ "$poor" -lt "$good" ] || fail "--quality 45 gave $poor bytes, --quality 5 $good bytes"
echo "ok: --quality 5: $good bytes, --quality 45: $poor bytes"

# Subtitles: one cue per event of the range, starting at 0, with the event's text.
"$VEDETTE" export "$REPLAY" -o "$OUT/sub.mp4" --srt "$OUT/sub.srt" --size 160x90 --from event:3 --to event:6 --quiet > /dev/null
python3 - "$REPLAY" "$OUT/sub.srt" <<'PY' || fail "the subtitles do not match the events"
import json, re, sys
replay = json.load(open(sys.argv[1]))
events = replay["events"]
srt = open(sys.argv[2]).read()
cues = [c for c in srt.strip().split("\n\n") if c]
texts = [c.split("\n")[2] for c in cues]
t0, t1 = events[3]["t0"], events[6]["t1"]
want = [e["text"] for i, e in enumerate(events)
        if e["text"] and max(e["t0"], t0) < min(events[i + 1]["t0"] if i + 1 < len(events) else t1, t1)]
assert texts == want, (texts, want)
assert cues[0].split("\n")[1].startswith("00:00:00,000 --> "), cues[0]
for c in cues:
    assert re.match(r"\d+\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n", c), c
print(f"{len(cues)} cues")
PY
ffprobe -v error "$OUT/sub.srt" || fail "ffprobe cannot read the subtitles"

# Labels: painted over the frames; names and ids differ.
hash_of() { "$VEDETTE" export "$REPLAY" --raw - --size 320x180 --from event:3 --to event:4 --hash --quiet "$@" | sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p'; }
plain=$(hash_of); names=$(hash_of --labels name); ids=$(hash_of --labels id)
[ -n "$plain" ] && [ "$plain" != "$names" ] && [ "$names" != "$ids" ] || fail "labels: $plain $names $ids"
expect_refused "--labels expects name, short or id" --raw - --labels nickname

# The miniature look: another picture (tilt-shift blur, contact shadows), the same frame count;
# a look it does not know, or with the viewer's panels (they would blur), is refused.
mini=$(hash_of --look miniature); table=$(hash_of --look table)
[ -n "$mini" ] && [ "$mini" != "$plain" ] && [ "$table" = "$plain" ] || fail "--look: $plain $table $mini"
expect_refused "--look: expected table or miniature" --raw - --look polaroid
expect_refused "--look miniature goes with --overlay none" --raw - --look miniature --overlay viewer
echo "ok: --look miniature"
echo "export formats tests passed"
