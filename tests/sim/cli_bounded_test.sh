#!/usr/bin/env bash
# Issue 48, "Bounded": the cases of the command line left from before, each refused with exit 2
# or bounded:
#   1. Ctrl-C during `odds --png FILE` leaves an existing FILE as it was (exit 130, no picture of
#      the runs done so far, no temporary left);
#   2. a scenario's names, ids, nations and titles are at most 200 bytes and its description 16
#      KiB, refused by simulate, check and odds naming the JSON path (a 5,000-byte unit name used
#      to make a replay that `verify` refused); every shipped scenario with every name padded to
#      exactly 200 bytes simulates and verifies;
#   3. `odds --jobs 6` on a scenario with a 10 MB unit name (it peaked at 1.68 GB) or a 10 MB
#      description is refused at once, in well under 1 GB.
#   cli_bounded_test.sh VEDETTE SOURCE_DIR OUT_DIR RENDERER(0|1)
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
RENDERER=$4
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

DEMO=$SRC/replays/demo/demo_battle.scenario.json
SHEV=$SRC/replays/borodino/shevardino_battle.scenario.json

# edit IN OUT PYTHON: OUT is scenario IN as JSON `d` after the Python statement.
edit() {
  python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
$3
json.dump(d, open(sys.argv[2], 'w'), ensure_ascii=False)" "$1" "$2" || fail "edit $1"
}

# refused WHAT PATH WORDS -- COMMAND...: exit 2, PATH and WORDS on stderr, no replay or PNG
# written and no temporary left.
refused() {
  local what=$1 path=$2 words=$3
  shift 4
  rm -f new.json new.png
  "$VEDETTE" "$@" > out.txt 2> err.txt
  local rc=$?
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2: $(head -c 300 err.txt)"
  grep -qF -- "$path" err.txt || fail "$what: the message does not name $path: $(head -c 300 err.txt)"
  grep -qF -- "$words" err.txt || fail "$what: the message does not say '$words': $(head -c 300 err.txt)"
  [ -e new.json ] && fail "$what: wrote new.json"
  [ -e new.png ] && fail "$what: wrote new.png"
  ls -A | grep -q '\.tmp-' && fail "$what: left a temporary: $(ls -A)"
  echo "ok: $what: $(head -c 200 err.txt)"
}

# peak_kib LOG: the peak RSS `VEDETTE_PEAK_RSS=1` printed.
peak_kib() { sed -n 's/^peak RSS: \([0-9]*\) KiB$/\1/p' "$1" | tail -n 1; }

# 1. Ctrl-C during odds --png: the picture already there stays, byte for byte. (--foreground:
# timeout signals only the command; the first SIGINT asks the runs to stop.)
if [ "$RENDERER" = 1 ]; then
  "$VEDETTE" odds "$SHEV" --runs 4 --jobs 2 --png graph.png > first.txt 2>&1 ||
    fail "odds --png: $(cat first.txt)"
  cp graph.png graph.orig
  timeout --foreground --preserve-status -s INT 2 "$VEDETTE" odds "$SHEV" --runs 1000000 \
    --jobs 2 --png graph.png > interrupted.txt 2> interrupted_err.txt
  rc=$?
  [ $rc -eq 130 ] || fail "Ctrl-C: exit $rc, expected 130: $(cat interrupted_err.txt)"
  grep -q 'of the 1000000 asked for (interrupted)' interrupted.txt ||
    fail "Ctrl-C: the runs done are not printed: $(head -3 interrupted.txt)"
  grep -q 'the odds graph graph.png was not written' interrupted_err.txt ||
    fail "Ctrl-C: stderr does not say the graph was not written: $(cat interrupted_err.txt)"
  cmp -s graph.png graph.orig || fail "Ctrl-C: the existing graph.png was replaced"
  ls -A | grep -q '\.tmp-' && fail "Ctrl-C: left a temporary: $(ls -A)"
  # The same with no file there: none is made.
  rm -f graph.png
  timeout --foreground --preserve-status -s INT 2 "$VEDETTE" odds "$SHEV" --runs 1000000 \
    --jobs 2 --png graph.png > /dev/null 2> interrupted_err.txt
  rc=$?
  [ $rc -eq 130 ] || fail "Ctrl-C, no graph yet: exit $rc, expected 130"
  [ -e graph.png ] && fail "Ctrl-C, no graph yet: wrote graph.png"
  echo "ok: Ctrl-C during odds --png leaves the graph there as it was"
fi

# 2. Names at read. A 5,000-byte unit name, as reported: refused by every command that reads
# the scenario, naming the JSON path.
edit "$DEMO" long_name.json "d['sides'][0]['brigades'][0]['units'][0]['name'] = 'x' * 5000"
UNIT0='$.sides[0].brigades[0].units[0].name'
refused "simulate, 5,000-byte name" "$UNIT0" "a name of 5000 bytes; the limit is 200 bytes" -- \
  simulate long_name.json -o new.json
refused "check, 5,000-byte name" "$UNIT0" "the limit is 200 bytes" -- check long_name.json
refused "odds, 5,000-byte name" "$UNIT0" "the limit is 200 bytes" -- \
  odds long_name.json --runs 2
