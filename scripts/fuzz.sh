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
#   UNITY         1 (default) or 0: compile in batches or one file at a time, as for build.sh
#   MODEL_SEEDS   how many of the random tester's programs seed model_fuzzer (default 16;
#                 a campaign of hours can take a few hundred)
#
# The text targets (front_fuzzer, check_fuzzer) are seeded with every .rules file of the
# repository (games/ and tests/) and use the dictionary tests/fuzz/rules.dict of the
# language's tokens. model_fuzzer reads its bytes as the choices of a model generator
# (tests/shared/random_model.h), one byte a choice, so it takes neither: its seeds are written
# by tests/fuzz/model_seeds.cc (four programs that between them use every entry of the
# generator's pools, and the random tester's first $MODEL_SEEDS programs; about 25 bytes each,
# where an input shorter than that makes its remaining choices 0). libFuzzer runs every seed
# once before it starts to mutate, whatever FUZZ_SECONDS says, and a model_fuzzer input takes
# seconds under the sanitizers (it runs Z3), so a short run keeps few. A finding (a crash, a
# sanitizer report, a run over the time or memory limit) stops the target with the input
# saved as $BUILD_DIR/TARGET-crash-*, -timeout-* or -oom-*, and the script exits non-zero.
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
  -DRULECHECK_FUZZ=ON \
  -DCMAKE_UNITY_BUILD="$([[ "${UNITY:-1}" == 1 ]] && echo ON || echo OFF)" -DCMAKE_UNITY_BUILD_BATCH_SIZE=8
build_targets=("${targets[@]}")
if [[ " ${targets[*]} " == *" model_fuzzer "* ]]; then build_targets+=(model_seeds); fi
cmake --build "$build_dir" --parallel "$jobs" --target "${build_targets[@]}"

seeds="$build_dir/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
find games tests -name '*.rules' -print0 | while IFS= read -r -d '' file; do
  cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
done
model_seeds="$build_dir/model_seeds"
if [[ " ${targets[*]} " == *" model_fuzzer "* ]]; then
  rm -rf "$model_seeds"
  mkdir -p "$model_seeds"
  "$build_dir/tests/fuzz/model_seeds" "$model_seeds" "${MODEL_SEEDS:-16}"
fi

# The targets run side by side (each is one process on one core), each into a log of its own
# that is printed when all have stopped: on CI's two cores, three targets of FUZZ_SECONDS each
# take about FUZZ_SECONDS of wall time instead of three times that.
pids=()
for target in "${targets[@]}"; do
  corpus="$corpus_root/$target"
  mkdir -p "$corpus"
  if [[ "$target" == model_fuzzer ]]; then
    # Only the last few dozen bytes are ever read (one a choice).
    inputs=("$model_seeds" -max_len=256)
    seed_count=$(ls "$model_seeds" | wc -l)
  else
    inputs=("$seeds" -dict=tests/fuzz/rules.dict -max_len=65536)
    seed_count=$(ls "$seeds" | wc -l)
  fi
  echo "fuzz: $target for ${seconds}s (corpus $corpus, $seed_count seeds)"
  # -timeout: one input may take this long (a move's work is bounded, but a few hundred states
  # of a heavy model under the sanitizers take a while); -rss_limit_mb: the memory limit.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build_dir/tests/fuzz/$target" "$corpus" "${inputs[@]}" \
    -max_total_time="$seconds" -timeout=300 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$build_dir/$target-" >"$build_dir/$target.log" 2>&1 &
  pids+=($!)
done

status=0
for i in "${!targets[@]}"; do
  target="${targets[$i]}"
  target_status=0
  wait "${pids[$i]}" || target_status=$?
  echo "=== fuzz: $target (exit $target_status)"
  cat "$build_dir/$target.log"
  if ((target_status != 0)); then
    echo "fuzz: $target found a failing input (exit $target_status); see $build_dir/$target-*" >&2
    status=$target_status
  fi
done
((status == 0)) || exit "$status"
echo "fuzz: no finding"
