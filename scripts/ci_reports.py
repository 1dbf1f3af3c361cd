"""What scripts/ci-collect-reports.py and scripts/ci-diff-summary.py both do with the reports
that the CI scripts wrote: read a JSON report that may be missing, name an exit code,
rename the test suites of a JUnit file (the presets of one rules file would otherwise be
suites of the same name), and put text from a rules file into Markdown as plain text."""

import html
import json
import os
import re
import xml.etree.ElementTree as ElementTree

# The exit codes shared by `rulecheck check` and `rulecheck diff` (docs/ci.md); a script adds
# its own (diff's 4) through `extra`.
MEANINGS = {0: "pass", 1: "new error finding", 2: "bad input or usage", 3: "incomplete"}


def load_json(path):
    """The JSON document at `path`, or None when the run wrote none (bad input) or left it
    empty or cut short (a run killed while, or before, it wrote it: rulecheck opens its
    report files before it searches)."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        return None


def meaning(status, extra=None):
    """What exit code `status` means; anything unknown ended abnormally (killed, crashed)."""
    meanings = {**MEANINGS, **(extra or {})}
    return meanings.get(status, "ended abnormally")


def markdown_text(text):
    """`text` (a finding's message, a file name: anything a rules file or its author wrote) as
    Markdown that shows it as it is: HTML and Markdown's punctuation escaped, one line, so an
    assert message cannot add markup, links or table cells to a job summary."""
    text = html.escape(" ".join(str(text).split()), quote=False)
    return re.sub(r"([\\`*_{}\[\]()#+!|~])", r"\\\1", text)


def rename_junit_suites(path, name):
    """Names every test suite of the JUnit file at `path` `name`, if the file exists and is
    whole (a killed run may leave it empty)."""
    if not os.path.exists(path):
        return
    try:
        tree = ElementTree.parse(path)
    except ElementTree.ParseError:
        return
    for suite in tree.getroot().iter("testsuite"):
        suite.set("name", name)
    tree.write(path, encoding="UTF-8", xml_declaration=True)
