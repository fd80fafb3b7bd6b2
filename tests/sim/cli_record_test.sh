#!/usr/bin/env bash
# Game records (issue 40, docs/GAME_RECORD.md):
#  - every shipped scenario of the three rule systems, written as a record (`record --from`) and
#    recorded again, gives the events `simulate` gives, and its replay verifies;
#  - `record --from` a recorded replay gives back the record it embeds, byte for byte;
#  - the docs' games record and verify;
#  - dice written alone go to the next test waiting for them;
#  - a test without its dice is a mistake at its turn's line unless --roll-missing, which lists it;
#  - every crafted bad record (tests/data/bad/game/cases.txt) exits 2 with FILE:LINE:COL and the
#    expected words, and writes nothing; CRLF, a BOM and tabs are read;
#  - an order the rules refuse is a warning at its line naming why, an error under --strict.
#   cli_record_test.sh VEDETTE SOURCE_DIR OUT_DIR
set -euo pipefail
VEDETTE=$1
SRC=$2
OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
fail() { echo "FAIL: $*"; exit 1; }
events_of() { sed -n '/^"events"/,$p' "$1"; }

n=0
while IFS= read -r scenario; do
  name=$(basename "$scenario" .scenario.json)
  "$VEDETTE" simulate "$scenario" -o "$OUT/$name.simulated.json" > /dev/null
  "$VEDETTE" record --from "$scenario" -o "$OUT/$name.game" > /dev/null
  # Shipped scenarios leave most dice to their seed: --roll-missing throws them as simulate does.
  "$VEDETTE" record "$OUT/$name.game" --roll-missing -o "$OUT/$name.recorded.json" > /dev/null ||
    fail "$name: its record does not record"
  [ "$(events_of "$OUT/$name.simulated.json" | wc -l)" -gt 2 ] || fail "$name: no events read"
  cmp -s <(events_of "$OUT/$name.simulated.json") <(events_of "$OUT/$name.recorded.json") ||
    fail "$name: the record's events differ from the scenario's"
  "$VEDETTE" verify "$OUT/$name.recorded.json" > /dev/null || fail "$name: the recorded replay does not verify"
  n=$((n + 1))
done < <(find "$SRC/replays" -name '*.scenario.json' | sort)
[ "$n" -ge 30 ] || fail "only $n shipped scenarios found"
echo "$n shipped scenarios: the same events from their game records"

