#!/usr/bin/env bash
# Compares, for a pull request, each target of a targets file (default ci/games.targets)
# whose rules file the change touched with the target branch's version: `rulecheck diff` of
# the file at --base REF (extracted with `git show`) and of the working tree, with the
# target's arguments (its constants). A target whose file `git diff REF` does not list is
# skipped as unchanged; a file REF does not have is reported as new, not compared. Per diffed
# target it writes a JSON, SARIF, JUnit and HTML report, and then, through
# scripts/ci-diff-summary.py, a markdown summary of what changed. The exit code: 0 pass; 1 a
# diff has a new error finding; 4 a diff found the behaviour changed (with --fail-on
# behaviour, the default: rulecheck diff's own codes and --fail-on); 2 bad input or usage (of
# a diff or of this script, e.g. a REF that is not a commit); 3 a search was stopped (with
# --incomplete fail, the default); 5 a run ended abnormally (killed, crashed). When several
# apply, the first in the order 5, 2, 1, 4, 3 wins.
#
# Usage: scripts/ci-diff-games.sh --base REF [--rulecheck PATH] [--repo DIR] [--targets FILE]
#          [--out DIR] [--baseline-dir DIR] [--only REGEX] [--timeout SECONDS]
#          [--memory SIZE] [--threads N] [--fail-on behaviour|findings|none]
#          [--max-traces N] [--incomplete fail|pass]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rulecheck="${RULECHECK:-$root/build/cli/rulecheck}"
repo="$root"
targets=""
base=""
out="rulecheck-diff"
baseline_dir=""
only=""
timeout_seconds=0
memory=""
threads=""
fail_on=behaviour
max_traces=""
incomplete=fail

usage() {
  sed -n '/^# Usage:/,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}

while (($#)); do
  case "$1" in
    --base) base="${2:?}"; shift 2 ;;
    --rulecheck) rulecheck="${2:?}"; shift 2 ;;
    --repo) repo="${2:?}"; shift 2 ;;
    --targets) targets="${2:?}"; shift 2 ;;
    --out) out="${2:?}"; shift 2 ;;
    --baseline-dir) baseline_dir="${2:?}"; shift 2 ;;
    --only) only="${2:?}"; shift 2 ;;
    --timeout) timeout_seconds="${2:?}"; shift 2 ;;
    --memory) memory="${2:?}"; shift 2 ;;
    --threads) threads="${2:?}"; shift 2 ;;
    --fail-on) fail_on="${2:?}"; shift 2 ;;
    --max-traces) max_traces="${2:?}"; shift 2 ;;
    --incomplete) incomplete="${2:?}"; shift 2 ;;
    -h | --help)
      sed -n '/^# Usage:/,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "ci-diff-games: unknown argument '$1'" >&2; usage ;;
  esac
done

fail_usage() {
  echo "ci-diff-games: $*" >&2
  exit 2
}
[[ -n "$base" ]] || fail_usage "--base REF is required (the target branch, e.g. origin/main)"
[[ "$incomplete" == fail || "$incomplete" == pass ]] ||
  fail_usage "--incomplete takes fail or pass, not '$incomplete'"
[[ "$fail_on" =~ ^(behaviour|findings|none)$ ]] ||
  fail_usage "--fail-on takes behaviour, findings or none, not '$fail_on'"
[[ "$timeout_seconds" =~ ^[0-9]+$ ]] || fail_usage "--timeout takes whole seconds, not '$timeout_seconds'"
# Paths given are relative to the current directory; the runs happen in the repository's
# top folder, so that the reports name the rules files relative to it.
rulecheck="$(realpath -m "$rulecheck")"
repo="$(realpath -m "$repo")"
[[ -n "$targets" ]] || targets="$repo/ci/games.targets"
targets="$(realpath -m "$targets")"
out="$(realpath -m "$out")"
[[ -z "$baseline_dir" ]] || baseline_dir="$(realpath -m "$baseline_dir")"
[[ -x "$rulecheck" ]] || fail_usage "no rulecheck executable at $rulecheck (build it, or give --rulecheck)"
[[ -r "$targets" ]] || fail_usage "cannot read the targets file $targets"
[[ -z "$baseline_dir" || -d "$baseline_dir" ]] || fail_usage "no baseline directory $baseline_dir"
git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
  fail_usage "$repo is not in a git work tree (give --repo)"
cd "$(git -C "$repo" rev-parse --show-toplevel)"
git rev-parse --verify --quiet "$base^{commit}" >/dev/null ||
  fail_usage "--base '$base' is not a commit of $(pwd) (fetch the target branch first, e.g." \
    "git fetch --depth=1 origin \"+refs/heads/BRANCH:refs/remotes/origin/BRANCH\")"

