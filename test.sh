#!/usr/bin/env bash
# Sets up, builds and runs every test. The sim tests also run in a second build under
# AddressSanitizer + UndefinedBehaviorSanitizer. The output ends with CTest's summary line.
set -euo pipefail
cd "$(dirname "$0")"
JOBS=${JOBS:-$(nproc)}

./tools/setup.sh

echo "== sanitizer build of the rules engine (ASan + UBSan)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVEDETTE_SANITIZE=ON \
      -DVEDETTE_SIM_ONLY=ON -DVEDETTE_BENCH=OFF >/dev/null
cmake --build build-asan -j "$JOBS"
(cd build-asan && ctest --output-on-failure -j "$JOBS" -L sim)

echo "== clang build of the rules engine: shipped replays must re-simulate to the same bytes and hashes"
CXX=clang++ cmake -S . -B build-clang -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVEDETTE_SIM_ONLY=ON \
      -DVEDETTE_BENCH=OFF >/dev/null
cmake --build build-clang -j "$JOBS"
(cd build-clang && ctest --output-on-failure -j "$JOBS" -L replay)

echo "== main build"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$JOBS"
cd build
ctest --output-on-failure -j "$JOBS"