# The docs' games give every die: they record without --roll-missing.
# The record a replay embeds comes back whole.
for game in "$SRC"/replays/games/*.game; do
  name=$(basename "$game" .game)
  "$VEDETTE" record "$game" -o "$OUT/$name.replay.json" > /dev/null
  "$VEDETTE" verify "$OUT/$name.replay.json" > /dev/null || fail "$name: does not verify"
  "$VEDETTE" record --from "$OUT/$name.replay.json" -o "$OUT/$name.back.game" > /dev/null
  cmp -s "$game" "$OUT/$name.back.game" || fail "$name: --from does not give back the record"
done

# Dice written alone (`dice 5 4`) go to the next test waiting for its dice: the docs' game with
# its dice unlabelled plays as the game itself.
sed -E 's/^dice [^ ]+ [a-z_]+ /dice /' "$SRC/replays/games/gdb_two_charges.game" > "$OUT/unlabelled.game"
[ "$(grep -cE '^dice [0-9]' "$OUT/unlabelled.game")" -ge 9 ] || fail "the unlabelled game was not made"
"$VEDETTE" record "$OUT/unlabelled.game" -o "$OUT/unlabelled.json" > /dev/null
"$VEDETTE" record "$SRC/replays/games/gdb_two_charges.game" -o "$OUT/labelled.json" > /dev/null
cmp -s <(events_of "$OUT/labelled.json") <(events_of "$OUT/unlabelled.json") ||
  fail "unlabelled dice play otherwise than labelled ones"
"$VEDETTE" verify "$OUT/unlabelled.json" > /dev/null || fail "the unlabelled game does not verify"

# Borodino dice written under a turn line (as the live notebook writes them) name no turn.
b="$SRC/replays/games/borodino_square.game"
{ grep -v '^dice' "$b"; grep '^dice' "$b"; } > "$OUT/borodino_late_dice.game"
"$VEDETTE" record "$OUT/borodino_late_dice.game" -o "$OUT/borodino_late.json" > /dev/null ||
  fail "Borodino dice under a turn line do not record"
"$VEDETTE" record "$b" -o "$OUT/borodino.json" > /dev/null
cmp -s <(events_of "$OUT/borodino.json") <(events_of "$OUT/borodino_late.json") ||
  fail "Borodino dice under a turn line play otherwise"

# Bad records.
base="$SRC/tests/data/bad/game/base.game"
cases=0
expect_bad() {  # expect_bad NAME FILE LINE:COL WORDS
  local err="$OUT/$1.err" rc=0
  "$VEDETTE" record "$2" -o "$OUT/$1.replay.json" > /dev/null 2> "$err" || rc=$?
  [ "$rc" -eq 2 ] || fail "$1: exit $rc, $(cat "$err")"
  grep -qF "error: $2:$3: " "$err" || fail "$1: expected $2:$3, got: $(cat "$err")"
  grep -qF -- "$4" "$err" || fail "$1: expected \"$4\" in: $(cat "$err")"
  [ ! -e "$OUT/$1.replay.json" ] || fail "$1: a replay was written"
  cases=$((cases + 1))
}
expect_good() {  # expect_good NAME FILE
  "$VEDETTE" record "$2" -o "$OUT/$1.replay.json" > /dev/null 2> "$OUT/$1.err" ||
    fail "$1: $(cat "$OUT/$1.err")"
}
name=""
flush() {
  [ -n "$name" ] || return 0
  local file="$OUT/$name.game"
  case $name in
    whole_*) printf '%s' "$body" > "$file" ;;
    control_byte) { cat "$base"; printf 'seed 1\001\n'; } > "$file" ;;
    big_line) { cat "$base"; printf 'title %05000d\n' 0; } > "$file" ;;
    binary) { cat "$base"; printf 'x\377\376\n'; } > "$file" ;;
    crlf_ok) sed 's/$/\r/' "$base" > "$file" ;;
    bom_ok) { printf '\357\273\277'; cat "$base"; } > "$file" ;;
    tabs_ok) sed 's/ type=/\ttype=/' "$base" > "$file" ;;
    *) { cat "$base"; printf '%s' "$body"; } > "$file" ;;
  esac
  case $name in
    *_ok) expect_good "$name" "$file" ;;
    *) expect_bad "$name" "$file" "$where" "$words" ;;
  esac
}
while IFS= read -r line; do
  case $line in
    "#"*) [ -z "$name" ] && continue ;;
  esac
  if [[ $line == "== "* ]]; then
    flush
    read -r _ name where words <<< "$line"
    body=""
  else
    body+="$line"$'\n'
  fi
done < "$SRC/tests/data/bad/game/cases.txt"
flush
[ "$cases" -ge 40 ] || fail "only $cases bad records"
echo "$cases bad records: exit 2, FILE:LINE:COL, nothing written"

# Tests without their dice: every one listed in one run, each at the line of the order that
# causes it (the charge, for the charger's test and the charged unit's); --roll-missing throws
# and lists them.
{ cat "$base"; printf 'turn 1\nGreys charges 54e\n'; } > "$OUT/missing.game"
rc=0; "$VEDETTE" record "$OUT/missing.game" -o "$OUT/missing.json" 2> "$OUT/missing.err" > /dev/null || rc=$?
[ "$rc" -eq 2 ] && grep -qF "missing.game:29:1: turn 1, 2nd Dragoons (Scots Greys): 2 charge test dice (d6) needed" "$OUT/missing.err" ||
  fail "a missing charge test: exit $rc, $(cat "$OUT/missing.err")"
grep -qF "missing.game:29:1: turn 1, 54e de ligne: 2 stand test dice (d6) needed" "$OUT/missing.err" ||
  fail "the charged unit's missing test is not listed at the charge: $(cat "$OUT/missing.err")"
[ "$(grep -c "^error: .*needed, and the record gives none" "$OUT/missing.err")" -eq 5 ] ||
  fail "not every missing test listed in one run: $(cat "$OUT/missing.err")"
[ ! -e "$OUT/missing.json" ] || fail "a record missing dice wrote a replay"
"$VEDETTE" record "$OUT/missing.game" --roll-missing -o "$OUT/missing.json" > "$OUT/missing.out"
grep -qF "rolled: turn 1, 2nd Dragoons (Scots Greys): 2 charge test dice (d6)" "$OUT/missing.out" ||
  fail "--roll-missing does not list the dice it threw: $(cat "$OUT/missing.out")"
"$VEDETTE" verify "$OUT/missing.json" > /dev/null || fail "a --roll-missing replay does not verify"

# facing="towards UNIT": the unit turns to face it, in whole degrees; a unit to face that is not
# in the record is named at the facing unit's line.
sed 's/^unit ligne_55 \(.*\) facing=180$/unit ligne_55 \1 facing="towards Innis"/' "$base" > "$OUT/towards.game"
grep -q 'facing="towards Innis"' "$OUT/towards.game" || fail "the facing test's record was not made"
"$VEDETTE" record "$OUT/towards.game" -o "$OUT/towards.json" > /dev/null
"$VEDETTE" record --from "$OUT/towards.json" -o "$OUT/towards.back.game" > /dev/null
python3 - "$OUT/towards.json" <<'PY' || fail "facing towards the Inniskillings is not 180"
import json, sys
for line in open(sys.argv[1]):
    if line.startswith('"scenario"'):
        s = json.loads(line[len('"scenario":'):].rstrip().rstrip(','))
        for side in s["sides"]:
            for b in side["brigades"]:
                for u in b["units"]:
                    if u["id"] == "ligne_55":
                        sys.exit(0 if u["facing"] == 180 else 1)
sys.exit(1)
PY
sed 's/^unit ligne_55 \(.*\) facing=180$/unit ligne_55 \1 facing=towards:Blucher/' "$base" > "$OUT/towards_bad.game"
expect_bad towards_bad "$OUT/towards_bad.game" 22:1 'a unit named in the record, not "Blucher"'

# As played: the square formed at the table though the rules say it is caught. The replay carries
# the event's as_played note and verifies; `record` lists the disagreement; --strict refuses it at
# the reaction's line (exit 2, nothing written); as_played on an order that changes no formation
# is refused at its line.
played="$SRC/tests/data/game/as_played_square.game"
"$VEDETTE" record "$played" --roll-missing -o "$OUT/played.json" > "$OUT/played.txt"
grep -qF "1 rule disagreement" "$OUT/played.txt" || fail "no disagreement listed: $(cat "$OUT/played.txt")"
grep -qF "as played: formed before contact at the table; by the rules" "$OUT/played.txt" ||
  fail "the disagreement does not say what the rules give: $(cat "$OUT/played.txt")"
grep -qF '"as_played":"formed before contact at the table' "$OUT/played.json" || fail "no as_played in the replay"
"$VEDETTE" verify "$OUT/played.json" > /dev/null || fail "an as-played replay does not verify"
rc=0; "$VEDETTE" record "$played" --roll-missing --strict -o "$OUT/strict.json" 2> "$OUT/strict.err" > /dev/null || rc=$?
[ "$rc" -eq 2 ] && grep -qF "as_played_square.game:31:1: a rule disagreement (--strict)" "$OUT/strict.err" ||
  fail "--strict: exit $rc, $(cat "$OUT/strict.err")"
[ ! -e "$OUT/strict.json" ] || fail "--strict wrote a replay"
sed 's/55e reacts form_square as_played=completes/55e reacts stand as_played=completes/' "$played" > "$OUT/played_stand.game"
expect_bad played_stand "$OUT/played_stand.game" 31:1 "as_played goes with a charge (in_range, out_of_range) or a reaction that changes formation"

# As played, on the dice: a test the table ruled otherwise than its dice (`dice ... as_played=`),
# in all three systems. Each listed with what the rules give, marked on its event, verified, given
# back by --from with its as_played, and refused by --strict at its dice line.
check_dice_played() {  # NAME FILE DISAGREEMENTS STRICT_LINE WORDS
  local f="$SRC/tests/data/game/$2"
  "$VEDETTE" record "$f" --roll-missing -o "$OUT/$1.json" > "$OUT/$1.txt" || fail "$1: $(cat "$OUT/$1.txt")"
  grep -qF "$3 rule disagreement" "$OUT/$1.txt" || fail "$1: not $3 disagreements: $(cat "$OUT/$1.txt")"
  grep -qF -- "$5" "$OUT/$1.txt" || fail "$1: no \"$5\" in: $(cat "$OUT/$1.txt")"
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
sys.exit(0 if sum(1 for e in r["events"] if e.get("as_played")) == int(sys.argv[2]) else 1)' \
    "$OUT/$1.json" "$3" || fail "$1: not $3 events with as_played"
  "$VEDETTE" verify "$OUT/$1.json" > /dev/null || fail "$1: the as-played replay does not verify"
  "$VEDETTE" record --from "$OUT/$1.json" -o "$OUT/$1.back.game" > /dev/null || fail "$1: --from"
  grep -q "^dice .* as_played=" "$OUT/$1.back.game" || fail "$1: --from lost the dice's as_played"
  local rc=0
  "$VEDETTE" record "$f" --roll-missing --strict -o "$OUT/$1.strict.json" 2> "$OUT/$1.strict.err" > /dev/null || rc=$?
  [ "$rc" -eq 2 ] && grep -qF "$2:$4:1: a rule disagreement (--strict)" "$OUT/$1.strict.err" ||
    fail "$1 --strict: exit $rc, $(cat "$OUT/$1.strict.err")"
  [ ! -e "$OUT/$1.strict.json" ] || fail "$1: --strict wrote a replay"
}
check_dice_played gdb_dice as_played_dice.game 3 33 'by the rules (GdB 12.23) the total 8 gives "6-8: blown cavalry'
check_dice_played borodino_dice as_played_borodino.game 1 28 'passed at the table; by the rules (Hex charge) the die 9 against 6 fails'
check_dice_played dicepool_dice as_played_dicepool.game 1 18 'failed at the table; by the rules (DP Tests) 7 against 7+ passes'
# A GdB melee played otherwise at the table: lost though 17 against 7 wins it, 2 figures lost (1 by
# the rules), and the push back 10 cm (30 cm by the rules); each stands in the play.
check_dice_played gdb_melee as_played_melee.game 2 35 '"lost" for 6th Dragoons (Inniskillings) at the table; by the rules (GdB 12.18) 17 against 7 gives "attacker wins by 10'
grep -qF '6th Dragoons (Inniskillings) lost 2 figures at the table; by the rules (GdB 12.20) 1 figure' "$OUT/gdb_melee.txt" ||
  fail "melee casualties as played: $(cat "$OUT/gdb_melee.txt")"
# The scores thrown stand: the event claims no difference for the row the table applied.
grep -qF '17 against 55e de ligne 7: the defender wins as played at the table (1 to 2: loser pushed back)' "$OUT/gdb_melee.txt" ||
  fail "the melee as played tells a difference it did not throw: $(grep 'event 9' "$OUT/gdb_melee.txt")"
grep -qF 'as played: 10 cm at the table; by the rules (GdB 12.19 (loser pushed back)) the move is 30 cm' "$OUT/gdb_melee.txt" ||
  fail "melee retreat as played: $(cat "$OUT/gdb_melee.txt")"
python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
lost = [e for e in r["events"] if e["kind"] == "casualties" and "loses 2 figures" in e["text"]]
back = [e["motion"]["path"] for e in r["events"] if e["kind"] == "push_back"]
mm = [((p[-1][0] - p[0][0]) ** 2 + (p[-1][1] - p[0][1]) ** 2) ** 0.5 for p in back]
sys.exit(0 if lost and mm and 99 <= mm[0] <= 101 else 1)' \
  "$OUT/gdb_melee.json" || fail "the melee as played did not take 2 figures and a 10 cm push back"
melee_game="$SRC/tests/data/game/as_played_melee.game"
sed 's/ as_played=lost casualties=2/ casualties=2/' "$melee_game" > "$OUT/melee_bad1.game"
expect_bad melee_bad1 "$OUT/melee_bad1.game" 35:1 'casualties goes with the result the table ruled (as_played=...)'
sed 's/as_played=lost/as_played=routed/' "$melee_game" > "$OUT/melee_bad2.game"
expect_bad melee_bad2 "$OUT/melee_bad2.game" 35:1 'unknown value "routed" (expected won|lost|drawn)'
sed 's/retreat=10cm/retreat=far/' "$melee_game" > "$OUT/melee_bad3.game"
expect_bad melee_bad3 "$OUT/melee_bad3.game" 35:1 'retreat: the distance retreated at the table'
sed 's/^dice 55e stand_test 6 6$/dice 55e stand_test 6 6 as_played=stand casualties=1/' "$melee_game" > "$OUT/melee_bad4.game"
expect_bad melee_bad4 "$OUT/melee_bad4.game" 34:1 'casualties goes with'
# A Borodino shock played otherwise at the table: the 6e's 5 on the Perm square (4 with its DRM,
# "attacker disordered") ruled "defender disordered": the Perm are disordered and take the retreat
# check, the 6e take none.
check_dice_played borodino_shock as_played_shock.game 1 29 '"defender_disordered" at the table against Perm Infantry Regiment; by the rules (Hex 9.22) the d10 5 with DRM -1 scores 4, which gives "attacker disordered"'
python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
t = [e["text"] for e in r["events"]]
sys.exit(0 if "Perm Infantry Regiment is disordered (shock result)" in t
         and any(x.startswith("Perm Infantry Regiment takes a cohesion check (retreat check") for x in t)
         and not any(x.startswith("6e Cuirassiers takes a cohesion check") for x in t) else 1)' \
  "$OUT/borodino_shock.json" || fail "the shock as played did not disorder the Perm"
shock_game="$SRC/tests/data/game/as_played_shock.game"
sed -e 's/as_played=defender_disordered/as_played=attacker_disordered/' -e 's/^dice Perm cohesion 3$/dice 6e cohesion 2/' "$shock_game" > "$OUT/shock_same.game"
"$VEDETTE" record "$OUT/shock_same.game" --roll-missing -o "$OUT/shock_same.json" > "$OUT/shock_same.txt" 2>&1 ||
  fail "shock as the rules give: $(cat "$OUT/shock_same.txt")"
! grep -qF "rule disagreement" "$OUT/shock_same.txt" || fail "a shock played as the rules give listed: $(cat "$OUT/shock_same.txt")"
# A dice-pool melee played otherwise: the cuirassiers' 4 hits against 0 ruled drawn, the
# cuirassiers losing 1 model (0 by the rules): no courage test, no pursuit, both stay in contact.
check_dice_played dicepool_melee as_played_dicepool_melee.game 1 19 '"drawn" for French cuirassiers at the table; by the rules (DP Melee) 4 hits against 0 gives "French cuirassiers wins"; French cuirassiers lost 1 model at the table; by the rules (DP Casualties) 0'
grep -qF 'Melee: 4 hits against 0, a draw as played at the table' "$OUT/dicepool_melee.txt" ||
  fail "the dice-pool melee's text does not say the table ruled it: $(cat "$OUT/dicepool_melee.txt")"
python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
k = [e["kind"] for e in r["events"]]; t = [e["text"] for e in r["events"]]
sys.exit(0 if "draw" in k and "courage_test" not in k and "pursuit" not in k
         and "French cuirassiers loses 1 model" in t else 1)' \
  "$OUT/dicepool_melee.json" || fail "the dice-pool melee as played was not a draw with 1 model lost"
dp_melee_game="$SRC/tests/data/game/as_played_dicepool_melee.game"
sed 's/ as_played=drawn casualties=1/ casualties=1/' "$dp_melee_game" > "$OUT/dp_melee_bad1.game"
expect_bad dp_melee_bad1 "$OUT/dp_melee_bad1.game" 19:1 'casualties goes with the result the table ruled (as_played=...)'
sed 's/casualties=1/casualties=many/' "$dp_melee_game" > "$OUT/dp_melee_bad2.game"
expect_bad dp_melee_bad2 "$OUT/dp_melee_bad2.game" 19:1 'casualties: the models the side lost at the table'
# As played, on the charge: in range at the table though 28.1 cm is beyond the Greys' 27 cm (the
# charge goes in), and out of range though 15.8 cm is within it (refused).
range_game="$SRC/tests/data/game/as_played_range.game"
"$VEDETTE" record "$range_game" --roll-missing -o "$OUT/range.json" > "$OUT/range.txt" || fail "in_range: $(cat "$OUT/range.txt")"
grep -qF "as played: in range at the table; by the rules (GdB charges (seed 000)) the target is 28.1 cm away and the charge move is 27 cm" "$OUT/range.txt" ||
  fail "in_range: $(cat "$OUT/range.txt")"
grep -q '"kind":"charge_declared"' "$OUT/range.json" && ! grep -q '"kind":"charge_refused"' "$OUT/range.json" ||
  fail "the charge played in range did not go in"
"$VEDETTE" record --from "$OUT/range.json" -o "$OUT/range.back.game" > /dev/null
grep -q "^Greys charges 54e as_played=in_range" "$OUT/range.back.game" || fail "--from lost the charge's as_played"
sed 's/^Greys charges 54e as_played=in_range$/Inniskillings charges 55e as_played=out_of_range/' "$range_game" > "$OUT/oor.game"
"$VEDETTE" record "$OUT/oor.game" --roll-missing -o "$OUT/oor.json" > "$OUT/oor.txt" || fail "out_of_range: $(cat "$OUT/oor.txt")"
grep -qF "cannot charge 55e de ligne: out of range as played at the table (15.8 cm by the rules)" "$OUT/oor.txt" ||
  fail "out_of_range: $(cat "$OUT/oor.txt")"
sed 's/as_played=in_range$/as_played=maybe/' "$range_game" > "$OUT/range_bad.game"
expect_bad range_bad "$OUT/range_bad.game" 30:1 '"in_range" (the charge reached at the table) or "out_of_range"'

# Dice-pool: the charge measured home at the table though its reach (13.0") falls short of 14.5".
"$VEDETTE" record "$SRC/tests/data/game/as_played_dicepool_contact.game" --roll-missing -o "$OUT/dpc.json" > "$OUT/dpc.txt" ||
  fail "dice-pool contact: $(cat "$OUT/dpc.txt")"
grep -qF 'as played: in contact at the table; by the rules (DP Charge move) the reach is 13.0" and contact is 14.5" away, so it falls short' "$OUT/dpc.txt" ||
  fail "dice-pool contact: $(cat "$OUT/dpc.txt")"
grep -q '"kind":"melee' "$OUT/dpc.json" || fail "the charge played home fought no melee"
"$VEDETTE" verify "$OUT/dpc.json" > /dev/null || fail "dice-pool contact does not verify"

# Played as the dice give, the note is not there: the shipped game makes no disagreement.
"$VEDETTE" record "$SRC/replays/games/gdb_two_charges.game" -o "$OUT/asrules.json" > "$OUT/asrules.txt"
! grep -q "rule disagreement" "$OUT/asrules.txt" || fail "a game played by the rules lists disagreements"

# Moves as notes say them: by a distance (straight ahead, or towards a unit) and into contact with
# a friend, in General de Brigade (cm) and the dice-pool game (inches). Each move's end point is
# checked; two reserves starting at different distances behind the Greys come to rest at the same
# place, edge to edge with them (a move into contact ends at contact, not at its length).
move_ends() {  # move_ends REPLAY: "UNIT X Y" for every ordinary move
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
for e in r["events"]:
    if e["kind"] == "move":
        print(e["units"][0], *e["motion"]["path"][-1])' "$1"
}
moves_game() {  # moves_game RESERVE_Y: the crafted deployment, a reserve behind the Greys, moves
  sed -n '1,/^unit inniskillings/p' "$played"
  echo "unit reserve \"1st Dragoons (Royals)\" type=heavy_cavalry figures=12 formation=line at=45,$1 facing=0"
  sed -n '/^unit inniskillings/,/^# Lines 22/{/^unit inniskillings/d;/^# Lines 22/d;p}' "$played"
  printf 'turn 1\nGreys moves 10cm\nInniskillings moves 5cm towards 55e\nreserve moves into contact with Greys\n'
}
moves_game 14 > "$OUT/moves_a.game"
moves_game 17 > "$OUT/moves_b.game"
for g in moves_a moves_b; do
  "$VEDETTE" record "$OUT/$g.game" -o "$OUT/$g.json" > /dev/null || fail "$g: $(cat "$OUT/$g.json" 2>&1)"
  "$VEDETTE" verify "$OUT/$g.json" > /dev/null || fail "$g does not verify"
  move_ends "$OUT/$g.json" > "$OUT/$g.ends"
done
grep -qx "greys 450 300" "$OUT/moves_a.ends" || fail "Greys moves 10cm: $(cat "$OUT/moves_a.ends")"
grep -qx "inniskillings 800 250" "$OUT/moves_a.ends" || fail "5cm towards the 55e: $(cat "$OUT/moves_a.ends")"
ra=$(grep '^reserve ' "$OUT/moves_a.ends"); rb=$(grep '^reserve ' "$OUT/moves_b.ends")
[ -n "$ra" ] && [ "$ra" = "$rb" ] || fail "into contact ends at '$ra' and '$rb'"
[ "$(echo "$ra" | cut -d" " -f3)" -lt 300 ] || fail "the reserve went into the Greys (at y 300 after their move): $ra"
sed 's/^reserve moves into contact with Greys$/reserve moves into contact with 54e/' "$OUT/moves_a.game" > "$OUT/moves_enemy.game"
expect_bad moves_enemy "$OUT/moves_enemy.game" 27:1 "a move into contact with an enemy is a charge"
sed 's/^Greys moves 10cm$/Greys moves fast/' "$OUT/moves_a.game" > "$OUT/moves_word.game"
expect_bad moves_word "$OUT/moves_word.game" 25:13 "moves DISTANCE (20cm, 8in)"
# Borodino moves hex by hex: to one hex (`moves to 2,1`) or along a path (`moves to 2,1;3,1`).
bg="$SRC/replays/games/borodino_square.game"
for path in "2,1" "2,1;3,1"; do
  { grep -v '^dice\|^[A-Za-z0-9]* charges\|^order\|^[A-Za-z0-9]* reacts' "$bg"; echo "6e moves to $path"; } > "$OUT/moves_bor.game"
  "$VEDETTE" record "$OUT/moves_bor.game" -o "$OUT/moves_bor.json" > /dev/null 2> "$OUT/moves_bor.err" ||
    fail "Borodino moves to $path: $(cat "$OUT/moves_bor.err")"
  last=${path##*;}
  grep -q "6e Cuirassiers moves to (${last%,*}, ${last#*,})" "$OUT/moves_bor.json" || fail "Borodino moves to $path: no move to $last"
done
dp="$SRC/replays/games/dicepool_charge_short.game"
{ sed '/^turn 1$/,$d' "$dp"; printf 'turn 1\nFrench moves 4in\nBritish moves 2in towards French\n'; } > "$OUT/moves_dp.game"
"$VEDETTE" record "$OUT/moves_dp.game" -o "$OUT/moves_dp.json" > /dev/null || fail "dice-pool moves"
move_ends "$OUT/moves_dp.json" > "$OUT/moves_dp.ends"
grep -qx "fr_line 610 204" "$OUT/moves_dp.ends" && grep -qx "gb_line 610 470" "$OUT/moves_dp.ends" ||
  fail "dice-pool moves by inches: $(cat "$OUT/moves_dp.ends")"

# Orders the rules refuse (issue 48): a warning at the order's own line naming why, the replay
# written all the same (exit 0); --strict makes the first an error there (exit 2, nothing written).
# In the three systems: General de Brigade (a general too far, a target out of range), the
# dice-pool game (a unit that charged does not move) and the Borodino game (a target 5 hexes away).
check_refused() {  # NAME FILE STRICT_LINE WARNING...
  local name=$1 f="$SRC/tests/data/game/$2" strict_line=$3 rc=0
  shift 3
  "$VEDETTE" record "$f" -o "$OUT/$name.json" > /dev/null 2> "$OUT/$name.err" || rc=$?
  [ "$rc" -eq 0 ] && [ -e "$OUT/$name.json" ] || fail "$name: exit $rc, $(cat "$OUT/$name.err")"
  for w in "$@"; do
    grep -qF "warning: $f:$w" "$OUT/$name.err" || fail "$name: no \"warning: $f:$w\" in: $(cat "$OUT/$name.err")"
  done
  [ "$(grep -c '^warning: ' "$OUT/$name.err")" -eq $# ] || fail "$name: not $# warnings: $(cat "$OUT/$name.err")"
  rc=0
  "$VEDETTE" record "$f" --strict -o "$OUT/$name.strict.json" > /dev/null 2> "$OUT/$name.strict.err" || rc=$?
  [ "$rc" -eq 2 ] && grep -qF "error: $f:$strict_line:1: an order the rules refuse (--strict): " "$OUT/$name.strict.err" ||
    fail "$name --strict: exit $rc, $(cat "$OUT/$name.strict.err")"
  [ ! -e "$OUT/$name.strict.json" ] || fail "$name: --strict wrote a replay"
}
check_refused refused_gdb refused_charges.game 28 \
  "28:1: turn 1: the charge is refused: 2nd Dragoons (Scots Greys) cannot charge 54e de ligne: no brigade general or C-in-C within 15 cm (nearest 22.6 cm)" \
  "30:1: turn 1: the charge is refused: 6th Dragoons (Inniskillings) cannot charge 54e de ligne: out of range: 30.5 cm away, the charge move is 27 cm"
check_refused refused_dicepool refused_move_dicepool.game 18 \
  "18:1: turn 1: French line battalion does not move: it charged this turn"
check_refused refused_borodino refused_charge_borodino.game 24 \
  "24:1: turn 1: 6e Cuirassiers may not charge: the target is 5 hexes away, not 2-3 (Hex charge)"
# Dice given for the test of a refused charge: the refusal is said at the charge's line first,
# then the dice's error names that line (bad records refused_charge_dice and _unlabelled_dice).
for name in refused_charge_dice refused_charge_unlabelled_dice; do
  grep -qF "warning: $OUT/$name.game:29:1: turn 1: the charge is refused: 6th Dragoons (Inniskillings) cannot charge 54e de ligne: out of range" "$OUT/$name.err" ||
    fail "$name: the refused charge is not named at its line: $(cat "$OUT/$name.err")"
done
# A charge the table played out of range (as_played) is the table's word: no warning.
oor_err=$("$VEDETTE" record "$OUT/oor.game" --roll-missing -o "$OUT/oor2.json" 2>&1 > /dev/null) ||
  fail "out_of_range: $oor_err"
[[ $oor_err != *warning:* ]] || fail "as_played=out_of_range warns: $oor_err"

# --from needs a scenario or a replay; a record needs -o.
rc=0; "$VEDETTE" record --from "$base" -o "$OUT/x.game" 2> /dev/null || rc=$?
[ "$rc" -eq 2 ] || fail "--from a game record: exit $rc"
rc=0; "$VEDETTE" record "$base" 2> /dev/null || rc=$?
[ "$rc" -eq 2 ] || fail "record without -o: exit $rc"
# A general rides to his brigade (`Ponsonby moves to 47,14`): its charge goes in; without the
# line it is refused for want of a general within 15 cm. A unit is found by a word inside its
# name ("2nd" in "2/2nd Dragoons").
rides="$SRC/tests/data/game/general_rides.game"
"$VEDETTE" record "$rides" --roll-missing -o "$OUT/rides.json" > "$OUT/rides.txt" 2>&1 ||
  fail "general_rides: $(cat "$OUT/rides.txt")"
grep -q "refused" "$OUT/rides.txt" && fail "the general's move did not count: $(cat "$OUT/rides.txt")"
grep -q '"general_moves"' "$OUT/rides.json" || fail "the replay's scenario has no general move"
"$VEDETTE" verify "$OUT/rides.json" > /dev/null || fail "general_rides does not verify"
grep -v "^Ponsonby moves" "$rides" > "$OUT/stays.game"
"$VEDETTE" record "$OUT/stays.game" --roll-missing -o "$OUT/stays.json" > "$OUT/stays.txt" 2>&1
grep -q "stays.game:22:1: turn 1: the charge is refused: .*no brigade general or C-in-C within 15 cm" "$OUT/stays.txt" ||
  fail "without the general's move the charge should be refused: $(cat "$OUT/stays.txt")"
echo "cli record tests passed"
