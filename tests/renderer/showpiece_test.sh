#!/usr/bin/env bash
# The main job's video (issue 41, item 7), made as ./run.sh makes it (tools/showpiece.sh) but at
# 320x180: 45 to 75 s long; no freeze of 1.5 s (freezedetect -60 dB); it opens on a title card over
# a darkened table and closes on an end card (both dark frames with light text), with the charge
# between (table frames, bright); the end card recalls the melee's result; --story refuses a unit
# the replay lacks and a range without its events (exit 2).
#   showpiece_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
# As the main job has it: simulated afresh into its output folder, without the teacher's notes
# that sit beside the shipped replay.
REPLAY="$OUT/demo_battle.replay.json"
cp "$SRC/replays/demo/demo_battle.replay.json" "$REPLAY"
fail() { echo "FAIL: $*"; exit 1; }

"$SRC/tools/showpiece.sh" "$VEDETTE" "$REPLAY" "$OUT/show.mp4" 320x180 --quiet \
  --chapters "$OUT/show.chapters.txt" > /dev/null
seconds=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$OUT/show.mp4")
python3 -c "import sys; s = float('$seconds'); sys.exit(0 if 45 <= s <= 75 else 1)" ||
  fail "the showpiece is $seconds s, not 45 to 75"
freezes=$(ffmpeg -hide_banner -nostats -i "$OUT/show.mp4" -vf freezedetect=n=-60dB:d=1.5 -map 0:v \
  -f null - 2>&1 | grep -o "freeze_duration: [0-9.]*" || true)
[ -z "$freezes" ] || fail "the showpiece freezes: $freezes"

# Mean brightness (0-255) of the frame at a moment.
brightness() {
  ffmpeg -hide_banner -loglevel error -ss "$1" -i "$OUT/show.mp4" -frames:v 1 -f rawvideo \
    -pix_fmt gray - | python3 -c "import sys; d = sys.stdin.buffer.read(); print(sum(d) // len(d))"
}
title=$(brightness 1.5)
middle=$(brightness 20)
end=$(python3 -c "print(float('$seconds') - 1.5)")
closing=$(brightness "$end")
[ "$title" -lt 60 ] || fail "no title card at 1.5 s (brightness $title)"
[ "$closing" -lt 60 ] || fail "no end card at $end s (brightness $closing)"
[ "$middle" -gt $((title + 30)) ] || fail "the charge is no brighter than the cards ($middle v $title)"
# The subtitles hold the story, declaration to pursuit, and nothing of other units.
grep -q "1er cuirassiers charges Sandham's foot battery" "$OUT/show.srt" || fail "no declaration"
grep -q "1er cuirassiers pursuit test" "$OUT/show.srt" || fail "no pursuit test"
! grep -q "4e cuirassiers" "$OUT/show.srt" || fail "another unit's event in the story"
echo "ok: $seconds s, no freeze, title $title, charge $middle, end card $closing"

# Chapters (item 8): one `MM:SS title` line per episode, the first at 00:00, the end card last;
# the MP4 carries the same list.
head -1 "$OUT/show.chapters.txt" | grep -q "^00:00 Demo battle" || fail "no opening chapter: $(cat "$OUT/show.chapters.txt")"
tail -1 "$OUT/show.chapters.txt" | grep -Eq "^01:[0-9][0-9] The result$" || fail "no closing chapter: $(cat "$OUT/show.chapters.txt")"
grep -q "^00:[0-9][0-9] Melee: 1er cuirassiers 17 against Sandham's foot battery 3$" "$OUT/show.chapters.txt" ||
  fail "no chapter for the melee: $(cat "$OUT/show.chapters.txt")"
inside=$(ffprobe -v error -show_chapters -of compact "$OUT/show.mp4" | grep -c "^chapter" || true)
[ "$inside" = "$(wc -l < "$OUT/show.chapters.txt")" ] || fail "the MP4 has $inside chapters, the list $(wc -l < "$OUT/show.chapters.txt")"
ffprobe -v error -show_chapters -of compact "$OUT/show.mp4" | grep -q "title=The result" || fail "the MP4's chapters lack the end card"

set +e
"$VEDETTE" export "$REPLAY" --overlay presenter --story nobody --raw - 2> "$OUT/err.txt"
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "no unit 'nobody'" "$OUT/err.txt" || fail "--story nobody: exit $rc, $(cat "$OUT/err.txt")"
set +e
"$VEDETTE" export "$REPLAY" --overlay presenter --story f_cuir_1 --from event:1 --to event:5 --raw - 2> "$OUT/err.txt"
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "no event of 1er cuirassiers" "$OUT/err.txt" || fail "--story outside its range: exit $rc, $(cat "$OUT/err.txt")"
# The new flags' misuses: each exits 2 naming the flag, and writes nothing.
refused() {  # refused MESSAGE ARGS...
  local message=$1; shift
  set +e; "$VEDETTE" export "$REPLAY" "$@" 2> "$OUT/err.txt"; local rc=$?; set -e
  [ $rc -eq 2 ] && grep -q -- "$message" "$OUT/err.txt" || fail "$*: exit $rc, $(cat "$OUT/err.txt")"
}
refused "--chapters goes with -o FILE" --overlay presenter --raw - --chapters "$OUT/c.txt"
refused "--end-card goes with --overlay presenter" --overlay captions --raw - --end-card 3
refused "--max-caption" --overlay presenter --raw - --max-caption 99
[ ! -e "$OUT/c.txt" ] || fail "a refused export wrote its chapters"
echo "showpiece tests passed"
