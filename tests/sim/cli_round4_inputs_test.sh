#!/usr/bin/env bash
# Crafted inputs of issue 37 (reliability round four), each refused with exit 2 before anything
# is written, or, for the branch of a branch, made and verified:
#   1. no command writes over a replay's notes file (REPLAY.notes.json), which every command
#      counts among its inputs: branch -o, luck --png, odds --png, simulate -o, check --png;
#   2. branch refuses a replay that does not verify (an edited embedded seed, emptied looks);
#   3. a branch can be branched, and that branch too;
#   4. --dice and --seed take plain decimals only ("+6", " 6", "0x6" are refused);
#   5. luck and odds --png refuse a name that does not end .png.
#   cli_round4_inputs_test.sh VEDETTE SOURCE_DIR OUT_DIR RENDERER(0|1)
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
RENDERER=$4
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# Shevardino: its commitment checks throw one die each, so any seed makes a branch.
cp "$SRC/replays/borodino/shevardino_battle.replay.json" r.json
cp "$SRC/replays/borodino/shevardino_battle.scenario.json" s.json
# The first two events with dice (the first commitment checks), found rather than written here.
"$VEDETTE" events r.json > events.txt || fail "events r.json"
N=$(awk '$4 == "commitment_check" {print $1; exit}' events.txt)
M=$(awk '$4 == "commitment_check" {n++; if (n == 2) {print $1; exit}}' events.txt)
[ -n "$N" ] && [ -n "$M" ] || fail "Shevardino has no commitment checks: $(head events.txt)"
printf '{"format":"vedette-notes","version":1,"notes":[]}\n' > r.notes.json
cp r.notes.json s.notes.json
cp r.notes.json notes.orig
cp r.json r.orig

# refused WHAT EXPECTED_WORDS -- COMMAND...: exit 2, the words on stderr, the inputs unchanged and
# no file named by -o/--png left behind.
refused() {
  local what=$1 words=$2
  shift 3
  rm -f new.json new.png
  "$VEDETTE" "$@" > out.txt 2> err.txt
  local rc=$?
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2: $(cat err.txt)"
  grep -qF -- "$words" err.txt || fail "$what: the message does not say '$words': $(cat err.txt)"
  cmp -s r.notes.json notes.orig || fail "$what: the replay's notes were overwritten"
  cmp -s s.notes.json notes.orig || fail "$what: the scenario's notes were overwritten"
  cmp -s r.json r.orig || fail "$what: the replay was overwritten"
  [ -e new.json ] && fail "$what: wrote new.json"
  [ -e new.png ] && fail "$what: wrote new.png"
  ls -A | grep -q '\.tmp-' && fail "$what: left a temporary: $(ls -A)"
  echo "ok: $what: $(head -c 200 err.txt)"
}

# 1. The notes file beside any input, by any name.
refused "branch R -o R.notes.json" "is the same file as the notes file of REPLAY" -- \
  branch r.json --at event:$N --seed 9 -o r.notes.json
refused "branch R -o ./R.notes.json" "is the same file as the notes file of REPLAY" -- \
  branch r.json --at event:$N --seed 9 -o ./r.notes.json
refused "simulate S -o S.notes.json" "is the same file as the notes file of SCENARIO" -- \
  simulate s.json -o s.notes.json
refused "migrate R -o R.notes.json" "is the same file as the notes file of REPLAY" -- \
  migrate r.json -o r.notes.json
if [ "$RENDERER" = 1 ]; then
  refused "luck R --png R.notes.json" "expected a PNG file ending .png" -- \
    luck r.json --png r.notes.json
  # The notes by another name (a hard link named .png) are still the replay's notes.
  ln r.notes.json linked.png
  refused "luck R --png HARD-LINK-TO-NOTES" "is the same file as the notes file of REPLAY" -- \
    luck r.json --png linked.png
  ln s.notes.json slinked.png
  refused "odds S --png HARD-LINK-TO-S.notes" "is the same file as the notes file of SCENARIO" -- \
    odds s.json --runs 2 --png slinked.png
  # 5. A PNG under another name.
  refused "luck --png x.jpg" "--png: expected a PNG file ending .png" -- luck r.json --png new.jpg
  [ -e new.jpg ] && fail "luck wrote new.jpg"
  refused "odds --png x.jpg" "--png: expected a PNG file ending .png" -- \
    odds s.json --runs 2 --png new.jpg
  [ -e new.jpg ] && fail "odds wrote new.jpg"
fi

# 4. Plain decimals only.
refused "--dice +6,..." "--dice V,V,... expects a whole number" -- \
  branch r.json --at event:$N --dice +6,1 -o new.json
refused "--dice ' 6'" "--dice V,V,... expects a whole number" -- \
  branch r.json --at event:$N --dice " 6,1" -o new.json
refused "--seed +9" "--seed expects a whole number" -- branch r.json --at event:$N --seed +9 -o new.json
refused "--at event:+$N" "expects a whole number" -- branch r.json --at event:+$N --seed 9 -o new.json
refused "melee --seed +3" "--seed expects a whole number" -- \
  melee "$SRC/replays/examples/melee_example_a.json" --seed +3

# 2. A branch starts from a replay that verifies.
sed 's/"ruleset":"borodino","seed":1812,/"ruleset":"borodino","seed":1813,/' r.json > edited_seed.json
grep -q '"ruleset":"borodino","seed":1813,' edited_seed.json ||
  fail "the embedded seed was not edited (the test is stale)"
refused "branch of an edited embedded seed" "a branch starts from a replay that verifies" -- \
  branch edited_seed.json --at event:$N --seed 9 -o new.json
python3 - <<'EOF' || fail "could not empty the looks"
import json, re
text = open("r.json").read()
start = text.index('"looks":{') + len('"looks":')
depth, i = 0, start
while True:
    depth += {"{": 1, "}": -1}.get(text[i], 0)
    i += 1
    if depth == 0:
        break
open("no_looks.json", "w").write(text[:start] + "{}" + text[i:])
EOF
refused "branch of emptied header.looks" "a branch starts from a replay that verifies" -- \
  branch no_looks.json --at event:$N --seed 9 -o new.json

# 3. Branches of branches verify.
"$VEDETTE" branch r.json --at event:$N --seed 9 -o b.json > b.txt || fail "branch: $(cat b.txt)"
"$VEDETTE" verify b.json | grep -q identical || fail "b.json does not verify"
"$VEDETTE" branch b.json --at event:$M --seed 10 -o c.json > c.txt 2> c.err ||
  fail "branch of a branch: $(cat c.err)"
"$VEDETTE" verify c.json > c.verify || fail "c.json: verify exit $?: $(cat c.verify)"
grep -q identical c.verify || fail "c.json does not verify: $(cat c.verify)"
grep -q '"earlier":\[{"parent":' c.json || fail "c.json does not list its ancestor's plan"
"$VEDETTE" branch c.json --at event:$M --seed 11 -o d.json > d.txt 2> d.err ||
  fail "branch of a branch of a branch: $(cat d.err)"
"$VEDETTE" verify d.json | grep -q identical || fail "d.json does not verify"
echo "ok: a branch of a branch of a branch verifies"
echo "cli round four inputs tests passed"
