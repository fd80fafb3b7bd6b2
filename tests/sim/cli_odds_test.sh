#!/usr/bin/env bash
# `vedette odds` (issue 30): the same arguments give the same bytes, whatever --jobs; a scenario
# whose every die is forced gives one outcome in every run; --replay places a replay of the same
# scenario and refuses one of another (exit 2 naming the JSON path); bad counts exit 2; Ctrl-C
# stops the runs, prints what the first ones gave and exits 130.
#   cli_odds_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

DEMO=$SRC/replays/demo/demo_battle.scenario.json
SHEV=$SRC/replays/borodino/shevardino_battle.scenario.json
ACTION=$SRC/replays/dicepool/14_action.scenario.json
FORCED=$SRC/replays/seed000/01_young_guard_vs_landwehr.scenario.json

# The same bytes from one thread, two and three, in text and JSON, and from a second run.
for s in "$DEMO" "$SHEV" "$ACTION"; do
  name=$(basename "$s" .scenario.json)
  "$VEDETTE" odds "$s" --runs 20 --jobs 1 > "$name.1.txt" || fail "$name: odds failed"
  "$VEDETTE" odds "$s" --runs 20 --jobs 2 > "$name.2.txt" || fail "$name: odds --jobs 2 failed"
  "$VEDETTE" odds "$s" --runs 20 --jobs 3 > "$name.3.txt" || fail "$name: odds --jobs 3 failed"
  "$VEDETTE" odds "$s" --runs 20 --jobs 2 > "$name.2b.txt" || fail "$name: second run failed"
  cmp -s "$name.1.txt" "$name.2.txt" || fail "$name: --jobs 1 and --jobs 2 differ"
  cmp -s "$name.1.txt" "$name.3.txt" || fail "$name: --jobs 1 and --jobs 3 differ"
  cmp -s "$name.2.txt" "$name.2b.txt" || fail "$name: two runs with the same arguments differ"
  "$VEDETTE" odds "$s" --runs 20 --jobs 1 --json > "$name.1.json" || fail "$name: --json failed"
  "$VEDETTE" odds "$s" --runs 20 --jobs 2 --json > "$name.2.json" || fail "$name: --json failed"
  cmp -s "$name.1.json" "$name.2.json" || fail "$name: --json differs with --jobs"
  grep -q '"runs": 20,' "$name.1.json" || fail "$name: the JSON does not say 20 runs"
  grep -q '"complete": true' "$name.1.json" || fail "$name: the JSON is not complete"
  grep -q '^  20 runs; ' "$name.1.txt" || fail "$name: the text does not say 20 runs"
  echo "ok: $name: the same bytes with --jobs 1, 2 and 3"
done

# Every die forced: each count row shows one count in all 20 runs (no second bucket).
"$VEDETTE" odds "$FORCED" --runs 20 > forced.txt || fail "forced: odds failed"
cat forced.txt
grep -q 'survived .* (100.0%)$' forced.txt || fail "forced: no row with one outcome"
if grep -E '\([0-9.]+%\) [0-9]+: ' forced.txt; then fail "forced: a row with two outcomes"; fi
grep -Eq '^  [^ ].* 20 runs  100.0%$' forced.txt || fail "forced: no side held the field in every run"
echo "ok: every die forced gives one outcome"

# --replay: a replay of the same scenario is placed; one of another scenario is refused.
"$VEDETTE" odds "$ACTION" --runs 20 --replay "$SRC/replays/dicepool/14_action.replay.json" \
  > placed.txt || fail "--replay failed"
grep -q 'did this well or better in [0-9.]*% of runs' placed.txt || fail "--replay: no placement"
"$VEDETTE" odds "$ACTION" --runs 5 --replay "$SRC/replays/dicepool/01_charge_reaches.replay.json" \
  > other.txt 2> other_err.txt
rc=$?
[ $rc -eq 2 ] || fail "--replay of another scenario: exit $rc, expected 2"
grep -q '01_charge_reaches.replay.json: [$].header.units: ' other_err.txt ||
  fail "--replay of another scenario: $(cat other_err.txt)"
echo "ok: --replay places a replay and refuses another scenario's"

for bad in "--runs 0" "--runs x" "--runs 20 --jobs 0" "--runs 2000000"; do
  # shellcheck disable=SC2086
  "$VEDETTE" odds "$ACTION" $bad > /dev/null 2> bad.txt
  rc=$?
  [ $rc -eq 2 ] || fail "odds $bad: exit $rc, expected 2"
done
"$VEDETTE" odds "$ACTION" > /dev/null 2> bad.txt
[ $? -eq 2 ] && grep -q -- '--runs N is required' bad.txt || fail "odds without --runs"
echo "ok: bad counts exit 2"

# Ctrl-C: the runs stop, the first ones are printed, exit 130. (--foreground: timeout signals
# only the command; without it the whole group gets a second SIGINT, which quits at once.)
timeout --foreground --preserve-status -s INT 2 "$VEDETTE" odds "$SHEV" --runs 1000000 --jobs 2 \
  > interrupted.txt 2> interrupted_err.txt
rc=$?
[ $rc -eq 130 ] || fail "Ctrl-C: exit $rc, expected 130: $(cat interrupted_err.txt)"
grep -q 'of the 1000000 asked for (interrupted)' interrupted.txt || fail "Ctrl-C: $(head -3 interrupted.txt)"
grep -q 'Who holds the field' interrupted.txt || fail "Ctrl-C: nothing printed"
echo "ok: Ctrl-C prints $(sed -n 2p interrupted.txt | cut -d';' -f1)"
echo "cli odds tests passed"