refused "record --from, 5,000-byte name" "$UNIT0" "the limit is 200 bytes" -- \
  record --from long_name.json -o new.json
# One byte past the limit, on each kind of name, in each rule system.
edit "$DEMO" id201.json "d['sides'][1]['brigades'][0]['units'][0]['id'] = 'i' * 201"
refused "unit id of 201 bytes" '$.sides[1].brigades[0].units[0].id' "an id of 201 bytes" -- \
  simulate id201.json -o new.json
edit "$DEMO" general201.json "d['sides'][0]['brigades'][0]['general']['name'] = 'é' * 100 + 'x'"
refused "general's name of 201 bytes" '$.sides[0].brigades[0].general.name' "201 bytes" -- \
  simulate general201.json -o new.json
edit "$DEMO" feature201.json "d['terrain']['features'][0]['name'] = 'w' * 201"
refused "terrain feature name of 201 bytes" '$.terrain.features[0].name' "201 bytes" -- \
  simulate feature201.json -o new.json
edit "$DEMO" nation201.json "d['sides'][0]['nation'] = 'n' * 201"
refused "nation of 201 bytes" '$.sides[0].nation' "a nation of 201 bytes" -- \
  simulate nation201.json -o new.json
edit "$DEMO" title201.json "d['title'] = 't' * 201"
refused "title of 201 bytes" '$.title' "a title of 201 bytes" -- simulate title201.json -o new.json
edit "$DEMO" description.json "d['description'] = 'd' * 16385"
refused "description of 16 KiB + 1" '$.description' "16385 bytes; the limit is 16384" -- \
  simulate description.json -o new.json
edit "$SHEV" borodino201.json "d['sides'][0]['groups'][0]['units'][0]['name'] = 'b' * 201"
refused "Borodino unit name of 201 bytes" '$.sides[0].groups[0].units[0].name' "201 bytes" -- \
  simulate borodino201.json -o new.json
edit "$SRC/replays/dicepool/14_action.scenario.json" dicepool201.json \
  "d['units'][0]['name'] = 'p' * 201"
refused "dice pool unit name of 201 bytes" '$.units[0].name' "201 bytes" -- \
  simulate dicepool201.json -o new.json

# At the limit everything works: every shipped scenario with every name 200 bytes long (and the
# description 16 KiB) simulates, and its replay verifies.
n=0
for s in "$SRC"/replays/*/*.scenario.json; do
  b=$(basename "$s" .scenario.json)
  edit "$s" "at_limit_$b.json" "
def pad(x):
    if isinstance(x, dict):
        for k, v in x.items():
            if k == 'name' and isinstance(v, str):
                x[k] = v + 'x' * (200 - len(v.encode()))
            else:
                pad(v)
    elif isinstance(x, list):
        for v in x:
            pad(v)
pad(d)
d['description'] = 'd' * 16384"
  "$VEDETTE" simulate "at_limit_$b.json" -o "at_limit_$b.replay.json" > sim.txt 2>&1 ||
    fail "$b with 200-byte names: simulate failed: $(head -c 300 sim.txt)"
  "$VEDETTE" verify "at_limit_$b.replay.json" > verify.txt 2>&1 ||
    fail "$b with 200-byte names: verify failed: $(head -c 300 verify.txt)"
  grep -q identical verify.txt || fail "$b with 200-byte names: $(cat verify.txt)"
  rm -f "at_limit_$b.json" "at_limit_$b.replay.json"
  n=$((n + 1))
done
[ $n -ge 10 ] || fail "only $n shipped scenarios found"
echo "ok: $n shipped scenarios with every name at 200 bytes simulate and verify"

# 3. odds --jobs 6 on a 10 MB unit name (1.68 GB before) or description: refused before any
# run, in well under 1 GB (1,048,576 KiB).
edit "$DEMO" huge_name.json "d['sides'][0]['brigades'][0]['units'][0]['name'] = 'x' * 10000000"
edit "$DEMO" huge_description.json "d['description'] = 'd' * 10000000"
for f in "huge_name:$UNIT0: a name of 10000000 bytes" \
         'huge_description:$.description: a description of 10000000 bytes'; do
  words=${f#*:}
  f=${f%%:*}
  VEDETTE_PEAK_RSS=1 "$VEDETTE" odds $f.json --runs 50 --jobs 6 > out.txt 2> err.txt
  rc=$?
  [ $rc -eq 2 ] || fail "odds --jobs 6, $f: exit $rc, expected 2: $(head -c 300 err.txt)"
  grep -qF "$f.json: $words" err.txt || fail "odds --jobs 6, $f: $(head -c 300 err.txt)"
  peak=$(peak_kib err.txt)
  [ -n "$peak" ] || fail "odds --jobs 6, $f: no peak RSS printed"
  [ "$peak" -lt 1048576 ] || fail "odds --jobs 6, $f: peak RSS $peak KiB, 1 GB or more"
  echo "ok: odds --jobs 6, $f: refused, peak RSS $peak KiB"
done
rm -f huge_name.json huge_description.json
echo "cli bounded tests passed"
