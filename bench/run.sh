#!/usr/bin/env bash
# End-to-end benchmark: `rulecheck check` on the benchmark games with 1 and 2 threads, and
# SPIN's pan on the equivalent Promela models in bench/peers/ (single core, -O2 -DSAFETY, and
# its two-core mode -DNCORE=2), side by side in one run. For each: states, seconds (the
# tool's own: rulecheck's report, pan's "elapsed time"), states/s, bytes of store per state
# (rulecheck: the store's tables over the states), peak RSS, and the user CPU seconds of the
# whole process (all threads; on a shared machine a steadier figure than the wall clock).
# For the same work as pan (exploration with deadlock detection; the Promela models assert
# nothing) the rulecheck rows skip the games' invariants and reachables; the `+props` row
# checks everything the game declares. The rulecheck rows run the model compiled to native
# code (`--engine auto`; the library is built on the first row and found in the cache after),
# except `rc -t1 interp`, which runs the interpreter for comparison; seconds are the search's
# own, as pan reports its own, so compiling is not counted there. Two rows count it: `rc -t1
# cold` is a whole `rulecheck check` process, one thread, with an empty model cache (so
# `--engine auto` starts interpreted and builds the library in the background), and `spin
# total` is `spin -a`, `gcc` and pan's whole run; their seconds are wall-clock seconds.
#
#   bench/run.sh                 # puzzle8, hanoi-12, hanoi-15
#   bench/run.sh puzzle11        # add the 3x4 puzzle (239,500,800 states; minutes)
#   bench/run.sh connect4_5x4 lightsout5
#                                # add connect four on 5 columns x 4 rows (3,945,711 states)
#                                # and Lights Out 5x5 (8,388,608 states; minutes); any
#                                # connect4_WxH (W 4 to 7) and lightsoutN (N 2 to 6) works
#   bench/run.sh --only lightsout5   # just the games named
#   BUILD_DIR=build bench/run.sh
#
# Needs a built rulecheck (scripts/build.sh rulecheck), GNU time, spin and gcc.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$root/build}"
rulecheck="$build_dir/cli/rulecheck"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for tool in spin gcc /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install spin gcc time)" >&2; exit 2; }
done
[[ -x "$rulecheck" ]] || { echo "bench: build rulecheck first: scripts/build.sh rulecheck" >&2; exit 2; }

games=(puzzle8 hanoi12 hanoi15)
if [[ "${1:-}" == --only ]]; then games=(); shift; fi
for extra in "$@"; do games+=("$extra"); done

printf '# machine: %s, %s cores, %s\n' "$(uname -m)" "$(nproc)" \
  "$(awk '/MemTotal/ {printf "%.0f GiB RAM", $2 / 1048576}' /proc/meminfo)"
printf '# %s\n' "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-12s %-14s %13s %9s %12s %10s %10s %8s\n' game tool states seconds states/s B/state peak_RSS user_s

# rulecheck SECONDS GAME_FILE THREADS [--const ...]: SECONDS is `search` (the report's own
# search time) or `wall` (the whole process, wall-clock).
run_rulecheck() {
  local seconds="$1" file="$2" threads="$3"; shift 3
  /usr/bin/time -f '%e %M %U' -o "$work/rss" "$rulecheck" check "$root/games/$file" --format json \
    --quiet --threads "$threads" "$@" >"$work/out.json" || true
  python3 - "$work/out.json" "$seconds" $(tail -n1 "$work/rss") <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall, rss, user = sys.argv[3:6]
states = r["states"]
secs = r["seconds"] if sys.argv[2] == "search" else float(wall)
print(f'{states} {secs:.3f} {states / max(secs, 1e-9):.0f} {r["store_bytes"] / max(states, 1):.1f} {int(rss) // 1024}MiB {user}')
PY
}

# rulecheck_cold GAME_FILE [--const ...]: one thread, an empty model cache, the whole process.
run_rulecheck_cold() {
  local file="$1"; shift
  XDG_CACHE_HOME="$(mktemp -d "$work/cache.XXXXXX")" run_rulecheck wall "$file" 1 "$@"
}

