#!/usr/bin/env bash
# End-to-end benchmark of the symbolic engine: `rulecheck solve` on the bundled games' score
# and reachability questions, with binary search and with Z3's optimiser, one query at a time
# under a time-out. For each: the answer, the depth reached, the seconds, and the elapsed time
# at each depth (from the progress lines), so the time per depth can be read off.
#
#   bench/solve.sh                     # every query, both methods, 60 s each
#   TIMEOUT=30 bench/solve.sh mm       # only the queries whose label starts with "mm"
#   METHODS=binary bench/solve.sh      # one method
#   BUILD_DIR=build bench/solve.sh
#
# The games of games/ carry no queries of their own except the rulebook models; the queries
# below are added to a copy of the game file (the same ones docs/symbolic.md reports).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$root/build}"
rulecheck="$build_dir/cli/rulecheck"
timeout="${TIMEOUT:-60}"
methods="${METHODS:-binary optimizer}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[[ -x "$rulecheck" ]] || { echo "bench: build rulecheck first: scripts/build.sh rulecheck" >&2; exit 2; }

# label | game file | query name | query line to add (empty: the file's own query) | constants
# (NAME=VALUE, space-separated; Monster Mutators' full card pool is SCOPE=0)
queries=(
  "ttt-draw|tictactoe.rules|draw_in|query draw_in: reachable full() and not won(X) and not won(O) within 9"
  "ttt-fewest|tictactoe.rules|fewest_x_win|query fewest_x_win: minimize (if won(X) then marks(MX) else 9) within 9"
  "p8-reversed|puzzle8.rules|reversed_in|query reversed_in: reachable board[0] == 8 and board[1] == 7 and board[2] == 6 and board[3] == 5 and board[4] == 4 and board[5] == 3 and board[6] == 2 and board[7] == 1 and board[8] == 0 within 40"
  "p8-far|puzzle8.rules|far_tile|query far_tile: maximize (count cell in 0..7: board[cell] != cell + 1) within 40"
  "hanoi-solved|hanoi.rules|solved_in|query solved_in: reachable len(pegs[2]) == N within 300"
  "hanoi-peg2|hanoi.rules|peg2|query peg2: maximize (sum x in pegs[2]: x) within 300"
  "mm-best_score|monster-mutators/monster-mutators.rules|best_score|"
  "mm-best_score30|monster-mutators/monster-mutators.rules|best_score30|query best_score30: maximize (if phase == OppTricks or phase == ActTricks then top_score(turn) else 0) within 30"
  "mm-most_points|monster-mutators/monster-mutators.rules|most_points|"
  "mm-quickest_win|monster-mutators/monster-mutators.rules|quickest_win|"
  "mmfull-best_score|monster-mutators/monster-mutators.rules|best_score||SCOPE=0"
  "mmfull-best_score30|monster-mutators/monster-mutators.rules|best_score30|query best_score30: maximize (if phase == OppTricks or phase == ActTricks then top_score(turn) else 0) within 30|SCOPE=0"
  "rm-best_score|random-mutations/random-mutations.rules|best_score|"
  "rm-best_margin|random-mutations/random-mutations.rules|best_margin|"
)

printf '# machine: %s, %s cores, %s; %s\n' "$(uname -m)" "$(nproc)" \
  "$(awk '/MemTotal/ {printf "%.0f GiB RAM", $2 / 1048576}' /proc/meminfo)" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '# rulecheck solve FILE --query NAME --method METHOD --timeout %s --format json\n' "$timeout"
printf '%-20s %-9s %-8s %6s %5s %8s  %s\n' query method status value depth seconds \
  'elapsed seconds at the end of each depth'

for entry in "${queries[@]}"; do
  IFS='|' read -r label game name line consts <<<"$entry"
  const_args=()
  for c in $consts; do const_args+=(--const "$c"); done
  if [[ $# -gt 0 ]]; then
    match=0
    for want in "$@"; do [[ "$label" == "$want"* ]] && match=1; done
    [[ $match == 1 ]] || continue
  fi
  file="$root/games/$game"
  if [[ -n "$line" ]]; then
    file="$work/$(basename "$game")"
    { cat "$root/games/$game"; echo; echo "$line"; } >"$file"
  fi
  for method in $methods; do
    # Reachable queries use the same code for both methods: run them once.
    if [[ "$method" == optimizer && ( "$label" == *-draw || "$label" == *-reversed || \
          "$label" == *-solved || "$label" == *quickest_win ) ]]; then
      continue
    fi
    "$rulecheck" solve "$file" "${const_args[@]}" --query "$name" --method "$method" \
      --timeout "$timeout" \
      --format json --output "$work/out.json" 2>"$work/progress" || true
    python3 - "$work/out.json" "$work/progress" "$label" "$method" <<'PY'
import json, re, sys
out, progress, label, method = sys.argv[1:]
try:
    q = json.load(open(out))["queries"][0]
except Exception as e:
    print(f"{label:20} {method:9} error: {e}")
    sys.exit(0)
steps = []
for l in open(progress):
    m = re.search(r"depth (\d+)[^,]*,.* ([0-9.]+) s$", l.strip())
    if m:
        steps.append(f"{m.group(1)}:{float(m.group(2)):.1f}")
value = q.get("value")
print(f'{label:20} {method:9} {q["status"]:8} {"-" if value is None else value:>6} '
      f'{q["depth"]:5} {q["seconds"]:8.2f}  {" ".join(steps)}')
PY
  done
done
