#!/usr/bin/env bash
# The umpire's notebook never damages the record, and no save replaces what it should not
# (issue 48, items 1 and 4):
# - an entry that cannot be written whole (ulimit -f) is taken back and said, exit 2, the record
#   byte for byte as before;
# - a second notebook on the same record is refused, naming the first; the record is unchanged;
# - `u` takes back only this notebook's entries: forty `u` at the start change nothing;
# - a 300 MB line on standard input is dropped as it is read, in bounded memory;
# - a read-only record is refused before the first question;
# - a save keeps a 0600 record 0600 and refuses a read-only target;
# - a control character in a unit's name reaches no output raw (errors, --roll-missing, events).
#   cli_record_notebook_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
fail() { echo "FAIL: $*"; exit 1; }
game="$SRC/replays/games/gdb_two_charges.game"
fresh() { grep -v '^dice\|^# The Inn' "$game" > "$1"; }

# 1. A failed append is undone: the record is padded so that the first entry crosses the size
#    limit; the notebook says so, exits 2 and leaves the record as it was.
fresh "$OUT/full.game"
size=$(stat -c %s "$OUT/full.game")
blocks=$(( (size + 1023) / 1024 + 1 ))
pad=$(( blocks * 1024 - size - 6 ))
{ printf '#'; head -c $((pad - 2)) /dev/zero | tr '\0' ' '; printf '\n'; } >> "$OUT/full.game"
cp "$OUT/full.game" "$OUT/full.before"
set +e
( ulimit -f "$blocks"; printf '5 4\n' | "$VEDETTE" record --live "$OUT/full.game" > "$OUT/full.txt" 2>&1 )
code=$?
set -e
[ "$code" -eq 2 ] || fail "a failed write exited $code, not 2: $(tail -c 400 "$OUT/full.txt")"
grep -q "could not write the entry to the disk (the file size limit (ulimit -f) is reached); the record is as it was" "$OUT/full.txt" ||
  fail "the failed write is not said: $(tail -c 400 "$OUT/full.txt")"
cmp -s "$OUT/full.game" "$OUT/full.before" || fail "a failed write left part of the entry: $(tail -c 80 "$OUT/full.game")"
# ... and the record still takes entries once there is room.
printf '5 4\n' | "$VEDETTE" record --live "$OUT/full.game" > /dev/null
grep -q '^dice greys charge_test 5 4$' "$OUT/full.game" || fail "the record takes no entry after a failed write"

# 2. One notebook at a time: the first holds the record (its input a FIFO kept open), the second
#    is refused naming the first's process, and writes nothing.
fresh "$OUT/two.game"
mkfifo "$OUT/first.in"
"$VEDETTE" record --live "$OUT/two.game" < "$OUT/first.in" > "$OUT/first.txt" 2>&1 &
first=$!
exec 3> "$OUT/first.in"
for _ in $(seq 100); do
  grep -q "2d6> " "$OUT/first.txt" && break
  sleep 0.1
done
cp "$OUT/two.game" "$OUT/two.before"
set +e
printf '5 4\n' | "$VEDETTE" record --live "$OUT/two.game" > "$OUT/second.txt" 2>&1
code=$?
set -e
exec 3>&-
wait "$first" || true
[ "$code" -eq 2 ] || fail "a second notebook exited $code, not 2: $(cat "$OUT/second.txt")"
grep -q "another notebook has this record open (vedette record --live, process $first, since " "$OUT/second.txt" ||
  fail "the refusal does not name the first notebook ($first): $(cat "$OUT/second.txt")"
grep -q "roll:" "$OUT/second.txt" && fail "the second notebook asked for dice"
cmp -s "$OUT/two.game" "$OUT/two.before" || fail "the second notebook wrote into the record"
[ ! -e "$OUT/two.game.lock" ] || fail "the first notebook left its lock note behind"

# 3. `u` takes back only what this notebook wrote.
fresh "$OUT/undo.game"
cp "$OUT/undo.game" "$OUT/undo.before"
for _ in $(seq 40); do echo u; done | "$VEDETTE" record --live "$OUT/undo.game" > "$OUT/undo.txt"
cmp -s "$OUT/undo.game" "$OUT/undo.before" || fail "u at the start removed lines: $(diff "$OUT/undo.before" "$OUT/undo.game" | head)"
[ "$(grep -c 'nothing to undo: u takes back only entries typed in this notebook' "$OUT/undo.txt")" -eq 40 ] ||
  fail "u at the start does not say why it undoes nothing"
