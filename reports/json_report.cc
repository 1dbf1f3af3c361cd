// The JSON report of a check, for programs (see report.h and docs/report-format.md). Values,
// states and traces are converted by json_values.h, findings by json_finding.h.
#include <ostream>
#include <string>
#include <vector>

#include "reports/format_util.h"
#include "reports/json_finding.h"
#include "reports/json_values.h"
#include "reports/report.h"
#include "results/finding.h"

namespace rulecheck::reports {
namespace {

Json ReportToJson(const model::Model& model, const properties::CheckResult& result,
                  const ReportContext& context) {
  const explorer::ExplorationStats& stats = result.stats;
  Json json = ModelToJson(model);
  json["complete"] = stats.complete;
  json["stop_reason"] = StopReasonJsonName(stats.stop_reason);
  json["max_states"] = stats.max_states == 0 ? Json(nullptr) : Json(stats.max_states);
  json["states"] = stats.states;
  json["transitions"] = stats.transitions;
  json["terminal_states"] = stats.terminal_states;
  json["levels"] = stats.levels;
  json["seconds"] = stats.seconds;
  json["threads"] = stats.threads;
  Json engine = Json::object();
  engine["name"] = result.engine.compiled ? "compiled" : "interpreted";
  engine["compile_seconds"] = result.engine.compile_seconds;
  engine["cached"] = result.engine.cached;
  engine["background"] = result.engine.background;
  engine["build_goes_on"] = result.engine.build_goes_on;
  json["engine"] = std::move(engine);
  json["store_bytes"] = stats.store_bytes;
  json["memory_budget"] = stats.memory_budget;
  json["errors"] = result.error_count();
  const std::vector<ReportedFinding> reported = CheckFindings(model, result, context.baseline);
  if (context.baseline != nullptr) json["baseline"] = BaselineToJson(*context.baseline, reported);
  Json findings = Json::array();
  for (const ReportedFinding& entry : reported) {
    findings.push_back(FindingToJson(model, entry, context.baseline != nullptr));
  }
  json["findings"] = std::move(findings);
  Json undetermined = Json::array();
  for (const properties::Undetermined& property : result.undetermined) {
    Json entry = Json::object();
    entry["kind"] = property.kind;
    entry["name"] = property.name;
    const auto [source, local] = model.Resolve(property.location);
    entry["location"] = LocationToJson(source->path(), local);
    if (!property.reason.empty()) entry["reason"] = property.reason;
    undetermined.push_back(std::move(entry));
  }
  json["undetermined"] = std::move(undetermined);
  Json switched_off = Json::array();
  for (const properties::SwitchedOffBranch& branch : result.switched_off) {
    Json entry = Json::object();
    entry["name"] = branch.rule;
    entry["message"] = branch.message;
    const auto [source, local] = model.Resolve(branch.location);
    entry["location"] = LocationToJson(source->path(), local);
    entry["constants"] = branch.constants;
    switched_off.push_back(std::move(entry));
  }
  json["switched_off"] = std::move(switched_off);
  if (result.has_coverage && context.show_coverage) {
    Json coverage = Json::array();
    for (const properties::LineCoverage& line : result.coverage) {
      Json entry = Json::object();
      entry["line"] = line.line;
      entry["transitions"] = line.transitions;
      if (!line.off_by.empty()) entry["off_by"] = line.off_by;
      coverage.push_back(std::move(entry));
    }
    json["coverage"] = std::move(coverage);
  }
  return json;
}

}  // namespace

void WriteJsonReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out, const ReportContext& context) {
  WriteJson(ReportToJson(model, result, context), out);
}

}  // namespace rulecheck::reports
