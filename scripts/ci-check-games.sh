#!/usr/bin/env bash
# Checks every target of a targets file (default ci/games.targets: each .rules file of games/
# with its presets) with `rulecheck check`, as a CI job does, and writes every report a CI
# system reads: per target a text, SARIF, JUnit and HTML report and a JSON report that is the
# next baseline; then, through scripts/ci-collect-reports.py, one SARIF file for code
# scanning, a GitLab code quality report, an index page and a summary. The exit code applies
# the policy of docs/ci.md: 0 pass; 1 a run has a new error finding; 2 bad input or usage (of
# a run or of this script, e.g. a .rules file under games/, or --rules-dir, that the targets
# file does not name); 3 a run was incomplete (with --incomplete fail, the default); 4 a run ended
# abnormally (killed, crashed). When several apply, the first in the order 4, 2, 1, 3 wins.
#
# The runs happen in --repo DIR (default: the repository this script is in), so that the reports
# name the rules files relative to it; the targets file and the rules directory default to
# DIR/ci/games.targets and DIR/games.
#
# Usage: scripts/ci-check-games.sh [--rulecheck PATH] [--repo DIR] [--targets FILE] [--out DIR]
#          [--rules-dir DIR] [--baseline-dir DIR] [--only REGEX] [--timeout SECONDS]
#          [--memory SIZE] [--threads N] [--incomplete fail|pass]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rulecheck="${RULECHECK:-$root/build/cli/rulecheck}"
repo="$root"
targets=""
rules_dir=""
out="rulecheck-reports"
baseline_dir=""
only=""
timeout_seconds=0
memory=""
threads=""
incomplete=fail

usage() {
  sed -n '/^# Usage:/,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}

while (($#)); do
  case "$1" in
    --rulecheck) rulecheck="${2:?}"; shift 2 ;;
    --repo) repo="${2:?}"; shift 2 ;;
    --targets) targets="${2:?}"; shift 2 ;;
    --out) out="${2:?}"; shift 2 ;;
    --rules-dir) rules_dir="${2:?}"; shift 2 ;;
    --baseline-dir) baseline_dir="${2:?}"; shift 2 ;;
    --only) only="${2:?}"; shift 2 ;;
    --timeout) timeout_seconds="${2:?}"; shift 2 ;;
    --memory) memory="${2:?}"; shift 2 ;;
    --threads) threads="${2:?}"; shift 2 ;;
    --incomplete) incomplete="${2:?}"; shift 2 ;;
    -h | --help)
      sed -n '/^# Usage:/,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "ci-check-games: unknown argument '$1'" >&2; usage ;;
  esac
done

fail_usage() {
  echo "ci-check-games: $*" >&2
  exit 2
}
[[ "$incomplete" == fail || "$incomplete" == pass ]] ||
  fail_usage "--incomplete takes fail or pass, not '$incomplete'"
[[ "$timeout_seconds" =~ ^[0-9]+$ ]] || fail_usage "--timeout takes whole seconds, not '$timeout_seconds'"
# Paths given are relative to the current directory; the runs happen in the repository root,
# so that the reports name the rules files relative to it, as code scanning expects.
rulecheck="$(realpath -m "$rulecheck")"
repo="$(realpath -m "$repo")"
[[ -n "$targets" ]] || targets="$repo/ci/games.targets"
[[ -n "$rules_dir" ]] || rules_dir="$repo/games"
targets="$(realpath -m "$targets")"
out="$(realpath -m "$out")"
rules_dir="$(realpath -m "$rules_dir")"
[[ -z "$baseline_dir" ]] || baseline_dir="$(realpath -m "$baseline_dir")"
[[ -x "$rulecheck" ]] || fail_usage "no rulecheck executable at $rulecheck (build it, or give --rulecheck)"
[[ -r "$targets" ]] || fail_usage "cannot read the targets file $targets"
[[ -d "$repo" ]] || fail_usage "no repository directory $repo"
[[ -d "$rules_dir" ]] || fail_usage "no rules directory $rules_dir"
[[ -z "$baseline_dir" || -d "$baseline_dir" ]] || fail_usage "no baseline directory $baseline_dir"

