#!/usr/bin/env python3
"""Gathers the per-target reports that scripts/ci-check-games.sh wrote into OUT.

Writes, from OUT/exit-codes.tsv and the reports under OUT/sarif, OUT/baseline and OUT/html:
- OUT/rulecheck.sarif: one SARIF 2.1.0 log with each target's run, every run given its own
  `automationDetails.id` ("rulecheck/NAME/"), because GitHub code scanning takes several runs
  of one tool in one upload only when their categories differ;
- OUT/gl-code-quality.json: the error and warning findings in GitLab's code quality format
  (a list of issues with description, check_name, fingerprint, severity and location);
- OUT/index.html: a page linking every target's HTML report, with its exit code;
- OUT/summary.md: the same as a Markdown table (for a job summary);
and renames the test suite of each OUT/junit/NAME.xml from the rules file to "FILE [NAME]",
since the presets of one rules file would otherwise be suites of the same name.
A target whose run wrote no report (bad input: exit 2) appears only in the index and summary.
"""

import hashlib
import html
import json
import os
import sys

from ci_reports import load_json, meaning, rename_junit_suites

SEVERITIES = {"error": "critical", "warning": "minor"}


def main(out):
    targets = []
    with open(os.path.join(out, "exit-codes.tsv"), encoding="utf-8") as f:
        for line in f:
            name, rules_file, status = line.rstrip("\n").split("\t")
            targets.append((name, rules_file, int(status)))

    merged = None
    quality = []
    rows = []
    for name, rules_file, status in targets:
        sarif = load_json(os.path.join(out, "sarif", name + ".sarif"))
        if sarif is not None:
            for run in sarif["runs"]:
                run["automationDetails"] = {"id": "rulecheck/%s/" % name}
            if merged is None:
                merged = sarif
            else:
                merged["runs"].extend(sarif["runs"])
        rename_junit_suites(os.path.join(out, "junit", name + ".xml"),
                            "%s [%s]" % (rules_file, name))
        report = load_json(os.path.join(out, "baseline", name + ".json"))
        findings = report.get("findings", []) if report else []
        for finding in findings:
            if finding["severity"] not in SEVERITIES:
                continue
            location = finding.get("location") or {}
            quality.append({
                "description": "%s (%s): %s" % (finding["name"], name, finding["message"]),
                "check_name": "rulecheck/" + finding["kind"],
                "fingerprint": hashlib.md5(
                    (name + "\0" + finding["id"]).encode("utf-8")).hexdigest(),
                "severity": SEVERITIES[finding["severity"]],
                "location": {"path": location.get("file") or rules_file,
                             "lines": {"begin": location.get("line") or 1}},
            })
        summary = report.get("baseline") if report else None
        new_errors = summary["new_errors"] if summary else None
        rows.append((name, rules_file, status, report, len(findings), new_errors))

    if merged is not None:
        with open(os.path.join(out, "rulecheck.sarif"), "w", encoding="utf-8") as f:
            json.dump(merged, f, indent=1)
    with open(os.path.join(out, "gl-code-quality.json"), "w", encoding="utf-8") as f:
        json.dump(quality, f, indent=1)

    with open(os.path.join(out, "summary.md"), "w", encoding="utf-8") as f:
        f.write("| target | rules file | exit | states | findings | new errors |\n")
        f.write("| --- | --- | --- | --- | --- | --- |\n")
        for name, rules_file, status, report, count, new_errors in rows:
            f.write("| %s | %s | %d (%s) | %s | %d | %s |\n" % (
                name, rules_file, status, meaning(status),
                report["states"] if report else "-", count,
                "-" if new_errors is None else new_errors))

    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                "<title>rulecheck reports</title></head><body>\n<h1>rulecheck reports</h1>\n"
                "<table>\n<tr><th>target</th><th>rules file</th><th>exit</th>"
                "<th>findings</th></tr>\n")
        for name, rules_file, status, report, count, _ in rows:
            page = os.path.join("html", name + ".html")
            link = ("<a href=\"%s\">%s</a>" % (html.escape(page), html.escape(name))
                    if os.path.exists(os.path.join(out, page)) else html.escape(name))
            f.write("<tr><td>%s</td><td>%s</td><td>%d (%s)</td><td>%d</td></tr>\n" % (
                link, html.escape(rules_file), status,
                meaning(status), count))
        f.write("</table>\n</body></html>\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: ci-collect-reports.py OUT")
    main(sys.argv[1])
