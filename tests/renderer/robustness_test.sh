#!/usr/bin/env bash
# Export and the CLI on hostile conditions, end to end on lavapipe: an ffmpeg that stops reading
# or exits at once, SIGTERM and SIGINT in the middle of an export, kill -9 of an export, outputs
# that are devices, symlinks or missing folders, a full disk (where a tmpfs can be mounted), and
# --frames leaving nothing behind. Every case must end by itself with the right exit code and
# leave no file behind.
#   robustness_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT/bin"
REPLAY="$SRC/replays/seed000/01_young_guard_vs_landwehr.replay.json"
fail() { echo "FAIL: $*"; exit 1; }
# Nothing but the expected files in a folder: no .tmp-*, .partial*, frame folders or logs.
expect_only() {
  local dir=$1; shift
  local actual expected
  actual=$(ls -A "$dir" | sort | tr '\n' ' ')
  expected=$(printf '%s\n' "$@" | sed '/^$/d' | sort | tr '\n' ' ')
  [ "$actual" = "$expected" ] || fail "$dir holds '$actual', expected '$expected'"
}

# 1. An ffmpeg that never reads its input: the export stops by itself after the stall time.
cat > "$OUT/bin/ffmpeg" <<'SH'
#!/bin/sh
exec sleep 600
SH
chmod +x "$OUT/bin/ffmpeg"
mkdir -p "$OUT/stall"
start=$(date +%s)
PATH="$OUT/bin:$PATH" VEDETTE_FFMPEG_STALL_SECONDS=2 timeout 60 "$VEDETTE" export "$REPLAY" -o "$OUT/stall/v.mp4" \
  --size 640x360 --quiet 2> "$OUT/stall.err"
rc=$?
cat "$OUT/stall.err"
[ $rc -eq 1 ] || fail "stalled ffmpeg: exit $rc (124 means it hung)"
grep -q "took no frame data" "$OUT/stall.err" || fail "stalled ffmpeg: no clear message"
expect_only "$OUT/stall"
pgrep -f "sleep 600" > /dev/null && fail "the stalled ffmpeg is still running"
echo "ok: a stalled ffmpeg is stopped after $(( $(date +%s) - start )) s"

# 2. An ffmpeg that exits at once with an error: its message is quoted.
cat > "$OUT/bin/ffmpeg" <<'SH'
#!/bin/sh
echo "Unknown encoder 'libx264'" >&2
exit 1
SH
mkdir -p "$OUT/dead"
PATH="$OUT/bin:$PATH" timeout 60 "$VEDETTE" export "$REPLAY" -o "$OUT/dead/v.mp4" --size 160x90 --quiet 2> "$OUT/dead.err"
rc=$?
[ $rc -eq 1 ] || fail "dead ffmpeg: exit $rc"
grep -q "Unknown encoder" "$OUT/dead.err" || fail "dead ffmpeg: its message is not quoted: $(cat "$OUT/dead.err")"
expect_only "$OUT/dead"
echo "ok: an ffmpeg that fails is quoted"

# 3. SIGTERM and SIGINT in the middle of an export: exit within a second, nothing left.
for sig in TERM INT; do
  mkdir -p "$OUT/sig$sig"
  "$VEDETTE" export "$REPLAY" -o "$OUT/sig$sig/v.mp4" --size 320x180 --quiet 2> "$OUT/sig$sig.err" &
  pid=$!
  # Wait until frames are being encoded (ffmpeg is running as a child).
  for _ in $(seq 100); do pgrep -P $pid ffmpeg > /dev/null && break; sleep 0.1; done
  pgrep -P $pid ffmpeg > /dev/null || fail "SIG$sig: ffmpeg never started"
  sleep 0.5
  sent=$(date +%s%N)
  kill -$sig $pid
  wait $pid
  rc=$?
  took=$(( ($(date +%s%N) - sent) / 1000000 ))
  expected=$([ $sig = TERM ] && echo 143 || echo 130)
  [ $rc -eq "$expected" ] || fail "SIG$sig: exit $rc, expected $expected"
  [ $took -lt 1000 ] || fail "SIG$sig: took $took ms to stop"
  expect_only "$OUT/sig$sig"
  echo "ok: SIG$sig stopped the export in $took ms and left nothing"
done

