// The JSON report, for programs (see report.h and docs/report-format.md), and the dispatch
// between the formats. Objects keep their keys in the order written (nlohmann::ordered_json)
// so that the report reads in the same order as the text one and states list their variables
// in declaration order.
#include <ostream>
#include <string>

#include "model/value_format.h"
#include "nlohmann/json.hpp"
#include "reports/format_util.h"
#include "reports/report.h"
#include "results/finding.h"

namespace rulecheck::reports {
namespace {

using Json = nlohmann::ordered_json;

Json ValueToJson(const model::Value& value) {
  switch (value.kind) {
    case model::Value::Kind::kBool:
      return value.bool_value;
    case model::Value::Kind::kInt:
      return value.int_value;
    case model::Value::Kind::kName:
      return value.name;
    case model::Value::Kind::kNone:
      return nullptr;
    case model::Value::Kind::kList: {
      Json list = Json::array();
      for (const model::Value& item : value.items) list.push_back(ValueToJson(item));
      return list;
    }
    case model::Value::Kind::kMap: {
      Json map = Json::object();
      for (const auto& [key, item] : value.entries) map[key] = ValueToJson(item);
      return map;
    }
  }
  return nullptr;
}

Json LocationToJson(const std::string& file, const ir::Location& location) {
  Json json = Json::object();
  json["file"] = file;
  json["line"] = location.valid() ? Json(location.line) : Json(nullptr);
  json["column"] = location.valid() ? Json(location.column) : Json(nullptr);
  return json;
}

Json StepToJson(const model::Model& model, const results::TraceStep& step) {
  Json json = Json::object();
  json["move"] = model::FormatMoveCall(model, step.move);
  const std::string player =
      step.move.kind == ir::Move::Kind::kInit ? "" : model::FormatMovePlayer(step.move);
  json["by"] = player.empty() ? Json(nullptr) : Json(player);
  json["choices"] = MoveChoices(step.move);
  json["state"] = step.state.empty() && model.layout.words() != 0
                      ? Json(nullptr)
                      : ValueToJson(model::DecodeState(model, step.state.data()));
  if (step.failed) {
    json["failed"] = true;
    json["error"] = step.error;
  }
  return json;
}

Json FindingToJson(const model::Model& model, const results::Finding& finding) {
  Json json = Json::object();
  json["kind"] = results::KindName(finding.kind);
  json["severity"] = results::SeverityName(finding.severity);
  json["name"] = finding.name;
  json["message"] = finding.message;
  json["location"] = LocationToJson(finding.file, finding.location);
  Json trace = Json::array();
  for (const results::TraceStep& step : finding.trace) {
    trace.push_back(StepToJson(model, step));
  }
  json["trace"] = std::move(trace);
  if (finding.cycle_start >= 0) json["cycle_start"] = finding.cycle_start;
  if (!finding.chain.empty()) json["chain"] = finding.chain;
  if (!finding.triggers.empty()) json["triggers"] = finding.triggers;
  if (!finding.outcomes.empty()) {
    Json outcomes = Json::array();
    for (const results::Finding::Outcome& outcome : finding.outcomes) {
      Json steps = Json::array();
      for (const results::TraceStep& step : outcome.steps) {
        steps.push_back(StepToJson(model, step));
      }
      outcomes.push_back(Json{{"order", outcome.order}, {"steps", std::move(steps)}});
    }
    json["outcomes"] = std::move(outcomes);
  }
  return json;
}

Json ReportToJson(const model::Model& model, const properties::CheckResult& result) {
  const explorer::ExplorationStats& stats = result.stats;
  const std::string& file = model.source->path();
  Json json = Json::object();
  json["file"] = file;
  json["game"] =
      model.program.game_name.empty() ? Json(nullptr) : Json(model.program.game_name);
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
    undetermined.push_back(std::move(entry));
  }
  json["undetermined"] = std::move(undetermined);
  if (result.has_coverage) {
    Json coverage = Json::array();
    for (const properties::LineCoverage& line : result.coverage) {
      Json entry = Json::object();
      entry["line"] = line.line;
      entry["transitions"] = line.transitions;
      coverage.push_back(std::move(entry));
    }
    json["coverage"] = std::move(coverage);
  }
  return json;
}

}  // namespace

void WriteJsonReport(const model::Model& model, const properties::CheckResult& result,
                     std::ostream& out) {
  // Names and messages come from an untrusted file: invalid UTF-8 is replaced, not thrown on.
  out << ReportToJson(model, result).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

std::optional<Format> ParseFormat(std::string_view name) {
  if (name == "text") return Format::kText;
  if (name == "json") return Format::kJson;
  return std::nullopt;
}

void WriteReport(Format format, const model::Model& model, const properties::CheckResult& result,
                 std::ostream& out) {
  if (format == Format::kJson) {
    WriteJsonReport(model, result, out);
  } else {
    WriteTextReport(model, result, out);
  }
}

}  // namespace rulecheck::reports
