#!/usr/bin/env bash
# CI's format check: every C++ file in the repository must match .clang-format (clang-format 14,
# Debian 12). Prints the files that differ and exits 1; `tools/check_format.sh --fix` formats them.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" > /dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "format check: ${#bad[@]} of ${#files[@]} files differ from .clang-format (tools/check_format.sh --fix):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "format check: ${#files[@]} files match .clang-format"
