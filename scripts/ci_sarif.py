"""Merges the SARIF logs of several rulecheck targets into one run, for one code scanning upload.

GitHub code scanning takes at most 20 runs in a file, and since 2025 refuses several runs of
one tool with the same category; one run per target under categories of their own passed the
second limit but not the first once a matrix had more than 20 targets, and a target dropped
from the matrix left its category's alerts open for ever. So every target's results go into
one run of one category ("rulecheck/"): each result names its target (`properties.target`,
and in its message), and its fingerprint is the target's name, a slash and the finding id, so
that a finding two presets share is still an alert per preset. Each target's invocation
(with its notifications, such as a stopped search) and its run properties (the search's
figures, under `properties.run`) become one of the run's invocations.
"""

import copy
import posixpath
import urllib.parse

CATEGORY = "rulecheck/"
FINGERPRINT = "rulecheckFindingId/v1"


def _base_uris(run):
    return {key: value.get("uri") for key, value in run.get("originalUriBaseIds", {}).items()}


def _rebase(location, base_uris, kept_bases):
    """Makes `location`'s uri absolute where its base differs from the merged run's."""
    base = location.get("uriBaseId")
    if base is not None and base_uris.get(base) != kept_bases.get(base) and base in base_uris:
        location["uri"] = urllib.parse.urljoin(base_uris[base], location["uri"])
        del location["uriBaseId"]


def _fix_locations(node, rule_index, artifact_index, base_uris, kept_bases):
    """Walks `node` (part of a result), renumbering ruleIndex and artifactLocation.index into
    the merged run's arrays and making a uri absolute where its base differs from the merged
    run's."""
    if isinstance(node, dict):
        if "ruleIndex" in node and isinstance(node["ruleIndex"], int):
            node["ruleIndex"] = rule_index[node["ruleIndex"]]
        location = node.get("artifactLocation")
        if isinstance(location, dict):
            if isinstance(location.get("index"), int):
                location["index"] = artifact_index[location["index"]]
            _rebase(location, base_uris, kept_bases)
        for value in node.values():
            _fix_locations(value, rule_index, artifact_index, base_uris, kept_bases)
    elif isinstance(node, list):
        for value in node:
            _fix_locations(value, rule_index, artifact_index, base_uris, kept_bases)


def _artifact_key(artifact):
    location = artifact.get("location", {})
    return (location.get("uriBaseId"), posixpath.normpath(location.get("uri", "")))


def merge(logs):
    """One SARIF log of one run from `logs`, a list of (target name, SARIF log) in order;
    None when there are none."""
    if not logs:
        return None
    first = logs[0][1]
    merged_run = None
    rule_ids = {}
    artifact_keys = {}
    for name, log in logs:
        for run in log.get("runs", []):
            run = copy.deepcopy(run)
            if merged_run is None:
                merged_run = copy.deepcopy(
                    {key: value for key, value in run.items()
                     if key not in ("results", "invocations", "properties", "artifacts",
                                    "automationDetails")})
                merged_run["tool"]["driver"]["rules"] = []
                merged_run["artifacts"] = []
                merged_run["invocations"] = []
                merged_run["results"] = []
                kept_bases = _base_uris(run)
            base_uris = _base_uris(run)
            rule_index = []
            for rule in run["tool"]["driver"].get("rules", []):
                if rule["id"] not in rule_ids:
                    rule_ids[rule["id"]] = len(merged_run["tool"]["driver"]["rules"])
                    merged_run["tool"]["driver"]["rules"].append(rule)
                rule_index.append(rule_ids[rule["id"]])
            artifact_index = []
            for artifact in run.get("artifacts", []):
                artifact_copy = copy.deepcopy(artifact)
                _rebase(artifact_copy.setdefault("location", {}), base_uris, kept_bases)
                key = _artifact_key(artifact_copy)
                if key not in artifact_keys:
                    artifact_keys[key] = len(merged_run["artifacts"])
                    merged_run["artifacts"].append(artifact_copy)
                artifact_index.append(artifact_keys[key])
            invocations = run.get("invocations") or [{"executionSuccessful": True}]
            for invocation in invocations:
                properties = invocation.setdefault("properties", {})
                properties["target"] = name
                if "properties" in run:
                    properties["run"] = run["properties"]
                merged_run["invocations"].append(invocation)
            for result in run.get("results", []):
                _fix_locations(result, rule_index, artifact_index, base_uris, kept_bases)
                result.setdefault("properties", {})["target"] = name
                message = result.get("message", {})
                if "text" in message:
                    message["text"] = "[%s] %s" % (name, message["text"])
                fingerprints = result.get("partialFingerprints", {})
                if FINGERPRINT in fingerprints:
                    fingerprints[FINGERPRINT] = "%s/%s" % (name, fingerprints[FINGERPRINT])
                merged_run["results"].append(result)
    if merged_run is None:
        return None
    if not merged_run["artifacts"]:
        del merged_run["artifacts"]
    merged_run["automationDetails"] = {"id": CATEGORY}
    return {key: value for key, value in first.items() if key != "runs"} | {"runs": [merged_run]}
