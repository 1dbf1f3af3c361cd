#!/usr/bin/env bash
# Configures and builds rulecheck with CMake and Ninja.
#
#   scripts/build.sh [TARGET...]     # no target: build everything
#
# Environment:
#   BUILD_DIR  build directory, relative to the repository root or absolute (default: build)
#   SANITIZE   empty (default): RelWithDebInfo, -O2 -g, asserts kept;
#              otherwise passed as -DRULECHECK_SANITIZE (e.g. address,undefined or thread),
#              built -O1 -g1, asserts kept
#   DEBUG_INFO the debug-information flag (default: -g, and -g1 under SANITIZE: line tables,
#              all a sanitizer's stack trace needs, for about a third less compile time);
#              CI builds with -g1, as nobody runs a debugger there
#   JOBS       parallel compile jobs (default: 2)
#   WERROR     1: warnings are errors (-DRULECHECK_WERROR=ON), as in CI (default: 0)
#   UNITY      1 (default): each target compiles its sources in batches of 8 (CMake's unity
#              build), which needs less than half the compile time of a fresh build, since
#              the headers every file includes (GoogleTest, abseil, CLI11) are parsed and
#              their inline functions compiled once a batch; 0: one file at a time, for
#              quick rebuilds while editing a few files
#   CXX        the C++ compiler, as CMake reads it when it first configures BUILD_DIR
#              (default: c++, GCC on Debian; CI builds the AddressSanitizer tree with clang++)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

build_dir="${BUILD_DIR:-build}"
sanitize="${SANITIZE:-}"
jobs="${JOBS:-2}"
werror="${WERROR:-0}"
unity="${UNITY:-1}"
debug_info="${DEBUG_INFO:-$([[ -z "$sanitize" ]] && echo -g || echo -g1)}"

# CMake cannot switch the generator of an existing build directory; say so plainly.
cache="$build_dir/CMakeCache.txt"
if [[ -f "$cache" ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache"; then
  echo "build: $build_dir was configured with another generator than Ninja;" \
       "remove it or choose another BUILD_DIR" >&2
  exit 2
fi

if [[ -z "$sanitize" ]]; then
  # CMakeLists.txt strips -DNDEBUG from every build type, so asserts stay on.
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 $debug_info")
else
  flags=(-DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 $debug_info")
fi

echo "build: configuring $build_dir (${sanitize:+sanitize=$sanitize, }${flags[0]#-D})"
cmake -S . -B "$build_dir" -G Ninja --log-level=NOTICE \
  "${flags[@]}" -DRULECHECK_SANITIZE="$sanitize" \
  -DRULECHECK_WERROR="$([[ "$werror" == 1 ]] && echo ON || echo OFF)" \
  -DCMAKE_UNITY_BUILD="$([[ "$unity" == 1 ]] && echo ON || echo OFF)" -DCMAKE_UNITY_BUILD_BATCH_SIZE=8

targets=()
for target in "$@"; do targets+=(--target "$target"); done
echo "build: building ${*:-all targets} in $build_dir with $jobs jobs"
cmake --build "$build_dir" --parallel "$jobs" "${targets[@]}"
