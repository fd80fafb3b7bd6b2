#!/usr/bin/env bash
# Video export end to end, on lavapipe: ffprobe checks the clip, a frame of the video matches
# `vedette render` at the same moment, two exports give identical raw frames, and a missing
# ffmpeg is a clear error that leaves no file behind.
#   export_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
mkdir -p "$OUT"
REPLAY="$SRC/replays/seed000/01_young_guard_vs_landwehr.replay.json"
fail() { echo "FAIL: $*"; exit 1; }

# A short clip: events 3 to 6 at 30 fps.
"$VEDETTE" export "$REPLAY" -o "$OUT/clip.mp4" --size 160x90 --from event:3 --to event:6 --camera top --quiet > "$OUT/export.txt"
cat "$OUT/export.txt"
frames=$(sed -n 's/^exported \([0-9]*\) frames.*/\1/p' "$OUT/export.txt")
[ -n "$frames" ] || fail "no frame count printed"
probe() { ffprobe -v error -select_streams v:0 -show_entries "stream=$1" -of default=nw=1:nk=1 "$OUT/clip.mp4"; }
[ "$(probe codec_name)" = h264 ] || fail "codec is $(probe codec_name)"
[ "$(probe pix_fmt)" = yuv420p ] || fail "pixel format is $(probe pix_fmt)"
[ "$(probe width)" = 160 ] && [ "$(probe height)" = 90 ] || fail "size is $(probe width)x$(probe height)"
[ "$(probe nb_frames)" = "$frames" ] || fail "ffprobe counts $(probe nb_frames) frames, the export said $frames"
expected_duration=$(python3 -c "print(round($frames/30, 3))")
actual_duration=$(python3 -c "print(round(float('$(probe duration)'), 3))")
[ "$expected_duration" = "$actual_duration" ] || fail "duration $actual_duration s, expected $expected_duration s"

# Frame 10 of the video against `vedette render` at the same replay time.
start_ms=$(python3 - "$REPLAY" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    if line.startswith('{"seq":3,') and '"kind"' in line:
        print(json.loads(line.rstrip(",\n"))["t0"]); break
PY
)
t=$(python3 -c "print(($start_ms + int(10 * 1000 / 30)) / 1000)")
ffmpeg -v error -y -i "$OUT/clip.mp4" -vf "select=eq(n\,10)" -vframes 1 "$OUT/frame10.png"
"$VEDETTE" render "$REPLAY" --time "$t" --size 160x90 --camera top -o "$OUT/render10.png" > /dev/null
python3 - "$OUT/frame10.png" "$OUT/render10.png" <<'PY' || fail "frame 10 differs from vedette render"
import subprocess, sys
def pixels(path):
    return subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                          capture_output=True, check=True).stdout
a, b = pixels(sys.argv[1]), pixels(sys.argv[2])
assert len(a) == len(b), (len(a), len(b))
mean = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
print(f"frame 10 against vedette render: mean channel difference {mean:.2f}")
sys.exit(0 if mean < 8 else 1)
PY

# Two exports, identical raw frames.
h1=$("$VEDETTE" export "$REPLAY" --raw "$OUT/a.raw" --size 96x54 --to event:5 --hash --quiet | sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p')
h2=$("$VEDETTE" export "$REPLAY" --raw "$OUT/b.raw" --size 96x54 --to event:5 --hash --quiet | sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p')
[ -n "$h1" ] && [ "$h1" = "$h2" ] || fail "frame hashes differ: $h1 $h2"
cmp -s "$OUT/a.raw" "$OUT/b.raw" || fail "raw frames differ"

# A presenter video held for reading with its camera at rest (--still-holds; without it the shot
# drifts): held frames reuse the picture before them, and give the same pixels as rendering every
# frame again.
hold() { "$VEDETTE" export "$REPLAY" --raw - --size 160x90 --from event:3 --to event:5 --overlay presenter --still-holds --hold melee=2 --hash --quiet "$@"; }
hold > "$OUT/reused.txt"
hold --render-every-frame > "$OUT/rendered.txt"
r1=$(sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p' "$OUT/reused.txt")
r2=$(sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p' "$OUT/rendered.txt")
reused=$(sed -n 's/.*; \([0-9]*\) frames reused.*/\1/p' "$OUT/reused.txt")
again=$(sed -n 's/.*; \([0-9]*\) frames reused.*/\1/p' "$OUT/rendered.txt")
[ -n "$reused" ] && [ "$reused" -gt 30 ] || fail "a held presenter video reused ${reused:-no} frames"
[ "$again" = 0 ] || fail "--render-every-frame reused $again frames"
[ -n "$r1" ] && [ "$r1" = "$r2" ] || fail "reused pictures differ from rendered ones: $r1 $r2"

# The viewer's panels composed into the video (--overlay viewer): deterministic too, and not the
# bare scene.
v1=$("$VEDETTE" export "$REPLAY" --raw - --size 640x360 --from event:4 --to event:6 --overlay viewer --hash --quiet | sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p')
v2=$("$VEDETTE" export "$REPLAY" --raw - --size 640x360 --from event:4 --to event:6 --overlay viewer --hash --quiet | sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p')
v0=$("$VEDETTE" export "$REPLAY" --raw - --size 640x360 --from event:4 --to event:6 --hash --quiet | sed -n 's/.*frames hash \([0-9a-f]*\).*/\1/p')
[ -n "$v1" ] && [ "$v1" = "$v2" ] || fail "viewer-overlay frame hashes differ: $v1 $v2"
[ "$v1" != "$v0" ] || fail "--overlay viewer drew nothing over the scene"

# No ffmpeg: a clear error naming the package, and no partial file.
rm -f "$OUT/none.mp4"
if PATH=/nonexistent "$VEDETTE" export "$REPLAY" -o "$OUT/none.mp4" --size 96x54 --quiet 2> "$OUT/err.txt"; then
  fail "export without ffmpeg succeeded"
fi
grep -q "Debian package 'ffmpeg'" "$OUT/err.txt" || fail "no package named: $(cat "$OUT/err.txt")"
ls "$OUT" | grep -q "none.mp4" && fail "a partial file was left behind"
echo "export tests passed"
