#!/usr/bin/env bash
# Outputs of simulate, check and migrate: one that is a file the command reads (by any name: the
# same path, "./x", a symbolic or a hard link) is refused with exit 2 before anything is written,
# and the temporaries a killed run left (NAME.tmp-PID-...) are removed by the next run when their
# process is gone, never when it still runs.
#   cli_outputs_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -uo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cp "$SRC/replays/seed000/01_young_guard_vs_landwehr.scenario.json" s.json
cp -r "$SRC/sim/rulesets" rules
cp s.json s.orig
cp rules/gdb/gdb.json gdb.orig

# refused WHAT EXPECTED_WORDS -- COMMAND...: exit 2, a message with both flags, nothing changed.
refused() {
  local what=$1 words=$2
  shift 3
  "$VEDETTE" "$@" > out.txt 2> err.txt
  local rc=$?
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2: $(cat err.txt)"
  grep -qF -- "$words" err.txt || fail "$what: the message does not say '$words': $(cat err.txt)"
  cmp -s s.json s.orig || fail "$what: the scenario was overwritten"
  cmp -s rules/gdb/gdb.json gdb.orig || fail "$what: the ruleset data was overwritten"
  echo "ok: $what is refused: $(head -c 160 err.txt)"
}

refused "simulate S -o S" "-o: is the same file as SCENARIO" -- simulate s.json -o s.json
refused "simulate ./S -o S" "-o: is the same file as SCENARIO" -- simulate ./s.json -o s.json
refused "simulate S -o DIR/../S" "-o: is the same file as SCENARIO" -- simulate s.json -o rules/../s.json
ln -s s.json link.json
refused "simulate LINK -o S" "-o: is the same file as SCENARIO" -- simulate link.json -o s.json
ln s.json hard.json
refused "simulate HARDLINK -o S" "-o: is the same file as SCENARIO" -- simulate hard.json -o s.json
refused "simulate -o the ruleset's data" "-o: is the same file as the ruleset's data file" -- \
  simulate s.json --rules rules -o rules/gdb/gdb.json
refused "check S --png S" "--png" -- check s.json --png s.json
ls -A | grep -q '\.tmp-' && fail "a refused command left a temporary: $(ls -A)"

# migrate rewrites a replay in place by design (its default); over the rules it reads it may not.
"$VEDETTE" simulate s.json -o r.json > /dev/null || fail "simulate s.json -o r.json failed"
"$VEDETTE" migrate r.json -o ./r.json > /dev/null || fail "migrate r.json -o ./r.json (in place) failed"
refused "migrate -o the ruleset's data" "-o: is the same file as the ruleset's data file" -- \
  migrate r.json --rules rules -o rules/gdb/gdb.json

# Temporaries of out.json left by a killed run (its PID gone), one of a run still going, one
# whose PID now belongs to a process started after it was last written (the PID used again),
# an older Vedette's (no PID) and another file's.
sh -c 'exit 0' &
dead=$!
wait $dead
kill -0 $dead 2> /dev/null && fail "process $dead should be gone"
sleep 300 &
live=$!
trap 'kill $live 2> /dev/null' EXIT
sleep 0.1
printf 'stale' > "out.json.tmp-$dead-Ab12Cd"
printf 'running' > "out.json.tmp-$live-Ef34Gh"
printf 'reused' > "out.json.tmp-$live-Ij56Kl"
touch -d '1 hour ago' "out.json.tmp-$live-Ij56Kl"
printf 'old' > out.json.tmp-Mn78Op
printf 'other' > "other.json.tmp-$dead-Qr90St"
"$VEDETTE" simulate s.json -o out.json > /dev/null || fail "simulate -o out.json failed"
[ -e "out.json.tmp-$dead-Ab12Cd" ] && fail "the temporary of a dead process was not removed"
[ -e "out.json.tmp-$live-Ij56Kl" ] && fail "the temporary of a reused PID was not removed"
[ -e "out.json.tmp-$live-Ef34Gh" ] || fail "the temporary of a running process was removed"
[ -e out.json.tmp-Mn78Op ] || fail "a temporary without a PID was removed"
[ -e "other.json.tmp-$dead-Qr90St" ] || fail "another file's temporary was removed"
ls -A | grep "^out.json.tmp-" | grep -v -e "-$live-Ef34Gh" -e Mn78Op && fail "simulate left a temporary"
echo "ok: simulate removed the temporaries of out.json whose process is gone, and only those"
echo "cli outputs tests passed"
