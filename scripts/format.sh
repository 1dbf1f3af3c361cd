#!/usr/bin/env bash
# Checks or applies the project's C++ formatting (.clang-format: Google style, 100 columns)
# on every tracked .h and .cc file, with Debian 12's clang-format (14).
#
#   scripts/format.sh          # check: lists the files that differ, exits 1 if any does
#   scripts/format.sh --fix    # rewrites them in place
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

command -v clang-format >/dev/null ||
  { echo "format: clang-format is missing (scripts/install-deps.sh installs it)" >&2; exit 2; }

mapfile -t files < <(git ls-files '*.h' '*.cc')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format -i "${files[@]}"
  echo "format: formatted ${#files[@]} files"
  exit 0
fi

bad=()
for file in "${files[@]}"; do
  if ! clang-format --dry-run --Werror "$file" >/dev/null 2>&1; then bad+=("$file"); fi
done
if ((${#bad[@]} > 0)); then
  echo "format: ${#bad[@]} of ${#files[@]} files are not formatted (scripts/format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "format: all ${#files[@]} files formatted"
