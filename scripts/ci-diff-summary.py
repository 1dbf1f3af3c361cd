#!/usr/bin/env python3
"""Sums up the diffs that scripts/ci-diff-games.sh ran into OUT, for a job summary.

Reads OUT/targets.tsv (a line per target: name, rules file, `compared`, `unchanged`, `new` or
`unloadable` (the version at BASE does not load),
and the exit code of its diff) and each compared target's JSON report OUT/json/NAME.json, and
writes OUT/summary.md: a table of the targets (states before and after, findings new, with
how many are errors, fixed and changed, query answers that moved, behaviour), then for each
compared target what changed: the declarations, the new, fixed and changed findings by their
identifiers, the query answers (old -> new) and the behaviour counts. It also renames the test
suite of each OUT/junit/NAME.xml from "OLD -> NEW" to "FILE [NAME] diff", so that the presets
of one rules file are suites of different names. A target whose diff wrote no report (bad
input) shows its exit code only.
"""

import os
import sys

from ci_reports import load_json, markdown_text as md, meaning, rename_junit_suites

DIFF_MEANINGS = {4: "behaviour differs"}


def finding_line(entry):
    finding = entry["new"] or entry["old"]
    return "- %s `%s` (%s): %s" % (entry["status"], entry["id"], finding["severity"],
                                   md(finding["message"]))


def behaviour_cell(behaviour):
    if not behaviour["compared"]:
        return "not compared"
    if not behaviour["differs"]:
        return "same"
    return "old only: %d states, %d moves; new only: %d states, %d moves" % (
        behaviour["only_old"]["states"], behaviour["only_old"]["moves"],
        behaviour["only_new"]["states"], behaviour["only_new"]["moves"])


def states_cell(version):
    """A version's states, marked when its search did not finish."""
    if version.get("complete", True):
        return str(version["states"])
    return "%s (incomplete)" % version["states"]


def main(out, base):
    targets = []
    with open(os.path.join(out, "targets.tsv"), encoding="utf-8") as f:
        for line in f:
            name, rules_file, what, status = line.rstrip("\n").split("\t")
            targets.append((name, rules_file, what, status))

    table = ["| target | rules file | exit | states (old -> new) | findings new (errors) "
             "/ fixed / lost / changed | answers moved | behaviour |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    details = []
    for name, rules_file, what, status in targets:
        if what == "unloadable":
            table.append("| %s | %s | - | does not load at %s (fixed by the change) | | | |" % (
                md(name), md(rules_file), md(base)))
            continue
        if what != "compared":
            table.append("| %s | %s | - | %s since %s | | | |" % (
                md(name), md(rules_file), what, md(base)))
            continue
        code = int(status)
        exit_cell = "%d (%s)" % (code, meaning(code, DIFF_MEANINGS))
        report = load_json(os.path.join(out, "json", name + ".json"))
        rename_junit_suites(os.path.join(out, "junit", name + ".xml"),
                            "%s [%s] diff" % (rules_file, name))
        if report is None:
            table.append("| %s | %s | %s | no report | | | |" % (
                md(name), md(rules_file), exit_cell))
            continue
        counts = {status: 0 for status in ("new", "fixed", "lost", "changed")}
        for entry in report["findings"]:
            counts[entry["status"]] = counts.get(entry["status"], 0) + 1
        table.append("| %s | %s | %s | %s -> %s | %d (%d) / %d / %d / %d | %d | %s |" % (
            md(name), md(rules_file), exit_cell, states_cell(report["old"]),
            states_cell(report["new"]), counts["new"], report["new_errors"], counts["fixed"],
            counts["lost"], counts["changed"], len(report["queries"]),
            behaviour_cell(report["behaviour"])))
        lines = []
        for declaration in report["declarations"]:
            lines.append("- %s `%s` %s%s" % (
                declaration["kind"], declaration["name"], declaration["change"],
                ": " + md(declaration["detail"]) if declaration["detail"] else ""))
        lines += [finding_line(entry) for entry in report["findings"]]
        for query in report["queries"]:
            lines.append("- query `%s` (%s): %s -> %s" % (
                query["name"], query["kind"], md(query["old"] or "absent"),
                md(query["new"] or "absent")))
        if report["behaviour"]["compared"] and report["behaviour"]["differs"]:
            lines.append("- behaviour over %s: %s" % (
                ", ".join(report["behaviour"]["shared"]), behaviour_cell(report["behaviour"])))
        if lines:
            details.append("\n### %s (%s)\n\n%s\n" % (md(name), md(rules_file), "\n".join(lines)))

    with open(os.path.join(out, "summary.md"), "w", encoding="utf-8") as f:
        f.write("## rulecheck diff against %s\n\n" % md(base))
        f.write("\n".join(table) + "\n")
        f.write("".join(details))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: ci-diff-summary.py OUT BASE")
    main(sys.argv[1], sys.argv[2])
