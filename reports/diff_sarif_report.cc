// The SARIF 2.1.0 form of the diff report (see diff_report.h and docs/report-format.md). A
// code-scanning tool compares the results of two runs by their fingerprints and
// `baselineState`; here one run says it all, the old version serving as the baseline of the
// new one: the new version's findings are results, `new`, `updated` (the same finding with
// another message or trace) or `unchanged`, and the old version's findings the new one fixed
// are results with `baselineState` `absent`, placed in the old file. The behaviour
// differences are results of two rules of their own after the finding kinds' (see
// kBehaviourRules): what only the new version allows is `new`, what only the old one allowed
// is `absent`, each with its trace as the code flow. Everything else (both searches' figures,
// declarations, moved answers, the counts of behaviour differences) is in the run's
// properties; a stopped search and an uncompared behaviour are notifications.
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "properties/stop_description.h"
#include "reports/diff_json.h"
#include "reports/diff_report.h"
#include "reports/findings_help.h"
#include "reports/reported_finding.h"
#include "reports/sarif_flow.h"
#include "reports/sarif_location.h"
#include "reports/sarif_log.h"
#include "results/finding_identity.h"

namespace rulecheck::reports {
namespace {

// The two rules of behaviour differences. Warnings: a change of behaviour is often what the
// change meant to do, so it is not an error, but a reviewer should look at each (by default
// diff exits with 4 for one).
const std::vector<SarifRule>& BehaviourRules() {
  static const std::vector<SarifRule> rules = {
      {"behaviour_state", "BehaviourStateDiffers",
       "One version reaches a state of the shared variables that the other never reaches.",
       "One version reaches a state of the shared variables (the state variables both versions "
       "declare with the same type) that the other version reaches in no state. The code flow "
       "is a shortest trace to it in the version that reaches it.",
       "One version reaches a state of the **shared variables** (the state variables both "
       "versions declare with the same type) that the other version reaches in no state. The "
       "code flow is a shortest trace to it in the version that reaches it.",
       "warning"},
      {"behaviour_move", "BehaviourMoveDiffers",
       "One version has a move between two states of the shared variables that the other "
       "version reaches but cannot move between.",
       "One version has a move from a state of the shared variables to another that the other "
       "version cannot make, though it reaches both states. The code flow is a shortest trace "
       "in the version that has the move, ending with the move.",
       "One version has a move from a state of the **shared variables** to another that the "
       "other version cannot make, though it reaches both states. The code flow is a shortest "
       "trace in the version that has the move, ending with the move.",
       "warning"},
  };
  return rules;
}

// The index of a behaviour rule in the driver: after the finding kinds'.
int BehaviourRuleIndex(properties::BehaviourDifference::Kind kind) {
  const int first = static_cast<int>(AllFindingKinds().size());
  return kind == properties::BehaviourDifference::Kind::kState ? first : first + 1;
}

const char* ChangeState(FindingChange::Status status) {
  switch (status) {
    case FindingChange::Status::kNew:
      return "new";
    case FindingChange::Status::kChanged:
      return "updated";
    case FindingChange::Status::kFixed:
    case FindingChange::Status::kLost:
      return "absent";
  }
  return "new";
}

// `side` ("new" or "old": the version that allows them) as results.
void AddBehaviourResults(const model::Model& model, const properties::BehaviourSide& side,
                         const std::string& which, Json& results) {
  const bool only_new = which == "new";
  for (const properties::BehaviourDifference& difference : side.shown) {
    const bool state = difference.kind == properties::BehaviourDifference::Kind::kState;
    const std::string rule = state ? "behaviour_state" : "behaviour_move";
    const std::string message =
        state ? absl::StrCat("only the ", which, " version reaches ", difference.from)
              : absl::StrCat("only the ", which, " version moves from ", difference.from, " to ",
                             difference.to);
    // What the difference is about, never where its trace goes: stable as a fingerprint.
    const std::string id = results::FindingIds(
        {absl::StrCat(rule, "\x1f", which, "\x1f", difference.from, "\x1f", difference.to)})[0];
    Json result = Json::object();
    result["ruleId"] = rule;
    result["ruleIndex"] = BehaviourRuleIndex(difference.kind);
    result["level"] = "warning";
    result["message"] = Json{{"text", message}};
    Json location = PlaceOfTrace(model, difference.trace);
    location["logicalLocations"] = Json::array({Json{{"name", difference.from}}});
    result["locations"] = Json::array({std::move(location)});
    result["partialFingerprints"] = Json{{kSarifFingerprintKey, id}};
    result["baselineState"] = only_new ? "new" : "absent";
    Json flows = TraceCodeFlows(model, difference.trace, false);
    if (!flows.empty()) result["codeFlows"] = std::move(flows);
    Json properties = Json::object();
    properties["version"] = which;
    properties["from"] = difference.from;
    if (!state) properties["to"] = difference.to;
    result["properties"] = std::move(properties);
    results.push_back(std::move(result));
  }
}

Json BehaviourCounts(const properties::BehaviourDiff& behaviour) {
  Json json = Json::object();
  json["compared"] = behaviour.compared;
  json["reason"] = behaviour.compared ? Json(nullptr) : Json(behaviour.reason);
  json["shared"] = behaviour.shared;
  json["differs"] = behaviour.differs();
  json["only_old"] = Json{{"states", behaviour.only_old.states},
                          {"moves", behaviour.only_old.moves},
                          {"shown", behaviour.only_old.shown.size()}};
  json["only_new"] = Json{{"states", behaviour.only_new.states},
                          {"moves", behaviour.only_new.moves},
                          {"shown", behaviour.only_new.shown.size()}};
  return json;
}

}  // namespace

void WriteDiffSarifReport(const VersionDiff& diff, std::ostream& out) {
  const std::vector<FindingChange> changes = CompareFindings(diff);
  std::map<std::string, const FindingChange*> by_id;
  for (const FindingChange& change : changes) by_id.emplace(change.id, &change);
  Json results = Json::array();
  for (const ReportedFinding& entry :
       CheckFindings(*diff.new_model, diff.new_run->check, nullptr)) {
    Json result = SarifFindingResult(*diff.new_model, entry, false);
    const auto it = by_id.find(entry.id);
    result["baselineState"] = it == by_id.end() ? "unchanged" : ChangeState(it->second->status);
    // Against --baseline: whether it already held the finding (new and changed ones only: an
    // unchanged finding does not fail the diff however it stands).
    if (it != by_id.end() && it->second->known) result["properties"]["known"] = true;
    results.push_back(std::move(result));
  }
  for (const FindingChange& change : changes) {
    if (change.new_finding != nullptr) continue;  // fixed or lost: only in the old version
    Json result = SarifFindingResult(*diff.old_model, {change.old_finding, change.id}, false);
    result["baselineState"] = "absent";
    results.push_back(std::move(result));
  }
  AddBehaviourResults(*diff.new_model, diff.behaviour.only_new, "new", results);
  AddBehaviourResults(*diff.old_model, diff.behaviour.only_old, "old", results);

  Json notifications = Json::array();
  for (const auto& [which, run] :
       {std::make_pair("old", diff.old_run), std::make_pair("new", diff.new_run)}) {
    if (run->check.stats.complete) continue;
    notifications.push_back(SarifNotification(
        "warning", absl::StrCat("the search of the ", which, " version is incomplete: ",
                                properties::StopDescription(run->check.stats))));
  }
  if (!diff.behaviour.compared) {
    notifications.push_back(
        SarifNotification("warning", "the behaviour was not compared: " + diff.behaviour.reason));
  }
  Json properties = Json::object();
  properties["command"] = "diff";
  properties["old"] = DiffVersionToJson(*diff.old_model, diff.old_run->check.stats);
  properties["new"] = DiffVersionToJson(*diff.new_model, diff.new_run->check.stats);
  properties["declarations"] = DeclarationChangesToJson(diff.declarations);
  properties["queries"] = AnswerChangesToJson(diff.answers);
  properties["new_errors"] = NewErrorCount(changes);
  if (diff.baseline != nullptr) properties["baseline"] = DiffBaselineToJson(diff, changes);
  properties["behaviour"] = BehaviourCounts(diff.behaviour);
  WriteSarifLog(
      SarifDriver(BehaviourRules()), {diff.new_model, diff.old_model}, std::move(results),
      std::move(notifications), std::move(properties),
      SearchSucceeded(diff.old_run->check.stats) && SearchSucceeded(diff.new_run->check.stats),
      out);
}

}  // namespace rulecheck::reports
