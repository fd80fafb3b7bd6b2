#!/usr/bin/env bash
# Outputs of render, export and view, on lavapipe: an output that is a file the command reads
# (the replay, its notes, the tour) or another of its outputs is refused with exit 2 before
# anything is written; render writes only .png; an export whose --srt cannot be written leaves no
# video either; and the temporaries a killed export left (NAME.tmp-PID-...) are removed by the
# next export to the same name when their process is gone, never when it still runs.
#   export_outputs_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cp "$SRC/replays/seed000/01_young_guard_vs_landwehr.replay.json" r.replay.json
printf '{"notes": []}\n' > r.replay.notes.json
cp r.replay.json r.orig
cp r.replay.notes.json notes.orig
touch out.txt err.txt

# refused WHAT EXPECTED_WORDS -- COMMAND...: exit 2, a message with the words, nothing written.
refused() {
  local what=$1 words=$2
  shift 3
  local before
  before=$(ls -A | sort | tr '\n' ' ')
  "$VEDETTE" "$@" > out.txt 2> err.txt
  local rc=$?
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2: $(cat err.txt)"
  grep -qF -- "$words" err.txt || fail "$what: the message does not say '$words': $(cat err.txt)"
  cmp -s r.replay.json r.orig || fail "$what: the replay was overwritten"
  cmp -s r.replay.notes.json notes.orig || fail "$what: the notes were overwritten"
  [ "$(ls -A | sort | tr '\n' ' ')" = "$before" ] || fail "$what: files appeared: $(ls -A)"
  echo "ok: $what is refused: $(head -c 160 err.txt)"
}

R=r.replay.json
refused "render R -o R" "-o: expected a PNG" -- render $R --time 1 -o $R
refused "render -o x.jpg" "-o: expected a PNG" -- render $R --time 1 -o x.jpg
cp $R replay.png
refused "render R.png -o ./R.png" "-o: is the same file as REPLAY" -- \
  render replay.png --time 1 -o ./replay.png
rm replay.png
refused "export --srt REPLAY" "--srt: is the same file as REPLAY" -- \
  export $R -o v.mp4 --srt $R --quiet
refused "export --srt NOTES" "--srt: is the same file as the notes file of REPLAY" -- \
  export $R -o v.mp4 --srt r.replay.notes.json --quiet
cp r.replay.notes.json n.json
refused "export --notes N --srt N" "--srt: is the same file as --notes" -- \
  export $R -o v.mp4 --overlay presenter --notes n.json --srt ./n.json --quiet
rm n.json
refused "export --raw REPLAY" "--raw: is the same file as REPLAY" -- export $R --raw $R --quiet
refused "export -o v.mp4 --srt v.mp4" "-o: is the same file as --srt" -- \
  export $R -o v.mp4 --srt v.mp4 --quiet
refused "export -o ./v.mp4 --srt v.mp4" "-o: is the same file as --srt" -- \
  export $R -o ./v.mp4 --srt v.mp4 --quiet
refused "view --stats REPLAY" "--stats: is the same file as REPLAY" -- view $R --stats $R
printf 'screenshot tour.png\nquit\n' > tour.txt
refused "a tour's screenshot text over the tour" "is the same file as --script" -- \
  view $R --script tour.txt
rm tour.txt

# --srt cannot be written (a file size limit makes every write past 1 KiB fail with EFBIG; the
# ffmpeg below lifts it for itself, so the video alone could be finished): no video is left.
REAL_FFMPEG=$(command -v ffmpeg) || fail "no ffmpeg"
mkdir -p bin srt
printf '#!/bin/sh\nulimit -S -f unlimited\nexec %s "$@"\n' "$REAL_FFMPEG" > bin/ffmpeg
chmod +x bin/ffmpeg
(
  trap '' XFSZ
  ulimit -S -f 1
  PATH="$OUT/bin:$PATH" "$VEDETTE" export $R -o srt/v.mp4 --srt srt/v.srt --size 64x36 \
    --speed 20 --quiet > /dev/null 2> srt.err
)
rc=$?
[ $rc -eq 1 ] || fail "--srt that cannot be written: exit $rc, expected 1: $(cat srt.err)"
grep -q "v.srt" srt.err || fail "--srt that cannot be written: the message does not name it: $(cat srt.err)"
[ -z "$(ls -A srt)" ] || fail "--srt that cannot be written: left $(ls -A srt)"
echo "ok: an --srt that cannot be written leaves no video: $(head -c 160 srt.err)"

# Temporaries of a killed export: of a dead process (removed), of a running one (kept).
sh -c 'exit 0' &
dead=$!
wait $dead
sleep 300 &
live=$!
trap 'kill $live 2> /dev/null' EXIT
sleep 0.1
printf 'stale' > "a.raw.tmp-$dead-Ab12Cd"
printf 'running' > "a.raw.tmp-$live-Ef34Gh"
mkdir "frames.tmp-$dead-Ij56Kl" "frames.tmp-$dead-Mn78Op-old" "frames.tmp-$live-Qr90St"
printf 'x' > "frames.tmp-$dead-Ij56Kl/frame_00000.png"
"$VEDETTE" export $R --raw a.raw --size 32x18 --to event:1 --quiet > /dev/null || fail "--raw failed"
[ -e "a.raw.tmp-$dead-Ab12Cd" ] && fail "--raw: the temporary of a dead process was not removed"
[ -e "a.raw.tmp-$live-Ef34Gh" ] || fail "--raw: the temporary of a running process was removed"
"$VEDETTE" export $R --frames frames --size 32x18 --to event:1 --quiet > /dev/null || fail "--frames failed"
[ -e "frames.tmp-$dead-Ij56Kl" ] && fail "--frames: the folder of a dead process was not removed"
[ -e "frames.tmp-$dead-Mn78Op-old" ] && fail "--frames: the old frames of a dead process stay"
[ -d "frames.tmp-$live-Qr90St" ] || fail "--frames: the folder of a running process was removed"
ls frames | grep -q '^frame_00000.png$' || fail "--frames wrote no frames"
echo "ok: --raw and --frames removed the temporaries of a dead process, and only those"
echo "export outputs tests passed"
