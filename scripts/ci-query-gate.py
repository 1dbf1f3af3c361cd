#!/usr/bin/env python3
"""A CI gate on the answers of `rulecheck solve --format json` (docs/ci.md, "solve and prove").

Usage: ci-query-gate.py REPORT.json NAME=BOUND...

Each NAME is a maximize or minimize query of the report and BOUND the value it must still
reach: at least BOUND for maximize, at most BOUND for minimize (a best score that must not
drop, a quickest win that must not get slower). For each it prints one line and decides:
- an `optimal` answer passes when its value meets BOUND, and fails when it does not;
- an `unknown` answer (a --timeout, --memory or --max-states stopped it) carries the best
  value found so far, which the true answer can only improve on: it passes when that value
  already meets BOUND, and is undecided otherwise;
- an `unsat` answer (the expression has no value within the bound) fails.
Exit code: 0 every query passes; 1 one fails; 3 none fails but one is undecided; 2 bad usage
(a report that is not a solve report, a query it does not hold, a bound that is not an
integer, a query that is not maximize or minimize).
"""

import json
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            answers = {q["name"]: q for q in json.load(f)["queries"]}
    except (OSError, ValueError, KeyError, TypeError) as error:
        print("ci-query-gate: %s is not a solve report: %s" % (argv[1], error), file=sys.stderr)
        return 2
    failed = undecided = False
    for bound_text in argv[2:]:
        name, _, bound = bound_text.partition("=")
        answer = answers.get(name)
        digits = bound[1:] if bound.startswith("-") else bound
        if answer is None or not digits.isdigit():
            print("ci-query-gate: want NAME=INTEGER with NAME a query of %s, not '%s'"
                  % (argv[1], bound_text), file=sys.stderr)
            return 2
        if answer["kind"] not in ("maximize", "minimize"):
            print("ci-query-gate: %s is a %s query, not maximize or minimize"
                  % (name, answer["kind"]), file=sys.stderr)
            return 2
        bound = int(bound)
        value = answer["value"]
        meets = value is not None and (
            value >= bound if answer["kind"] == "maximize" else value <= bound)
        if meets:
            verdict = "pass"
        elif answer["status"] == "unknown":
            verdict = "undecided"
            undecided = True
        else:
            verdict = "FAIL"
            failed = True
        print("%s: %s %s, value %s (bound %d): %s"
              % (name, answer["kind"], answer["status"], value, bound, verdict))
    return 1 if failed else 3 if undecided else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
