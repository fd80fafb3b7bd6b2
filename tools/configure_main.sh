#!/usr/bin/env bash
# Configures the main build, the one ./run.sh and ./test.sh share (so running one after the other
# compiles nothing twice): optimised (-O2, asserts off) without debug information, each file
# compiled on its own, warnings as errors (Debian 12's GCC 12 gives none). Usage:
#   tools/configure_main.sh BUILD_DIR [more cmake -D options]
set -euo pipefail
dir=$1
shift
cmake -S "$(dirname "$0")/.." -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG" -DVEDETTE_WERROR=ON -DCMAKE_UNITY_BUILD=OFF \
      "$@" >/dev/null
