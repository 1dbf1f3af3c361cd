// Findings and baseline comparisons as JSON (see json_finding.h).
#include "reports/json_finding.h"

#include <set>
#include <string>
#include <utility>

namespace rulecheck::reports {

Json FindingToJson(const model::Model& model, const ReportedFinding& entry, bool with_baseline) {
  const results::Finding& finding = *entry.finding;
  Json json = Json::object();
  json["id"] = entry.id;
  if (with_baseline) json["baseline_state"] = BaselineState(entry);
  json["kind"] = results::KindName(finding.kind);
  json["severity"] = results::SeverityName(finding.severity);
  json["name"] = finding.name;
  json["message"] = finding.message;
  json["location"] = LocationToJson(finding.file, finding.location);
  json["trace"] = TraceToJson(model, finding.trace);
  if (finding.cycle_start >= 0) json["cycle_start"] = finding.cycle_start;
  if (!finding.chain.empty()) json["chain"] = finding.chain;
  if (!finding.triggers.empty()) json["triggers"] = finding.triggers;
  if (!finding.outcomes.empty()) {
    Json outcomes = Json::array();
    for (const results::Finding::Outcome& outcome : finding.outcomes) {
      Json json_outcome{{"order", outcome.order}, {"steps", TraceToJson(model, outcome.steps)}};
      if (outcome.cycle_start >= 0) json_outcome["cycle_start"] = outcome.cycle_start;
      outcomes.push_back(std::move(json_outcome));
    }
    json["outcomes"] = std::move(outcomes);
  }
  return json;
}

Json BaselineToJson(const Baseline& baseline, const std::vector<ReportedFinding>& findings) {
  int added = 0;
  int unchanged = 0;
  std::set<std::string> present;
  for (const ReportedFinding& entry : findings) {
    if (entry.finding == nullptr) continue;
    present.insert(entry.id);
    ++(entry.known ? unchanged : added);
  }
  // The ids the baseline holds and this run did not find, sorted (the baseline's set): what a
  // change fixed.
  Json absent_ids = Json::array();
  for (const std::string& id : baseline.ids()) {
    if (present.count(id) == 0) absent_ids.push_back(id);
  }
  Json json = Json::object();
  json["file"] = baseline.path();
  json["new"] = added;
  json["unchanged"] = unchanged;
  json["absent"] = absent_ids.size();
  json["absent_ids"] = std::move(absent_ids);
  json["new_errors"] = NewErrorCount(findings);
  return json;
}

Json AnswerSummaryToJson(const results::Answer& answer) {
  Json json = Json::object();
  json["name"] = answer.name;
  json["kind"] = results::AnswerKindName(answer.kind);
  json["status"] = results::VerdictName(answer.verdict);
  json["value"] = answer.value ? Json(*answer.value) : Json(nullptr);
  json["depth"] = answer.depth;
  json["seconds"] = answer.seconds;
  json["message"] = answer.message;
  if (answer.proof) {
    Json proof = Json::object();
    proof["proved"] = answer.proof->proved;
    proof["k"] = answer.proof->k;
    proof["invariants"] = answer.proof->invariants;
    proof["capped"] = answer.proof->capped;
    proof["seconds"] = answer.proof->seconds;
    proof["message"] = answer.proof->message;
    json["proof"] = std::move(proof);
  }
  return json;
}

const char* BaselineState(const ReportedFinding& entry) {
  return entry.known ? "unchanged" : "new";
}

}  // namespace rulecheck::reports