# spin_total PML [DEFINES]: spin -a, gcc and pan's whole run, single core, wall-clock.
run_spin_total() {
  local pml="$1" defines="$2"
  local start end
  start=$(date +%s.%N)
  (cd "$work" && spin $defines -a "$root/bench/peers/$pml" >/dev/null &&
   gcc -O2 -DSAFETY -DMEMLIM=16000 -o pan pan.c 2>/dev/null &&
   ./pan -m10000000 >"$work/pan.out" 2>&1) || true
  end=$(date +%s.%N)
  local states
  states=$(awk '/states, stored/ {s += $1} END {print s + 0}' "$work/pan.out")
  awk -v s="$states" -v a="$start" -v b="$end" \
    'BEGIN {t = b - a; printf "%d %.3f %.0f - - -\n", s, t, (t > 0 ? s / t : 0)}'
}

# spin PML [DEFINES] [NCORE]
run_spin() {
  local pml="$1" defines="$2" ncore="$3"
  (cd "$work" && spin $defines -a "$root/bench/peers/$pml" >/dev/null &&
   gcc -O2 -DSAFETY ${ncore:+-DNCORE=$ncore} -DMEMLIM=16000 -o pan pan.c 2>/dev/null)
  /usr/bin/time -f '%M %U' -o "$work/rss" "$work/pan" -m10000000 >"$work/pan.out" 2>&1 || true
  local states secs
  states=$(awk '/states, stored/ {s += $1} END {print s + 0}' "$work/pan.out")
  # Single core: "pan: elapsed time S seconds"; NCORE: "cpu0: elapsed time S seconds".
  secs=$(awk '/(pan|cpu0): elapsed time/ {t = $4} END {print t + 0}' "$work/pan.out")
  read -r rss user < <(tail -n1 "$work/rss")
  awk -v s="$states" -v t="$secs" -v rss="$rss" -v user="$user" \
    'BEGIN {printf "%d %.3f %.0f - %dMiB %s\n", s, t, (t > 0 ? s / t : 0), rss / 1024, user}'
}

row() {
  local game="$1" tool="$2"; shift 2
  read -r states secs rate bytes rss user <<<"$("$@")"
  printf '%-12s %-14s %13s %9s %12s %10s %10s %8s\n' "$game" "$tool" "$states" "$secs" "$rate" "$bytes" "$rss" "$user"
}

for game in "${games[@]}"; do
  case "$game" in
    puzzle8) file=puzzle8.rules; pml=puzzle8.pml; consts=(); defines="" ;;
    puzzle11) file=puzzle11.rules; pml=puzzle11.pml; consts=(); defines="" ;;
    hanoi*) n="${game#hanoi}"; file=hanoi.rules; pml=hanoi.pml; consts=(--const "N=$n"); defines="-DN=$n" ;;
    connect4_*x*)
      dims="${game#connect4_}"; w="${dims%x*}"; h="${dims#*x}"
      file=connect4.rules; pml=connect4.pml; consts=(--const "W=$w" --const "H=$h")
      defines="-DW=$w -DH=$h" ;;
    lightsout*)
      n="${game#lightsout}"; file=lightsout.rules; pml=lightsout.pml; consts=(--const "N=$n")
      defines="-DN=$n" ;;
    *) echo "bench: unknown game $game" >&2; exit 2 ;;
  esac
  same_work=(--skip invariant --skip reachable)
  row "$game" "rulecheck -t1" run_rulecheck search "$file" 1 "${consts[@]}" "${same_work[@]}"
  row "$game" "rc -t1 interp" run_rulecheck search "$file" 1 "${consts[@]}" "${same_work[@]}" \
    --engine interpreted
  row "$game" "rulecheck -t2" run_rulecheck search "$file" 2 "${consts[@]}" "${same_work[@]}"
  row "$game" "rc -t2 +props" run_rulecheck search "$file" 2 "${consts[@]}"
  row "$game" "rc -t1 cold" run_rulecheck_cold "$file" "${consts[@]}" "${same_work[@]}"
  row "$game" "spin" run_spin "$pml" "$defines" ""
  row "$game" "spin total" run_spin_total "$pml" "$defines"
  row "$game" "spin NCORE=2" run_spin "$pml" "$defines" 2
done
