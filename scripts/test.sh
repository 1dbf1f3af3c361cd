#!/usr/bin/env bash
# Installs the dependencies, builds everything and runs every test with ctest.
# Extra arguments go to ctest, e.g. scripts/test.sh -R Parser or scripts/test.sh -L threads.
# Environment as for scripts/build.sh (BUILD_DIR, SANITIZE, JOBS). Exits with ctest's code.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build_dir="${BUILD_DIR:-build}"

BUILD_DIR="$build_dir" scripts/setup.sh

echo "test: ctest --test-dir $build_dir $*"
exec ctest --test-dir "$build_dir" --output-on-failure -j "${JOBS:-2}" "$@"
