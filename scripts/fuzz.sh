#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (AddressSanitizer and
# UndefinedBehaviorSanitizer on) and runs each for a while.
#
#   scripts/fuzz.sh [TARGET...]      # default: front_fuzzer check_fuzzer model_fuzzer
#
# Environment:
#   FUZZ_SECONDS  how long each target runs (default 120; hours for a long campaign)
#   BUILD_DIR     build directory (default: build-fuzz)
#   CORPUS_DIR    where each target's corpus grows, one folder per target (default:
#                 $BUILD_DIR/corpus); kept between runs, so a long campaign can be resumed
#   JOBS          parallel compile jobs (default: 2)
#
# The text targets (front_fuzzer, check_fuzzer) are seeded with every .rules file of the
# repository (games/ and tests/) and use the dictionary tests/fuzz/rules.dict of the
# language's tokens; model_fuzzer reads its bytes as the choices of a model generator, so it
# takes neither. A finding (a crash, a
# sanitizer report, a run over the time or memory limit) stops the target with the input
# saved as $BUILD_DIR/crash-*, timeout-* or oom-*, and the script exits non-zero.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

build_dir="${BUILD_DIR:-build-fuzz}"
seconds="${FUZZ_SECONDS:-120}"
jobs="${JOBS:-2}"
corpus_root="${CORPUS_DIR:-$build_dir/corpus}"
targets=("$@")
((${#targets[@]})) || targets=(front_fuzzer check_fuzzer model_fuzzer)

scripts/install-deps.sh
command -v clang++ >/dev/null || { echo "fuzz: clang++ not found" >&2; exit 1; }

echo "fuzz: configuring $build_dir (clang, libFuzzer, address+undefined)"
CXX=clang++ cmake -S . -B "$build_dir" -G Ninja --log-level=NOTICE \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 ${DEBUG_INFO:--g}" \
  -DRULECHECK_FUZZ=ON
cmake --build "$build_dir" --parallel "$jobs" --target "${targets[@]}"

seeds="$build_dir/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
find games tests -name '*.rules' -print0 | while IFS= read -r -d '' file; do
  cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
done

status=0
for target in "${targets[@]}"; do
  corpus="$corpus_root/$target"
  mkdir -p "$corpus"
  text_inputs=()
  if [[ "$target" != model_fuzzer ]]; then
    text_inputs=("$seeds" -dict=tests/fuzz/rules.dict)
  fi
  echo "fuzz: $target for ${seconds}s (corpus $corpus${text_inputs:+, $(ls "$seeds" | wc -l) seeds})"
  # -timeout: one input may take this long (a move's work is bounded, but a few hundred states
  # of a heavy model under the sanitizers take a while); -rss_limit_mb: the memory limit.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build_dir/tests/fuzz/$target" "$corpus" "${text_inputs[@]}" \
    -max_total_time="$seconds" -timeout=300 -rss_limit_mb=4096 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$build_dir/" ||
    status=$?
  if ((status != 0)); then
    echo "fuzz: $target found a failing input (exit $status); see $build_dir/" >&2
    exit "$status"
  fi
done
echo "fuzz: no finding"
