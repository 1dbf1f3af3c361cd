#!/usr/bin/env python3
"""Gathers the per-target reports that scripts/ci-check-games.sh wrote into OUT.

Writes, from OUT/exit-codes.tsv and the reports under OUT/sarif, OUT/baseline and OUT/html:
- OUT/rulecheck.sarif: one SARIF 2.1.0 log of one run that holds every target's results, each
  named by its target (ci_sarif.py says why: GitHub code scanning's limits on runs);
- OUT/gl-code-quality.json: the error and warning findings in GitLab's code quality format
  (a list of issues with description, check_name, fingerprint, severity and location);
- OUT/index.html: a page linking every target's HTML report, with its exit code;
- OUT/summary.md: the same as a Markdown table (for a job summary);
and renames the test suite of each OUT/junit/NAME.xml from the rules file to "FILE [NAME]",
since the presets of one rules file would otherwise be suites of the same name.
A target whose run wrote no report (bad input: exit 2, or a run that ended abnormally) gets a
JUnit file of one failed test case with the run's standard error (OUT/text/NAME.stderr).
The summary's findings are the errors and warnings; its new errors, those the baseline does not
hold (all of them without one).
"""

import hashlib
import html
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

import ci_sarif
from ci_reports import load_json, markdown_text, meaning, rename_junit_suites

SEVERITIES = {"error": "critical", "warning": "minor"}


def read_text(path):
    """The text of the file at `path`, or "" when there is none."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def write_failed_junit(path, suite, name, status, errors):
    """A JUnit file of one failed test case for a target whose run wrote no report (bad input,
    or a run that ended abnormally), with what it printed on standard error: a CI's test tab
    shows the failure, not only the job log."""
    counts = {"tests": "1", "failures": "1", "errors": "0", "skipped": "0", "time": "0"}
    root = ElementTree.Element("testsuites", name="rulecheck", **counts)
    suite_element = ElementTree.SubElement(root, "testsuite", name=suite, **counts)
    case = ElementTree.SubElement(suite_element, "testcase", name=name, classname="rulecheck",
                                  time="0")
    failure = ElementTree.SubElement(case, "failure",
                                     message="exit %d (%s)" % (status, meaning(status)))
    failure.text = errors
    ElementTree.ElementTree(root).write(path, encoding="UTF-8", xml_declaration=True)


def main(out):
    targets = []
    with open(os.path.join(out, "exit-codes.tsv"), encoding="utf-8") as f:
        for line in f:
            name, rules_file, status = line.rstrip("\n").split("\t")
            targets.append((name, rules_file, int(status)))

    sarif_logs = []
    quality = []
    rows = []
    for name, rules_file, status in targets:
        sarif = load_json(os.path.join(out, "sarif", name + ".sarif"))
        if sarif is not None:
            sarif_logs.append((name, sarif))
        junit = os.path.join(out, "junit", name + ".xml")
        suite = "%s [%s]" % (rules_file, name)
        if status not in (0, 1, 3) and not os.path.exists(junit):
            write_failed_junit(junit, suite, name, status, read_text(
                os.path.join(out, "text", name + ".stderr")))
        rename_junit_suites(junit, suite)
        report = load_json(os.path.join(out, "baseline", name + ".json"))
        findings = report.get("findings", []) if report else []
        for finding in findings:
            if finding["severity"] not in SEVERITIES:
                continue
            location = finding.get("location") or {}
            # A property given on the command line (`--invariant EXPR`) is placed in the
            # pseudo-file "--invariant": GitLab needs a file of the repository.
            in_file = not (location.get("file") or "").startswith("--")
            quality.append({
                "description": "%s (%s): %s" % (finding["name"], name, finding["message"]),
                "check_name": "rulecheck/" + finding["kind"],
                "fingerprint": hashlib.md5(
                    (name + "\0" + finding["id"]).encode("utf-8")).hexdigest(),
                "severity": SEVERITIES[finding["severity"]],
                "location": {"path": (location.get("file") if in_file else None) or rules_file,
                             "lines": {"begin": (location.get("line") if in_file else None)
                                       or 1}},
            })
        # Errors and warnings: the witnesses of `reachable` properties that hold are findings
        # too, but nothing to look at.
        count = sum(1 for finding in findings if finding["severity"] in SEVERITIES)
        summary = report.get("baseline") if report else None
        # Without a baseline every error is new.
        new_errors = summary["new_errors"] if summary else (
            sum(1 for finding in findings if finding["severity"] == "error")
            if report else None)
        rows.append((name, rules_file, status, report, count, new_errors))

    merged = ci_sarif.merge(sarif_logs)
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
                markdown_text(name), markdown_text(rules_file), status, meaning(status),
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