rm -rf "$out/json" "$out/sarif" "$out/junit" "$out/html" "$out/base"
rm -f "$out/targets.tsv" "$out/summary.md"
mkdir -p "$out/json" "$out/sarif" "$out/junit" "$out/html" "$out/base"

declare -a names files arguments
declare -A named_files
# shellcheck source=scripts/ci-targets.sh
. "$root/scripts/ci-targets.sh"
read_targets "$targets" "$only"
((${#names[@]})) || fail_usage "no target of $targets matches --only '$only'"

meaning() {
  case "$1" in
    0) echo "no difference that fails" ;;
    1) echo "new error finding" ;;
    2) echo "bad input or usage" ;;
    3) echo "incomplete" ;;
    4) echo "behaviour differs" ;;
    *) echo "ended abnormally" ;;
  esac
}

# loads FILE I: whether FILE loads with target I's constants (a check stopped at its first
# state: exit 2 is bad input).
loads() {
  local -a extra consts=()
  read -r -a extra <<<"${arguments[$2]}"
  local k
  for ((k = 0; k < ${#extra[@]}; k++)); do
    case "${extra[$k]}" in
      --const) consts+=(--const "${extra[$((k + 1))]:-}"); k=$((k + 1)) ;;
      --const=*) consts+=("${extra[$k]}") ;;
    esac
  done
  local code=0
  "$rulecheck" check "$1" "${consts[@]}" --max-states 1 --quiet --format json \
    --output /dev/null 2>/dev/null || code=$?
  ((code != 2))
}

# The rules file's path from the top folder, as git names it; the old version's copy goes to
# OUT/base/ under that path (once per file: several targets may share one).
: >"$out/targets.tsv"
declare -A seen
bad_inputs=0 # the diffs that exited 2, less those of an old version that does not load
for i in "${!names[@]}"; do
  name="${names[$i]}"
  file="${files[$i]}"
  path="$(realpath -m --relative-to=. "$file")"
  if [[ "$path" == ../* ]]; then
    fail_usage "$targets: target $name: $file is outside the repository $(pwd)"
  fi
  if ! git cat-file -e "$base:$path" 2>/dev/null; then
    echo "ci-diff-games: $name: $path is new since $base (not compared)"
    printf '%s\t%s\tnew\t-\n' "$name" "$path" >>"$out/targets.tsv"
    continue
  fi
  if git diff --quiet "$base" -- "$path"; then
    echo "ci-diff-games: $name: $path unchanged since $base (skipped)"
    printf '%s\t%s\tunchanged\t-\n' "$name" "$path" >>"$out/targets.tsv"
    continue
  fi
  old="$out/base/$path"
  if [[ ! -f "$old" ]]; then
    mkdir -p "$(dirname "$old")"
    git show "$base:$path" >"$old"
  fi
  old_name="$(realpath -m --relative-to=. "$old")"
  [[ "$old_name" != ../* ]] || old_name="$old"
  command=("$rulecheck" diff "$old_name" "$path")
  run_target ci-diff-games "$i" 4 --quiet --fail-on "$fail_on" --format json \
    --output "$out/json/$name.json" --report "sarif=$out/sarif/$name.sarif" \
    --report "junit=$out/junit/$name.xml" --report "html=$out/html/$name.html" \
    ${max_traces:+--max-traces "$max_traces"}
  if ((status == 2)) && ! loads "$old_name" "$i" && loads "$path" "$i"; then
    # The change fixes a file that did not load at BASE: nothing to compare it with (the
    # check of every target still checks the new version).
    echo "ci-diff-games: $name: $path does not load at $base (not compared)"
    printf '%s\t%s\tunloadable\t-\n' "$name" "$path" >>"$out/targets.tsv"
    continue
  fi
  ((status != 2)) || bad_inputs=$((bad_inputs + 1))
  printf '%s\t%s\tcompared\t%s\n' "$name" "$path" "$status" >>"$out/targets.tsv"
done

python3 "$root/scripts/ci-diff-summary.py" "$out" "$base" || {
  echo "ci-diff-games: summing up the diffs failed (scripts/ci-diff-summary.py)" >&2
  exit 5
}

if [[ -n "${seen[abnormal]:-}" ]]; then exit 5; fi
if ((bad_inputs > 0)); then exit 2; fi
if [[ -n "${seen[1]:-}" ]]; then exit 1; fi
if [[ -n "${seen[4]:-}" ]]; then exit 4; fi
if [[ -n "${seen[3]:-}" && "$incomplete" == fail ]]; then exit 3; fi
exit 0
