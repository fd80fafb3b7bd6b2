#!/usr/bin/env bash
# Builds the seed corpus of one fuzz target from the repository's own files:
#   tests/fuzz/make_corpus.sh TARGET OUT_DIR MAX_BYTES
# OUT_DIR is emptied and filled with the committed seeds (tests/fuzz/seeds/<kind>/), the shipped
# inputs of that kind (replays, example melees, scenarios of every rule system, notes, visuals,
# rule data files, heightfields, models, glTF samples) and the bad inputs other tests keep under
# tests/data/, leaving out files larger than MAX_BYTES (libFuzzer's -max_len). Only files inside the
# repository are read.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 fuzz_melee|fuzz_scenario|fuzz_replay|fuzz_tour|fuzz_gltf|fuzz_notes|fuzz_pgm|fuzz_texture|fuzz_visuals|fuzz_ruleset|fuzz_record|fuzz_record_play|fuzz_notebook|fuzz_edit_save|fuzz_cli_values|fuzz_branch_luck_odds OUT_DIR MAX_BYTES" >&2
  exit 2
fi
target=$1 out=$2 max_bytes=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
kind=${target#fuzz_}

sources=("$root/tests/fuzz/seeds/$kind"/*)
case $kind in
  # Every rule system's: replays/examples holds GdB, Borodino and dice-pool melee files.
  melee) sources+=("$root"/replays/examples/*.json "$root"/tests/data/bad/*.json "$root"/tests/data/bad/hardening/*.json
                   "$root"/tests/data/dicepool/*.json) ;;
  scenario) sources+=("$root"/replays/*/*.scenario.json "$root"/tests/data/borodino/*.scenario.json
                      "$root"/tests/data/check/*.scenario.json "$root"/tests/data/v1/*.scenario.json) ;;
  replay) sources+=("$root"/replays/*/*.replay.json "$root"/tests/data/v1/*.replay.json "$root"/tests/data/v1/seed000/*.replay.json "$root"/tests/data/v2/*.replay.json) ;;
  notes) sources+=("$root"/replays/*/*.notes.json) ;;
  pgm) sources+=("$root"/tests/data/*/*.pgm) ;;
  texture) sources+=("$root"/tests/golden/*.png "$root"/tests/data/gltf-samples/*.png "$root"/tests/data/gltf-samples/*.jpg) ;;
  visuals) sources+=("$root"/assets/visuals.json) ;;
  ruleset) sources+=("$root"/sim/rulesets/*/*.json) ;;
  tour) sources+=("$root"/tests/data/bad/tours/*.tour) ;;
  record | record_play) sources+=("$root"/replays/games/*.game "$root"/tests/data/bad/game/*.game) ;;
  # The notebook's input is the lines typed into it: a shipped game's lines are such lines.
  notebook) sources+=("$root"/replays/games/*.game) ;;
  # Edits, typed values and dice steps: the committed seeds only (each names the shipped file it
  # works on).
  edit_save | cli_values | branch_luck_odds) ;;
  gltf) sources+=("$root"/assets/models/*.gltf "$root"/assets/models.json "$root"/tests/data/gltf-samples/*.gltf
                  "$root"/tests/data/bad/gltf/*.gltf) ;;
  *) echo "$0: unknown target $target" >&2; exit 2 ;;
esac

rm -rf "$out"
mkdir -p "$out"
kept=0
for f in "${sources[@]}"; do
  [ -f "$f" ] || continue
  [ "$(stat -c %s "$f")" -le "$max_bytes" ] || continue
  # Flatten the path into a unique name: replays/seed000/x.json -> replays_seed000_x.json.
  rel=${f#"$root"/}
  cp "$f" "$out/${rel//\//_}"
  kept=$((kept + 1))
done
echo "$target: $kept seed files in $out"