cd "$repo"
# A baseline directory among the outputs (the last run's OUT/baseline, as docs/ci.md suggests)
# is copied aside first: the outputs are cleared below.
if [[ -n "$baseline_dir" && ( "$baseline_dir" == "$out" || "$baseline_dir" == "$out"/* ) ]]; then
  kept_baselines="$(mktemp -d)"
  trap 'rm -rf "$kept_baselines"' EXIT
  cp -R "$baseline_dir/." "$kept_baselines/"
  baseline_dir="$kept_baselines"
fi
rm -rf "$out/text" "$out/sarif" "$out/junit" "$out/html" "$out/baseline"
rm -f "$out/exit-codes.tsv" "$out/rulecheck.sarif" "$out/gl-code-quality.json" \
  "$out/index.html" "$out/summary.md"
mkdir -p "$out/text" "$out/sarif" "$out/junit" "$out/html" "$out/baseline"

# The targets: names, files and arguments; and the files skipped on purpose.
declare -a names files arguments
declare -A named_files
# shellcheck source=scripts/ci-targets.sh
. "$root/scripts/ci-targets.sh"
read_targets "$targets" "$only"

# Every rules file under the rules directory must be a target or skipped with a reason; the
# copies the scripts' own outputs hold (this run's OUT, ci-diff-games.sh's old versions under
# rulecheck-diff/) are not rules files of the repository.
unnamed=()
while IFS= read -r file; do
  [[ -n "${named_files[$(realpath -m "$file")]:-}" ]] || unnamed+=("$file")
done < <(find "$rules_dir" \( -path "$out" -o -path "$repo/rulecheck-diff" \) -prune -o \
  -name '*.rules' -print | sort)
((${#unnamed[@]} == 0)) ||
  fail_usage "$targets names neither a target nor a skip for: ${unnamed[*]}"
((${#names[@]})) || fail_usage "no target of $targets matches --only '$only'"

meaning() {
  case "$1" in
    0) echo "pass" ;;
    1) echo "new error finding" ;;
    2) echo "bad input or usage" ;;
    3) echo "incomplete" ;;
    *) echo "ended abnormally" ;;
  esac
}

: >"$out/exit-codes.tsv"
declare -A seen
for i in "${!names[@]}"; do
  name="${names[$i]}"
  command=("$rulecheck" check "${files[$i]}")
  stderr_file="$out/text/$name.stderr"
  run_target ci-check-games "$i" 3 --quiet --format text --output "$out/text/$name.txt" \
    --report "sarif=$out/sarif/$name.sarif" --report "junit=$out/junit/$name.xml" \
    --report "html=$out/html/$name.html" --write-baseline "$out/baseline/$name.json"
  # A run killed or crashed may leave its reports empty or cut short: none of them is kept,
  # least of all as the next run's baseline.
  if ((status > 3)); then
    rm -f "$out/text/$name.txt" "$out/sarif/$name.sarif" "$out/junit/$name.xml" \
      "$out/html/$name.html" "$out/baseline/$name.json"
  fi
  printf '%s\t%s\t%s\n' "$name" "${files[$i]}" "$status" >>"$out/exit-codes.tsv"
done

python3 "$root/scripts/ci-collect-reports.py" "$out" || {
  echo "ci-check-games: collecting the reports failed (scripts/ci-collect-reports.py)" >&2
  exit 4
}

if [[ -n "${seen[abnormal]:-}" ]]; then exit 4; fi
if [[ -n "${seen[2]:-}" ]]; then exit 2; fi
if [[ -n "${seen[1]:-}" ]]; then exit 1; fi
if [[ -n "${seen[3]:-}" && "$incomplete" == fail ]]; then exit 3; fi
exit 0
