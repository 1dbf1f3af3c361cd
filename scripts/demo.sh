#!/usr/bin/env bash
# Installs the dependencies, builds the rulecheck command and checks games/tictactoe.rules.
# Extra arguments go to `rulecheck check`, e.g. scripts/demo.sh --format json.
# Exits with rulecheck's exit code (0: all properties hold, 1: a finding, 2: bad input or
# usage, 3: a limit stopped the search).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build_dir="${BUILD_DIR:-build}"

# Only the command is needed here; scripts/test.sh builds everything.
BUILD_DIR="$build_dir" scripts/setup.sh rulecheck

echo "demo: $build_dir/cli/rulecheck check games/tictactoe.rules $*"
exec "$build_dir/cli/rulecheck" check games/tictactoe.rules "$@"
