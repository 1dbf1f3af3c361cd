// The reports of `solve` and `prove` (see query_report.h). Only the plain structs of
// solver/solver.h are used here, no function of the solver library, so reports/ needs the
// solver's header but not its code.
#include "reports/query_report.h"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "base/counts.h"
#include "model/value_format.h"
#include "nlohmann/json.hpp"
#include "reports/format_util.h"

namespace rulecheck::reports {
namespace {

using Json = nlohmann::ordered_json;
using FlatState = std::vector<std::pair<std::string, std::string>>;

constexpr char kStepIndent[] = "  ";
constexpr char kStateIndent[] = "       ";

std::string Seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f s", seconds);
  return text;
}

// `arbitrary_start`: the first state is not an initial state (an induction counterexample).
void WriteTrace(const model::Model& model, const results::Trace& trace, bool arbitrary_start,
                std::ostream& out) {
  FlatState previous;
  for (size_t i = 0; i < trace.size(); ++i) {
    const results::TraceStep& step = trace[i];
    out << kStepIndent << (i + 1) << ". "
        << (i == 0 && arbitrary_start ? "start (any state satisfying the invariant)"
                                      : MoveHeading(model, step.move))
        << "\n";
    if (step.failed) {
      out << kStateIndent << "failed: " << step.error << "\n";
      continue;
    }
    FlatState current = model::FlattenState(model, step.state.data());
    if (i == 0) {
      for (const auto& [path, value] : current)
        out << kStateIndent << path << " = " << value << "\n";
    } else {
      bool any = false;
      for (size_t j = 0; j < current.size(); ++j) {
        if (j < previous.size() && previous[j] == current[j]) continue;
        out << kStateIndent << current[j].first << ": "
            << (j < previous.size() ? previous[j].second : "?") << " -> " << current[j].second
            << "\n";
        any = true;
      }
      if (!any) out << kStateIndent << "(no change)\n";
    }
    previous = std::move(current);
  }
}

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

Json StepToJson(const model::Model& model, const results::TraceStep& step) {
  Json json = Json::object();
  json["move"] = model::FormatMoveCall(model, step.move);
  const std::string player =
      step.move.kind == ir::Move::Kind::kInit ? "" : model::FormatMovePlayer(step.move);
  json["by"] = player.empty() ? Json(nullptr) : Json(player);
  json["choices"] = MoveChoices(step.move);
  json["state"] = step.state.empty() ? Json(nullptr)
                                     : ValueToJson(model::DecodeState(model, step.state.data()));
  if (step.failed) {
    json["failed"] = true;
    json["error"] = step.error;
  }
  return json;
}

}  // namespace

void WriteQueryTextReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out) {
  double total = 0;
  for (const results::Answer& r : answers) total += r.seconds;
  out << model.source->path() << ": " << base::CountOf(answers.size(), "answer", "answers") << ", "
      << Seconds(total) << "\n";
  int violations = 0;
  for (const results::Answer& r : answers) {
    out << "\n"
        << results::AnswerKindName(r.kind) << " " << r.name << ": "
        << results::VerdictName(r.verdict);
    if (r.value) out << ", value " << *r.value;
    out << ", depth " << r.depth << ", " << Seconds(r.seconds) << "\n";
    if (!r.message.empty()) out << kStepIndent << r.message << "\n";
    if (!r.trace.empty()) violations += results::IsViolation(r);
    WriteTrace(model, r.trace, r.trace_from_any_state, out);
  }
  out << "\n";
  if (violations > 0) {
    out << base::CountOf(violations, "violation", "violations") << "\n";
  } else {
    out << "no violations found\n";
  }
}

void WriteQueryJsonReport(const model::Model& model, const std::vector<results::Answer>& answers,
                          std::ostream& out) {
  Json json = Json::object();
  json["file"] = model.source->path();
  json["game"] = model.program.game_name.empty() ? Json(nullptr) : Json(model.program.game_name);
  Json queries = Json::array();
  for (const results::Answer& r : answers) {
    Json q = Json::object();
    q["name"] = r.name;
    q["kind"] = results::AnswerKindName(r.kind);
    q["status"] = results::VerdictName(r.verdict);
    q["value"] = r.value ? Json(*r.value) : Json(nullptr);
    q["depth"] = r.depth;
    q["seconds"] = r.seconds;
    q["message"] = r.message;
    Json trace = Json::array();
    for (const results::TraceStep& step : r.trace) trace.push_back(StepToJson(model, step));
    q["trace"] = std::move(trace);
    queries.push_back(std::move(q));
  }
  json["queries"] = std::move(queries);
  out << json.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

void WriteQueryReport(Format format, const model::Model& model,
                      const std::vector<results::Answer>& answers, std::ostream& out) {
  if (format == Format::kJson) {
    WriteQueryJsonReport(model, answers, out);
  } else {
    WriteQueryTextReport(model, answers, out);
  }
}

}  // namespace rulecheck::reports
