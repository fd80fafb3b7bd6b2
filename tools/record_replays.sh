#!/usr/bin/env bash
# Re-records every shipped replay from its scenario with the current rules. Run after a rules
# change that is meant to change outcomes; CI's `vedette verify` tests fail until you do.
#   tools/record_replays.sh [build/vedette]
set -euo pipefail
cd "$(dirname "$0")/.."
VEDETTE=${1:-build/vedette}
for scenario in replays/*/*.scenario.json; do
  "$VEDETTE" simulate "$scenario" -o "${scenario%.scenario.json}.replay.json" | tail -1
done
