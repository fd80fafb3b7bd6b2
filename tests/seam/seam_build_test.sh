#!/usr/bin/env bash
# Builds each seam probe of tests/seam/CMakeLists.txt in this build tree:
#   seam_<client>_includes_<id>  must fail, with the plug-in gate's message;
#   seam_control_<id>            (the same file, the plug-in's target linked) must build.
# Usage: seam_build_test.sh BUILD_DIR ID...
set -u
build=$1
shift
fail=0
for id in "$@"; do
  for client in renderer app; do
    out=$(cmake --build "$build" --target "seam_${client}_includes_${id}" 2>&1)
    if [ $? -eq 0 ]; then
      echo "FAIL: a file of ${client}/ including sim/rulesets/${id}/ built"
      fail=1
    elif ! grep -q "sim/rulesets/${id}/ is a rule-system plug-in" <<<"$out"; then
      echo "FAIL: seam_${client}_includes_${id} failed for another reason:"
      echo "$out" | tail -20
      fail=1
    else
      echo "ok: a file of ${client}/ including sim/rulesets/${id}/ does not build"
    fi
  done
  if ! out=$(cmake --build "$build" --target "seam_control_${id}" 2>&1); then
    echo "FAIL: the control (the same file with vedette_rules_${id} linked) did not build:"
    echo "$out" | tail -20
    fail=1
  else
    echo "ok: with vedette_rules_${id} linked the same file builds"
  fi
done
[ $fail -eq 0 ] && echo "seam build tests passed"
exit $fail
