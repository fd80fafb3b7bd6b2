#!/usr/bin/env bash
# Sets up, builds and runs every test.
#
#   ./test.sh          the format check, then the main build (-O2 -DNDEBUG, the same build
#                      ./run.sh makes, so one reuses the other's objects) running every test:
#                      rules engine, renderer, viewer and export. Each file is compiled on its
#                      own (a unity build would hide a missing include); the benchmarks are left
#                      to --full. At most 15 minutes on a fresh 2-core machine once the packages
#                      are installed.
#   ./test.sh --full   what CI runs (.ci/run): all of the above, and before it
#                      1. a sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer) of
#                         everything, running every test with leak checking on and nothing
#                         suppressed (tools/lsan.supp says why); a unity build (CMake's
#                         UNITY_BUILD), which halves its compile time, with line tables only
#                         (-g1: the sanitizers' reports still name file and line);
#                      2. the sixteen libFuzzer targets, 15 seconds each after their saved findings
#                         (docs/FUZZING.md), then, in that clang build (-O1, sanitizers, each file
#                         compiled on its own), the shipped replays re-simulated to the same bytes;
#                      3. the benchmarks, built in the main build (bench/; they are run by hand).
# Warnings are errors in every build here (VEDETTE_WERROR). The output ends with CTest's summary.
set -euo pipefail
cd "$(dirname "$0")"
JOBS=${JOBS:-$(nproc)}
ROOT=$(pwd)

full=0
case "${1:-}" in
  --full) full=1 ;;
  "") ;;
  *) echo "usage: $0 [--full]" >&2; exit 2 ;;
esac

./tools/setup.sh

echo "== format check"
./tools/check_format.sh

if [ "$full" = 1 ]; then
  echo "== sanitizer build (ASan + UBSan): rules engine, renderer, viewer and export"
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g1" \
        -DVEDETTE_SANITIZE=ON -DVEDETTE_SIM_ONLY=OFF -DVEDETTE_BENCH=OFF -DVEDETTE_WERROR=ON \
        -DCMAKE_UNITY_BUILD=ON >/dev/null
  cmake --build build-asan -j "$JOBS"
  (cd build-asan &&
   ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1 \
   LSAN_OPTIONS="suppressions=$ROOT/tools/lsan.supp:print_suppressions=0" \
   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
   ctest --output-on-failure -j "$JOBS")

  echo "== fuzzing: every libFuzzer target for 15 s (240 s for the sixteen), after its saved findings"
  ./tools/run_fuzz.sh 240

  echo "== clang build (the fuzz build): shipped replays must re-simulate to the same bytes and hashes"
  # The fuzz build is clang with ASan and UBSan; only the program is added (the other builds
  # compile the tests), and the replay tests run it.
  cmake --build build-fuzz -j "$JOBS" --target vedette
  (cd build-fuzz &&
   ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
   ctest --output-on-failure -j "$JOBS" -L replay)
fi

echo "== main build"
bench=OFF
[ "$full" = 1 ] && bench=ON
# tools/configure_main.sh is the configuration ./run.sh uses too.
./tools/configure_main.sh build -DVEDETTE_BENCH=$bench
cmake --build build -j "$JOBS"
cd build
ctest --output-on-failure -j "$JOBS"
