# shellcheck shell=bash
# The targets of scripts/ci-check-games.sh and scripts/ci-diff-games.sh, which source this
# file: reading a targets file and running one target.
#
# A targets file (ci/games.targets' format) has `NAME FILE [ARGS...]` per run, `skip FILE
# REASON` for a file left out on purpose, and `#` comments. read_targets FILE ONLY fills the arrays `names`,
# `files` and `arguments` (the targets whose name matches the regular expression ONLY, or all
# when it is empty) and the associative array `named_files` (the real path of every rules
# file a line names, skipped or not); relative rules files are read from the current
# directory. A bad line calls the caller's fail_usage with FILE:LINE and the reason.
# shellcheck disable=SC2034 # the arrays are the callers'
read_targets() {
  local targets_file="$1" only="$2" line line_number=0 where name
  local -a words
  names=()
  files=()
  arguments=()
  named_files=()
  while IFS= read -r line || [[ -n "$line" ]]; do
    line_number=$((line_number + 1))
    line="${line%$'\r'}" # a file saved with CRLF line ends
    line="${line%%#*}"
    read -r -a words <<<"$line"
    ((${#words[@]})) || continue
    where="$targets_file:$line_number"
    if [[ "${words[0]}" == skip ]]; then
      ((${#words[@]} >= 3)) || fail_usage "$where: 'skip FILE REASON' needs a reason"
      named_files["$(realpath -m "${words[1]}")"]=1
      continue
    fi
    ((${#words[@]} >= 2)) || fail_usage "$where: a target needs a name and a rules file"
    [[ "${words[0]}" =~ ^[A-Za-z0-9._-]+$ ]] || fail_usage "$where: bad target name '${words[0]}'"
    [[ -f "${words[1]}" ]] || fail_usage "$where: no rules file ${words[1]}"
    for name in "${names[@]}"; do
      [[ "$name" != "${words[0]}" ]] || fail_usage "$where: target name '$name' used twice"
    done
    named_files["$(realpath -m "${words[1]}")"]=1
    if [[ -n "$only" ]] && ! [[ "${words[0]}" =~ $only ]]; then continue; fi
    names+=("${words[0]}")
    files+=("${words[1]}")
    arguments+=("${words[*]:2}")
  done <"$targets_file"
}

# run_target SCRIPT I OPTIONS...: runs the caller's array `command` (rulecheck, its subcommand
# and files) with target I's arguments, OPTIONS, and the options every target shares: the
# caller's `memory`, `threads` and, when BASELINE_DIR/NAME.json exists, `--baseline`; with the
# caller's `stderr_file` set, the run's standard error is written there too. With a
# `timeout_seconds` above 0, SIGTERM stops the run then (a partial report, exit 3) and a run
# still alive a minute later is killed. Sets `status` to the exit code, prints it with the
# caller's `meaning` of it and the time taken, and counts it in `seen` (an associative array:
# the code, or `abnormal` for any code above MAX_KNOWN).
run_target() {
  local script="$1" i="$2" max_known="$3" start
  shift 3
  local -a extra
  read -r -a extra <<<"${arguments[$i]}"
  command+=("${extra[@]}" "$@")
  [[ -z "$memory" ]] || command+=(--memory "$memory")
  [[ -z "$threads" ]] || command+=(--threads "$threads")
  if [[ -n "$baseline_dir" && -f "$baseline_dir/${names[$i]}.json" ]]; then
    command+=(--baseline "$baseline_dir/${names[$i]}.json")
  fi
  if ((timeout_seconds > 0)); then
    command=(timeout --preserve-status --signal=TERM --kill-after=60 "$timeout_seconds"
      "${command[@]}")
  fi
  start=$SECONDS
  status=0
  if [[ -n "${stderr_file:-}" ]]; then
    # Kept for the reports (a bad input's errors), and shown in the log as well.
    "${command[@]}" 2>"$stderr_file" || status=$?
    cat "$stderr_file" >&2
  else
    "${command[@]}" || status=$?
  fi
  echo "$script: ${names[$i]}: exit $status ($(meaning "$status")) in $((SECONDS - start)) s"
  if ((status > max_known)); then seen[abnormal]=1; else seen[$status]=1; fi
}
