// The JSON report of a check, for programs (see report.h and docs/report-format.md), and the
// dispatch between the formats. Values, states and traces are converted by json_values.h.
#include <ostream>
#include <string>

#include "reports/format_util.h"
#include "reports/json_values.h"
#include "reports/report.h"
#include "results/finding.h"

namespace rulecheck::reports {
namespace {

Json FindingToJson(const model::Model& model, const results::Finding& finding) {
  Json json = Json::object();
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
      outcomes.push_back(
          Json{{"order", outcome.order}, {"steps", TraceToJson(model, outcome.steps)}});
    }
    json["outcomes"] = std::move(outcomes);
  }
  return json;
}

Json ReportToJson(const model::Model& model, const properties::CheckResult& result) {
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
  json["store_bytes"] = stats.store_bytes;
  json["memory_budget"] = stats.memory_budget;
  json["errors"] = result.error_count();
  Json findings = Json::array();
  for (const results::Finding& finding : result.findings) {
    findings.push_back(FindingToJson(model, finding));
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
  if (result.has_coverage) {
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
                     std::ostream& out) {
  WriteJson(ReportToJson(model, result), out);
}

std::optional<Format> ParseFormat(std::string_view name) {
  if (name == "text") return Format::kText;
  if (name == "json") return Format::kJson;
  if (name == "html") return Format::kHtml;
  return std::nullopt;
}

void WriteReport(Format format, const model::Model& model, const properties::CheckResult& result,
                 std::ostream& out) {
  if (format == Format::kJson) {
    WriteJsonReport(model, result, out);
  } else if (format == Format::kHtml) {
    WriteHtmlReport(model, result, out);
  } else {
    WriteTextReport(model, result, out);
  }
}

}  // namespace rulecheck::reports
