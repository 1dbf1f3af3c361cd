// The one conversion of values, states, steps and traces to JSON (internal to reports/),
// shared by the check report and the solve/prove report: every state in full, decoded into
// JSON values (a map of variables in declaration order, lists, numbers, names, null for
// none). Objects keep their keys in the order written (nlohmann::ordered_json), so reports
// read in the same order as the text ones. Thread-safe (pure functions).
//
//   json["trace"] = TraceToJson(model, finding.trace);
//   WriteJson(json, out);
#ifndef RULECHECK_REPORTS_JSON_VALUES_H_
#define RULECHECK_REPORTS_JSON_VALUES_H_

#include <ostream>
#include <string>

#include "ir/source.h"
#include "model/model.h"
#include "model/value_format.h"
#include "nlohmann/json.hpp"
#include "results/policy.h"
#include "results/trace.h"

namespace rulecheck::reports {

using Json = nlohmann::ordered_json;

// A decoded value: bool, number, name (string), none (null), list (array), map (object).
Json ValueToJson(const model::Value& value);
// {move, by, choices, state}, and {failed: true, error} for a failed step. `state` is null
// when the step has none (a failure while computing `init`).
Json StepToJson(const model::Model& model, const results::TraceStep& step);
// The steps of `trace`, in order.
Json TraceToJson(const model::Model& model, const results::Trace& trace);
// {file, game}: the report's rules file and its `game` name (null when it has none), the
// opening fields of every JSON report.
Json ModelToJson(const model::Model& model);
// {file, line, column}; line and column are null for an invalid location.
Json LocationToJson(const std::string& file, const ir::Location& location);
// `json`, indented by two, and a line break. Names and messages come from an untrusted file:
// invalid UTF-8 is replaced, not thrown on.
// The policies a run followed: [{name, seats, location}].
Json PoliciesToJson(const model::Model& model,
                    const std::vector<results::FollowedPolicy>& policies);

void WriteJson(const Json& json, std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_JSON_VALUES_H_