# 4. kill -9: the unfinished video has no name, so nothing is left even then.
mkdir -p "$OUT/kill9"
"$VEDETTE" export "$REPLAY" -o "$OUT/kill9/v.mp4" --size 320x180 --quiet 2> /dev/null &
pid=$!
for _ in $(seq 100); do pgrep -P $pid ffmpeg > /dev/null && break; sleep 0.1; done
child=$(pgrep -P $pid ffmpeg)
sleep 0.5
kill -9 $pid
wait $pid 2> /dev/null
[ -n "$child" ] && for _ in $(seq 50); do kill -0 "$child" 2> /dev/null || break; sleep 0.1; done
expect_only "$OUT/kill9"
echo "ok: kill -9 left nothing"

# 5. Outputs that are not plain files, and folders that do not exist: exit 2, nothing replaced.
ln -s "$OUT/stall.err" "$OUT/link.mp4"
for target in /dev/null "$OUT/link.mp4" "$OUT/missing/v.mp4" "$OUT"; do
  "$VEDETTE" export "$REPLAY" -o "$target" --size 160x90 --quiet 2> "$OUT/out.err"
  rc=$?
  [ $rc -eq 2 ] || fail "export -o $target: exit $rc, expected 2"
  grep -q -- "$target" "$OUT/out.err" || fail "export -o $target: the message does not name it"
done
"$VEDETTE" simulate "$SRC/replays/seed000/01_young_guard_vs_landwehr.scenario.json" -o /dev/null > /dev/null 2>&1
[ $? -eq 2 ] || fail "simulate -o /dev/null was not refused"
[ -c /dev/null ] || fail "/dev/null is no longer a device"
[ -L "$OUT/link.mp4" ] || fail "the symlink was replaced"
"$VEDETTE" export "$REPLAY" -o "$OUT/x.mp4" --camera follow:ghost --size 160x90 --quiet 2> "$OUT/ghost.err"
[ $? -eq 2 ] || fail "--camera follow:ghost: not exit 2"
grep -q ghost "$OUT/ghost.err" || fail "--camera follow:ghost: the message does not name the unit"
"$VEDETTE" export "$REPLAY" -o "$OUT/x.mp4" --from 1e308 --size 160x90 --quiet 2> /dev/null
[ $? -eq 2 ] || fail "--from 1e308 was accepted"
echo "ok: bad outputs and values are refused with exit 2"

# 6. A full disk (a 32 KiB tmpfs, where this machine lets us mount one): a clear message, and
#    neither a partial video nor partial frames are left.
mkdir -p "$OUT/full"
if mount -t tmpfs -o size=32k tmpfs "$OUT/full" 2> /dev/null; then
  trap 'umount "$OUT/full" 2> /dev/null' EXIT
  "$VEDETTE" export "$REPLAY" -o "$OUT/full/v.mp4" --size 640x360 --quiet 2> "$OUT/full.err"
  rc=$?
  [ $rc -eq 1 ] || fail "full disk (video): exit $rc"
  grep -qi "full" "$OUT/full.err" || fail "full disk (video): the message does not say so: $(cat "$OUT/full.err")"
  expect_only "$OUT/full"
  "$VEDETTE" export "$REPLAY" --frames "$OUT/full/frames" --size 640x360 --quiet 2> "$OUT/full2.err"
  rc=$?
  [ $rc -eq 1 ] || fail "full disk (frames): exit $rc"
  grep -qi "full" "$OUT/full2.err" || fail "full disk (frames): the message does not say so: $(cat "$OUT/full2.err")"
  expect_only "$OUT/full"
  umount "$OUT/full"
  trap - EXIT
  echo "ok: a full disk is reported and leaves nothing"
else
  echo "skipped: a full disk (cannot mount a tmpfs here)"
fi

# 7. --frames into a folder: all frames or none.
"$VEDETTE" export "$REPLAY" --frames "$OUT/frames" --size 96x54 --to event:2 --quiet > /dev/null || fail "--frames failed"
n=$(ls "$OUT/frames" | grep -c '^frame_.*\.png$')
[ "$n" -gt 0 ] || fail "--frames wrote no frames"
ls -A "$OUT" | grep -q 'frames.tmp' && fail "--frames left its temporary folder"
echo "ok: --frames wrote $n frames"
echo "robustness tests passed"
