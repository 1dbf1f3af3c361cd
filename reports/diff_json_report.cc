// The JSON form of the diff report (see diff_report.h; fields in docs/report-format.md).
#include <ostream>
#include <string>
#include <vector>

#include "reports/diff_json.h"
#include "reports/diff_report.h"
#include "reports/format_util.h"
#include "reports/json_finding.h"
#include "reports/json_values.h"
#include "reports/reported_finding.h"

namespace rulecheck::reports {
namespace {

Json FindingChangeToJson(const VersionDiff& diff, const FindingChange& change) {
  Json json;
  json["status"] = FindingChangeName(change.status);
  json["id"] = change.id;
  if (diff.baseline != nullptr) json["known"] = change.known;
  json["old"] = change.old_finding == nullptr
                    ? Json(nullptr)
                    : FindingToJson(*diff.old_model, {change.old_finding, change.id}, false);
  json["new"] = change.new_finding == nullptr
                    ? Json(nullptr)
                    : FindingToJson(*diff.new_model, {change.new_finding, change.id}, false);
  return json;
}

Json BehaviourSideToJson(const model::Model& model, const properties::BehaviourSide& side) {
  Json shown = Json::array();
  for (const properties::BehaviourDifference& difference : side.shown) {
    const bool state = difference.kind == properties::BehaviourDifference::Kind::kState;
    shown.push_back({{"kind", state ? "state" : "move"},
                     {"from", difference.from},
                     {"to", state ? Json(nullptr) : Json(difference.to)},
                     {"trace", TraceToJson(model, difference.trace)}});
  }
  return {{"states", side.states}, {"moves", side.moves}, {"shown", shown}};
}

Json BehaviourToJson(const VersionDiff& diff) {
  const properties::BehaviourDiff& behaviour = diff.behaviour;
  Json json;
  json["compared"] = behaviour.compared;
  json["reason"] = behaviour.compared ? Json(nullptr) : Json(behaviour.reason);
  json["shared"] = behaviour.shared;
  json["differs"] = behaviour.differs();
  json["only_old"] = BehaviourSideToJson(*diff.old_model, behaviour.only_old);
  json["only_new"] = BehaviourSideToJson(*diff.new_model, behaviour.only_new);
  return json;
}

}  // namespace

Json DiffVersionToJson(const model::Model& model, const explorer::ExplorationStats& stats) {
  Json json = ModelToJson(model);
  json["states"] = stats.states;
  json["transitions"] = stats.transitions;
  json["terminal_states"] = stats.terminal_states;
  json["complete"] = stats.complete;
  json["stop_reason"] =
      stats.complete ? Json(nullptr) : Json(StopReasonJsonName(stats.stop_reason));
  return json;
}

Json DeclarationChangesToJson(const std::vector<properties::DeclarationChange>& changes) {
  Json declarations = Json::array();
  for (const properties::DeclarationChange& change : changes) {
    declarations.push_back(
        {{"kind", change.kind},
         {"name", change.name},
         {"change", change.change},
         {"detail", change.detail.empty() ? Json(nullptr) : Json(change.detail)}});
  }
  return declarations;
}

Json DiffBaselineToJson(const VersionDiff& diff, const std::vector<FindingChange>& changes) {
  return Json{{"file", diff.baseline->path()}, {"known", KnownCount(changes)}};
}

Json AnswerChangesToJson(const std::vector<properties::AnswerChange>& changes) {
  Json queries = Json::array();
  for (const properties::AnswerChange& change : changes) {
    queries.push_back(
        {{"name", change.name},
         {"kind", change.kind},
         {"old", change.old_outcome.empty() ? Json(nullptr) : Json(change.old_outcome)},
         {"new", change.new_outcome.empty() ? Json(nullptr) : Json(change.new_outcome)}});
  }
  return queries;
}

void WriteDiffJsonReport(const VersionDiff& diff, std::ostream& out) {
  Json json;
  json["command"] = "diff";
  json["old"] = DiffVersionToJson(*diff.old_model, diff.old_run->check.stats);
  json["new"] = DiffVersionToJson(*diff.new_model, diff.new_run->check.stats);
  json["declarations"] = DeclarationChangesToJson(diff.declarations);
  const std::vector<FindingChange> changes = CompareFindings(diff);
  Json findings = Json::array();
  for (const FindingChange& change : changes) findings.push_back(FindingChangeToJson(diff, change));
  json["findings"] = findings;
  json["new_errors"] = NewErrorCount(changes);
  if (diff.baseline != nullptr) json["baseline"] = DiffBaselineToJson(diff, changes);
  json["queries"] = AnswerChangesToJson(diff.answers);
  json["behaviour"] = BehaviourToJson(diff);
  WriteJson(json, out);
}

}  // namespace rulecheck::reports