printf '5 4\nu\nu\n' | "$VEDETTE" record --live "$OUT/undo.game" > "$OUT/undo2.txt"
grep -q "undone: dice greys charge_test 5 4" "$OUT/undo2.txt" || fail "u did not take back the entry"
grep -q "nothing to undo" "$OUT/undo2.txt" || fail "the second u went past the notebook's entries"
cmp -s "$OUT/undo.game" "$OUT/undo.before" || fail "u did not restore the record"

# 4. A 300 MB line is dropped while it is read: memory stays small.
fresh "$OUT/long.game"
{ head -c 300000000 /dev/zero | tr '\0' 'a'; printf '\n5 4\n'; } |
  VEDETTE_PEAK_RSS=1 "$VEDETTE" record --live "$OUT/long.game" > "$OUT/long.txt" 2> "$OUT/long.err"
grep -q "not added: the line is longer than 4096 bytes" "$OUT/long.txt" || fail "the long line is not refused"
grep -q '^dice greys charge_test 5 4$' "$OUT/long.game" || fail "the line after the long one was lost"
rss=$(sed -n 's/^peak RSS: \([0-9]*\) KiB$/\1/p' "$OUT/long.err")
[ -n "$rss" ] && [ "$rss" -lt 262144 ] || fail "a 300 MB line took ${rss:-?} KiB"

# 5. A read-only record is refused before the first question.
fresh "$OUT/ro.game"
chmod 0444 "$OUT/ro.game"
set +e
printf '5 4\n' | "$VEDETTE" record --live "$OUT/ro.game" > "$OUT/ro.txt" 2>&1
code=$?
set -e
[ "$code" -eq 2 ] || fail "a read-only record exited $code: $(cat "$OUT/ro.txt")"
grep -q "ro.game: the record is read-only" "$OUT/ro.txt" || fail "no reason given: $(cat "$OUT/ro.txt")"
grep -q "roll:" "$OUT/ro.txt" && fail "it asked for dice on a read-only record"

# 6. Saves keep the mode and refuse a read-only target (record --from, migrate in place).
"$VEDETTE" record "$game" -o "$OUT/mode.json" > /dev/null
printf 'x\n' > "$OUT/private.game"
chmod 0600 "$OUT/private.game"
"$VEDETTE" record --from "$OUT/mode.json" -o "$OUT/private.game" > /dev/null
[ "$(stat -c %a "$OUT/private.game")" = 600 ] || fail "a 0600 record became $(stat -c %a "$OUT/private.game")"
cp "$OUT/mode.json" "$OUT/readonly.json"
chmod 0444 "$OUT/readonly.json"
set +e
"$VEDETTE" migrate "$OUT/readonly.json" -o "$OUT/readonly.json" > "$OUT/migrate.txt" 2>&1
code=$?
set -e
[ "$code" -eq 2 ] || fail "migrate over a read-only file exited $code: $(cat "$OUT/migrate.txt")"
grep -q "is read-only: refusing to replace it" "$OUT/migrate.txt" || fail "$(cat "$OUT/migrate.txt")"
cmp -s "$OUT/readonly.json" "$OUT/mode.json" || fail "migrate replaced a read-only file"

# 7. A name with control characters: escaped in errors, --roll-missing's list and events.
esc=$(printf '\033')
sed "s/\"2nd Dragoons (Scots Greys)\"/\"Scots Greys\\\\u001b]0;pwned\\\\u0007\\\\u001b[2J\"/" "$game" | grep -v '^dice' > "$OUT/esc.game"
grep -q 'u001b' "$OUT/esc.game" || fail "the test's record has no escape in it"
"$VEDETTE" record "$OUT/esc.game" --roll-missing -o "$OUT/esc.json" > "$OUT/esc_rolled.txt" 2>&1
"$VEDETTE" events "$OUT/esc.json" > "$OUT/esc_events.txt" 2>&1
printf 'dice greys charge_test 5 4 3\n' >> "$OUT/esc.game"
set +e
"$VEDETTE" record "$OUT/esc.game" -o "$OUT/esc2.json" > "$OUT/esc_error.txt" 2>&1
set -e
for f in esc_rolled esc_events esc_error; do
  grep -q "Greys" "$OUT/$f.txt" || fail "$f does not name the unit: $(head -c 300 "$OUT/$f.txt")"
  grep -q "$esc" "$OUT/$f.txt" && fail "$f prints a raw escape: $(grep -m1 "$esc" "$OUT/$f.txt" | od -c | head -3)"
  grep -qF 'Greys\u001b]0;pwned\u0007\u001b[2J' "$OUT/$f.txt" || fail "$f does not show the escapes: $(grep -m1 Greys "$OUT/$f.txt")"
done
echo "cli record notebook tests passed"
