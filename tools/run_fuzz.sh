#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, docs/FUZZING.md) in build-fuzz/ and runs each for its
# share of the time. Exits non-zero when any target crashes, hangs or runs out of memory, naming
# the input that did it (a reproducer: `build-fuzz/tests/fuzz/fuzz_X FILE` runs it again).
#
#   tools/run_fuzz.sh [SECONDS_TOTAL] [TARGET...]    default: 240 seconds over all sixteen targets
#   tools/run_fuzz.sh --keep-going 600 fuzz_gltf     go on after a finding (libFuzzer's fork mode)
#
# Environment: JOBS (build parallelism, default all cores), CXX (default clang++).
# Before fuzzing, every saved finding under tests/data/bad/fuzz/<target>/ (e.g. fuzz_gltf/) is run
# once: a fixed crash that comes back fails here first.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BUILD="$ROOT/build-fuzz"
JOBS=${JOBS:-$(nproc)}

keep_going=0
if [ "${1:-}" = "--keep-going" ]; then
  keep_going=1
  shift
fi
total=${1:-240}
shift || true
if ! [[ $total =~ ^[0-9]+$ ]] || [ "$total" -lt 1 ]; then
  echo "usage: $0 [--keep-going] [SECONDS_TOTAL] [fuzz_melee|fuzz_scenario|fuzz_replay|fuzz_tour|fuzz_gltf|fuzz_notes|fuzz_pgm|fuzz_texture|fuzz_visuals|fuzz_ruleset|fuzz_record|fuzz_record_play|fuzz_notebook|fuzz_edit_save|fuzz_cli_values|fuzz_branch_luck_odds ...]" >&2
  exit 2
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_melee fuzz_scenario fuzz_replay fuzz_tour fuzz_gltf fuzz_notes fuzz_pgm fuzz_texture fuzz_visuals
           fuzz_ruleset fuzz_record fuzz_record_play fuzz_notebook fuzz_edit_save fuzz_cli_values fuzz_branch_luck_odds)
fi

# Longest input each target is given (libFuzzer's -max_len); seeds above it are left out.
max_len_of() {
  case $1 in
    fuzz_branch_luck_odds) echo 1024 ;;
    fuzz_cli_values) echo 4096 ;;
    fuzz_melee | fuzz_tour | fuzz_notes | fuzz_record | fuzz_record_play | fuzz_notebook | fuzz_edit_save) echo 8192 ;;
    fuzz_visuals) echo 16384 ;;
    fuzz_scenario | fuzz_ruleset) echo 32768 ;;
    fuzz_replay | fuzz_gltf | fuzz_pgm | fuzz_texture) echo 65536 ;;
    *) echo "$0: unknown target $1" >&2; exit 2 ;;
  esac
}
for t in "${targets[@]}"; do max_len_of "$t" >/dev/null; done

echo "== fuzz build (clang, libFuzzer + ASan + UBSan) in build-fuzz/"
CXX=${CXX:-clang++} cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" \
  -DVEDETTE_FUZZ=ON -DVEDETTE_SIM_ONLY=ON -DVEDETTE_BENCH=OFF -DVEDETTE_WERROR=ON >/dev/null
cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]}"

# Each target's share of the time, at least 5 seconds.
share=$(( total / ${#targets[@]} ))
if [ "$share" -lt 5 ]; then share=5; fi
mkdir -p "$BUILD/crashes"
# The harnesses' scratch folders (a crashed process leaves its own behind): under build-fuzz/.
export TMPDIR="$BUILD/tmp"
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
failed=()
summary=()

for t in "${targets[@]}"; do
  exe="$BUILD/tests/fuzz/$t"
  kind=${t#fuzz_}
  max_len=$(max_len_of "$t")
  corpus="$BUILD/corpus/$t"     # what libFuzzer found so far; kept between runs
  seeds="$BUILD/seeds/$t"        # rebuilt from the repository each run
  crashes="$BUILD/crashes/$t"
  log="$BUILD/crashes/$t.log"
  mkdir -p "$corpus" "$crashes"
  tests/fuzz/make_corpus.sh "$t" "$seeds" "$max_len"

  regressions=()
  if [ -d "tests/data/bad/fuzz/$t" ]; then
    while IFS= read -r -d '' f; do regressions+=("$f"); done < <(find "tests/data/bad/fuzz/$t" -type f -print0 | sort -z)
  fi
  if [ ${#regressions[@]} -gt 0 ]; then
    echo "== $t: ${#regressions[@]} saved findings (tests/data/bad/fuzz/$t/)"
    if ! "$exe" -rss_limit_mb=2048 -timeout=10 "${regressions[@]}" >"$log.saved" 2>&1; then
      grep -E "^==[0-9]+==ERROR|^SUMMARY|Running: " "$log.saved" | tail -n 6 || true
      echo "FAILED: $t crashes on a saved finding (log: $log.saved)"
      failed+=("$t")
      [ "$keep_going" = 1 ] || continue
    fi
  fi

  echo "== $t: fuzzing for ${share}s"
  args=(-dict="$ROOT/tests/fuzz/json.dict" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048
        -max_total_time="$share" -print_final_stats=1 -artifact_prefix="$crashes/")
  if [ "$keep_going" = 1 ]; then
    args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  stamp="$crashes/.started"
  touch "$stamp"
  status=0
  "$exe" "${args[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
  done_line=$(grep -aoE "#[0-9]+:?[[:space:]]+(DONE[[:space:]]+)?cov: [0-9]+ ft: [0-9]+[^#]*" "$log" | tail -n 1 || true)
  summary+=("$t: ${done_line:-no coverage line (see $log)}")
  reproducers=$(find "$crashes" -type f -newer "$stamp" ! -name '.*' | sort)
  if [ "$status" -ne 0 ] || [ -n "$reproducers" ]; then
    grep -E "^==[0-9]+==ERROR|^SUMMARY|ALARM|fuzz harness:|deadly signal" "$log" | head -n 6 || true
    echo "FAILED: $t (exit $status; log: $log)"
    for r in $reproducers; do echo "  reproducer: $r   (run: $exe $r)"; done
    if [[ " ${failed[*]} " != *" $t "* ]]; then failed+=("$t"); fi
  fi
done

echo "== fuzz summary (libFuzzer's last line per target: cov = code edges covered, ft = features)"
for s in "${summary[@]}"; do echo "  $s"; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (crash inputs under build-fuzz/crashes/)"
  exit 1
fi
echo "fuzzing: no crash, hang or leak in ${#targets[@]} targets"
