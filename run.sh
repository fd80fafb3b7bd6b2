#!/usr/bin/env bash
# Sets up, builds and runs Vedette's main job on the embedded demo.
# With a display: the viewer. Without one: a headless export whose path is printed last.
set -euo pipefail
cd "$(dirname "$0")"
JOBS=${JOBS:-$(nproc)}

./tools/setup.sh
# The same build as ./test.sh's (tools/configure_main.sh), and only the program the main job runs:
# no tests, no benchmarks.
./tools/configure_main.sh build
cmake --build build -j "$JOBS" --target vedette

mkdir -p out
exec ./tools/main_job.sh build/vedette out
