// The JSON form of a finding, of an answer and of a baseline comparison (internal to
// reports/), shared by the JSON and SARIF reports of check, solve and prove: the finding's fields,
// its stable `id`, and with a baseline its `baseline_state`. docs/report-format.md lists the
// fields.
#ifndef RULECHECK_REPORTS_JSON_FINDING_H_
#define RULECHECK_REPORTS_JSON_FINDING_H_

#include <vector>

#include "model/model.h"
#include "reports/baseline.h"
#include "reports/json_values.h"
#include "reports/reported_finding.h"
#include "results/answer.h"

namespace rulecheck::reports {

// {id, kind, severity, name, message, location, trace, ...}; `baseline_state` ("new" or
// "unchanged") when `with_baseline`. REQUIRES: entry.finding is not null.
Json FindingToJson(const model::Model& model, const ReportedFinding& entry, bool with_baseline);
// {file, new, unchanged, absent, absent_ids, new_errors}: how `findings` compare with
// `baseline`.
Json BaselineToJson(const Baseline& baseline, const std::vector<ReportedFinding>& findings);
// {name, kind, status, value, depth, seconds, message}, and `proof` {proved, k, invariants,
// capped, seconds, message} for an answer with one: what an answer of `solve` or `prove` says,
// without its trace.
Json AnswerSummaryToJson(const results::Answer& answer);
// "new" or "unchanged", as JSON and SARIF (`baselineState`) spell them.
const char* BaselineState(const ReportedFinding& entry);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_JSON_FINDING_H_
