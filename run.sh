#!/usr/bin/env bash
# Sets up, builds and runs Vedette's main job on the embedded demo.
# With a display: the viewer. Without one: a headless export whose path is printed last.
set -euo pipefail
cd "$(dirname "$0")"
JOBS=${JOBS:-$(nproc)}

./tools/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$JOBS"

mkdir -p out
exec ./tools/main_job.sh build/vedette out
