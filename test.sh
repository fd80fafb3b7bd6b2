#!/usr/bin/env bash
# Sets up, builds and runs every test:
#   1. the format check (.clang-format, tools/check_format.sh);
#   2. a sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer) of everything, running
#      every test: rules engine, renderer, viewer and export (lavapipe's own leaks suppressed);
#      a unity build (CMake's UNITY_BUILD), which halves its compile time, with line tables only
#      (-g1: the sanitizers' reports still name file and line);
#   3. the libFuzzer targets, about a minute in all (docs/FUZZING.md), then, in that clang build
#      (-O1, sanitizers, each file compiled on its own), the shipped replays re-simulated to the
#      same bytes;
#   4. the main build (-O2 -DNDEBUG, as ./run.sh's RelWithDebInfo build optimises, without its
#      debug information), a unity build too, running every test.
# Unity builds and less debug information keep CI within 30 minutes on a 2-core machine: the main
# build took 16.5 min with -g and a file at a time, 6 min as it is now.
# Warnings are errors in every build here (VEDETTE_WERROR). The output ends with CTest's summary.
set -euo pipefail
cd "$(dirname "$0")"
JOBS=${JOBS:-$(nproc)}
ROOT=$(pwd)

./tools/setup.sh

echo "== format check"
./tools/check_format.sh

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

echo "== fuzzing: every libFuzzer target for its share of a minute, after its saved findings"
./tools/run_fuzz.sh 150

echo "== clang build (the fuzz build): shipped replays must re-simulate to the same bytes and hashes"
# The fuzz build is clang with ASan and UBSan; only the program is added (the other builds compile
# the tests), and the replay tests run it.
cmake --build build-fuzz -j "$JOBS" --target vedette
(cd build-fuzz &&
 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
 ctest --output-on-failure -j "$JOBS" -L replay)

echo "== main build"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG" \
      -DVEDETTE_WERROR=ON -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build -j "$JOBS"
cd build
ctest --output-on-failure -j "$JOBS"
