#!/usr/bin/env bash
# `vedette record --live` (issue 40, item 4), driven on standard input through a pipe: the docs'
# General de Brigade game without its dice, the dice typed as the prompts ask for them, gives the
# same replay as the game itself; stopping half way and running again goes on from the last line;
# `u` undoes the last entry; dice off the die and unknown lines are not added; `r` rolls dice on
# the die; every entry is in the file as soon as it is accepted.
#   cli_record_live_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
fail() { echo "FAIL: $*"; exit 1; }
events_of() { sed -n '/^"events"/,$p' "$1"; }
game="$SRC/replays/games/gdb_two_charges.game"
"$VEDETTE" record "$game" -o "$OUT/expected.json" > /dev/null
grep -v '^dice\|^# The Inn' "$game" > "$OUT/live.game"

# The first three tests, with a wrong die, an unknown line and an undo among them; then stop.
printf '5 4\n9 9\nHussars charges 54e\n5 5\n1 1\nu\n6 3\n' |
  "$VEDETTE" record --live "$OUT/live.game" > "$OUT/first.txt"
grep -q "roll: turn 1, 2nd Dragoons (Scots Greys): charge test, 2d6>" "$OUT/first.txt" ||
  fail "the first prompt does not name the unit, the test and the dice: $(head -c 600 "$OUT/first.txt")"
grep -q "charge test: 9, 7+: charges home" "$OUT/first.txt" || fail "the test's result is not shown"
# Before its dice, what is known of the test: the modifiers that apply and the rows (the scores).
grep -B4 "roll: turn 1, 54e de ligne: stand test" "$OUT/first.txt" | grep -q "modifier: Unformed, wavering or changing formation -2" ||
  fail "the stand test's known modifier is not shown before its dice"
grep -B4 "roll: turn 1, 54e de ligne: stand test" "$OUT/first.txt" | grep -q "row: 8+: stands" ||
  fail "the stand test's rows are not shown before its dice"
grep -q "not added: .*a die from 1 to 6\|not added: .*line form" "$OUT/first.txt" || fail "9 9 was not refused"
grep -q "not added: .*a unit named in the record, not \"Hussars\"" "$OUT/first.txt" ||
  fail "an unknown unit's order was not refused"
grep -q "undone" "$OUT/first.txt" || fail "u did not undo"
[ "$(grep -c '^dice ' "$OUT/live.game")" -eq 3 ] || fail "after the first run: $(grep '^dice ' "$OUT/live.game")"

# `?` before the 54e's stand test: the chance of each total, and the exact chance of each row with
# the test's modifier (-2, changing formation) counted: every throw played, 6 of 36 reach 8+.
grep -v '^dice\|^# The Inn' "$game" > "$OUT/odds.game"
printf '5 4\n?\n' | "$VEDETTE" record --live "$OUT/odds.game" > "$OUT/odds.txt"
grep -q "totals of 2 dice" "$OUT/odds.txt" || fail "? gives no totals: $(tail -c 600 "$OUT/odds.txt")"
grep -A3 "what the throw gives here" "$OUT/odds.txt" > "$OUT/odds.rows"
grep -q "16.7%  8+: stands" "$OUT/odds.rows" && grep -q "25.0%  6-7: wavers but stands" "$OUT/odds.rows" &&
  grep -q "58.3%  5 or less: retreats" "$OUT/odds.rows" ||
  fail "? does not give the stand test's exact odds: $(cat "$OUT/odds.rows")"
[ "$(grep -c '^dice ' "$OUT/odds.game")" -eq 1 ] || fail "? wrote dice into the record"

# Running again goes on from the last line.
printf '5 4\n4 3\n4 4\n5 6\n2 1\n4 6\n' | "$VEDETTE" record --live "$OUT/live.game" > "$OUT/second.txt"
grep -q "^next line> " "$OUT/second.txt" || fail "no test should wait at the end: $(tail -c 400 "$OUT/second.txt")"
"$VEDETTE" record "$OUT/live.game" -o "$OUT/live.json" > /dev/null
cmp -s <(events_of "$OUT/expected.json") <(events_of "$OUT/live.json") ||
  fail "the live record plays otherwise than the game it was typed from"

# r: Vedette rolls two dice on the die, and writes them.
grep -v '^dice' "$OUT/live.game" > "$OUT/rolled.game"
printf 'r\n' | "$VEDETTE" record --live "$OUT/rolled.game" > /dev/null
grep -Eq '^dice greys charge_test [1-6] [1-6]$' "$OUT/rolled.game" ||
  fail "r wrote: $(grep '^dice' "$OUT/rolled.game")"
# The Borodino game's d10 read 0-9, typed live under its turn line, plays as the game itself.
b="$SRC/replays/games/borodino_square.game"
grep -v '^dice' "$b" > "$OUT/borodino.game"
printf '1\n1\n2\n9\n5\n2\n6\n' | "$VEDETTE" record --live "$OUT/borodino.game" > "$OUT/borodino.txt"
grep -q "d10 read 0-9> " "$OUT/borodino.txt" || fail "the Borodino prompt does not name its die"
"$VEDETTE" record "$b" -o "$OUT/borodino_expected.json" > /dev/null
"$VEDETTE" record "$OUT/borodino.game" -o "$OUT/borodino_live.json" > /dev/null ||
  fail "the live Borodino record does not record"
cmp -s <(events_of "$OUT/borodino_expected.json") <(events_of "$OUT/borodino_live.json") ||
  fail "the live Borodino record plays otherwise than the game"

# kill -9 loses nothing: an entry accepted is in the file before the next prompt.
grep -v '^dice' "$OUT/live.game" > "$OUT/killed.game"
mkfifo "$OUT/stdin"
"$VEDETTE" record --live "$OUT/killed.game" < "$OUT/stdin" > "$OUT/killed.txt" &
pid=$!
exec 3> "$OUT/stdin"
echo "5 4" >&3
for _ in $(seq 100); do
  grep -q "stand test, 2d6>" "$OUT/killed.txt" && break
  sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2> /dev/null || true
exec 3>&-
grep -q '^dice greys charge_test 5 4$' "$OUT/killed.game" || fail "kill -9 lost the entry: $(cat "$OUT/killed.game")"
echo "cli record live tests passed"
